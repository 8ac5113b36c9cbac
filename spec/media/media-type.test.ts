import { describe, expect, it } from 'vitest';
import { findMediaType, mediaTypeMatches, parseMediaType, pickMediaType } from './index.js';

describe('parseMediaType', () => {
  it('lower-cases type, subtype and parameter names, unquotes values, finds the suffix', () => {
    expect(parseMediaType('Application/Problem+JSON; Charset="UTF-8"; q=0.5')).toEqual({
      type: 'application',
      subtype: 'problem+json',
      suffix: 'json',
      essence: 'application/problem+json',
      parameters: { charset: 'UTF-8', q: '0.5' },
    });
    expect(parseMediaType('multipart/form-data; boundary="a \\"b\\" c"')?.parameters).toEqual({ boundary: 'a "b" c' });
    expect(parseMediaType('text/plain;')?.essence).toBe('text/plain');
    expect(parseMediaType('*')?.essence).toBe('*/*');
  });

  it.each(['', 'json', 'application/', '/json', 'application/json; charset', 'application/json extra', 'a b/c'])(
    'rejects %j',
    (text) => {
      expect(parseMediaType(text)).toBeUndefined();
    },
  );
});

describe('mediaTypeMatches', () => {
  it.each([
    ['application/json', 'application/json', true],
    ['application/json', 'APPLICATION/JSON', true],
    ['application/json', 'application/json; charset=utf-8', true],
    ['application/problem+json', 'application/problem+json', true],
    ['application/json', 'application/problem+json', false],
    ['application/problem+json', 'application/json', false],
    ['application/*', 'application/xml', true],
    ['application/*', 'text/xml', false],
    ['*/*', 'image/png', true],
    ['*/*', 'not a type', false],
    ['application/*+json', 'application/merge-patch+json', true],
    ['application/*+json', 'application/json', true],
    ['application/*+json', 'application/xml', false],
    ['text/plain; charset=utf-8', 'text/plain; charset=UTF-8', true],
    ['text/plain; charset=utf-8', 'text/plain', true],
    ['text/plain; charset=utf-8', 'text/plain; charset=latin1', false],
    ['application/json; version=2', 'application/json; version=2', true],
    ['application/json; version=2', 'application/json', false],
    ['application/json; version=2', 'application/json; version=3', false],
    ['application/json; q=0.9', 'application/json', true],
    ['*/json', 'application/json', false],
  ] as const)('declared %j, actual %j → %s', (declared, actual, expected) => {
    expect(mediaTypeMatches(declared, actual)).toBe(expected);
  });
});

describe('pickMediaType', () => {
  it('prefers application/json, then +json, then concrete types, then ranges, then */*', () => {
    expect(pickMediaType(['application/xml', 'application/json', 'text/plain'])).toBe('application/json');
    expect(pickMediaType(['*/*', 'application/xml', 'application/problem+json'])).toBe('application/problem+json');
    expect(pickMediaType(['*/*', 'application/*', 'text/csv'])).toBe('text/csv');
    expect(pickMediaType(['*/*', 'image/*'])).toBe('image/*');
    expect(pickMediaType(['*/*'])).toBe('*/*');
    expect(pickMediaType(['application/xml', 'text/xml'])).toBe('application/xml');
    expect(pickMediaType([])).toBeUndefined();
  });
});

describe('findMediaType', () => {
  it('picks the most specific declared key that matches (OAS: text/plain overrides text/*)', () => {
    const keys = ['*/*', 'text/*', 'text/plain', 'text/plain; charset=utf-8', 'application/json'];
    expect(findMediaType(keys, 'text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(findMediaType(keys, 'text/plain; charset=latin1')).toBe('text/plain');
    expect(findMediaType(keys, 'text/csv')).toBe('text/*');
    expect(findMediaType(keys, 'image/png')).toBe('*/*');
    expect(findMediaType(['application/json'], 'application/xml')).toBeUndefined();
  });
});
