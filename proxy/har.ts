import { TOOL } from '../conformance/engine/tool.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { redactText } from '../conformance/report/redact.js';
import { redactHeaders } from '../mock/admin/index.js';
import { authRequestOf, presentedSecrets } from '../mock/auth.js';
import type { RequestHeaders } from '../mock/cors.js';
import { redactTarget } from '../mock/log.js';
import { type JsonSchema, type SecurityScheme, cookiePairs, maskWriteOnly } from '../spec/index.js';
import { decodeContent } from './content-coding.js';

/** One exchange as a server saw it, raw: what a recorder turns into a HAR entry. */
export interface SeenExchange {
  /** When the request arrived (ms since the epoch). */
  readonly startedAt: number;
  readonly method: string;
  /** Absolute URL the client asked for. */
  readonly url: string;
  readonly requestHeaders: RequestHeaders;
  readonly requestBody: Uint8Array;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string | string[] | number>>;
  /** The body as sent (still content-coded when it was). */
  readonly responseBody: Uint8Array;
  readonly ms: number;
  /** The operation's request body schema, when known: its writeOnly members are masked in recordings. */
  readonly requestSchema?: JsonSchema;
}

/** A HAR 1.2 name/value pair. */
export interface HarPair {
  readonly name: string;
  readonly value: string;
}

/** The HAR 1.2 members this project writes and reads (`log.entries[]`). */
export interface HarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly httpVersion: string;
    readonly cookies: readonly HarPair[];
    readonly headers: readonly HarPair[];
    readonly queryString: readonly HarPair[];
    readonly postData?: { readonly mimeType: string; readonly text: string };
    readonly headersSize: number;
    readonly bodySize: number;
  };
  readonly response: {
    readonly status: number;
    readonly statusText: string;
    readonly httpVersion: string;
    readonly cookies: readonly HarPair[];
    readonly headers: readonly HarPair[];
    readonly content: {
      readonly size: number;
      readonly mimeType: string;
      readonly text?: string;
      readonly encoding?: 'base64';
    };
    readonly redirectURL: string;
    readonly headersSize: number;
    readonly bodySize: number;
  };
  readonly cache: Readonly<Record<string, never>>;
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number };
}

/** A HAR 1.2 document. */
export interface Har {
  readonly log: {
    readonly version: '1.2';
    readonly creator: { readonly name: string; readonly version: string };
    readonly entries: readonly HarEntry[];
  };
}

/** How a recorder treats credentials. */
export interface HarOptions {
  /** The spec's security schemes: the API keys they name are credentials too. */
  readonly schemes: Iterable<SecurityScheme>;
  /** Keep credentials, cookies and Authorization as sent (`--record-secrets`). Default: redacted. */
  readonly keepSecrets?: boolean;
}

const CREATOR = TOOL;
const REDACTED = '[redacted]';
/** Entries a recorder keeps at most (oldest dropped beyond): recording must not grow without bound. */
const MAX_ENTRIES = 10_000;

/**
 * One exchange as a HAR entry. Unless `keepSecrets`, every credential is replaced by `[redacted]`:
 * Authorization, Cookie and Set-Cookie, headers named like keys or tokens, the API-key headers,
 * query parameters and cookies of the spec's schemes, and each presented secret wherever else it
 * appears (URL, bodies), with the mock's own redaction helpers.
 */
