import { type JsonSchema, mergeAllOf } from '../../spec/index.js';

/**
 * True for a string schema any text fits: no enum, constant, format or pattern (and, when `unbounded`
 * is asked, no `maxLength`). Only such members can be grown, re-spelled or filled with odd characters
 * and stay valid: a uuid made long, or an enum value escaped into another, would be invalid input, not
 * the edge the probe is after.
 */
export function isFreeText(input: JsonSchema | undefined, options: { readonly unbounded?: boolean } = {}): boolean {
  if (input === undefined) return false;
  const p = mergeAllOf(input);
  return (
    p.type === 'string' &&
    p.enum === undefined &&
    p.const === undefined &&
    p.format === undefined &&
    p.pattern === undefined &&
    (options.unbounded !== true || p.maxLength === undefined)
  );
}
