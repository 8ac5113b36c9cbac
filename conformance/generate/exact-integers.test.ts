import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { integerFaults } from './exact-integers.js';
import { integerArbitrary, landmarksOf, integerBounds } from '../../spec/index.js';

const int64 = { type: 'integer', format: 'int64' };

describe('integerFaults', () => {
  it('judges int64 exactly, where doubles cannot (int64 max + 1 is 2^63 as a double)', () => {
    expect(integerFaults(new LosslessNumber('9223372036854775807'), int64)).toEqual([]);
    expect(integerFaults(new LosslessNumber('9223372036854775808'), int64)).toEqual(['']);
    expect(integerFaults(new LosslessNumber('-9223372036854775808'), int64)).toEqual([]);
    expect(integerFaults(new LosslessNumber('-9223372036854775809'), int64)).toEqual(['']);
  });
  it('walks members and items, and names the pointer', () => {
    const schema = {
      type: 'object',
      properties: {
        ids: { type: 'array', items: { type: 'integer', format: 'int32' } },
        n: { type: 'integer', maximum: 5 },
      },
    };
    expect(integerFaults({ ids: [1, 2 ** 31], n: 6 }, schema)).toEqual(['/ids/1', '/n']);
    expect(integerFaults({ ids: [1], n: 5, other: 2 ** 70 }, schema)).toEqual([]);
  });
});

describe('integer generation stays inside exact bounds', () => {
  it('a maximum written 9223372036854775807 (read as 2^63) never yields 2^63', () => {
    const schema = { type: 'integer', format: 'int64', minimum: -9223372036854775808, maximum: 9223372036854775807 };
    expect(integerBounds(schema).hi).toBe(2n ** 63n - 1n);
    for (const v of [...fc.sample(integerArbitrary(schema), { seed: 3, numRuns: 3000 }), ...landmarksOf(schema)])
      expect(integerFaults(v as never, schema)).toEqual([]);
  });
});
