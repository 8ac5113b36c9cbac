import { describe, expect, it } from 'vitest';
import { patternValue } from './pattern-value.js';

describe('patternValue', () => {
  it('draws a value the pattern accepts: classes, counts, groups, alternatives, escapes, lookarounds', () => {
    for (const pattern of [
      '^ME[0-9a-fA-F]{32}$',
      '^[A-Z]{3}$',
      '^(\\+|00)?[1-9]\\d{6,14}$',
      '^[^@]+@[^@]+$',
      '^#?([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$',
      '^(?!x)[a-z]+$',
      '\\p{L}+',
    ]) {
      const value = patternValue(pattern);
      expect(value, pattern).toBeDefined();
      expect(new RegExp(pattern, 'u').test(value!), `${pattern} ~ ${value}`).toBe(true);
    }
  });

  it('gives the same value for the same pattern, with the least length asked', () => {
    expect(patternValue('^[a-z]{2,40}$', 12)).toBe(patternValue('^[a-z]{2,40}$', 12));
    expect([...patternValue('^[a-z]{2,40}$', 12)!].length).toBeGreaterThanOrEqual(12);
  });

  it('answers undefined where no string fits', () => {
    expect(patternValue('^(?=a)b$')).toBeUndefined();
    expect(patternValue('([')).toBeUndefined();
  });
});
