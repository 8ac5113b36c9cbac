import fc from 'fast-check';
import type { JsonSchema } from '../model.js';
import { INTEGER_FORMATS, integerFormatRange } from '../integer-formats.js';

/**
 * Values spread over a whole range, so that a defect living in a band in the middle of it (limits
 * 37–43, names of 100–120 units, ids in [2^40, 2^50)) is met by construction rather than by chance.
 *
 * - A narrow range (at most {@link GRID_POINTS} × 16 values) is cut into {@link GRID_POINTS} equal
 *   steps, both ends included: any band wider than one step holds a point.
 * - A wide range gets one value per order of magnitude (1, 3, 10, 30, ... and their negatives where
 *   the range allows), both ends included: any band spanning a factor of about 3.2 holds one.
 */
export const GRID_POINTS = 16;

/** The inclusive integer bounds of a schema, exactly (its integer format's range when no bound is given). */
export function integerBounds(schema: JsonSchema): { lo: bigint; hi: bigint } {
  // Without a format, int64's range: what a server's integer most likely holds.
  const range = integerFormatRange(schema.format) ?? INTEGER_FORMATS.int64!;
  let lo = range.lo;
  let hi = range.hi;
  if (typeof schema.minimum === 'number') lo = maxOf(lo, BigInt(Math.ceil(schema.minimum)));
  if (typeof schema.maximum === 'number') hi = minOf(hi, BigInt(Math.floor(schema.maximum)));
  if (typeof schema.exclusiveMinimum === 'number') lo = maxOf(lo, BigInt(Math.floor(schema.exclusiveMinimum)) + 1n);
  if (typeof schema.exclusiveMaximum === 'number') hi = minOf(hi, BigInt(Math.ceil(schema.exclusiveMaximum)) - 1n);
  return { lo, hi };
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
const minOf = (a: bigint, b: bigint) => (a < b ? a : b);

/** Integers spread over [lo, hi]: a grid for a narrow range, orders of magnitude for a wide one. */
export function integerSpread(lo: bigint, hi: bigint): bigint[] {
  if (hi < lo) return [];
  const width = hi - lo;
  const out = new Set<bigint>([lo, hi]);
  if (width <= BigInt(GRID_POINTS * 16)) {
    const steps = BigInt(GRID_POINTS);
    const step = (width + steps - 1n) / steps || 1n;
    for (let v = lo; v <= hi; v += step) out.add(v);
  } else {
    for (let p = 1n; p <= 10n ** 19n; p *= 10n) {
      for (const m of [p, 3n * p]) for (const v of [m, -m]) if (v >= lo && v <= hi) out.add(v);
    }
    if (lo <= 0n && hi >= 0n) out.add(0n);
  }
  return [...out].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** String lengths spread from `min` to `max` on a geometric ladder (ratio at most `ratio`), both ends included. */
export function lengthLadder(min: number, max: number, ratio = 1.2): number[] {
  const out = new Set<number>([min, max]);
  for (let n = Math.max(1, min); n < max; n = Math.max(n + 1, Math.floor(n * ratio))) out.add(n);
  return [...out].filter((n) => n >= min && n <= max).sort((a, b) => a - b);
}

/**
 * An integer of [lo, hi] whose magnitude is drawn first (its bit length, uniformly), then the value
 * inside that magnitude: every order of magnitude is as likely as any other, and shrinking goes to
 * the smallest magnitude, then to the smallest value.
 */
export function magnitudeArbitrary(lo: bigint, hi: bigint): fc.Arbitrary<bigint> {
  const bits = (n: bigint) => (n < 0n ? -n : n).toString(2).length;
  const top = Math.max(bits(lo), bits(hi));
  return fc.integer({ min: 0, max: top }).chain((b) => {
    const from = b === 0 ? 0n : 1n << BigInt(b - 1);
    const to = b === 0 ? 0n : (1n << BigInt(b)) - 1n;
    const ranges: [bigint, bigint][] = [];
    // The positive and negative halves of this magnitude, each clipped to the range.
    if (to >= lo && from <= hi) ranges.push([maxOf(from, lo), minOf(to, hi)]);
    if (b > 0 && -from >= lo && -to <= hi) ranges.push([maxOf(-to, lo), minOf(-from, hi)]);
    if (ranges.length === 0) return fc.bigInt({ min: lo, max: hi });
    return fc.oneof(...ranges.map(([min, max]) => fc.bigInt({ min, max })));
  });
}
