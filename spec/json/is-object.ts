import { isLosslessNumber } from 'lossless-json';

/**
 * Whether a value is a JSON object: not `null`, not an array, and not a `LosslessNumber` (the box
 * lossless-json parses a number into, which is a JSON number, not an object). The one test of its
 * kind for the spec loader, the mock, the proxy and the kit.
 *
 * A LosslessNumber is recognised by the library's own marker (a registered symbol), so an ordinary
 * object that happens to have an `isLosslessNumber` member is still an object.
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}
