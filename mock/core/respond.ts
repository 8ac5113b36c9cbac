import type { SpecModel } from '../../spec/model.js';
import { type Answer, JSON_CONTENT_TYPE, errorAnswer } from '../answer.js';
import { exposingAnswerHeaders, type HeaderRecord } from '../cors.js';
import type { MockError } from '../errors.js';
import type { Fault } from '../faults/fault.js';
import { malformedBody } from '../faults/malformed-body.js';
import { redactTarget } from '../log.js';
import { conformError } from '../resources/conform-error.js';
import type { CoreParts, CoreRequest, CoreResponse } from './types.js';
import { hasHeader } from './wire.js';

const UTF8 = new TextEncoder();
const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'utf8'): Uint8Array } }).Buffer;
/**
 * A body's UTF-8 bytes: Node's `Buffer.from`, which slices small texts out of a shared pool instead
 * of allocating a buffer per answer (issue 23), or TextEncoder where there is no Buffer (the browser).
 */
const encodeText: (text: string) => Uint8Array = NodeBuffer
  ? (text) => NodeBuffer.from(text, 'utf8')
  : (text) => UTF8.encode(text);
/** An empty body, shared (no allocation per answer). */
export const NO_BYTES = new Uint8Array(0);

/**
 * Most bytes of response headers the mock sends: half of what Node's HTTP clients (undici, `fetch`)
 * read by default (16 KiB), leaving room for what proxies add. A `Location` naming an item whose
 * client-chosen id is 25,000 characters long would otherwise make every such client fail
 * (`UND_ERR_HEADERS_OVERFLOW`).
 */
export const RESPONSE_HEADERS_LIMIT = 8 * 1024;

/** The last stage: the answer as it goes on the wire, with the JSON content type, CORS, the 401 challenge and framing. */
export function respond(
  req: CoreRequest,
  answer: Answer,
  fault: Exclude<Fault['action'], undefined> | undefined,
  parts: Pick<CoreParts, 'cors' | 'options' | 'secretsOf'>,
): CoreResponse {
  if (fault?.kind === 'reset' || fault?.kind === 'empty')
    return { status: 0, headers: {}, body: NO_BYTES, delivery: { kind: fault.kind } };
  // A 204 has no content, so no type either: a client that parses by Content-Type (`res.json()` when it
  // says JSON) must not choke on an empty DELETE answer. A preflight keeps its type, as pinned; no
  // script reads it.
  const contentless =
    answer.status === 204 &&
    answer.json === undefined &&
    answer.bytes === undefined &&
    req.method !== 'OPTIONS' &&
    fault?.kind !== 'malformed';
  // Built by assignment, not by spreading three objects of varying shapes: V8's spread of those takes
  // a slow path that cost more than the rest of this stage (bench/profile.ts, issue 23).
  const merged: Record<string, string> = contentless ? {} : { 'Content-Type': JSON_CONTENT_TYPE };
  assignHeaders(merged, parts.cors.headersFor(req));
  if (answer.headers) assignHeaders(merged, answer.headers);
  const headers = boundedHeaders(merged, (name, bytes) =>
    parts.options.log(
      `mock: ${req.method} ${redactTarget(req.url, parts.secretsOf(req.headers, req.url))}: header ${name} (${bytes} bytes) left out, over the ${RESPONSE_HEADERS_LIMIT}-byte response head limit`,
    ),
  );
  if (answer.status === 401 && !hasHeader(headers, 'www-authenticate')) headers['WWW-Authenticate'] = 'Bearer';
  const exposed = exposingAnswerHeaders(headers);
  if (exposed !== headers) Object.assign(headers, exposed);
  // The rest of an oversized body is not read, so the connection cannot be reused.
  if (answer.status === 413) headers.Connection = 'close';
  const body = answer.bytes ?? encodeText(answer.json ?? '');
  headers['Content-Length'] = String(body.length);
  if (fault?.kind === 'malformed') {
    // Half the real body, then a NUL and a stray brace: never JSON, whatever the body was.
    const text = malformedBody(body);
    const sent = answer.status === 204 || answer.status === 304 || answer.status < 200 ? 200 : answer.status;
    return { status: sent, headers: { ...headers, 'Content-Length': String(text.length) }, body: text };
  }
  if (fault?.kind === 'drip')
    return { status: answer.status, headers, body, delivery: { kind: 'drip', intervalMs: fault.intervalMs } };
  // HEAD: GET's status and headers, its Content-Length included, and no content (RFC 9110 §9.3.2, §8.6).
  if (req.method === 'HEAD') return { status: answer.status, headers, body: NO_BYTES };
  return { status: answer.status, headers, body };
}

/** Copies `from`'s headers into `into`, a later value replacing an earlier one of the same name. */
function assignHeaders(into: Record<string, string>, from: Readonly<Record<string, string>>): void {
  for (const name in from) into[name] = from[name]!;
}

/** An error no request handling produced, in the spec's error shape, without CORS or operation headers. */
export function errorResponse(spec: SpecModel, error: MockError): CoreResponse {
  const answer = conformError(spec, undefined, errorAnswer(error));
  const body = answer.bytes ?? encodeText(answer.json ?? '');
  return {
    status: answer.status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, ...answer.headers, 'Content-Length': String(body.length) },
    body,
  };
}

/** The body of a dripped answer cut into at most `chunks` pieces. */
export function dripPieces(body: Uint8Array, chunks: number): Uint8Array[] {
  const pieces = Math.min(chunks, body.length);
  if (pieces === 0) return [];
  const size = Math.ceil(body.length / pieces);
  const out: Uint8Array[] = [];
  for (let at = 0; at < body.length; at += size) out.push(body.subarray(at, Math.min(body.length, at + size)));
  return out;
}

/**
 * Headers within {@link RESPONSE_HEADERS_LIMIT}: the largest are left out until the rest fit, and
 * reported through `dropped`; `Content-Type` and CORS headers are always kept.
 */
function boundedHeaders(headers: HeaderRecord, dropped: (name: string, bytes: number) => void): HeaderRecord {
  // A UTF-16 unit is at most 3 UTF-8 bytes: when even that bound fits, nothing is encoded (every
  // ordinary answer; encoding each value was 5 % of the mock's CPU under load, issue 23).
  let bound = 0;
  for (const name in headers) bound += name.length + 3 * headers[name]!.length + 4;
  if (bound <= RESPONSE_HEADERS_LIMIT) return headers;
  const size = (name: string) => name.length + UTF8.encode(headers[name]!).length + 4;
  let total = 0;
  for (const name of Object.keys(headers)) total += size(name);
  if (total <= RESPONSE_HEADERS_LIMIT) return headers;
  const out = { ...headers };
  const candidates = Object.keys(headers)
    .filter((name) => !/^(content-type|access-control-|vary$)/i.test(name))
    .sort((a, b) => size(b) - size(a));
  for (const name of candidates) {
    if (total <= RESPONSE_HEADERS_LIMIT) break;
    total -= size(name);
    dropped(name, size(name));
    delete out[name];
  }
  return out;
}
