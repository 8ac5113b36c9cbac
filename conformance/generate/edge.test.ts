import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { edgeOf, ORDINARY_STRING_LIMIT } from './edge.js';
import { wireInteger } from '../../spec/index.js';

const DECLARED = new Set(['name', 'categoryId', 'status']);

describe('edgeOf', () => {
  it.each([
    ['', 'field-size-limits', 'empty string'],
    [' ', 'field-size-limits', 'white space'],
    ['\t\n ', 'field-size-limits', 'white space'],
    ['x'.repeat(256), 'field-size-limits', '256 UTF-16 units'],
    ['x'.repeat(ORDINARY_STRING_LIMIT + 1), 'field-size-limits', `${ORDINARY_STRING_LIMIT + 1} UTF-8 bytes`],
    ['é'.repeat(ORDINARY_STRING_LIMIT / 2 + 1), 'field-size-limits', `${ORDINARY_STRING_LIMIT + 2} UTF-8 bytes`],
    ['🐢'.repeat(ORDINARY_STRING_LIMIT / 4 + 1), 'field-size-limits', `${ORDINARY_STRING_LIMIT + 4} UTF-8 bytes`],
    ['Rex\u0000', 'field-size-limits', 'control characters'],
    ['a\u001fb', 'field-size-limits', 'control characters'],
    ['del\u007f', 'field-size-limits', 'control characters'],
    ['bad \ud800 high', 'field-size-limits', 'lone surrogate'],
    ['bad \udc00 low', 'field-size-limits', 'lone surrogate'],
    ['end \ud83d', 'field-size-limits', 'lone surrogate'],
  ])('labels %j', (value, gap, words) => {
    const edge = edgeOf(value, undefined, '/body/name');
    expect(edge?.gap).toBe(gap);
    expect(edge?.description).toContain(words);
    expect(edge?.description).toContain('/body/name');
  });

  it('labels an empty list as refusable with a documented status only, and leaves a filled one alone', () => {
    expect(edgeOf({ items: [] }, new Set(['items']), '/body')).toEqual({
      gap: 'field-size-limits',
      description: '/body/items is an empty list',
      documentedRefusalOnly: true,
    });
    expect(edgeOf({ items: [1] }, new Set(['items']), '/body')).toBeUndefined();
    expect(edgeOf([], undefined, '/body')).toMatchObject({ description: '/body is an empty list' });
  });

  it('labels integers beyond 2^53, and names the value', () => {
    for (const text of ['9007199254740992', '9223372036854775807', '-9223372036854775808']) {
      const edge = edgeOf({ categoryId: new LosslessNumber(text) }, DECLARED, '/body');
      expect(edge).toEqual({
        gap: 'integer-precision',
        description: `/body/categoryId ${text} is beyond 2^53 (RFC 8259 §6 interoperability)`,
      });
    }
  });

  it('labels an unknown field of the top-level object only', () => {
    expect(edgeOf({ name: 'Rex', categoryId: 1, nickname: 'R' }, DECLARED, '/body')).toEqual({
      gap: 'unknown-fields',
      description: '/body/nickname is not a documented property',
      documentedRefusalOnly: true,
    });
    expect(edgeOf({ name: 'Rex', categoryId: 1 }, DECLARED, '/body')).toBeUndefined();
    expect(edgeOf({ name: 'Rex', nested: { anything: 1 } }, undefined)).toBeUndefined();
  });

  it('looks inside arrays and nested objects', () => {
    expect(edgeOf(['ok', ''], undefined, '/q')?.description).toContain('/q/1');
    expect(edgeOf({ a: { b: 'x'.repeat(300) } }, undefined)?.description).toContain('/a/b');
  });

  it('does not label ordinary values', () => {
    for (const value of [
      'Rex',
      'Émile',
      '小白',
      '🐢 Shelly',
      'O\'Brien "Bob"',
      'a'.repeat(ORDINARY_STRING_LIMIT),
      'é'.repeat(ORDINARY_STRING_LIMIT / 2),
      '𝔘'.repeat(ORDINARY_STRING_LIMIT / 4),
      0,
      -1,
      2 ** 53 - 1,
      -(2 ** 53) + 1,
      true,
      null,
      [],
      {},
    ]) {
      expect(edgeOf(value, undefined)).toBeUndefined();
    }
    expect(edgeOf({ name: 'Rex', categoryId: 9007199254740991, status: 'sold' }, DECLARED)).toBeUndefined();
  });

  it('labels a printable, non-blank string exactly when it is longer than the ordinary limit in UTF-8', () => {
    const printable = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 24 })
      .filter((s) => s.trim() !== '' && !/[\u0000-\u001f\u007f]/.test(s));
    fc.assert(
      fc.property(
        printable,
        (s) => (edgeOf(s, undefined) !== undefined) === Buffer.byteLength(s, 'utf8') > ORDINARY_STRING_LIMIT,
      ),
      { seed: 7, numRuns: 300 },
    );
  });

  it('labels a string within maxLength in characters but past it in UTF-16 units, to be refused only as documented', () => {
    // hono-notes (held-out set 52): 101 astral characters under maxLength 200 refused with 400 (zod counts units).
    const edge = edgeOf('🐢'.repeat(101), undefined, '/body/title', { type: 'string', maxLength: 200 });
    expect(edge).toMatchObject({ gap: 'field-size-limits', documentedRefusalOnly: true });
    expect(edge?.description).toContain('101 characters, within maxLength 200, but 202 UTF-16 units');
    // Within maxLength in both counts: no edge at all.
    expect(edgeOf('🐢'.repeat(100), undefined, '/body/title', { type: 'string', maxLength: 200 })).toBeUndefined();
    expect(edgeOf('a'.repeat(20), undefined, '/body/title', { type: 'string', maxLength: 200 })).toBeUndefined();
  });

  it('labels exactly the generated integers that lose precision as doubles', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (n) => {
        const beyond = n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER);
        return (edgeOf(wireInteger(n), undefined)?.gap === 'integer-precision') === beyond;
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('counts written as text', () => {
  it('digits past 2^53−1 are the integer-precision edge, as the JSON number is', () => {
    expect(edgeOf('9007199254740993', undefined, 'query.page')).toMatchObject({ gap: 'integer-precision' });
    expect(edgeOf('-9007199254740993', undefined, 'query.page')).toMatchObject({ gap: 'integer-precision' });
    expect(edgeOf('9007199254740991', undefined, 'query.page')).toBeUndefined();
    expect(edgeOf('12', undefined, 'query.page')).toBeUndefined();
  });
});

describe('e-mail addresses many validators refuse (held-out set 36)', () => {
  const email = { type: 'string', format: 'email' };
  it('are edges: characters beyond letters, digits and . _ % + - before the @', () => {
    expect(edgeOf('!a@a.aa', undefined, '/body/email', email)?.gap).toBe('format-edges');
    expect(edgeOf('"q"@example.com', undefined, '/body/email', email)?.gap).toBe('format-edges');
  });
  it('an ordinary address, or a string without the format, is no edge', () => {
    expect(edgeOf('maya.jensen+kit@example.com', undefined, '/body/email', email)).toBeUndefined();
    expect(edgeOf('a@a.aa', undefined, '/body/email', email)).toBeUndefined();
    expect(edgeOf('!a@a.aa', undefined, '/body/email', { type: 'string' })).toBeUndefined();
  });
});

describe('edgeOf: a number written with an exponent in a path or query (held-out set 128)', () => {
  it('is a format edge for a number or integer schema, refused only with a documented status', () => {
    for (const type of ['number', 'integer'])
      expect(edgeOf('5e-324', undefined, 'path.id', { type })).toMatchObject({
        gap: 'format-edges',
        documentedRefusalOnly: true,
      });
    expect(edgeOf('5e-324', undefined, 'path.id', { type: 'string' })).toBeUndefined();
    expect(edgeOf('42', undefined, 'path.id', { type: 'number' })).toBeUndefined();
    // As the generator holds it: a number, written out as JavaScript writes it.
    expect(edgeOf(5e-324, undefined, 'path.id', { type: 'number' })).toMatchObject({ gap: 'format-edges' });
    expect(edgeOf(5e-324, undefined, '/body/price', { type: 'number' })).toBeUndefined();
  });
});
