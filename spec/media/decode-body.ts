import { parseParameter, type ParameterSpec } from '../parameters/index.js';
import { coerce, coerceJson } from '../parameters/_internals/coerce.js';
import { percentDecode } from '../parameters/_internals/percent.js';
import {
  declaredProperties,
  isBinary,
  itemSchema,
  propertySchema,
  shapeOf,
  typesOf,
} from '../parameters/_internals/schema.js';
import { decodeText, toBytes } from './_internals/bytes.js';
import { kindOf } from './_internals/kinds.js';
import { readMultipart, type Part } from './_internals/multipart.js';
import type { DecodeBodyOptions, DecodedBody, EncodingMap } from './media-type.js';
import { parseMediaType } from './parse-media-type.js';

type Schema = Record<string, unknown>;

/**
 * Reads a request or response body by its Content-Type: the inverse of {@link encodeBody}. Never throws.
 *
 * - JSON (`application/json`, `+json`): the parsed value (UTF-8, a leading BOM ignored); with
 *   `exactIntegers`, integers beyond 2^53 come back as `LosslessNumber`s.
 * - `application/x-www-form-urlencoded`: an object; `+` is a space; members are converted by the
 *   schema's properties exactly like query parameters (strict numbers, booleans; arrays from repeated
 *   names; objects from JSON text, or by the Encoding Object's style). Without a schema: strings, and
 *   arrays of strings for repeated names.
 * - `multipart/form-data`: an object with one member per part name (arrays for repeated names when the
 *   schema says array, or there is no schema); JSON parts parsed, binary parts (`format: binary`,
 *   `application/octet-stream`, or a filename when there is no schema) as `Uint8Array`, text parts
 *   converted like form members.
 * - `text/*` and other textual types: the string, in the `charset` parameter's encoding (default UTF-8);
 *   converted when the schema's type is a non-string primitive. Anything else: the bytes.
 *
 * @param contentTypeHeader - the Content-Type header as received
 * @param body - the body, as bytes or (already decoded) text
 * @param schema - the media type's schema, to convert form and multipart members and text
 */
export function decodeBody(
  contentTypeHeader: string,
  body: string | Uint8Array,
  schema?: Schema,
  options: DecodeBodyOptions = {},
): DecodedBody {
  try {
    return decode(contentTypeHeader, body, schema, options);
  } catch (e) {
    return { ok: false, message: `body could not be read (${String(e)})` };
  }
}

function decode(
  contentTypeHeader: string,
  body: string | Uint8Array,
  schema: Schema | undefined,
  options: DecodeBodyOptions,
): DecodedBody {
  const m = parseMediaType(contentTypeHeader);
  if (!m || m.type === '*' || m.subtype.includes('*'))
    return { ok: false, message: `Content-Type ${JSON.stringify(contentTypeHeader)} is not a concrete media type` };
  const exact = options.exactIntegers === undefined ? {} : { exactIntegers: options.exactIntegers };
  const kind = kindOf(m);
  if (kind === 'binary') return { ok: true, value: typeof body === 'string' ? toBytes(body) : body };
  if (kind === 'multipart') {
    const boundary = m.parameters['boundary'];
    if (boundary === undefined || boundary === '')
      return { ok: false, message: 'multipart/form-data Content-Type has no boundary' };
    const read = readMultipart(toBytes(body), boundary);
    if (!read.ok) return read;
    return fromParts(read.parts, schema, exact);
  }
  const text =
    typeof body === 'string'
      ? body
      : decodeText(body, kind === 'json' || kind === 'form' ? 'utf-8' : (m.parameters['charset'] ?? 'utf-8'));
  if (text === undefined)
    return {
      ok: false,
      message: `body is not valid ${kind === 'json' || kind === 'form' ? 'UTF-8' : (m.parameters['charset'] ?? 'UTF-8')} text`,
    };
  if (kind === 'json') {
    const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
    if (source.trim() === '') return { ok: false, message: 'body is empty, which is not JSON' };
    const c = coerceJson(source, exact);
    return c.ok ? c : { ok: false, message: `body ${c.message}` };
  }
  if (kind === 'form') return fromForm(text, schema, options.encoding ?? {}, exact);
  // text
  if (
    schema !== undefined &&
    !typesOf(schema).has('string') &&
    shapeOf(schema) === 'primitive' &&
    typesOf(schema).size > 0
  ) {
    const c = coerce(text, schema, exact);
    return c.ok ? c : { ok: false, message: `body ${c.message}` };
  }
  return { ok: true, value: text };
}

function setOwn(target: Record<string, unknown>, key: string, member: unknown): void {
  Object.defineProperty(target, key, { value: member, enumerable: true, writable: true, configurable: true });
}

