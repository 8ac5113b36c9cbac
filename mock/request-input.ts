import type { IncomingMessage } from 'node:http';
import { type OperationModel, parseParameter } from '../spec/index.js';
import { type MockError, mockError } from './errors.js';

/** A request's parameters and body, typed and checked against the operation's spec validators. */
export interface RequestInput {
  readonly query: Readonly<Record<string, unknown>>;
  readonly path: Readonly<Record<string, unknown>>;
  /** Raw query values as sent (for handing the request to Prism). */
  readonly rawQuery: Readonly<Record<string, string | string[]>>;
  /** The parsed JSON body, when the operation takes one and one was sent. */
  readonly body?: unknown;
  /** The body's source text, kept for numbers a double cannot hold exactly. */
  readonly bodyText?: string;
}

/** A successful value or the Error to answer with. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: MockError };

/** Default cap on request bodies (1 MiB); larger bodies get 413. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const MAX_MESSAGE = 300;

/**
 * Reads and checks everything the operation declares: query and path parameters through the spec's
 * `parseParameter`, then the JSON body (media type, size, syntax, schema). Query parameters the spec
 * does not declare are ignored. The first problem found is returned as a 400/413/415 Error.
 */
export async function readRequestInput(
  req: IncomingMessage,
  operation: OperationModel,
  pathParams: Readonly<Record<string, string>>,
  search: string,
  bodyLimit: number,
): Promise<Checked<RequestInput>> {
  const rawQuery = queryRecord(search);
  const query: Record<string, unknown> = {};
  const path: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'cookie') continue;
    const raw =
      parameter.in === 'query' ? rawQuery[parameter.name] : parameter.in === 'path' ? pathParams[parameter.name] : req.headers[parameter.name.toLowerCase()];
    if (raw === undefined) {
      if (parameter.required) return invalid('invalid_parameter', `${parameter.in} parameter '${parameter.name}' is required`);
      continue;
    }
    if (Array.isArray(raw)) return invalid('invalid_parameter', `${parameter.in} parameter '${parameter.name}' must be given once`);
    const parsed = parseParameter(parameter, raw);
    if (!parsed.ok) return invalid('invalid_parameter', parsed.issues.map((i) => i.message).join('; '));
    (parameter.in === 'path' ? path : query)[parameter.name] = parsed.value;
  }
  if (!operation.requestBody) return { ok: true, value: { query, path, rawQuery } };

  const bodyModel = operation.requestBody;
  const declared = hasBody(req);
  if (declared) {
    const mediaType = checkMediaType(req.headers['content-type'], bodyModel.mediaTypes);
    if (mediaType) return { ok: false, error: mediaType };
  }
  const text = declared ? await readText(req, bodyLimit) : { ok: true as const, value: '' };
  if (!text.ok) return text;
  if (text.value === '') {
    if (bodyModel.required) return invalid('invalid_body', 'request body is required');
    return { ok: true, value: { query, path, rawQuery } };
  }
  let body: unknown;
  try {
    body = JSON.parse(text.value);
  } catch (error) {
    return invalid('malformed_json', `request body is not valid JSON: ${(error as Error).message}`);
  }
  const result = bodyModel.schema.validate(body);
  if (!result.ok) {
    const detail = result.errors.map((e) => e.message.replace(/^\/ /, '')).join('; ');
    return invalid('invalid_body', `request body: ${detail}`);
  }
  return { ok: true, value: { query, path, rawQuery, body, bodyText: text.value } };
}

function queryRecord(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (search === '') return out;
  for (const [key, value] of new URLSearchParams(search)) {
    const previous = out[key];
    out[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * The contract says requests with a body send `application/json`; anything else (including no
 * Content-Type) gets 415, except a JSON-based type the operation itself declares
 * (`application/merge-patch+json`, `application/json-patch+json`). A charset other than UTF-8 is
 * refused too, since JSON is UTF-8 (RFC 8259).
 */
function checkMediaType(contentType: string | undefined, declared: readonly string[]): MockError | undefined {
  const [type = '', ...params] = (contentType ?? '').split(';');
  const essence = type.trim().toLowerCase();
  const jsonFamily = /^application\/[^/]+\+json$/.test(essence) && declared.some((d) => d.split(';')[0]!.trim().toLowerCase() === essence);
  if (essence !== 'application/json' && !jsonFamily) {
    return mockError(415, 'unsupported_media_type', 'Content-Type must be application/json.');
  }
  for (const param of params) {
    const [name = '', value = ''] = param.split('=');
    if (name.trim().toLowerCase() === 'charset' && !/^"?utf-8"?$/i.test(value.trim())) {
      return mockError(415, 'unsupported_media_type', 'Content-Type charset must be utf-8.');
    }
  }
  return undefined;
}

function readText(req: IncomingMessage, limit: number): Promise<Checked<string>> {
  const tooLarge = (): Checked<string> => ({
    ok: false,
    error: mockError(413, 'payload_too_large', `request body exceeds ${limit} bytes`),
  });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(tooLarge());
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: Checked<string>) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        settle(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        settle({ ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)) });
      } catch {
        settle(invalid('malformed_json', 'request body is not valid UTF-8'));
      }
    });
    // An aborted upload still settles, so the handler finishes (its answer then goes nowhere).
    req.on('error', () => settle(invalid('invalid_body', 'request body could not be read')));
    req.on('close', () => settle(invalid('invalid_body', 'request body was cut short')));
  });
}

function invalid<T>(code: 'invalid_parameter' | 'invalid_body' | 'malformed_json', message: string): Checked<T> {
  const capped = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 3)}...` : message;
  return { ok: false, error: mockError(400, code, capped) };
}
