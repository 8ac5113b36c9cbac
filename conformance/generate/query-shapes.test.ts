import { describe, expect, it } from 'vitest';
import { queryShapes } from './query-shapes.js';

describe('queryShapes', () => {
  const pairs: [string, string][] = [
    ['limit', '2'],
    ['status', 'sold'],
  ];
  const shapes = queryShapes(pairs);

  it('has empty pairs, encoded names and values, and a semicolon', () => {
    const byId = Object.fromEntries(shapes.map((s) => [s.id, s.text]));
    expect(byId['trailing-empty-pair']).toBe('limit=2&status=sold&');
    expect(byId['leading-empty-pair']).toBe('&limit=2&status=sold');
    expect(byId['inner-empty-pair']).toBe('limit=2&&status=sold');
    expect(byId['encoded-name']).toBe('%6Cimit=2&%73tatus=sold');
    expect(byId['encoded-value']).toBe('limit=%32&status=%73%6F%6C%64');
    expect(byId['encoded-value-lower-hex']).toBe('limit=%32&status=%73%6f%6c%64');
    expect(byId.semicolon).toBe('limit=2&status=sold&;');
  });

  it('every shape but the semicolon means the same pairs to a form-urlencoded parser (WHATWG)', () => {
    for (const shape of shapes.filter((s) => !s.withoutKeyOnly))
      expect([...new URLSearchParams(shape.text)]).toEqual(pairs);
  });

  it('only empty pairs may be refused (a gap); percent-encoding is equivalence (RFC 3986 §2.3)', () => {
    expect(shapes.filter((s) => s.edge).map((s) => s.id)).toEqual([
      'trailing-empty-pair',
      'leading-empty-pair',
      'inner-empty-pair',
    ]);
  });

  it('encodes reserved and non-ASCII text, and nothing for no pairs', () => {
    expect(queryShapes([['q', 'a b&é']]).find((s) => s.id === 'encoded-value')!.text).toBe('q=%61%20%62%26%C3%A9');
    expect(queryShapes([])).toEqual([]);
  });
});

describe('queryShapes: delimiters of a form array', () => {
  // `subType=AIRPORT,CITY` (style form, explode false): the comma separates the items, and a
  // percent-encoded comma is data, not a delimiter (RFC 3986 §2.2): `AIRPORT%2CCITY` is one item
  // no enum holds (issue 21: amadeus.com's airport & city search refused it, rightly).
  const shapes = queryShapes([['subType', 'AIRPORT,CITY']]);

  it('every shape keeps the comma as it is', () => {
    for (const shape of shapes) expect(shape.text, shape.id).toContain(',');
    expect(shapes.every((s) => !/%2C/i.test(s.text))).toBe(true);
    const byId = Object.fromEntries(shapes.map((s) => [s.id, s.text]));
    expect(byId['encoded-name']).toBe('%73ubType=AIRPORT,CITY');
    expect(byId['encoded-value']).toBe('subType=%41%49%52%50%4F%52%54,%43%49%54%59');
  });
});
