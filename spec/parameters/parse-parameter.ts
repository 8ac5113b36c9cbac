import { coerce, coerceJson, type CoerceOptions } from './_internals/coerce.js';
import { cookiePairs, queryPairs, type RawPair } from './_internals/pairs.js';
import { percentDecode } from './_internals/percent.js';
import {
  admitsOtherProperties,
  declaredProperties,
  itemSchema,
  propertySchema,
  shapeOf,
  type Schema,
} from './_internals/schema.js';
import { isJsonType, resolveStyle } from './_internals/style.js';
import type { ParameterParseResult, ParameterSpec, ParseParameterOptions } from './parameter-spec.js';

/** Thrown inside this module only, caught at the top: the fault to report for the parameter. */
class Fault extends Error {}

const MAX_DEEP_OBJECT_DEPTH = 32;

/**
 * Reads a parameter off the wire: the inverse of {@link serializeParameter}. Never throws.
 *
 * `raw` is, by location: `path` → the still percent-encoded text the template matched for `{name}`
 * (for `label`/`matrix` including the leading `.`/`;`); `query` → the whole raw query string (with or
 * without `?`), from which this parameter's pairs are picked; `header` → the raw header value;
 * `cookie` → the raw Cookie header.
 *
 * Strings are converted to the schema's types strictly (`" 5"`, `"5.0"`, `""`, `"1e2"` are not
 * integers; numbers accept `"-1.5e3"`); arrays and objects use `items`/`properties` (and `prefixItems`,
 * `additionalProperties`, `patternProperties`); `type` arrays and oneOf/anyOf of primitives are tried
 * most-specific first. Query values decode `+` as a space (OAS 3.1.1 requires form-urlencoded
 * decoding of query strings); path and cookie values do not; header values are not percent-decoded.
 *
 * @returns `{ ok: true, value }` (value `undefined` when the parameter is absent), or `{ ok: false,
 *   message }` naming the location, the parameter and the fault (malformed percent-encoding, wrong type,
 *   repeated single-valued parameter, malformed style syntax).
 */
export function parseParameter(
  p: ParameterSpec,
  raw: string,
  options: ParseParameterOptions = {},
): ParameterParseResult {
  try {
    return { ok: true, value: read(p, raw, options) };
  } catch (e) {
    const reason = e instanceof Fault ? e.message : `could not be read (${String(e)})`;
    return { ok: false, message: `${p.in} parameter '${p.name}' ${reason}` };
  }
}

interface Reader {
  readonly p: ParameterSpec;
  readonly options: CoerceOptions;
  decode(text: string): string;
}

function readerFor(p: ParameterSpec, options: ParseParameterOptions): Reader {
  const plus = p.in === 'query';
  const exact: CoerceOptions = options.exactIntegers === undefined ? {} : { exactIntegers: options.exactIntegers };
  return {
    p,
    options: exact,
    decode(text) {
      if (p.in === 'header') return text;
      const d = percentDecode(text, plus);
      if (!d.ok) throw new Fault(`has ${d.message}`);
      return d.value;
    },
  };
}

function value(r: Reader, text: string, schema: Schema): unknown {
  const c = coerce(r.decode(text), schema, r.options);
  if (!c.ok) throw new Fault(c.message);
  return c.value;
}

function items(r: Reader, texts: readonly string[], schema: Schema): unknown[] {
  return texts.map((t, i) => value(r, r.p.in === 'header' ? t.trim() : t, itemSchema(schema, i)));
}

function setOwn(target: Record<string, unknown>, key: string, member: unknown): void {
  // defineProperty, not assignment: a member called "__proto__" must stay a plain member.
  Object.defineProperty(target, key, { value: member, enumerable: true, writable: true, configurable: true });
}

function fromEntries(
  r: Reader,
  entries: readonly (readonly [string, string])[],
  schema: Schema,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, text] of entries) {
    const key = r.decode(r.p.in === 'header' ? rawKey.trim() : rawKey);
    if (Object.hasOwn(out, key)) throw new Fault(`has member '${key}' twice`);
    setOwn(out, key, value(r, r.p.in === 'header' ? text.trim() : text, propertySchema(schema, key)));
  }
  return out;
}

/** `k=v` tokens (exploded objects). */
function keyValues(tokens: readonly string[]): [string, string][] {
  return tokens.map((t) => {
    const eq = t.indexOf('=');
    if (eq < 0) throw new Fault(`has member ${JSON.stringify(t)} without '='`);
    return [t.slice(0, eq), t.slice(eq + 1)];
  });
}

