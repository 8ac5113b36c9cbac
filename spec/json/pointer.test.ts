import { describe, expect, it } from 'vitest';
import { decodeSegment, encodeSegment, pointerOf, resolve, segmentsOf } from './index.js';

describe('JSON pointer (RFC 6901)', () => {
  it('escapes ~ before / and reads ~1 before ~0, so every name round-trips', () => {
    expect(encodeSegment('/pets/{id}')).toBe('~1pets~1{id}');
    expect(encodeSegment('a~b')).toBe('a~0b');
    expect(encodeSegment('~1')).toBe('~01');
    expect(decodeSegment('~01')).toBe('~1');
    expect(decodeSegment('~10')).toBe('/0');
    for (const name of ['', '~', '/', '~/', '/~', '~0', '~1', '~01', 'a/b~c', '%2F']) {
      expect(decodeSegment(encodeSegment(name))).toBe(name);
    }
    expect(encodeSegment(3)).toBe('3');
  });

  it('builds and splits whole pointers', () => {
    expect(pointerOf([])).toBe('');
    expect(pointerOf(['paths', '/pets', 'get'])).toBe('/paths/~1pets/get');
    expect(pointerOf([''])).toBe('/');
    expect(segmentsOf('')).toEqual([]);
    expect(segmentsOf('/')).toEqual(['']);
    expect(segmentsOf('/paths/~1pets~1{id}/a~0b')).toEqual(['paths', '/pets/{id}', 'a~b']);
    expect(segmentsOf('paths')).toBeUndefined();
    const names = ['a/b', '~', 'x~1y', '0'];
    expect(segmentsOf(pointerOf(names))).toEqual(names);
  });

  it('resolves members and array items, and undefined where nothing is', () => {
    const doc = { paths: { '/pets': { get: { parameters: [{ name: 'limit' }] } } }, 'a~b': 1 };
    expect(resolve(doc, '')).toBe(doc);
    expect(resolve(doc, '/paths/~1pets/get/parameters/0/name')).toBe('limit');
    expect(resolve(doc, '/a~0b')).toBe(1);
    expect(resolve(doc, '/paths/~1pets/post')).toBeUndefined();
    expect(resolve(doc, '/a~0b/deeper')).toBeUndefined();
    expect(resolve(doc, 'paths')).toBeUndefined();
  });
});
