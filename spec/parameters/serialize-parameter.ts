import { stringify as stringifyLossless } from 'lossless-json';
import { isRecord, primitiveText } from './_internals/coerce.js';
import { headerEscape, percentEncode } from './_internals/percent.js';
import { isJsonType, resolveStyle } from './_internals/style.js';
import type { ParameterSpec, SerializedParameter } from './parameter-spec.js';

const MAX_DEEP_OBJECT_DEPTH = 32;

/**
 * Puts a parameter value on the wire exactly as the OpenAPI 3.1 "Style Values" and "Style Examples"
 * define (with the 3.1.1+ percent-encoding of the `|`, `[`, `]` delimiters). Pure; never throws.
 *
 * - Values are RFC 3986 percent-encoded (UTF-8; a lone surrogate becomes `%EF%BF%BD`), except header
 *   values, which OAS 3.1.2 exempts from percent-encoding (characters a header cannot carry are still
 *   percent-encoded, as an escape hatch parsing does not undo).
 * - `null` is written like the empty string; `undefined`, `[]` and `{}` are RFC 6570 "undefined": no
 *   query fragment or cookie pair, an empty path text, no header.
 * - Content-typed parameters are JSON text (lossless: `LosslessNumber` and `bigint` keep every digit)
 *   for JSON media types, the string itself otherwise, then percent-encoded as one value.
 *
 * @param p - the parameter (see {@link toParameterSpec})
 * @param value - the value to send; integers beyond 2^53 may be `LosslessNumber` or `bigint`
 * @returns the wire text, under the member named after `p.in`
 */
export function serializeParameter(p: ParameterSpec, value: unknown): SerializedParameter {
  const empty =
    value === undefined ||
    (Array.isArray(value) && value.length === 0) ||
    (isRecord(value) && Object.keys(value).length === 0);
  if (p.contentType !== undefined) return serializeContent(p, value);
  const { style, explode } = resolveStyle(p);
  const enc = encoderFor(p);
  const name = p.in === 'header' ? p.name : percentEncode(p.name);
  const list = Array.isArray(value) ? value.map((v) => enc(primitiveText(v))) : undefined;
  const entries = isRecord(value)
    ? Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [enc(k), enc(primitiveText(v))] as const)
    : undefined;
  const single = list === undefined && entries === undefined ? enc(primitiveText(value)) : '';

  switch (p.in) {
    case 'path': {
      if (empty) return { path: '' };
      if (style === 'label') {
        if (list) return { path: '.' + list.join(explode ? '.' : ',') };
        if (entries)
          return { path: '.' + (explode ? entries.map(([k, v]) => `${k}=${v}`).join('.') : entries.flat().join(',')) };
        return { path: '.' + single };
      }
      if (style === 'matrix') {
        // RFC 6570 `;`: an empty value is the bare name, without `=`.
        const pair = (n: string, v: string): string => (v === '' ? `;${n}` : `;${n}=${v}`);
        if (list) return { path: explode ? list.map((v) => pair(name, v)).join('') : `;${name}=${list.join(',')}` };
        if (entries)
          return {
            path: explode ? entries.map(([k, v]) => pair(k, v)).join('') : `;${name}=${entries.flat().join(',')}`,
          };
        return { path: pair(name, single) };
      }
      return { path: simple(list, entries, single, explode) };
    }
    case 'header':
      if (value === undefined) return {};
      return { header: simple(list, entries, single, explode) };
    case 'cookie': {
      if (empty) return { cookie: [] };
      // OAS 3.1.2 Appendix D: cookie pairs are delimited by `; `, never `&`, so exploded values are separate pairs.
      if (list) return { cookie: explode ? list.map((v) => `${name}=${v}`) : [`${name}=${list.join(',')}`] };
      if (entries)
        return { cookie: explode ? entries.map(([k, v]) => `${k}=${v}`) : [`${name}=${entries.flat().join(',')}`] };
      return { cookie: [`${name}=${single}`] };
    }
    case 'query': {
      if (empty) return { query: [] };
      if (style === 'deepObject' && isRecord(value)) return { query: deepObject(name, value, enc, 0) };
      const separator =
        explode || style === 'form' || style === 'deepObject' ? ',' : style === 'spaceDelimited' ? '%20' : '%7C';
      if (list) return { query: explode ? list.map((v) => `${name}=${v}`) : [`${name}=${list.join(separator)}`] };
      if (entries)
        return {
          query: explode ? entries.map(([k, v]) => `${k}=${v}`) : [`${name}=${entries.flat().join(separator)}`],
        };
      return { query: [`${name}=${single}`] };
    }
  }
}

function simple(
  list: string[] | undefined,
  entries: (readonly [string, string])[] | undefined,
  single: string,
  explode: boolean,
): string {
  if (list) return list.join(',');
  if (entries) return explode ? entries.map(([k, v]) => `${k}=${v}`).join(',') : entries.flat().join(',');
  return single;
}

function encoderFor(p: ParameterSpec): (text: string) => string {
  if (p.in === 'header') return headerEscape;
  const allowReserved = p.in === 'query' && p.allowReserved === true;
  return (text) => percentEncode(text, allowReserved);
}

/**
 * deepObject: `name[key]=value`, brackets percent-encoded as in the OAS 3.1.1 table. Nesting (which
 * the spec leaves undefined) follows the common qs convention: `name[a][b]=v`, and arrays repeat the key.
 */
function deepObject(
  prefix: string,
  value: Record<string, unknown>,
  enc: (t: string) => string,
  depth: number,
): string[] {
  const out: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined) continue;
    const name = `${prefix}%5B${enc(key)}%5D`;
    if (isRecord(member) && depth < MAX_DEEP_OBJECT_DEPTH) out.push(...deepObject(name, member, enc, depth + 1));
    else if (Array.isArray(member)) for (const item of member) out.push(`${name}=${enc(primitiveText(item))}`);
    else out.push(`${name}=${enc(primitiveText(member))}`);
  }
  return out;
}

function serializeContent(p: ParameterSpec, value: unknown): SerializedParameter {
  if (value === undefined) return p.in === 'path' ? { path: '' } : p.in === 'header' ? {} : { [p.in]: [] };
  const text = isJsonType(p.contentType ?? '') ? (stringifyLossless(value) ?? '') : primitiveText(value);
  switch (p.in) {
    case 'path':
      return { path: percentEncode(text) };
    case 'header':
      return { header: headerEscape(text) };
    case 'query':
      return { query: [`${percentEncode(p.name)}=${percentEncode(text)}`] };
    case 'cookie':
      return { cookie: [`${percentEncode(p.name)}=${percentEncode(text)}`] };
  }
}
