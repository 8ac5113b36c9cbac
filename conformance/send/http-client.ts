import { type IncomingMessage, request as httpRequest } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse as parseLossless } from 'lossless-json';
import { Agent } from 'undici';
import type { Case, Exchange, ReceivedResponse, TransportFailure } from '../cases/index.js';
import type { OperationModel } from '../../spec/index.js';
import { decodeContentCoding } from '../../spec/content-coding/index.js';
import { authExpectation } from '../cases/index.js';
import { codingAcceptable } from './accept-encoding.js';
import { buildRequest } from './build-request.js';
import { createKitCredentials, type KitCredentials } from './credentials.js';
import { requestRaw } from './raw-request.js';
import { secretScrubber } from './scrub-secrets.js';

/** Options of the HTTP side of a run. */
export interface HttpClientOptions {
  /** Target base URL, including the version prefix (`http://host:port/v1`). */
  readonly baseUrl: string;
  /** The key for every token and API-key scheme, when `credentials` is not given. */
  readonly apiKey?: string;
  /** The run's credentials per scheme (see createKitCredentials); wins over `apiKey`. */
  readonly credentials?: KitCredentials;
  /** Headers sent on every request (the `-H` headers no scheme claims). */
  readonly extraHeaders?: readonly (readonly [string, string])[];
  /** Whole-exchange deadline per request, headers and body included. */
  readonly timeoutMs: number;
  /** Response bodies larger than this are cut off and reported. Default 2 MiB. */
  readonly maxBodyBytes?: number;
  /** Requests per second, across all concurrent properties. Unlimited when absent. */
  readonly rate?: number;
}

/** Sends cases to the target. Never follows redirects, never throws for a bad target. */
export interface HttpClient {
  send(testCase: Case, operation: OperationModel): Promise<Exchange>;
  /** Requests sent so far (retries included). */
  readonly sent: number;
  /** Answers that asked the kit to slow down (429, or 503 with Retry-After), and how it obeyed. */
  readonly backoff: BackoffStats;
  close(): Promise<void>;
}

/** What the run's rate-limit handling did. */
export interface BackoffStats {
  /** Requests sent again after a 429 or a 503 with Retry-After. */
  readonly retries: number;
  /** Wall time every request was held back, summed over pauses (concurrent waits count once). */
  readonly pausedMs: number;
  /** The operation of the first answer that asked for a pause. */
  readonly firstOperationId?: string;
}

/** How long a request with Expect: 100-continue waits for the 100 before sending its body anyway. */
const EXPECT_WAIT_MS = 1_000;

/** One request through node:http, shaped like undici's answer (status, headers, body stream). */
function requestWithNodeHttp(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal,
): Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; body: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    // Headers go out before the body: without a length node:http would frame the body chunked.
    const framed =
      body !== undefined && headers['transfer-encoding'] === undefined
        ? { ...headers, 'content-length': String(Buffer.byteLength(body)) }
        : headers;
    // The target goes as it is: request(url) would drop a fragment (`/#Action=CreateQueue`, a path
    // some specs document) and send another path than every other request of the run.
    const { protocol, hostname, port, origin } = new URL(url);
    const path = url.slice(origin.length) || '/';
    const target = { protocol, hostname: hostname.replace(/^\[|\]$/g, ''), port, path };
    const request = httpRequest({ ...target, method, headers: framed, signal, agent: false }, (response) => {
      clearTimeout(fallback);
      resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: response });
    });
    request.on('error', (error) => {
      clearTimeout(fallback);
      reject(error);
    });
    // The body goes after 100 Continue, or after a second without it (as curl does).
    let sent = false;
    const sendBody = () => {
      if (sent) return;
      sent = true;
      request.end(body);
    };
    request.on('continue', sendBody);
    const fallback = setTimeout(sendBody, EXPECT_WAIT_MS);
    request.flushHeaders();
  });
}

/** A deadline timer this late means the kit's event loop stalled, not the target. */
const STALL_TOLERANCE_MS = 250;
/** Extra time given once after such a stall, for an answer already in the socket to be read. */
const STALL_GRACE_MS = 1_000;

/** Attempts after the first for one request the target asked to retry later. */
const MAX_RETRIES = 4;
/** A Retry-After longer than this is not waited for: the answer is judged as it is. */
const MAX_PAUSE_MS = 10_000;
/** Total pause a run accepts; past it, rate-limited answers are judged as they are (never a hang). */
const PAUSE_BUDGET_MS = 60_000;

const DEFAULT_MAX_BODY = 2 * 1024 * 1024;

