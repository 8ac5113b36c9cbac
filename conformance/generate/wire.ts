import { isLosslessNumber, type LosslessNumber, stringify } from 'lossless-json';
import type { WireJson } from '../cases/index.js';

/** The value as JSON.parse would see it on the other side (LosslessNumbers become doubles), for ajv. */
export function toPlainJson(value: WireJson): unknown {
  // Number(text) reads the digits as JSON.parse does; LosslessNumber.valueOf() would give a bigint.
  if (isLosslessNumber(value)) return Number((value as LosslessNumber).toString());
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, WireJson>)) out[k] = toPlainJson(v);
    return out;
  }
  return value;
}

/** The text a query or path parameter carries for a generated value. */
export function parameterText(value: WireJson): string {
  if (isLosslessNumber(value)) return (value as LosslessNumber).toString();
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * JSON text of a generated value, its lossless numbers written digit for digit (JSON.stringify
 * would write a LosslessNumber as the object `{"value": …, "isLosslessNumber": true}`).
 */
export function wireJsonText(value: WireJson): string {
  return stringify(value) ?? 'null';
}