/** `k,v,k,v` tokens (non-exploded objects). */
function alternating(tokens: readonly string[]): [string, string][] {
  if (tokens.length % 2 !== 0) throw new Fault(`has an odd number of key/value tokens (${tokens.length})`);
  const out: [string, string][] = [];
  for (let i = 0; i < tokens.length; i += 2) out.push([tokens[i]!, tokens[i + 1]!]);
  return out;
}

function read(p: ParameterSpec, raw: string, options: ParseParameterOptions): unknown {
  const r = readerFor(p, options);
  if (p.contentType !== undefined) return readContent(r, raw);
  switch (p.in) {
    case 'path':
      return readPath(r, raw);
    case 'header':
      return readSimple(r, raw.trim());
    case 'query':
      return readPairs(r, queryPairs(raw), options);
    case 'cookie':
      return readPairs(r, cookiePairs(raw).map(decodeCookieName), options);
  }
}

function decodeCookieName(pair: RawPair): RawPair {
  const d = percentDecode(pair.name);
  return d.ok ? { ...pair, name: d.value } : pair;
}

function readContent(r: Reader, raw: string): unknown {
  let text: string;
  if (r.p.in === 'path' || r.p.in === 'header') text = r.p.in === 'header' ? raw.trim() : r.decode(raw);
  else {
    const pairs = (r.p.in === 'query' ? queryPairs(raw) : cookiePairs(raw).map(decodeCookieName)).filter(
      (x) => x.name === r.p.name,
    );
    if (pairs.length === 0) return undefined;
    if (pairs.length > 1) throw new Fault(`is given ${pairs.length} times`);
    text = r.decode(pairs[0]!.value);
  }
  if (!isJsonType(r.p.contentType ?? '')) return text;
  const c = coerceJson(text, r.options);
  if (!c.ok) throw new Fault(c.message);
  return c.value;
}

function readSimple(r: Reader, raw: string): unknown {
  const { explode } = resolveStyle(r.p);
  const shape = shapeOf(r.p.schema);
  if (shape === 'array') return raw === '' ? [] : items(r, raw.split(','), r.p.schema);
  if (shape === 'object') {
    if (raw === '') return {};
    const tokens = raw.split(',');
    return fromEntries(r, explode ? keyValues(tokens) : alternating(tokens), r.p.schema);
  }
  return value(r, raw, r.p.schema);
}

function readPath(r: Reader, raw: string): unknown {
  const { style, explode } = resolveStyle(r.p);
  if (style === 'simple') return readSimple(r, raw);
  const shape = shapeOf(r.p.schema);
  // RFC 6570 "undefined" (and empty lists/objects) expand to nothing at all.
  if (raw === '') return shape === 'array' ? [] : shape === 'object' ? {} : undefined;
  const schema = r.p.schema;
  if (style === 'label') {
    if (!raw.startsWith('.')) throw new Fault(`must start with '.' (label style), got ${JSON.stringify(raw)}`);
    const rest = raw.slice(1);
    if (shape === 'array') return items(r, rest.split(explode ? '.' : ','), schema);
    if (shape === 'object')
      return fromEntries(r, explode ? keyValues(rest.split('.')) : alternating(rest.split(',')), schema);
    return value(r, rest, schema);
  }
  // matrix
  if (!raw.startsWith(';')) throw new Fault(`must start with ';' (matrix style), got ${JSON.stringify(raw)}`);
  const segments = raw
    .slice(1)
    .split(';')
    .map((s) => {
      const eq = s.indexOf('=');
      return { name: r.decode(eq < 0 ? s : s.slice(0, eq)), value: eq < 0 ? '' : s.slice(eq + 1) };
    });
  if (shape === 'object' && explode)
    return fromEntries(
      r,
      segments.map((s) => [s.name, s.value] as const).map(([k, v]) => [encodeKeyBack(k), v] as const),
      schema,
    );
  for (const s of segments) if (s.name !== r.p.name) throw new Fault(`expected ';${r.p.name}=…', got ';${s.name}'`);
  if (shape === 'array') {
    if (explode)
      return items(
        r,
        segments.map((s) => s.value),
        schema,
      );
    if (segments.length !== 1) throw new Fault(`is given ${segments.length} times`);
    return items(r, segments[0]!.value.split(','), schema);
  }
  if (segments.length !== 1) throw new Fault(`is given ${segments.length} times`);
  if (shape === 'object') return fromEntries(r, alternating(segments[0]!.value.split(',')), schema);
  return value(r, segments[0]!.value, schema);
}

/** Matrix segment names were decoded for the name check; fromEntries decodes keys itself, so re-escape `%`. */
function encodeKeyBack(key: string): string {
  return key.replace(/%/g, '%25');
}

