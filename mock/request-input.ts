import type { MediaTypeModel, OperationModel, ParameterModel, SchemaIssue } from '../spec/model.js';
import { exactIntegerIssueInJson } from '../spec/exact-integers.js';
import { encodeSegment, segmentsOf } from '../spec/json/index.js';
import { type ParsedParameter, checkParameterText, parseParameter } from '../spec/parameters/index.js';
import { type EncodingMap, decodeBody, findMediaType, parseMediaType } from '../spec/media/index.js';
import type { RequestHeaders } from './cors.js';
import { type MockError, type RequestIssue, mockError } from './errors.js';

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

/**
 * Reads a request's body, at most `limit` bytes: the bytes, a 413 past the limit, or a 400 for an
 * upload cut short. Called only when the operation takes a body.
 */
export type BodyReader = (limit: number) => Promise<Checked<Uint8Array>>;

/** A request as {@link readRequestInput} reads it: its headers (lower-case names) and a body reader. */
export interface InputRequest {
  readonly headers: RequestHeaders;
  readonly body: BodyReader;
}

/** A {@link BodyReader} for a body already in memory. */
export function bytesReader(bytes: Uint8Array): BodyReader {
  return (limit) => Promise.resolve(bytes.length > limit ? tooLarge(limit) : { ok: true, value: bytes });
}

/** The 413 for a body over `limit` bytes. */
export function tooLarge<T>(limit: number): Checked<T> {
  return { ok: false, error: mockError(413, 'payload_too_large', `request body exceeds ${limit} bytes`) };
}

/** Default cap on request bodies (1 MiB); larger bodies get 413. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const MAX_MESSAGE = 300;

/**
 * Reads and checks everything the operation declares: query and path parameters through the spec's
 * `checkParameterText`, then the JSON body (media type, size, syntax, schema). Query parameters the spec
 * does not declare are ignored. The first problem found is returned as a 400/413/415 Error.
 */
export async function readRequestInput(
  req: InputRequest,
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
    // Arrays, objects, content-typed values and non-default styles are read by their style
    // (spec/parameters): `tags=a,b`, `ids=1|2`, `filter[min]=1`, `q={"a":1}`, a repeated exploded name.
    if (parameter.in !== 'path' && isStyled(parameter)) {
      const text = parameter.in === 'query' ? search.replace(/^\?/, '') : req.headers[parameter.name.toLowerCase()];
      if (typeof text !== 'string') {
        if (parameter.required) return refuseParameter(parameter, [{ keyword: 'required', message: 'is required' }]);
        continue;
      }
      const styled = parseParameter({ ...parameter, schema: parameter.schema.schema }, text, {
        otherParameterNames: operation.parameters
          .filter((p) => p.in === parameter.in && p !== parameter)
          .map((p) => p.name),
      });
      if (!styled.ok)
        return invalid('invalid_parameter', styled.message, [
          { in: parameter.in, pointer: '', name: parameter.name, message: styled.message, keyword: 'style' },
        ]);
      if (styled.value === undefined) {
        // An object exploded into the query (`form`, `deepObject`) sends nothing when it has no members:
        // a required one is that empty object when its schema takes it.
        const schema = parameter.schema.schema;
        const empty =
          parameter.in === 'query' &&
          (schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined)) &&
          parameter.schema.validate({}).ok;
        if (parameter.required && !empty)
          return refuseParameter(parameter, [{ keyword: 'required', message: 'is required' }]);
        if (parameter.required) query[parameter.name] = {};
        continue;
      }
      const checked = parameter.schema.validate(styled.value);
      if (!checked.ok)
        return refuseParameter(
          parameter,
          checked.errors.map((e) => ({ keyword: e.keyword, message: e.message.replace(/^\/ /, '') })),
        );
      query[parameter.name] = styled.value;
      continue;
    }
    const raw =
      parameter.in === 'query'
        ? rawQuery[parameter.name]
        : parameter.in === 'path'
          ? pathParams[parameter.name]
          : req.headers[parameter.name.toLowerCase()];
    if (raw === undefined) {
      if (parameter.required) return refuseParameter(parameter, [{ keyword: 'required', message: 'is required' }]);
      continue;
    }
    if (Array.isArray(raw)) return refuseParameter(parameter, [{ keyword: 'maxItems', message: 'must be given once' }]);
    const parsed = checkedText(parameter, raw);
    if (!parsed.ok) {
      const named = `${parameter.in} parameter '${parameter.name}' `;
      return refuseParameter(
        parameter,
        parsed.issues.map((i) => ({
          keyword: i.keyword,
          message: i.message.startsWith(named) ? i.message.slice(named.length) : i.message,
        })),
      );
    }
    (parameter.in === 'path' ? path : query)[parameter.name] = parsed.value;
  }
  if (!operation.requestBody) return { ok: true, value: { query, path, rawQuery } };

  const bodyModel = operation.requestBody;
  const declared = hasBody(req);
  const contentType = req.headers['content-type'];
  const type = Array.isArray(contentType) ? contentType.join(', ') : contentType;
  // A body in another media type the operation declares (a form, multipart, text, bytes) is read by spec/media.
  const other = declared ? otherDeclaredMediaType(type, bodyModel.content) : undefined;
  if (other) return readOtherBody(req, other, bodyModel.required, bodyLimit, { query, path, rawQuery });
  if (declared) {
    const mediaType = checkMediaType(type, bodyModel.mediaTypes);
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
    return invalid('invalid_body', `request body: ${detail}`, bodyIssues(result.errors));
  }
  // Integers beyond 2^53 read as doubles pass range checks they break (one past int64 reads as 2^63).
  const exact = exactIntegerIssueInJson(bodyModel.schema.schema, text.value);
  if (exact !== undefined) return invalid('invalid_body', `request body: ${exact}`);
  return { ok: true, value: { query, path, rawQuery, body, bodyText: text.value } };
}

