import { parse as parseLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { canonicalInteger } from '../domain/generic/items.js';
import { integerFormFamily, integerForms, inOtherOffset, jsonSpellings, type JsonSpelling } from './json-spellings.js';

const schema = {
  type: 'object',
  required: ['name', 'categoryId'],
  properties: {
    name: { type: 'string' },
    categoryId: { type: 'integer', format: 'int64' },
    status: { type: 'string', enum: ['a', 'b'] },
  },
};

/** The value a spelling means, with numbers as canonical integer text. */
const meaning = (text: string) =>
  JSON.parse(JSON.stringify(parseLossless(text, undefined, (v) => canonicalInteger(v) ?? v)));

describe('jsonSpellings', () => {
  const body = { name: 'Rex', categoryId: 7, status: 'a' };
  const spellings = jsonSpellings(body, schema);

  it('writes whitespace, escapes (in values and names) and number forms', () => {
    const texts = spellings.map((s) => s.text).join('\n');
    expect(texts).toContain('\\/');
    expect(texts).toContain('\\u00c9');
    expect(texts).toContain('\\ud83d\\udc22');
    expect(texts).toContain('"\\u006eame"');
    expect(texts).toContain('\r\n\t');
    expect(spellings.some((s) => /^\s/.test(s.text))).toBe(true);
    expect(texts).toContain('"categoryId":-0');
    expect(texts).toContain('"categoryId":1E+2');
    expect(texts).toContain('"categoryId":1.000e2');
  });

  it('every spelling is JSON meaning the body with at most one member changed to a value the schema allows', () => {
    for (const s of spellings) {
      const value = meaning(s.text) as Record<string, unknown>;
      expect(Object.keys(value).sort()).toEqual(Object.keys(body).sort());
      for (const [k, v] of Object.entries(body)) if (k !== s.member) expect(String(value[k])).toBe(String(v));
      if (s.member === 'categoryId') expect(['0', '100']).toContain(value.categoryId);
      if (s.member === 'name') expect(['AC/DC', 'Émile Zoë', '🐢 Shelly', 'Rex']).toContain(value.name);
    }
  });

  it('names the plain writing of the same value, which differs from the spelling only in form', () => {
    for (const s of spellings) {
      expect(meaning(s.plain)).toEqual(meaning(s.text));
      expect(s.plain).not.toBe(s.text);
      expect(s.plain).toBe(JSON.stringify(JSON.parse(s.plain)));
    }
  });

  it('only integers written with a fraction or an exponent carry the integer-spelling gap', () => {
    for (const s of spellings) expect(s.edge !== undefined).toBe(/[.eE]/.test(s.text.replace(/"[^"]*"/g, '')));
  });

  it('keeps string values inside the schema lengths, and 100 inside integer bounds', () => {
    const tight = jsonSpellings(
      { name: 'Rex', n: 3 },
      {
        type: 'object',
        properties: { name: { type: 'string', maxLength: 3 }, n: { type: 'integer', minimum: 1, maximum: 9 } },
      },
    );
    for (const s of tight) {
      const value = meaning(s.text) as { name: string; n: string };
      expect(value.name.length).toBeLessThanOrEqual(3);
      expect(Number(value.n)).toBeGreaterThanOrEqual(1);
      expect(Number(value.n)).toBeLessThanOrEqual(9);
    }
  });
});

describe('integerForms', () => {
  it.each([1n, 7n, 100n, 123456789n, -40n, 9007199254740993n])('every form of %s is that integer', (n) => {
    for (const form of integerForms(n)) {
      expect(form.text).toMatch(/[.eE]/);
      expect(canonicalInteger(form.text)).toBe(n.toString());
    }
  });
});

describe('integerFormFamily', () => {
  const form = (text: string): JsonSpelling => ({
    text,
    plain: '100',
    description: text,
    edge: { gap: 'integer-spelling', description: text },
  });
  it('fails a family accepted in part, not one refused or accepted whole', () => {
    expect(
      integerFormFamily([
        { spelling: form('1e2'), status: 201 },
        { spelling: form('1.0e2'), status: 400 },
      ])?.refused.map((s) => s.text),
    ).toEqual(['1.0e2']);
    expect(
      integerFormFamily([
        { spelling: form('1e2'), status: 400 },
        { spelling: form('1.0e2'), status: 400 },
      ]),
    ).toBeUndefined();
    expect(
      integerFormFamily([
        { spelling: form('1e2'), status: 201 },
        { spelling: form('1.0e2'), status: 201 },
      ]),
    ).toBeUndefined();
    expect(
      integerFormFamily([
        { spelling: form('1e2'), status: 201 },
        { spelling: form('1.0e2'), status: 429 },
      ]),
    ).toBeUndefined();
    // dummyjson (held-out set 13): a 404 says the value names nothing (user 1000), not the spelling.
    expect(
      integerFormFamily([
        { spelling: form('1e2'), status: 201 },
        { spelling: form('1.0e2'), status: 404 },
      ]),
    ).toBeUndefined();
  });
});

describe('a date-time member in another UTC offset', () => {
  // hono-crud (held-out set 7): Zod's `.datetime()` takes only `Z`, so `"2020-01-01T00:00:00+01:00"`,
  // a date-time RFC 3339 and the spec's validators take, was refused with 400.
  const schema = {
    type: 'object',
    properties: { createdAt: { type: 'string', format: 'date-time' }, name: { type: 'string' } },
  };

  it('writes the same instant at +05:30, valid by the spec validators, with the plain body as control', () => {
    const spellings = jsonSpellings({ createdAt: '2024-02-29T23:00:00.000Z', name: 'A' }, schema).filter(
      (s) => s.member === 'createdAt',
    );
    expect(spellings.map((s) => [s.text, s.plain])).toEqual([
      [
        '{"createdAt":"2024-03-01T04:30:00.000+05:30","name":"A"}',
        '{"createdAt":"2024-02-29T23:00:00.000Z","name":"A"}',
      ],
    ]);
    expect(Date.parse('2024-03-01T04:30:00.000+05:30')).toBe(Date.parse('2024-02-29T23:00:00.000Z'));
  });

  it('leaves alone a value that is not a date-time, and a date-time already at +05:30', () => {
    expect(inOtherOffset('2024-02-29')).toBeUndefined();
    expect(inOtherOffset('2024-02-29T12:00:00Z')).toBe('2024-02-29T17:30:00+05:30');
    expect(jsonSpellings({ createdAt: 'soon' }, schema).filter((s) => s.member === 'createdAt')).toEqual([]);
  });
});
