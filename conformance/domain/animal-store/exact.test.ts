import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { compareNumbers } from './exact.js';

const L = (text: string) => new LosslessNumber(text);

describe('compareNumbers', () => {
  it.each([
    [1, 1, 'exact'],
    [1, L('1'), 'exact'],
    ['42', 42, 'exact'],
    ['007', 7, 'exact'],
    [L('1.0'), 1, 'exact'],
    [L('1e2'), 100, 'exact'],
    [L('-0'), 0, 'exact'],
    [L('9223372036854775807'), L('9223372036854775807'), 'exact'],
    ['-9223372036854775808', L('-9223372036854775808'), 'exact'],
    [L('9007199254740993'), L('9007199254740992'), 'same-double'],
    [L('9007199254740993'), 9007199254740992, 'same-double'],
    [L('9223372036854775807'), L('9223372036854775808'), 'same-double'],
    [1, 2, 'different'],
    [L('9007199254740993'), L('9007199254740995'), 'different'],
    [1, '1.0', 'different'],
    [1, undefined, 'different'],
    [undefined, undefined, 'different'],
    [null, 0, 'different'],
    [Number.NaN, Number.NaN, 'different'],
    [Infinity, Infinity, 'different'],
    [true, 1, 'different'],
  ] as const)('compares %o with %o: %s', (a, b, expected) => {
    expect(compareNumbers(a, b)).toBe(expected);
  });

  it('is exact for any int64 against itself, in any spelling', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (n) => {
        const text = n.toString();
        return compareNumbers(L(text), L(text)) === 'exact' && compareNumbers(text, L(text)) === 'exact';
      }),
      { seed: 11, numRuns: 200 },
    );
  });

  it('says same-double exactly for distinct int64s that one double cannot tell apart', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        fc.bigInt({ min: -4096n, max: 4096n }),
        (n, delta) => {
          fc.pre(delta !== 0n);
          const m = n + delta;
          const expected = Number(n) === Number(m) ? 'same-double' : 'different';
          return compareNumbers(L(n.toString()), L(m.toString())) === expected;
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });
});

describe('integerText', () => {
  it('canonicalises every integral spelling JSON Schema counts as an integer, keeping big digits', async () => {
    const { integerText } = await import('./ids.js');
    const { parse } = await import('lossless-json');
    const cases: [string, string | undefined][] = [
      ['1', '1'],
      ['1.0', '1'],
      ['-0', '0'],
      ['1e3', '1000'],
      ['1.50e1', '15'],
      ['2E+2', '200'],
      ['120e-1', '12'],
      ['9223372036854775807', '9223372036854775807'],
      ['9223372036854775807.000', '9223372036854775807'],
      ['1.5', undefined],
      ['1e-1', undefined],
      ['15e-1', undefined],
    ];
    for (const [text, expected] of cases) expect(integerText(parse(text)), text).toBe(expected);
    expect(integerText(7)).toBe('7');
    expect(integerText('7')).toBeUndefined();
    expect(integerText(null)).toBeUndefined();
  });
});