/** Texts remembered per parameter, and the longest text remembered (clients choose them: bounded). */
const TEXTS_PER_PARAMETER = 256;
const LONGEST_REMEMBERED = 256;
const checkedTexts = new WeakMap<ParameterModel, Map<string, ParsedParameter>>();

/**
 * {@link checkParameterText}, remembered per parameter and text: it is a pure function of them, and
 * clients send the same few values again and again (`limit=5`), so the schema's validator need not
 * run on each request (issue 23). Readings are primitives, so a remembered one cannot be changed.
 */
function checkedText(parameter: ParameterModel, raw: string): ParsedParameter {
  if (raw.length > LONGEST_REMEMBERED) return checkParameterText(parameter, raw);
  let known = checkedTexts.get(parameter);
  if (!known) checkedTexts.set(parameter, (known = new Map()));
  let parsed = known.get(raw);
  if (parsed === undefined) {
    parsed = checkParameterText(parameter, raw);
    if (known.size < TEXTS_PER_PARAMETER) known.set(raw, parsed);
  }
  return parsed;
}

const PLAIN_QUERY = /^[^%+\u0080-\uffff]*$/;

function queryRecord(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (search === '') return out;
  // ASCII without `%` or `+` decodes to itself: the pairs URLSearchParams reads (empty parts
  // skipped, the first `=` splits), without building it.
  if (PLAIN_QUERY.test(search)) {
    let at = search.startsWith('?') ? 1 : 0;
    while (at <= search.length) {
      let end = search.indexOf('&', at);
      if (end === -1) end = search.length;
      if (end > at) {
        const eq = search.indexOf('=', at);
        if (eq === -1 || eq > end) addPair(out, search.slice(at, end), '');
        else addPair(out, search.slice(at, eq), search.slice(eq + 1, end));
      }
      at = end + 1;
    }
    return out;
  }
  for (const [key, value] of new URLSearchParams(search)) addPair(out, key, value);
  return out;
}

/** Adds a query pair: a repeated name collects its values in order. */
function addPair(out: Record<string, string | string[]>, key: string, value: string): void {
  const previous = out[key];
  out[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
}

function hasBody(req: InputRequest): boolean {
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
  const jsonFamily =
    /^application\/[^/]+\+json$/.test(essence) &&
    declared.some((d) => d.split(';')[0]!.trim().toLowerCase() === essence);
  if (essence !== 'application/json' && !jsonFamily) {
    // The JSON types the operation documents (`application/merge-patch+json` for a PATCH), so the
    // client is told what the real service takes.
    const named = [
      ...new Set(
        declared
          .map((d) => d.split(';')[0]!.trim().toLowerCase())
          .filter((d) => d === 'application/json' || /^application\/[^/]+\+json$/.test(d)),
      ),
    ];
    return {
      ...mockError(
        415,
        'unsupported_media_type',
        `Content-Type must be ${named.length > 0 ? named.join(' or ') : 'application/json'}.`,
      ),
      rule: `requestBody content: ${essence === '' ? 'no Content-Type' : essence} not in [${declared.join(', ')}]`,
    };
  }
  for (const param of params) {
    const [name = '', value = ''] = param.split('=');
    if (name.trim().toLowerCase() === 'charset' && !/^"?utf-8"?$/i.test(value.trim())) {
      return {
        ...mockError(415, 'unsupported_media_type', 'Content-Type charset must be utf-8.'),
        rule: `requestBody content: charset ${value.trim()} is not utf-8 (RFC 8259)`,
      };
    }
  }
  return undefined;
}

/** The declared media type (not JSON) a request's Content-Type falls within, when there is one. */
function otherDeclaredMediaType(
  contentType: string | undefined,
  content: Readonly<Record<string, MediaTypeModel>>,
): { readonly contentType: string; readonly media: MediaTypeModel } | undefined {
  if (contentType === undefined) return undefined;
  const actual = parseMediaType(contentType);
  if (!actual || actual.subtype === 'json' || actual.suffix === 'json') return undefined;
  const key = findMediaType(Object.keys(content), contentType);
  const media = key === undefined ? undefined : content[key];
  return media ? { contentType, media } : undefined;
}

/**
 * Reads a body of a declared non-JSON media type: forms and multipart become objects, text a string,
 * anything else bytes ({@link decodeBody}); forms, multipart and text are checked against the media
 * type's schema (bytes and XML are taken as sent).
 */
async function readOtherBody(
  req: InputRequest,
  other: { readonly contentType: string; readonly media: MediaTypeModel },
  required: boolean,
  bodyLimit: number,
  base: Omit<RequestInput, 'body' | 'bodyText'>,
): Promise<Checked<RequestInput>> {
  const bytes = await readBytes(req, bodyLimit);
  if (!bytes.ok) return bytes;
  if (bytes.value.length === 0)
    return required ? invalid('invalid_body', 'request body is required') : { ok: true, value: base };
  const schema = other.media.schema;
  const encoding = other.media.encoding as EncodingMap | undefined;
  const decoded = decodeBody(other.contentType, bytes.value, schema?.schema, encoding ? { encoding } : {});
  if (!decoded.ok) return invalid('invalid_body', `request body: ${decoded.message}`);
  const m = parseMediaType(other.contentType);
  const structured =
    m !== undefined &&
    (m.essence === 'application/x-www-form-urlencoded' ||
      m.essence === 'multipart/form-data' ||
      (m.type === 'text' && m.subtype !== 'xml' && m.suffix !== 'xml' && typeof decoded.value !== 'object'));
  if (schema && structured) {
    const result = schema.validate(bytesAsText(decoded.value));
    if (!result.ok)
      return invalid(
        'invalid_body',
        `request body: ${result.errors.map((e) => e.message.replace(/^\/ /, '')).join('; ')}`,
        bodyIssues(result.errors),
      );
  }
  return { ok: true, value: { ...base, body: decoded.value } };
}

/** A decoded body with its binary parts (files) as text, for the schema's `type: string, format: binary`. */
function bytesAsText(value: unknown): unknown {
  if (value instanceof Uint8Array) return latin1(value);
  if (Array.isArray(value)) return value.map(bytesAsText);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bytesAsText(v)]));
  return value;
}

