import { isLosslessNumber } from 'lossless-json';
import type { EdgeReason, WireJson } from '../cases/index.js';

/** Longest string we consider an ordinary field value; beyond it a size limit is a reasonable choice. */
export const ORDINARY_STRING_LIMIT = 255;

const CONTROL = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Says whether a valid value touches a limit the contract does not show (field sizes, unknown
 * fields, integers beyond double precision). A server may refuse such a value without breaking the
 * contract; the kit reports that refusal as a contract gap instead of a failure.
 */
export function edgeOf(value: WireJson, declared: ReadonlySet<string> | undefined, pointer = ''): EdgeReason | undefined {
  if (typeof value === 'string') {
    if (value.length === 0) return { gap: 'field-size-limits', description: `${pointer || 'value'} is an empty string` };
    if (value.trim() === '') return { gap: 'field-size-limits', description: `${pointer || 'value'} is only white space` };
    if (value.length > ORDINARY_STRING_LIMIT) {
      return { gap: 'field-size-limits', description: `${pointer || 'value'} is ${value.length} UTF-16 units long` };
    }
    if (CONTROL.test(value)) return { gap: 'field-size-limits', description: `${pointer || 'value'} contains control characters` };
    if (LONE_SURROGATE.test(value)) return { gap: 'field-size-limits', description: `${pointer || 'value'} contains a lone surrogate` };
    return undefined;
  }
  if (isLosslessNumber(value)) {
    return { gap: 'integer-precision', description: `${pointer || 'value'} ${String(value)} is beyond 2^53 (RFC 8259 §6 interoperability)` };
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const edge = edgeOf(item, undefined, `${pointer}/${i}`);
      if (edge) return edge;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, WireJson>)) {
      if (declared && !declared.has(key)) return { gap: 'unknown-fields', description: `${pointer}/${key} is not a documented property` };
      const edge = edgeOf(item, undefined, `${pointer}/${key}`);
      if (edge) return edge;
    }
  }
  return undefined;
}