function fromForm(
  text: string,
  schema: Schema | undefined,
  encoding: EncodingMap,
  exact: { exactIntegers?: boolean },
): DecodedBody {
  const names: string[] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const decoded = percentDecode(part.split('=', 1)[0]!, true);
    if (!decoded.ok) return { ok: false, message: `form body has a field name with ${decoded.message}` };
    const name = decoded.value;
    if (!names.includes(name)) names.push(name);
  }
  // Style-based members may be spread over other names: `color[R]` (deepObject) or `R` (exploded form object).
  const spread = new Set<string>();
  for (const [prop, e] of Object.entries(encoding)) {
    if (e.style === undefined && e.explode === undefined) continue;
    const ps = schema === undefined ? {} : propertySchema(schema, prop);
    if (shapeOf(ps) !== 'object') continue;
    if (e.style === 'deepObject') for (const n of names) if (n.startsWith(`${prop}[`)) spread.add(n);
    if ((e.style ?? 'form') === 'form' && (e.explode ?? true)) for (const n of declaredProperties(ps)) spread.add(n);
  }
  const styledNames = Object.entries(encoding)
    .filter(([k, e]) => (e.style !== undefined || e.explode !== undefined) && !names.includes(k))
    .map(([k]) => k);
  const out: Record<string, unknown> = {};
  for (const name of [...names.filter((n) => !spread.has(n)), ...styledNames]) {
    const e = encoding[name];
    const ps = schema === undefined ? undefined : propertySchema(schema, name);
    let spec: ParameterSpec;
    if (e !== undefined && (e.style !== undefined || e.explode !== undefined || e.allowReserved !== undefined)) {
      spec = {
        name,
        in: 'query',
        schema: ps ?? {},
        style: e.style ?? 'form',
        ...(e.explode !== undefined ? { explode: e.explode } : {}),
        ...(e.allowReserved !== undefined ? { allowReserved: e.allowReserved } : {}),
      };
    } else if (ps === undefined) {
      spec = { name, in: 'query', schema: {} };
    } else if (shapeOf(ps) === 'object') {
      spec = { name, in: 'query', schema: ps, contentType: e?.contentType ?? 'application/json' };
    } else {
      spec = { name, in: 'query', schema: ps, explode: true };
    }
    let r = parseParameter(spec, text, exact);
    if (ps === undefined && !r.ok && r.message.includes('times'))
      r = parseParameter({ name, in: 'query', schema: { type: 'array', items: {} } }, text);
    if (!r.ok) return { ok: false, message: r.message.replace(/^query parameter/, 'form field') };
    if (r.value !== undefined) setOwn(out, name, r.value);
  }
  return { ok: true, value: out };
}

function partValue(part: Part, schema: Schema | undefined, exact: { exactIntegers?: boolean }): DecodedBody {
  const m = part.contentType === undefined ? undefined : parseMediaType(part.contentType);
  const kind = m ? kindOf(m) : 'text';
  const wantsBinary =
    schema === undefined
      ? part.filename !== undefined || kind === 'binary'
      : isBinary(schema) || (kind === 'binary' && typesOf(schema).size === 0);
  if (wantsBinary) return { ok: true, value: part.data };
  const text = decodeText(part.data, m?.parameters['charset'] ?? 'utf-8');
  if (text === undefined) return { ok: false, message: `multipart part '${part.name}' is not valid text` };
  if (kind === 'json') {
    const c = coerceJson(text, exact);
    return c.ok ? c : { ok: false, message: `multipart part '${part.name}' ${c.message}` };
  }
  if (schema === undefined) return { ok: true, value: text };
  const c = coerce(text, schema, exact);
  return c.ok ? c : { ok: false, message: `multipart part '${part.name}' ${c.message}` };
}

function fromParts(
  parts: readonly Part[],
  schema: Schema | undefined,
  exact: { exactIntegers?: boolean },
): DecodedBody {
  const out: Record<string, unknown> = {};
  const counts = new Map<string, number>();
  for (const part of parts) counts.set(part.name, (counts.get(part.name) ?? 0) + 1);
  for (const part of parts) {
    const ps = schema === undefined ? undefined : propertySchema(schema, part.name);
    const many =
      ps === undefined
        ? (counts.get(part.name) ?? 0) > 1
        : shapeOf(ps) === 'array' && !/json/i.test(part.contentType ?? '');
    const existing = Object.hasOwn(out, part.name) ? out[part.name] : undefined;
    if (many) {
      const list = Array.isArray(existing) ? existing : [];
      const v = partValue(part, ps === undefined ? undefined : itemSchema(ps, list.length), exact);
      if (!v.ok) return v;
      list.push(v.value);
      setOwn(out, part.name, list);
      continue;
    }
    if (existing !== undefined)
      return { ok: false, message: `multipart part '${part.name}' appears ${counts.get(part.name)} times` };
    const v = partValue(part, ps, exact);
    if (!v.ok) return v;
    setOwn(out, part.name, v.value);
  }
  return { ok: true, value: out };
}
