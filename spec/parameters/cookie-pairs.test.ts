import { describe, expect, it } from 'vitest';
import { cookiePairs } from './index.js';

describe('cookiePairs: the one Cookie header reader', () => {
  it('keeps every pair in order, a repeated name too, across several headers', () => {
    expect(cookiePairs(['sid=a; theme=dark', 'sid=b']).map((p) => `${p.name}=${p.value}`)).toEqual([
      'sid=a',
      'theme=dark',
      'sid=b',
    ]);
  });

  it('unwraps a quoted value unless told to keep what was sent, and marks a pair without =', () => {
    expect(cookiePairs('k="v 1";flag')).toEqual([
      { name: 'k', value: 'v 1', hasEquals: true },
      { name: 'flag', value: '', hasEquals: false },
    ]);
    expect(cookiePairs('k="v"', false)[0]!.value).toBe('"v"');
    expect(cookiePairs(undefined)).toEqual([]);
  });
});
