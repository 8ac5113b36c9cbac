import { isLosslessNumber } from 'lossless-json';
import type { JsonSchema, OperationModel } from '../../../spec/index.js';
import { decodeBody } from '../../../spec/media/index.js';
import type { Case } from '../../cases/index.js';
import { mergeAllOf } from '../../generate/index.js';
import { isObject } from '../../../spec/json/index.js';

const isNumber = (v: unknown) => typeof v === 'number' || isLosslessNumber(v);

/**
 * Whether what came back holds what was sent: numbers by value (`1.0` is `1`, beyond 2^53 as doubles),
 * strings exactly except where their format has several spellings of one value (a date-time read
 * back in another offset or precision, an email's domain in another case), objects by the members
 * sent (a server may add its own), arrays item by item.
 */
export function holdsSent(sent: unknown, got: unknown, schema: JsonSchema | undefined): boolean {
  const s = schema ? mergeAllOf(schema) : undefined;
  // A value the answer's schema cannot hold is not expected back as such: an object sent where the
  // item keeps a string (its JSON text, say), or a repository's name sent where the item lists
  // repository objects (GitHub's migrations).
  if (s && !typeAllows(s, sent)) return true;
  if (isNumber(sent) && isNumber(got)) return sameNumber(String(sent), String(got));
  if (typeof sent === 'string' && typeof got === 'string') return sameString(sent, got, s?.format);
  if (Array.isArray(sent)) {
    const items = s && typeof s.items === 'object' && !Array.isArray(s.items) ? (s.items as JsonSchema) : undefined;
    return Array.isArray(got) && got.length === sent.length && sent.every((item, i) => holdsSent(item, got[i], items));
  }
  if (sent !== null && typeof sent === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return false;
    const properties = (s?.properties ?? {}) as Record<string, JsonSchema>;
    const described = s?.properties !== undefined;
    return Object.entries(sent).every(([key, value]) => {
      const member = properties[key];
      // What the server owns or never returns is not expected back, nor a member the answer's
      // schema does not describe (a write-only member of the request schema, say).
      if (described && !member) return true;
      if (member && (mergeAllOf(member).readOnly === true || mergeAllOf(member).writeOnly === true)) return true;
      return holdsSent(value, (got as Record<string, unknown>)[key], member);
    });
  }
  return sent === got;
}

/** Whether a schema's `type` (when it names one) takes the JSON type of a value. */
function typeAllows(schema: JsonSchema, value: unknown): boolean {
  const declared = schema.type;
  if (declared === undefined) return true;
  const types = Array.isArray(declared) ? declared : [declared];
  const actual =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : isNumber(value)
          ? 'number'
          : typeof value === 'object'
            ? 'object'
            : typeof value;
  return types.some((t) => t === actual || (t === 'integer' && actual === 'number'));
}

/**
 * Numbers by value. Beyond 2^53 the same double counts as the same number: RFC 8259 §6 lets a parser
 * keep numbers as IEEE 754 doubles (the integer-precision gap), so a store may round them that way.
 */
function sameNumber(a: string, b: string): boolean {
  return a === b || (Number.isFinite(Number(a)) && Number(a) === Number(b));
}

function sameString(a: string, b: string, format: unknown): boolean {
  if (a === b) return true;
  if (format === 'date-time' || format === 'date')
    return !Number.isNaN(Date.parse(a)) && Date.parse(a) === Date.parse(b);
  if (format === 'email' || format === 'hostname' || format === 'uuid' || format === 'idn-email')
    return a.toLowerCase() === b.toLowerCase();
  if (format === 'uri' || format === 'url')
    return URL.canParse(a) && URL.canParse(b) && new URL(a).href === new URL(b).href;
  return false;
}

/** What a case's body meant: its JSON value, or a form/multipart/text body decoded by its media type. */
export function bodyValue(c: Case, operation: OperationModel): unknown {
  if (c.body?.kind === 'json') return c.body.value;
  if (c.body?.kind !== 'raw' || c.body.contentType === undefined || /json/i.test(c.body.contentType)) return undefined;
  const decoded = decodeBody(c.body.contentType, c.body.text, operation.requestBody?.schema.schema);
  return decoded.ok ? decoded.value : undefined;
}

/** An empty value (`""`, `[]`, `{}`, null), which a server may read as absent and fill in. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}

/**
 * A body sent, without its members sent empty: what a read must show of it. A server may read an
 * empty value as absent and fill in its default (`{"title": ""}` stored as "Untitled"); no spec
 * here says an empty value is kept as sent.
 */
export function withoutEmptyMembers(body: unknown): unknown {
  return isObject(body) ? Object.fromEntries(Object.entries(body).filter(([, v]) => !isEmptyValue(v))) : body;
}
