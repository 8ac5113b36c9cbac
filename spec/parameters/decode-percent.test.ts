import { describe, expect, it } from 'vitest';
import { decodePercent } from './decode-percent.js';

describe('decodePercent', () => {
  it('decodes escapes, UTF-8 included', () => {
    expect(decodePercent('a%20b%2Fc%C3%A9')).toBe('a b/cé');
  });

  it('returns text with a malformed escape as it is, instead of throwing', () => {
    expect(decodePercent('%E0%A4%A')).toBe('%E0%A4%A');
    expect(decodePercent('100%')).toBe('100%');
  });
});
