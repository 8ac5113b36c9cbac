import type { RequestHeaders } from '../cors.js';
import { redactTarget } from '../log.js';

/** How many requests {@link createRequestLog} keeps by default: the last 1,000. */
export const REQUEST_LOG_CAPACITY = 1_000;
/** Longest body text a listed request shows; longer ones are cut (memory stays bounded too). */
export const MAX_LOGGED_BODY = 4_096;

/** One received request as recorded: raw, redacted only when listed (recording stays cheap). */
export interface ReceivedRequest {
  readonly time: number;
  readonly method: string;
  readonly target: string;
  readonly headers: RequestHeaders;
  readonly operationId: string | undefined;
  /** The status sent, or undefined when a fault closed the connection without an answer. */
  readonly status: number | undefined;
  readonly ms: number;
  readonly fault: string | undefined;
  readonly body: string | undefined;
  /** What a proxy found wrong with the exchange, one sentence each (absent for the mock). */
  readonly violations?: readonly string[];
}

/** A request as `GET /__mock/requests` lists it, secrets replaced by `[redacted]`. */
export interface ListedRequest {
  readonly at: string;
  readonly method: string;
  readonly path: string;
  readonly operationId?: string;
  readonly status: number | null;
  readonly ms: number;
  readonly fault?: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as JSON when it parses, else as text; cut at {@link MAX_LOGGED_BODY} characters. */
  readonly body?: unknown;
  /** The contract violations a proxy found in the exchange, one sentence each. */
  readonly violations?: readonly string[];
}

/** The last requests the mock received, oldest first. */
export interface RequestLog {
  readonly capacity: number;
  record(request: ReceivedRequest): void;
  /**
   * Every kept request, with `secretsOf(request)` and secret-looking headers redacted, and a JSON
   * body passed through `maskBody` (the spec's writeOnly members masked).
   */
  list(
    secretsOf: (request: ReceivedRequest) => readonly string[],
    maskBody?: (request: ReceivedRequest, body: unknown) => unknown,
  ): ListedRequest[];
  clear(): void;
}

// Header names whose whole value is a credential, whatever it holds.
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie)$|key|token|auth|secret|pass|sig|cred/i;
const REDACTED = '[redacted]';
const UTF8_IN = new TextEncoder();
const UTF8_OUT = new TextDecoder('utf-8', { ignoreBOM: true });

/** A ring of the last `capacity` requests: recording is one array write, listing does the redaction. */
export function createRequestLog(capacity: number = REQUEST_LOG_CAPACITY): RequestLog {
  let ring: (ReceivedRequest | undefined)[] = new Array(capacity);
  let next = 0;
  let count = 0;
  return {
    capacity,
    record(request) {
      // A long body would keep the whole request text alive: copy the kept part out.
      const body =
        request.body !== undefined && request.body.length > MAX_LOGGED_BODY
          ? UTF8_OUT.decode(UTF8_IN.encode(request.body.slice(0, MAX_LOGGED_BODY)))
          : request.body;
      ring[next] = body === request.body ? request : { ...request, body };
      next = (next + 1) % capacity;
      count = Math.min(count + 1, capacity);
    },
    list(secretsOf, maskBody) {
      const out: ListedRequest[] = [];
      for (let i = 0; i < count; i++) {
        const request = ring[(next - count + i + capacity) % capacity]!;
        out.push(listed(request, secretsOf(request), maskBody));
      }
      return out;
    },
    clear() {
      ring = new Array(capacity);
      next = 0;
      count = 0;
    },
  };
}

/**
 * Headers with every credential replaced by `[redacted]`: the whole value of secret-looking headers
 * (Authorization keeps its scheme), and every occurrence of `secrets` elsewhere. Repeated headers are joined.
 */
export function redactHeaders(headers: RequestHeaders, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (SECRET_HEADER.test(name)) {
      // The scheme stays readable (`Bearer [redacted]`): which scheme an app sent is what tests ask.
      const scheme = /^(authorization|proxy-authorization)$/i.test(name) ? /^\S+(?=\s)/.exec(text)?.[0] : undefined;
      out[name] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
    } else out[name] = hide(text, secrets);
  }
  return out;
}

function listed(
  request: ReceivedRequest,
  secrets: readonly string[],
  maskBody?: (request: ReceivedRequest, body: unknown) => unknown,
): ListedRequest {
  const headers = redactHeaders(request.headers, secrets);
  let body: unknown;
  if (request.body !== undefined) {
    const text = hide(request.body, secrets);
    try {
      body = JSON.parse(text);
      if (maskBody) body = maskBody(request, body);
    } catch {
      body = text;
    }
  }
  return {
    at: new Date(request.time).toISOString(),
    method: request.method,
    path: redactTarget(request.target, secrets),
    ...(request.operationId !== undefined ? { operationId: request.operationId } : {}),
    status: request.status ?? null,
    ms: Math.round(request.ms * 10) / 10,
    ...(request.fault !== undefined ? { fault: request.fault } : {}),
    headers,
    ...(request.body !== undefined ? { body } : {}),
    ...(request.violations !== undefined ? { violations: request.violations.map((v) => hide(v, secrets)) } : {}),
  };
}

function hide(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret !== '') out = out.split(secret).join(REDACTED);
  return out;
}
