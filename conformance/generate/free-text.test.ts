import { describe, expect, it } from 'vitest';
import { isFreeText } from './free-text.js';

describe('isFreeText', () => {
  it('takes a plain string, inside allOf too, and nothing that constrains its text', () => {
    expect(isFreeText({ type: 'string' })).toBe(true);
    expect(isFreeText({ allOf: [{ type: 'string' }, { minLength: 1 }] })).toBe(true);
    for (const constrained of [
      { type: 'string', enum: ['a'] },
      { type: 'string', const: 'a' },
      { type: 'string', format: 'uuid' },
      { type: 'string', pattern: '^a' },
      { type: 'integer' },
      undefined,
    ])
      expect(isFreeText(constrained), JSON.stringify(constrained)).toBe(false);
  });

  it('refuses a maxLength only when an unbounded member is asked for', () => {
    expect(isFreeText({ type: 'string', maxLength: 50 })).toBe(true);
    expect(isFreeText({ type: 'string', maxLength: 50 }, { unbounded: true })).toBe(false);
  });
});
