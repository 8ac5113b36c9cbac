import { isObject } from '../../json/index.js';
import {
  isLosslessNumber,
  LosslessNumber,
  parse as parseLossless,
  stringify as stringifyLossless,
} from 'lossless-json';
import { enumerated, typesOf, type Schema } from './schema.js';

/** A value read from text, or why it could not be. */
export type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

/** An integer's text. Strict on purpose: " 5", "5.0", "", "1e2", "+5" and "05" are not integers. */
export const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;
/** A number's text, as JSON spells it (no leading `+`, `.5` or `5.`). */
export const NUMBER_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** Options that change how numbers are read. */
export interface CoerceOptions {
  /** Integers outside ±(2^53−1) come back as lossless-json `LosslessNumber`s instead of rounded doubles. */
  readonly exactIntegers?: boolean;
}

function readInteger(text: string, options: CoerceOptions): unknown {
  const n = Number(text);
  return options.exactIntegers === true && !Number.isSafeInteger(n) ? new LosslessNumber(text) : n;
}

function readJson(text: string, options: CoerceOptions): Coerced {
  try {
    const value =
      options.exactIntegers === true
        ? parseLossless(text, null, (t) =>
            INTEGER_TEXT.test(t) && !Number.isSafeInteger(Number(t)) ? new LosslessNumber(t) : Number(t),
          )
        : JSON.parse(text);
    return { ok: true, value };
  } catch (e) {
    return { ok: false, message: `is not valid JSON (${(e as Error).message})` };
  }
}

/**
 * Reads one primitive text as the type its schema names. Types are tried from most to least specific
 * (null, boolean, integer, number, then string), so `"5"` under `oneOf: [string, integer]` is the
 * integer 5. Nested objects and arrays (which no style can spell) are read as JSON text.
 */
export function coerce(text: string, schema: Schema, options: CoerceOptions = {}): Coerced {
  const types = typesOf(schema);
  if (types.size === 0) {
    // No type: an enum/const may still say what the text stands for.
    const members = enumerated(schema);
    const hit = members?.find((m) => m !== null && typeof m !== 'object' && String(m) === text);
    return { ok: true, value: hit !== undefined ? hit : members?.includes(null) && text === '' ? null : text };
  }
  if (types.has('null') && text === '' && !types.has('string')) return { ok: true, value: null };
  if (types.has('boolean') && (text === 'true' || text === 'false')) return { ok: true, value: text === 'true' };
  if (types.has('integer') && INTEGER_TEXT.test(text)) return { ok: true, value: readInteger(text, options) };
  if (types.has('number') && NUMBER_TEXT.test(text))
    return { ok: true, value: INTEGER_TEXT.test(text) ? readInteger(text, options) : Number(text) };
  if (types.has('string')) return { ok: true, value: text };
  if (types.has('object') || types.has('array')) {
    const json = readJson(text, options);
    if (json.ok) return json;
  }
  const wanted = [...types].join(' or ');
  return { ok: false, message: `expected ${wanted}, got ${JSON.stringify(text)}` };
}

/** Reads JSON text (for content-typed parameters and JSON parts), optionally keeping big integers exact. */
export function coerceJson(text: string, options: CoerceOptions = {}): Coerced {
  return readJson(text, options);
}

/**
 * The text a primitive takes in a style serialization: integers in full digits (never `1e+21`),
 * `null` as the empty string, LosslessNumber and bigint by their digits, and nested objects or arrays
 * as JSON (no style defines them; JSON at least reads back).
 */
export function primitiveText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (isLosslessNumber(value)) return (value as LosslessNumber).toString();
  return stringifyLossless(value) ?? '';
}

/** True for a value a style treats as an object: a JSON object ({@link isObject}) that is not bytes. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return isObject(value) && !(value instanceof Uint8Array);
}
