import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRID_POINTS, integerBounds, integerSpread, lengthLadder, magnitudeArbitrary } from './spread.js';

describe('integerSpread', () => {
  it('a narrow range: both ends, and a point in every band wider than one step', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: GRID_POINTS * 16 }), (lo, width) => {
        const points = integerSpread(BigInt(lo), BigInt(lo + width)).map(Number);
        expect(points[0]).toBe(lo);
        expect(points.at(-1)).toBe(lo + width);
        const step = Math.ceil(width / GRID_POINTS) || 1;
        for (let from = lo; from + step <= lo + width; from++)
          expect(points.some((p) => p >= from && p <= from + step)).toBe(true);
      }),
    );
  });

  it('a wide range: one value per order of magnitude on each side, within the range', () => {
    const points = integerSpread(-(2n ** 63n), 2n ** 63n - 1n);
    for (let k = 0n; k <= 18n; k++) {
      expect(points).toContain(10n ** k);
      expect(points).toContain(-(10n ** k));
    }
    expect(points.every((p) => p >= -(2n ** 63n) && p <= 2n ** 63n - 1n)).toBe(true);
    expect(integerSpread(1n, 10n ** 12n).filter((p) => p >= 10n ** 9n && p < 10n ** 12n).length).toBeGreaterThanOrEqual(
      3,
    );
  });
});

describe('integerBounds', () => {
  it('is exact: format ranges cap bounds written as doubles', () => {
    expect(integerBounds({ type: 'integer', format: 'int64', maximum: 9223372036854775807 })).toEqual({
      lo: -(2n ** 63n),
      hi: 2n ** 63n - 1n,
    });
    expect(integerBounds({ type: 'integer', minimum: 1, exclusiveMaximum: 101 })).toEqual({ lo: 1n, hi: 100n });
  });
});

describe('magnitudeArbitrary', () => {
  it('reaches every order of magnitude about equally, inside the range', () => {
    const values = fc.sample(magnitudeArbitrary(-(2n ** 63n), 2n ** 63n - 1n), { seed: 7, numRuns: 4000 });
    const bits = new Set(values.map((v) => (v < 0n ? -v : v).toString(2).length));
    expect(bits.size).toBeGreaterThan(60);
    expect(values.filter((v) => v >= 10n ** 9n && v < 10n ** 12n).length).toBeGreaterThan(40);
    const small = fc.sample(magnitudeArbitrary(1n, 100n), { seed: 7, numRuns: 1000 });
    expect(small.every((v) => v >= 1n && v <= 100n)).toBe(true);
    expect(small.filter((v) => v >= 37n && v <= 43n).length).toBeGreaterThan(20);
  });
});

describe('lengthLadder', () => {
  it('climbs from min to max by at most the ratio', () => {
    const ladder = lengthLadder(33, 2000, 1.2);
    expect(ladder[0]).toBe(33);
    expect(ladder.at(-1)).toBe(2000);
    for (let i = 1; i < ladder.length; i++) expect(ladder[i]! / ladder[i - 1]!).toBeLessThanOrEqual(1.21);
    expect(ladder.some((n) => n >= 100 && n <= 120)).toBe(true);
  });
});
