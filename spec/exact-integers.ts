import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import type { JsonSchema } from './model.js';
import { encodeSegment, isObject } from './json/index.js';
import { INTEGER_FORMATS, integerFormatRange } from './integer-formats.js';

const INTEGER_TEXT = /^-?(0|[1-9][0-9]*)$/;
const INT64_MAX = INTEGER_FORMATS.int64!.hi;

/**
 * Why an integer written as `digits` is out of its schema's range, judged on the digits themselves:
 * a double cannot hold integers beyond 2^53, so `9223372036854775808` (one past int64) reads as 2^63
 * and passes every check made on doubles. Looks at `format: int64`, `minimum`, `maximum` and their
 * exclusive forms, through `allOf`. A bound spelt as 2^63 (how a double holds 9223372036854775807)
 * means the largest int64. Undefined when the value is in range, not an integer text, or small enough
 * for a double (the schema validator judges those).
 */
export function exactIntegerIssue(
  schema: JsonSchema | undefined,
  digits: string,
): { readonly keyword: string; readonly message: string } | undefined {
  if (!schema || !INTEGER_TEXT.test(digits) || Number.isSafeInteger(Number(digits))) return undefined;
  const n = BigInt(digits);
  for (const part of constraintParts(schema, 0)) {
    const range = integerFormatRange(part.format);
    if (range && (n < range.lo || n > range.hi))
      return { keyword: 'format', message: `must match format "${String(part.format)}"` };
    const max = bound(part.maximum);
    if (max !== undefined && n > max) return { keyword: 'maximum', message: `must be <= ${String(part.maximum)}` };
    const min = bound(part.minimum);
    if (min !== undefined && n < min) return { keyword: 'minimum', message: `must be >= ${String(part.minimum)}` };
    const exMax = bound(part.exclusiveMaximum);
    if (exMax !== undefined && n >= exMax)
      return { keyword: 'exclusiveMaximum', message: `must be < ${String(part.exclusiveMaximum)}` };
    const exMin = bound(part.exclusiveMinimum);
    if (exMin !== undefined && n <= exMin)
      return { keyword: 'exclusiveMinimum', message: `must be > ${String(part.exclusiveMinimum)}` };
  }
  return undefined;
}

/**
 * The first integer of a JSON text a double cannot hold whose schema's range it breaks, with its JSON
 * pointer (`/id must match format "int64"`), following `properties`, `items` and `allOf`. Undefined
 * when there is none, or the text holds no long digit run (the common case, checked first).
 */
export function exactIntegerIssueInJson(schema: JsonSchema | undefined, text: string): string | undefined {
  if (!schema || !/\d{16}/.test(text)) return undefined;
  let value: unknown;
  try {
    value = parseLossless(text);
  } catch {
    // lossless-json refuses some texts JSON.parse takes (duplicate keys): the schema validator judged them.
    return undefined;
  }
  return walk(schema, value, '', 0);
}

function walk(schema: JsonSchema, value: unknown, pointer: string, depth: number): string | undefined {
  if (depth > 32) return undefined;
  if (isLosslessNumber(value)) {
    const issue = exactIntegerIssue(schema, value.value);
    return issue === undefined ? undefined : `${pointer || '/'} ${issue.message}`;
  }
  for (const part of constraintParts(schema, 0)) {
    if (Array.isArray(value) && isObject(part.items)) {
      for (let i = 0; i < value.length; i++) {
        const found = walk(part.items as JsonSchema, value[i], `${pointer}/${i}`, depth + 1);
        if (found) return found;
      }
    } else if (isObject(value) && isObject(part.properties)) {
      for (const [name, member] of Object.entries(part.properties)) {
        if (!(name in value) || !isObject(member)) continue;
        const found = walk(member, value[name], `${pointer}/${encodeSegment(name)}`, depth + 1);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** A schema and the parts its `allOf` adds (every one of them applies). */
function constraintParts(schema: JsonSchema, depth: number): JsonSchema[] {
  const out: JsonSchema[] = [schema];
  if (depth < 8 && Array.isArray(schema.allOf))
    for (const part of schema.allOf) if (isObject(part)) out.push(...constraintParts(part as JsonSchema, depth + 1));
  return out;
}

/** A numeric bound as an exact integer, 2^63 read as the largest int64; a fractional bound is left to the validator. */
function bound(value: unknown): bigint | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  if (value === 2 ** 63) return INT64_MAX;
  return Number.isInteger(value) ? BigInt(value) : undefined;
}
