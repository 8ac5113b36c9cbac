import { stringify as stringifyLossless } from 'lossless-json';
import { serializeParameter } from '../parameters/index.js';
import { isRecord, primitiveText } from '../parameters/_internals/coerce.js';
import { isBinary, itemSchema, propertySchema } from '../parameters/_internals/schema.js';
import { indexOf, utf8 } from './_internals/bytes.js';
import { concrete } from './_internals/concrete.js';
import { kindOf } from './_internals/kinds.js';
import { writeMultipart, type Part } from './_internals/multipart.js';
import type { EncodeBodyOptions, EncodedBody, EncodingMap, EncodingSpec } from './media-type.js';
import { parseMediaType } from './parse-media-type.js';

type Schema = Record<string, unknown>;

/**
 * Puts a value on the wire as a request or response body of the given (declared) media type.
 *
 * - JSON (`application/json`, any `+json`): JSON text through lossless-json, so `LosslessNumber` and
 *   `bigint` values keep every digit (int64 beyond 2^53 stays exact). `undefined` gives an empty body.
 * - `application/x-www-form-urlencoded` (an object): one `name=value` per property. With an Encoding
 *   Object naming `style`/`explode`/`allowReserved`, the property is serialized like a query parameter
 *   of that style (default form, explode true). Otherwise content-based, as OAS 3.1.1 specifies:
 *   arrays repeat the name (what form/explode would give), objects are JSON (the encoding's
 *   `contentType` may say otherwise), primitives are their text.
 * - `multipart/form-data` (an object): one part per property, one part per item for arrays (RFC 7578
 *   §4.3); objects as `application/json` parts, `format: binary` / `Uint8Array` values as
 *   `application/octet-stream` parts with a filename, primitives as text parts; the encoding's
 *   `contentType` (its first entry) overrides. The Content-Type carries the boundary.
 * - `text/*` and other textual types: the string (non-strings as their text); other types (e.g.
 *   `application/octet-stream`): bytes as given, strings as text.
 * - Ranges (`*\/*`, `application/*`, `text/*`, `application/*+json`): a concrete type inside them is
 *   chosen (JSON unless the value is bytes; `text/plain` for `text/*`).
 *
 * @throws TypeError when a form or multipart value is not an object, or the media type does not parse
 */
export function encodeBody(
  mediaType: string,
  value: unknown,
  schema?: Schema,
  encoding?: EncodingMap,
  options: EncodeBodyOptions = {},
): EncodedBody {
  const declared = parseMediaType(mediaType);
  if (!declared) throw new TypeError(`not a media type: ${JSON.stringify(mediaType)}`);
  const m = concrete(declared, value);
  const contentType = m === declared ? mediaType.trim() : m.essence;
  switch (kindOf(m)) {
    case 'json':
      return { contentType, body: value === undefined ? '' : (stringifyLossless(value) ?? '') };
    case 'form':
      return { contentType, body: encodeForm(requireRecord(value, m.essence), schema ?? {}, encoding ?? {}) };
    case 'multipart':
      return encodeMultipart(
        requireRecord(value, m.essence),
        schema ?? {},
        encoding ?? {},
        options.boundary,
        options.filename,
      );
    case 'text':
      return { contentType, body: value instanceof Uint8Array ? value : primitiveText(value) };
    case 'binary':
      return {
        contentType,
        body:
          value instanceof Uint8Array
            ? value
            : value instanceof ArrayBuffer
              ? new Uint8Array(value)
              : primitiveText(value),
      };
  }
}

function requireRecord(value: unknown, essence: string): Record<string, unknown> {
  if (!isRecord(value))
    throw new TypeError(`a ${essence} body must be an object, got ${Array.isArray(value) ? 'an array' : typeof value}`);
  return value;
}

function styled(e: EncodingSpec | undefined): boolean {
  return e !== undefined && (e.style !== undefined || e.explode !== undefined || e.allowReserved !== undefined);
}

function defaultContentType(value: unknown, schema: Schema): string {
  if (value instanceof Uint8Array || isBinary(schema)) return 'application/octet-stream';
  if (isRecord(value) || Array.isArray(value)) return 'application/json';
  return 'text/plain';
}

function encodeForm(value: Record<string, unknown>, schema: Schema, encoding: EncodingMap): string {
  const fragments: string[] = [];
  for (const [name, member] of Object.entries(value)) {
    if (member === undefined) continue;
    const e = encoding[name];
    const ps = propertySchema(schema, name);
    if (e !== undefined && styled(e)) {
      const spec = {
        name,
        in: 'query' as const,
        schema: ps,
        style: e.style ?? 'form',
        ...(e.explode !== undefined ? { explode: e.explode } : {}),
        ...(e.allowReserved !== undefined ? { allowReserved: e.allowReserved } : {}),
      };
      fragments.push(...(serializeParameter(spec, member).query ?? []));
      continue;
    }
    const items = Array.isArray(member) && e?.contentType === undefined ? member : [member];
    for (const [i, item] of items.entries()) {
      const contentType = e?.contentType ?? defaultContentType(item, items === member ? itemSchema(ps, i) : ps);
      const text = item instanceof Uint8Array ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(item) : item;
      fragments.push(...(serializeParameter({ name, in: 'query', schema: {}, contentType }, text).query ?? []));
    }
  }
  return fragments.join('&');
}

function partData(value: unknown, contentType: string): Uint8Array {
  if (value instanceof Uint8Array) return value;
  const m = parseMediaType(contentType);
  const text = m && kindOf(m) === 'json' ? (stringifyLossless(value) ?? '') : primitiveText(value);
  return utf8(text);
}

function encodeMultipart(
  value: Record<string, unknown>,
  schema: Schema,
  encoding: EncodingMap,
  fixed?: string,
  filename = 'blob',
): EncodedBody {
  const parts: Part[] = [];
  for (const [name, member] of Object.entries(value)) {
    if (member === undefined) continue;
    const e = encoding[name];
    const ps = propertySchema(schema, name);
    const declaredJson = e?.contentType !== undefined && /json/i.test(e.contentType);
    const items = Array.isArray(member) && !declaredJson ? member : [member];
    for (const [i, item] of items.entries()) {
      const sub = items === member ? itemSchema(ps, i) : ps;
      // The Encoding Object may list several types ("image/png, image/jpeg"); the first is sent.
      const contentType = e?.contentType?.split(',')[0]?.trim() || defaultContentType(item, sub);
      const binary = item instanceof Uint8Array || isBinary(sub);
      parts.push({
        name,
        ...(binary ? { filename } : {}),
        // Browsers omit Content-Type on text fields; RFC 7578 §4.4 makes text/plain the default.
        ...(contentType === 'text/plain' ? {} : { contentType }),
        data: partData(item, contentType),
      });
    }
  }
  let boundary = fixed ?? `----ContractKit${randomHex(12)}`;
  // A boundary must not occur inside any part; a random one practically never does, but check.
  while (parts.some((p) => indexOf(p.data, utf8(`--${boundary}`), 0) >= 0)) boundary += randomHex(4);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: writeMultipart(parts, boundary) };
}

/** `bytes` random bytes in lower-case hex. */
function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
