import { LosslessNumber, parse as parseLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { isObject } from './index.js';

describe('isObject', () => {
  it('is true for plain objects, empty or not, and null-prototype objects', () => {
    expect(isObject({})).toBe(true);
    expect(isObject({ a: 1 })).toBe(true);
    expect(isObject(Object.create(null))).toBe(true);
    // An ordinary member named like lossless-json's deprecated flag does not make a number.
    expect(isObject({ isLosslessNumber: true })).toBe(true);
  });

  it('is false for null, arrays, primitives and lossless numbers', () => {
    for (const value of [null, undefined, [], [1, 2], 'x', 0, 1n, true]) expect(isObject(value)).toBe(false);
    expect(isObject(new LosslessNumber('12345678901234567890'))).toBe(false);
    expect(isObject(parseLossless('{"n": 1}'))).toBe(true);
    expect(isObject((parseLossless('{"n": 1}') as { n: unknown }).n)).toBe(false);
  });
});
