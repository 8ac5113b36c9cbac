import { brotliCompressSync } from 'node:zlib';
import { stringify as stringifyLossless } from 'lossless-json';
import type { Case, WireJson } from '../cases/index.js';
import { isFreeText, mergeAllOf, ordinaryParts, sendsJson, toValidCase } from '../generate/index.js';
import type { JsonSchema, OperationModel, SpecModel } from '../../spec/index.js';
import type { PropertyContext } from './kit-property.js';
import type { KitSweep } from './kit-property.js';
import { ExchangeLog } from '../sweep/index.js';

/**
 * Percent escapes that decode to nothing (RFC 3986 §2.1: "%" is followed by two hex digits): cut
 * short inside a UTF-8 sequence, a bare "%", and a "%" before letters that are no hex digits.
 */
export const MALFORMED_ESCAPES = ['%E0%A4%A', '%', '%zz'] as const;

/** Bytes that are no UTF-8 (RFC 3629 §1: 0xFE and 0xFF never appear), as one character per byte. */
const INVALID_UTF8 = '\u00ff\u00fe';
const PLACEHOLDER = 'KIT-BYTES-7d41';

const writes = (operation: OperationModel) => !['get', 'head', 'options'].includes(operation.method);

/**
 * Raw input a server must survive, each sent once per operation with the valid credential, as a
 * probe: any answer but a 5xx (or none) will do, since the contract rarely says which refusal,
 * and the refusal may come from the HTTP layer in its own shape; nothing else is judged.
 * - every path parameter written with a malformed percent escape (a decoder that throws: 500);
 * - every integer query parameter written with a leading zero (`05`) and with a plus sign (`+5`):
 *   RFC 8259 §6 has neither, but a URI's query is text, not JSON, and `Number("05")` is 5;
 * - a JSON body whose first free string member holds bytes that are no UTF-8 (RFC 8259 §8.1: JSON
 *   is UTF-8, so the body may be refused with a 4xx, or read with replacement characters);
 * - a multipart body cut short before its close delimiter (RFC 2046 §5.1.1: the last part is
 *   followed by `--boundary--`): a parser that waits for it or throws (held-out set 100: an upload
 *   answered 500);
 * - a JSON body whose first number member (no format, no maximum) is `1e400`: JSON's grammar and the
 *   schema take it, and a server that parses numbers as doubles reads infinity (held-out sets 114 and
 *   116: FastAPI stored it and answered 500, then every later list of the store answered 500 too);
 * - the ordinary JSON body labelled `charset=utf-16`, its bytes still UTF-8 as RFC 8259 §8.1 asks:
 *   a server may refuse the label (415), read it and refuse what it decodes (400), or ignore it
 *   (held-out set 118: body-parser's refusal went to a catch-all handler that answered 500);
 * - the ordinary JSON body compressed with brotli and sent with `Content-Encoding: br` (RFC 9110
 *   §8.4.1: a server that does not take the coding MAY answer 415; one that does reads the very
 *   body; held-out set 118 again: its 415 became a 500);
 * - a small JSON object sent to a write that declares no body (RFC 9110 §9.3.3: a POST carries
 *   content; the server may ignore or refuse what it does not expect), where a handler that reads
 *   parameters only from the query chokes on a parsed body (held-out set 104: etherpad's API
 *   answered 500, or never answered, to a POST with a body).
 */
export function rawInputSweeps(spec: SpecModel, context: PropertyContext, readOnly: boolean): KitSweep[] {
  const sweeps: KitSweep[] = [];
  for (const operation of spec.operations) {
    if (readOnly && writes(operation)) continue;
    const cases = (): Case[] => {
      const base = toValidCase(operation, ordinaryParts(operation, context.known(operation.operationId), context.seed));
      const { edge: _, existing: __, ...rest } = base;
      const probe = (fields: Partial<Case>): Case => ({ ...rest, family: 'raw-input', kind: 'probe', ...fields });
      const out: Case[] = [];
      for (const p of operation.parameters.filter((q) => q.in === 'path'))
        for (const escape of MALFORMED_ESCAPES) out.push(probe({ rawPath: { ...base.rawPath, [p.name]: escape } }));
      for (const p of operation.parameters.filter((q) => q.in === 'query')) {
        const schema = mergeAllOf(p.schema.schema);
        if (schema.type !== 'integer') continue;
        const value = integerValue(schema, base.query.find(([k]) => k === p.name)?.[1]);
        if (value === undefined) continue;
        const others = base.query.filter(([k]) => k !== p.name);
        for (const spelled of [`0${value}`, `+${value}`]) out.push(probe({ query: [...others, [p.name, spelled]] }));
      }
      const bytes = invalidUtf8Body(operation, base);
      if (bytes !== undefined)
        out.push(probe({ body: { kind: 'raw', text: bytes, contentType: 'application/json', bytes: true } }));
      const huge = pastDoubleBody(operation, base);
      if (huge !== undefined) out.push(probe({ body: { kind: 'raw', text: huge, contentType: 'application/json' } }));
      const json = ordinaryJsonText(operation, base);
      if (json !== undefined) {
        out.push(probe({ body: { kind: 'raw', text: json, contentType: 'application/json; charset=utf-16' } }));
        const compressed = brotliCompressSync(Buffer.from(json, 'utf8')).toString('latin1');
        out.push(
          probe({
            body: { kind: 'raw', text: compressed, contentType: 'application/json', bytes: true },
            headers: { ...base.headers, 'Content-Encoding': 'br' },
          }),
        );
      }
      const cut = unclosedMultipart(base.body);
      if (cut !== undefined) out.push(probe({ body: cut }));
      if (writes(operation) && operation.requestBody === undefined && operation.method !== 'delete')
        out.push(probe({ body: { kind: 'raw', text: '{"kit":1}', contentType: 'application/json' } }));
      return out;
    };
    sweeps.push({
      id: `${operation.operationId}/raw-input`,
      family: 'raw-input',
      operationId: operation.operationId,
      async execute() {
        const log = new ExchangeLog(context);
        // Only a 5xx or no answer is judged: a malformed URI is refused by routers before the
        // application (fastify's own 400 body, a problem+json whose `instance` echoes the bad path),
        // and what a target stores from bytes that are no UTF-8 is its own reading (U+FFFD).
        await log.sendAll(cases(), (f) => f.code === 'server_error' || f.code === 'transport_error');
        return log.execution();
      },
    });
  }
  return sweeps;
}