/** Creates the client every request of a run goes through. */
/** Media types of answers that stay open by design (WHATWG server-sent events, NDJSON and kin, multipart replace). */
const STREAM_TYPES =
  /^\s*(text\/event-stream|application\/(x-)?ndjson|application\/(stream\+json|x-json-stream|jsonl|json-seq)|multipart\/x-mixed-replace)\b/i;

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = new URL(options.baseUrl);
  const origin = base.origin;
  const prefix = base.pathname.replace(/\/+$/, '');
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  // One agent per run; redirects are never followed (undici's request does not follow them), so the
  // key never leaves the target's origin.
  const agent = new Agent({
    connections: 16,
    // The kit's own deadline (below) governs; undici's coarse timers only back it up.
    headersTimeout: options.timeoutMs + STALL_GRACE_MS * 2,
    bodyTimeout: options.timeoutMs + STALL_GRACE_MS * 2,
    connectTimeout: Math.min(options.timeoutMs, 10_000),
    keepAliveTimeout: 4_000,
    // Node's 16 KiB default is a limit of the kit, not of HTTP: json-server's `Link` header repeats
    // a long query three times. Beyond 1 MiB the answer is a kit's limit too (headers_too_large).
    maxHeaderSize: MAX_HEADER_BYTES,
  });
  const throttle = createThrottle(options.rate);
  const credentials = options.credentials ?? createKitCredentials(options.apiKey ? { apiKey: options.apiKey } : {});
  const extraHeaders = options.extraHeaders ?? [];
  let scrubbedSecrets = '';
  let scrubber: (text: string) => string = (text) => text;
  // Rebuilt when the credentials change (an auth command issued a new token).
  const scrub = (text: string) => {
    const secrets = credentials.secrets();
    const key = JSON.stringify(secrets);
    if (key !== scrubbedSecrets) {
      scrubbedSecrets = key;
      scrubber = secretScrubber(secrets, 'received');
    }
    return scrubber(text);
  };
  // Whether a credential has been accepted: only then does a 401 to a valid one mean "expired".
  let credentialWorked = false;
  let refreshing: Promise<boolean> | undefined;
  let sent = 0;
  // One pause for the whole run: when the target says "retry after", no request goes before then.
  let pausedUntil = 0;
  let pausedMs = 0;
  let retries = 0;
  let firstOperationId: string | undefined;

  async function send(testCase: Case, operation: OperationModel): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      const wait = pausedUntil - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      let exchange = await sendOnce(testCase, operation);
      // A keep-alive socket the target closed just as the request went out: sent again once, on a
      // new connection, as HTTP clients do (RFC 9112 §9.3.1). A target that resets every time still
      // gets its reset reported; so does one that no longer accepts connections after the reset (the
      // request took the target down: the refusal of the second attempt would hide which request did).
      if (exchange.failure?.kind === 'connection_reset') {
        const again = await sendOnce(testCase, operation);
        if (again.failure?.kind !== 'unreachable') exchange = again;
      }
      if (exchange.response && authExpectation(testCase) === 'accept') {
        if (exchange.response.status !== 401) credentialWorked = true;
        else if (credentialWorked && credentials.refreshable) {
          // A token that worked and now gets 401 has expired: ask the auth command for a new one, once
          // for every request that noticed at the same time, and send this one again.
          refreshing ??= credentials
            .refresh()
            .catch(() => false)
            .finally(() => (refreshing = undefined));
          if (await refreshing) exchange = await sendOnce(testCase, operation);
        }
      }
      const pause = attempt < MAX_RETRIES && exchange.response ? pauseAsked(exchange.response, attempt) : undefined;
      if (pause === undefined || pausedMs + pause > PAUSE_BUDGET_MS) return exchange;
      firstOperationId ??= operation.operationId;
      retries++;
      const until = performance.now() + pause;
      if (until > pausedUntil) {
        // Overlapping pauses asked by concurrent answers count once.
        pausedMs += until - Math.max(pausedUntil, performance.now());
        pausedUntil = until;
      }
    }
  }

  async function sendOnce(testCase: Case, operation: OperationModel): Promise<Exchange> {
    const built = buildRequest(testCase, operation, credentials, extraHeaders);
    await throttle();
    sent++;
    const started = performance.now();
    const controller = new AbortController();
    // If the deadline timer fires late, the kit's own event loop was busy (shrinking, another run in
    // the same process) and an answer may be waiting unread: look once more before blaming the target.
    let deadline: NodeJS.Timeout;
    const arm = (ms: number, stalledBefore: boolean) => {
      const due = performance.now() + ms;
      deadline = setTimeout(() => {
        if (!stalledBefore && performance.now() - due > STALL_TOLERANCE_MS) arm(STALL_GRACE_MS, true);
        else controller.abort(new DeadlineError());
      }, ms);
    };
    arm(options.timeoutMs, false);
    // The head of an answer that announced a stream (its status and type), once it came.
    let streamHead: string | undefined;
    try {
      // agent.request sends the path as given: request(url) would resolve dot segments (/pets/%2E%2E).
      // Chunked transfer coding: undici frames a body of unknown length itself and refuses the header.
      const { 'transfer-encoding': transferEncoding, ...headers } = built.headers;
      const body =
        built.body !== undefined && transferEncoding === 'chunked'
          ? Readable.from([Buffer.from(built.body)])
          : built.body;
      // undici refuses an Expect header: such requests go through node:http, which waits for the
      // 100 Continue (or a second, RFC 9110 §10.1.1) before the body and reads past the 100.
      const target = built.fromOrigin ? built.path : `${prefix}${built.path}`;
      // A response to HEAD has no content (RFC 9110 §9.3.2); HTTP clients never read past its header
      // block, so HEAD goes over a plain socket that keeps whatever bytes follow it. So do a body of
      // bytes that are no UTF-8 (clients re-encode text) and `Connection: close` (undici refuses it).
      // So does a write with no framing at all (`unframed`): undici and node:http frame it Content-Length: 0.
      const raw =
        built.method === 'HEAD' ||
        built.bodyBytes !== undefined ||
        built.unframed === true ||
        built.headers.connection?.toLowerCase() === 'close';
      const res = raw
        ? await requestRaw(
            `${origin}${target}`,
            built.method,
            built.headers,
            controller.signal,
            built.bodyBytes ?? (built.body !== undefined ? Buffer.from(built.body) : undefined),
          )
        : headers.expect !== undefined
          ? await requestWithNodeHttp(`${origin}${target}`, built.method, built.headers, built.body, controller.signal)
          : await agent.request({
              origin,
              path: target,
              method: built.method as 'GET',
              headers,
              ...(body !== undefined ? { body } : {}),
              signal: controller.signal,
            });
      const type = res.headers['content-type'];
      if (typeof type === 'string' && STREAM_TYPES.test(type)) streamHead = `status ${res.statusCode}, ${type}`;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > maxBody) {
          res.body.destroy();
          return failure(
            testCase,
            built.record,
            'body_too_large',
            `response body exceeded ${maxBody} bytes and was cut off`,
            started,
          );
        }
        chunks.push(chunk as Buffer);
      }
      // A response to HEAD has no content to decode (its Content-Encoding describes GET's).
      const content =
        built.method === 'HEAD'
          ? { bytes: Buffer.concat(chunks) }
          : decodeContent(
              Buffer.concat(chunks),
              res.headers['content-encoding'],
              built.headers['accept-encoding'],
              maxBody,
            );
      if (typeof content === 'string')
        return failure(
          testCase,
          built.record,
          content.startsWith('over') ? 'body_too_large' : 'protocol_error',
          content.replace(/^over /, ''),
          started,
        );
      const decoded = content.bytes;
      // A target that echoes the key back (a debug page, a Location) must not put it in a finding.
      const bodyText = scrub(decoded.toString('utf8'));
      const response: ReceivedResponse = {
        status: res.statusCode,
        headers: flattenHeaders(res.headers, scrub),
        bodyText,
        ...(isUtf8(decoded) ? {} : { notUtf8: true as const }),
        ...(content.notAsked ? { codingNotAsked: content.notAsked } : {}),
        ...parseBodies(bodyText),
        durationMs: performance.now() - started,
        sentAt: started,
      };
      return { case: testCase, request: built.record, response };
    } catch (error) {
      const [kind, message] = classify(error, options.timeoutMs, base.host);
      // An answer whose head announced a stream (server-sent events, NDJSON) and whose body never
      // ends: the target answered as streams do; only the kit's deadline cut it. Any other answer
      // whose body stalls is still a timeout (a dripping target must still stop the run).
      if (kind === 'timeout' && streamHead !== undefined)
        return failure(
          testCase,
          built.record,
          'body_stalled',
          `the answer's head came (${streamHead}) but its body did not end within ${options.timeoutMs} ms`,
          started,
        );
      return failure(testCase, built.record, kind, scrub(message), started);
    } finally {
      clearTimeout(deadline!);
    }
  }

  return {
    send,
    get sent() {
      return sent;
    },
    get backoff(): BackoffStats {
      return { retries, pausedMs: Math.round(pausedMs), ...(firstOperationId ? { firstOperationId } : {}) };
    },
    close: () => agent.close(),
  };
}

