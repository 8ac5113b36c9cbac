import { encodeSegment } from '../../spec/json/index.js';
import { isLosslessNumber } from 'lossless-json';
import type { WireJson } from '../cases/index.js';
import { type JsonSchema, mergeAllOf, integerBounds } from '../../spec/index.js';

/**
 * Integers of a value that lie outside their schema's bounds or format range, judged exactly with
 * BigInt. The spec's validator reads numbers as doubles, where 9223372036854775808 (int64 max + 1)
 * is 2^63 and passes as int64: a valid case must never carry such a value, and an invalid case
 * that carries one is still invalid. Returns JSON pointers.
 */
export function integerFaults(value: WireJson, input: JsonSchema, pointer = ''): string[] {
  if (typeof input !== 'object' || input === null) return [];
  const schema = mergeAllOf(input);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  if (types.includes('integer') && (typeof value === 'number' || isLosslessNumber(value))) {
    const text = String(value);
    if (!/^-?\d+$/.test(text)) return [];
    const n = BigInt(text);
    const { lo, hi } = integerBounds(schema);
    // Without a format, int64's ends are only where the kit's drawn values stop: the schema itself
    // bounds nothing there, and a value past them (a landmark) is as valid as any other.
    const open = schema.format === undefined;
    const below = n < lo && !(open && schema.minimum === undefined && schema.exclusiveMinimum === undefined);
    const above = n > hi && !(open && schema.maximum === undefined && schema.exclusiveMaximum === undefined);
    return below || above ? [pointer] : [];
  }
  if (Array.isArray(value)) {
    const items = schema.items;
    if (typeof items !== 'object' || items === null || Array.isArray(items)) return [];
    return value.flatMap((item, i) => integerFaults(item, items as JsonSchema, `${pointer}/${i}`));
  }
  if (value !== null && typeof value === 'object' && !isLosslessNumber(value)) {
    const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
    return Object.entries(value as Record<string, WireJson>).flatMap(([k, v]) =>
      properties[k] ? integerFaults(v, properties[k], `${pointer}/${encodeSegment(k)}`) : [],
    );
  }
  return [];
}