function readPairs(r: Reader, pairs: RawPair[], options: ParseParameterOptions): unknown {
  const { style, explode } = resolveStyle(r.p);
  const schema = r.p.schema;
  const shape = shapeOf(schema);
  const named = pairs.filter((x) => x.name === r.p.name);
  if (shape === 'object' && style === 'deepObject') return readDeepObject(r, pairs);
  if (shape === 'object' && explode) return readExplodedObject(r, pairs, options);
  if (named.length === 0) return undefined;
  if (shape === 'array' && explode)
    return items(
      r,
      named.map((x) => x.value),
      schema,
    );
  if (named.length > 1)
    throw new Fault(`is given ${named.length} times; style ${style} with explode ${explode} expects it once`);
  const text = named[0]!.value;
  if (shape === 'primitive') return value(r, text, schema);
  const tokens = splitDelimited(r, style, text);
  return shape === 'array' ? items(r, tokens, schema) : fromEntries(r, alternating(tokens), schema);
}

/**
 * Non-exploded tokens. Commas split before decoding, so an encoded `%2C` stays inside its token. The
 * space and pipe delimiters are themselves percent-encoded on the wire, so those split after decoding
 * (OAS 3.1.1 Appendix E.6: a value containing the delimiter cannot be told apart from it); tokens are
 * re-escaped so the decoding in `items` leaves them as they are.
 */
function splitDelimited(r: Reader, style: string, text: string): string[] {
  if (style !== 'spaceDelimited' && style !== 'pipeDelimited') return text.split(',');
  const decoded = r.decode(text);
  return decoded.split(style === 'spaceDelimited' ? ' ' : '|').map(reEscape);
}

function reEscape(token: string): string {
  return token.replace(/[%+]/g, (c) => (c === '%' ? '%25' : '%2B'));
}

function readExplodedObject(r: Reader, pairs: RawPair[], options: ParseParameterOptions): unknown {
  const schema = r.p.schema;
  const declared = new Set(declaredProperties(schema));
  const open = admitsOtherProperties(schema);
  const others = new Set(options.otherParameterNames ?? []);
  const picked = pairs.filter((x) => declared.has(x.name) || (open && !others.has(x.name)));
  if (picked.length === 0) return undefined;
  return fromEntries(
    r,
    picked.map((x) => [reEscape(x.name), x.value] as const),
    schema,
  );
}

function readDeepObject(r: Reader, pairs: RawPair[]): unknown {
  const prefix = `${r.p.name}[`;
  const mine = pairs.filter((x) => x.name.startsWith(prefix));
  if (mine.length === 0)
    return pairs.some((x) => x.name === r.p.name)
      ? fail(`is not in deepObject form ('${r.p.name}[key]=value')`)
      : undefined;
  const root: Record<string, unknown> = {};
  for (const pair of mine) {
    const path = bracketPath(pair.name.slice(r.p.name.length));
    if (path === undefined || path.length > MAX_DEEP_OBJECT_DEPTH)
      throw new Fault(`has a malformed deepObject key ${JSON.stringify(pair.name)}`);
    let target = root;
    let schema: Schema = r.p.schema;
    for (const [i, key] of path.entries()) {
      schema = propertySchema(schema, key);
      const last = i === path.length - 1;
      if (!last) {
        const next = Object.hasOwn(target, key) ? target[key] : undefined;
        if (next === undefined) {
          const created: Record<string, unknown> = {};
          setOwn(target, key, created);
          target = created;
        } else if (next !== null && typeof next === 'object' && !Array.isArray(next))
          target = next as Record<string, unknown>;
        else throw new Fault(`has conflicting deepObject keys at '${key}'`);
        continue;
      }
      if (shapeOf(schema) === 'array') {
        const existing = Object.hasOwn(target, key) ? target[key] : undefined;
        const list = Array.isArray(existing) ? existing : [];
        list.push(value(r, pair.value, itemSchema(schema, list.length)));
        setOwn(target, key, list);
      } else {
        if (Object.hasOwn(target, key)) throw new Fault(`has member '${path.join('.')}' twice`);
        setOwn(target, key, value(r, pair.value, schema));
      }
    }
  }
  return root;
}

function fail(message: string): never {
  throw new Fault(message);
}

/** `[a][b]` → ['a', 'b']; undefined when not a run of bracketed keys. */
function bracketPath(text: string): string[] | undefined {
  const keys: string[] = [];
  const re = /\[([^\]]*)\]/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return undefined;
    keys.push(m[1]!);
    at = re.lastIndex;
  }
  return keys.length > 0 ? keys : undefined;
}