/**
 * How long the target asked the kit to wait before sending again: a 429 (rate limit, RFC 6585) or a
 * 503 that carries Retry-After (load shedding, RFC 9110 §10.2.3). Retry-After is seconds or an
 * HTTP date; a 429 without it backs off 250 ms, doubling. A 503 without Retry-After is a fault, not
 * a request to wait. Undefined: do not retry.
 */
function pauseAsked(response: ReceivedResponse, attempt: number): number | undefined {
  if (response.status !== 429 && response.status !== 503) return undefined;
  const header = response.headers['retry-after']?.trim();
  let ms: number | undefined;
  if (header !== undefined && /^\d+$/.test(header)) ms = Number(header) * 1000;
  else if (header !== undefined && !Number.isNaN(Date.parse(header))) ms = Math.max(0, Date.parse(header) - Date.now());
  if (ms === undefined) {
    if (response.status === 503) return undefined;
    ms = 250 * 2 ** attempt;
  }
  // Retry-After: 0 still means "not now": wait a little so a tight loop cannot form.
  ms = Math.max(ms, 50);
  return ms > MAX_PAUSE_MS ? undefined : ms;
}

/**
 * The body with its content coding removed (RFC 9110 §8.4). Without Accept-Encoding any coding is
 * acceptable (§12.5.3), so the kit decodes gzip, deflate and br whenever they are declared. A coding
 * the request ruled out is decoded too, and said (`notAsked`): §12.5.3 asks the server to send the
 * content uncoded then with a SHOULD, not a MUST (the library zoo's gzip variant). A body that does
 * not decode as declared is a protocol error (a string).
 */