/** A non-negative integer the parameter takes (its ordinary value, else its minimum or 1), as digits. */
function integerValue(schema: Record<string, unknown>, ordinary: string | undefined): string | undefined {
  const ok = (n: number) =>
    Number.isSafeInteger(n) &&
    n >= 0 &&
    (typeof schema.minimum !== 'number' || n >= schema.minimum) &&
    (typeof schema.maximum !== 'number' || n <= schema.maximum) &&
    (typeof schema.exclusiveMinimum !== 'number' || n > schema.exclusiveMinimum) &&
    (typeof schema.exclusiveMaximum !== 'number' || n < schema.exclusiveMaximum) &&
    (typeof schema.multipleOf !== 'number' || n % schema.multipleOf === 0);
  const candidates = [Number(ordinary), typeof schema.minimum === 'number' ? schema.minimum : 1, 1, 5];
  const found = candidates.find(ok);
  return found === undefined ? undefined : String(found);
}

/**
 * The operation's ordinary JSON body with bytes that are no UTF-8 in its first free string member
 * (no enum, format or pattern), one character per byte; every other character is escaped as
 * `\uXXXX`, so that those are the only bytes above 0x7F. Undefined without such a member.
 */
function invalidUtf8Body(operation: OperationModel, base: Case): string | undefined {
  if (!operation.requestBody || !sendsJson(operation) || base.body?.kind !== 'json') return undefined;
  const value = base.body.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const properties = (mergeAllOf(operation.requestBody.schema.schema).properties ?? {}) as Record<
    string,
    Record<string, unknown>
  >;
  const member = Object.keys(value).find((k) => isFreeText(properties[k]));
  if (member === undefined) return undefined;
  const text = stringifyLossless({ ...(value as Record<string, WireJson>), [member]: `Bad ${PLACEHOLDER}` });
  return text === undefined ? undefined : asciiOnly(text).replace(PLACEHOLDER, INVALID_UTF8);
}

/** The ordinary JSON body of a JSON write as text, every character past ASCII escaped (`\uXXXX`). */
function ordinaryJsonText(operation: OperationModel, base: Case): string | undefined {
  if (!operation.requestBody || !sendsJson(operation) || base.body?.kind !== 'json') return undefined;
  const text = stringifyLossless(base.body.value as WireJson);
  return text === undefined ? undefined : asciiOnly(text);
}

/** JSON text with every character past ASCII written as `\uXXXX`, so its bytes read alike in any ASCII-based charset. */
const asciiOnly = (text: string) =>
  text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The ordinary JSON body with its first unbounded number member written as `1e400`, if it has one. */
function pastDoubleBody(operation: OperationModel, base: Case): string | undefined {
  if (!operation.requestBody || !sendsJson(operation) || base.body?.kind !== 'json') return undefined;
  const value = base.body.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const properties = (mergeAllOf(operation.requestBody.schema.schema).properties ?? {}) as Record<string, JsonSchema>;
  const member = Object.keys(properties).find((k) => {
    const p = mergeAllOf(properties[k]!);
    return p.type === 'number' && p.format === undefined && p.maximum === undefined && p.exclusiveMaximum === undefined;
  });
  if (member === undefined) return undefined;
  const text = stringifyLossless({ ...(value as Record<string, WireJson>), [member]: PAST_DOUBLE });
  return text?.replace(`"${PAST_DOUBLE}"`, '1e400');
}

/** Stands for `1e400` while the body is written (no double holds it), then replaced by the bare number. */
const PAST_DOUBLE = 'KIT-PAST-DOUBLE-7d41';

/**
 * The multipart body without its close delimiter (`CRLF--boundary--` and what follows), or
 * undefined when the body is no multipart one with a boundary it closes.
 */
export function unclosedMultipart(body: Case['body']): Case['body'] | undefined {
  if (body?.kind !== 'raw' || !/^multipart\//i.test(body.contentType ?? '')) return undefined;
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(body.contentType ?? '');
  const close = boundary ? `\r\n--${boundary[1] ?? boundary[2]}--` : undefined;
  const at = close === undefined ? -1 : body.text.lastIndexOf(close);
  return at > 0 ? { ...body, text: body.text.slice(0, at) } : undefined;
}