export function harEntry(exchange: SeenExchange, options: HarOptions): HarEntry {
  const schemes = [...options.schemes];
  const url = new URL(exchange.url);
  const keep = options.keepSecrets === true;
  const secrets = keep ? [] : presentedSecrets(authRequestOf(exchange.requestHeaders, url.search), schemes);
  const keyNames = new Set(
    schemes.flatMap((s) => (s.kind === 'apiKey' ? [`${s.in}:${s.parameter.toLowerCase()}`] : [])),
  );
  const requestHeaders = keep
    ? flatHeaders(exchange.requestHeaders)
    : redactHeaders(redactKeyHeaders(exchange.requestHeaders, keyNames), secrets);
  const target = keep ? `${url.pathname}${url.search}` : redactTarget(`${url.pathname}${url.search}`, secrets);
  const queryString = [...new URLSearchParams(url.search)].map(([name, value]) => ({
    name,
    value:
      !keep && (keyNames.has(`query:${name.toLowerCase()}`) || target.includes(`${name}=${REDACTED}`))
        ? REDACTED
        : value,
  }));
  const cookies = harCookies(exchange.requestHeaders.cookie).map((c) => (keep ? c : { ...c, value: REDACTED }));
  const responseHeaders: HarPair[] = [];
  for (const [name, value] of Object.entries(exchange.responseHeaders)) {
    for (const one of Array.isArray(value) ? value : [String(value)]) {
      const secret = !keep && /^set-cookie$/i.test(name);
      responseHeaders.push({ name, value: secret ? REDACTED : keep ? one : redactText(one, secrets) });
    }
  }
  const requestType = headerText(exchange.requestHeaders['content-type']) ?? '';
  const responseType = responseHeaders.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  const coding = responseHeaders.find((h) => h.name.toLowerCase() === 'content-encoding')?.value;
  const decoded = decodeContent(exchange.responseBody, coding);
  const text = utf8(decoded);
  const scrub = (t: string) => (keep ? t : redactText(t, secrets));
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: round(exchange.ms),
    request: {
      method: exchange.method,
      url: `${url.origin}${target}`,
      httpVersion: 'HTTP/1.1',
      cookies,
      headers: Object.entries(requestHeaders).map(([name, value]) => ({ name, value })),
      queryString,
      ...(exchange.requestBody.length > 0
        ? { postData: { mimeType: requestType, text: scrub(maskedBody(exchange, keep)) } }
        : {}),
      headersSize: -1,
      bodySize: exchange.requestBody.length,
    },
    response: {
      status: exchange.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: responseHeaders,
      content: {
        size: decoded.length,
        mimeType: responseType,
        ...(text !== undefined
          ? { text: scrub(text) }
          : { text: Buffer.from(decoded).toString('base64'), encoding: 'base64' as const }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: exchange.responseBody.length,
    },
    cache: {},
    timings: { send: 0, wait: round(exchange.ms), receive: 0 },
  };
}

/** The request body as text, its writeOnly members (a password) masked unless secrets are kept. */
function maskedBody(exchange: SeenExchange, keep: boolean): string {
  const text = new TextDecoder().decode(exchange.requestBody);
  if (keep || exchange.requestSchema === undefined) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const masked = maskWriteOnly(exchange.requestSchema, parsed);
  return masked === parsed ? text : JSON.stringify(masked);
}

/** Collects exchanges as HAR entries and writes them to one file. */
export interface HarRecorder {
  readonly file: string;
  add(exchange: SeenExchange): void;
  /** Writes every entry so far (the whole file, replaced). */
  write(): void;
}

/** A recorder writing HAR 1.2 to `file` (on {@link HarRecorder.write}). */
export function createHarRecorder(file: string, options: HarOptions): HarRecorder {
  const entries: HarEntry[] = [];
  const path = resolve(file);
  return {
    file: path,
    add(exchange) {
      entries.push(harEntry(exchange, options));
      if (entries.length > MAX_ENTRIES) entries.shift();
    },
    write() {
      mkdirSync(dirname(path), { recursive: true });
      const har: Har = { log: { version: '1.2', creator: CREATOR, entries } };
      writeFileSync(path, `${JSON.stringify(har, null, 2)}\n`, 'utf8');
    },
  };
}

/**
 * Reads a HAR file's entries; a clear Error for a file that is not HAR (1.1 and 1.2 are read alike:
 * only the members both define are used).
 */
export function readHar(file: string): HarEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not a HAR file: ${(error as Error).message}`);
  }
  const entries = (parsed as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) throw new Error(`${file} is not a HAR file: no log.entries array`);
  return entries.filter(
    (e): e is HarEntry =>
      e !== null &&
      typeof e === 'object' &&
      typeof (e as HarEntry).request?.method === 'string' &&
      typeof (e as HarEntry).request?.url === 'string',
  );
}

function redactKeyHeaders(headers: RequestHeaders, keyNames: ReadonlySet<string>): RequestHeaders {
  const out: Record<string, string | string[] | undefined> = {};
  for (const [name, value] of Object.entries(headers))
    out[name] = keyNames.has(`header:${name.toLowerCase()}`) ? REDACTED : value;
  return out;
}

function flatHeaders(headers: RequestHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = headerText(value)!;
  return out;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The Cookie headers' pairs as sent (quotes kept), for the HAR's `cookies`. */
function harCookies(header: string | string[] | undefined): HarPair[] {
  return cookiePairs(header, false)
    .filter((pair) => pair.hasEquals)
    .map(({ name, value }) => ({ name, value }));
}

function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