function decodeContent(
  body: Buffer,
  header: string | string[] | undefined,
  accepted: string | undefined,
  maxBody: number,
): { readonly bytes: Buffer; readonly notAsked?: { coding: string; acceptEncoding: string } } | string {
  const decoded = decodeContentCoding(body, header, maxBody);
  const codings = decoded.ok ? decoded.codings : [decoded.coding];
  // A coding listed with q=0 is "not acceptable" (RFC 9110 §12.5.3), as is one neither listed nor covered by "*".
  const refused = accepted === undefined ? undefined : codings.find((c) => !codingAcceptable(accepted, c));
  if (decoded.ok)
    return {
      bytes: decoded.bytes,
      ...(refused === undefined ? {} : { notAsked: { coding: refused, acceptEncoding: accepted! } }),
    };
  if (decoded.problem === 'too-large') return `over response body exceeded ${maxBody} bytes once decoded`;
  if (decoded.problem === 'malformed')
    return `the body is labelled Content-Encoding: ${decoded.coding} but ${decoded.message.replace(/^the body /, '')}`;
  return refused === undefined
    ? `the body is coded ${decoded.coding}, which the kit cannot decode`
    : `the body is coded ${decoded.coding}, which the request's Accept-Encoding: ${accepted} did not allow and the kit cannot decode`;
}

class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

function failure(
  testCase: Case,
  record: Exchange['request'],
  kind: TransportFailure,
  message: string,
  started: number,
): Exchange {
  return { case: testCase, request: record, failure: { kind, message, durationMs: performance.now() - started } };
}

function parseBodies(text: string): { json?: unknown; exactJson?: unknown } {
  if (text.trim() === '') return {};
  try {
    const json = JSON.parse(text) as unknown;
    return { json, exactJson: parseLossless(text) };
  } catch {
    return {};
  }
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
  scrub: (text: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = scrub(Array.isArray(value) ? value.join(', ') : value);
  }
  return out;
}

/** The largest response header block the kit reads (HTTP sets no limit; Node's default is 16 KiB). */
const MAX_HEADER_BYTES = 1024 * 1024;

function classify(error: unknown, timeoutMs: number, host: string): [TransportFailure, string] {
  const e = error as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  if (
    e instanceof DeadlineError ||
    e.name === 'DeadlineError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    e.name === 'AbortError'
  ) {
    return ['timeout', `no complete response within ${timeoutMs} ms`];
  }
  if (
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'].includes(code)
  ) {
    return ['unreachable', `cannot connect to ${host} (${code})`];
  }
  if (code === 'UND_ERR_HEADERS_OVERFLOW')
    return ['headers_too_large', `the response headers are over the kit's ${MAX_HEADER_BYTES / 1024} KiB cap`];
  if (['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED'].includes(code)) {
    return ['connection_reset', `the connection was closed before a complete response (${code})`];
  }
  return ['protocol_error', `${code || e.name || 'error'}: ${e.message ?? String(error)}`];
}

/** A token bucket shared by every request of a run; resolves immediately when no rate is set. */
function createThrottle(rate: number | undefined): () => Promise<void> {
  if (!rate || rate <= 0) return () => Promise.resolve();
  const interval = 1000 / rate;
  let next = performance.now();
  return () => {
    const now = performance.now();
    const at = Math.max(now, next);
    next = at + interval;
    const wait = at - now;
    return wait <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, wait));
  };
}