async function readText(req: InputRequest, limit: number): Promise<Checked<string>> {
  const bytes = await readBytes(req, limit);
  if (!bytes.ok) return bytes;
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(bytes.value) };
  } catch {
    return invalid('malformed_json', 'request body is not valid UTF-8');
  }
}

function readBytes(req: InputRequest, limit: number): Promise<Checked<Uint8Array>> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(tooLarge(limit));
  return req.body(limit);
}

/** Bytes as ISO-8859-1 text, one character per byte. */
function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    out += String.fromCharCode(...bytes.subarray(at, Math.min(bytes.length, at + 0x8000)));
  return out;
}

function invalid<T>(
  code: 'invalid_parameter' | 'invalid_body' | 'malformed_json',
  message: string,
  issues?: readonly RequestIssue[],
): Checked<T> {
  const capped = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 3)}...` : message;
  return { ok: false, error: mockError(400, code, capped, undefined, issues?.slice(0, MAX_ISSUES)) };
}

// A refusal lists at most this many faults, as its message is capped.
const MAX_ISSUES = 20;

/** A refused parameter: the message names it once, each fault is an issue of its own. */
function refuseParameter<T>(
  parameter: ParameterModel,
  faults: readonly { readonly keyword: string; readonly message: string }[],
): Checked<T> {
  return invalid(
    'invalid_parameter',
    `${parameter.in} parameter '${parameter.name}' ${faults.map((f) => f.message).join('; ')}`,
    faults.map((f) => ({
      in: parameter.in,
      pointer: '',
      name: parameter.name,
      message: f.message,
      keyword: f.keyword,
    })),
  );
}

/**
 * The body's schema faults as issues, each at the member it names: a missing required member is at
 * its own pointer (`/ownerEmail`), not at the object that lacks it.
 */
function bodyIssues(errors: readonly SchemaIssue[]): RequestIssue[] {
  return errors.map((e) => {
    const place = `${e.pointer || '/'} `;
    const message = e.message.startsWith(place) ? e.message.slice(place.length) : e.message;
    const missing = e.keyword === 'required' ? /required property '([^']+)'/.exec(message)?.[1] : undefined;
    const pointer = missing === undefined ? e.pointer : `${e.pointer}/${encodeSegment(missing)}`;
    const name = segmentsOf(pointer)?.pop();
    return {
      in: 'body',
      pointer,
      ...(name === undefined ? {} : { name }),
      message: missing === undefined ? message : 'is required',
      keyword: e.keyword,
    };
  });
}

/** Whether a parameter's value is more than one plain text in its location's default style. */
export function isStyled(parameter: OperationModel['parameters'][number]): boolean {
  const type = parameter.schema.schema.type;
  const defaultStyle = parameter.in === 'query' ? 'form' : 'simple';
  return (
    parameter.contentType !== undefined ||
    parameter.style !== defaultStyle ||
    type === 'array' ||
    type === 'object' ||
    (Array.isArray(type) && (type.includes('array') || type.includes('object')))
  );
}
