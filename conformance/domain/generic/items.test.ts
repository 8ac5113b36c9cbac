import { describe, expect, it } from 'vitest';

describe('integerText', () => {
  it('canonicalises every integral spelling JSON Schema counts as an integer, keeping big digits', async () => {
    const { integerText } = await import('./items.js');
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
