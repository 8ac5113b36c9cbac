import { describe, expect, it } from 'vitest';
import { parseParameter, serializeParameter, type ParameterSpec } from './index.js';

/**
 * The OpenAPI 3.1 "Style Examples" table (§4.8.12.6 in 3.1.1), row by row, both directions. The
 * parameter is `color`; the values are "" (the first column: the empty string, which the 3.1.1 table
 * heads "undefined"), "blue", ["blue","black","brown"] and {"R":100,"G":200,"B":150}. Query rows are
 * written without the leading `?`, and with the 3.1.1 percent-encoded `|`, `[`, `]`.
 */

const STRING = { type: 'string' };
const ARRAY = { type: 'array', items: { type: 'string' } };
const OBJECT = {
  type: 'object',
  properties: { R: { type: 'integer' }, G: { type: 'integer' }, B: { type: 'integer' } },
};

const EMPTY = '';
const BLUE = 'blue';
const LIST = ['blue', 'black', 'brown'];
const RGB = { R: 100, G: 200, B: 150 };

type Row = readonly [
  style: string,
  explode: boolean,
  where: ParameterSpec['in'],
  empty: string | null,
  string: string | null,
  array: string | null,
  object: string | null,
];

const TABLE: readonly Row[] = [
  ['matrix', false, 'path', ';color', ';color=blue', ';color=blue,black,brown', ';color=R,100,G,200,B,150'],
  ['matrix', true, 'path', ';color', ';color=blue', ';color=blue;color=black;color=brown', ';R=100;G=200;B=150'],
  ['label', false, 'path', '.', '.blue', '.blue,black,brown', '.R,100,G,200,B,150'],
  ['label', true, 'path', '.', '.blue', '.blue.black.brown', '.R=100.G=200.B=150'],
  ['simple', false, 'path', '', 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
  ['simple', true, 'path', '', 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ['form', false, 'query', 'color=', 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
  ['form', true, 'query', 'color=', 'color=blue', 'color=blue&color=black&color=brown', 'R=100&G=200&B=150'],
  ['spaceDelimited', false, 'query', null, null, 'color=blue%20black%20brown', 'color=R%20100%20G%20200%20B%20150'],
  ['pipeDelimited', false, 'query', null, null, 'color=blue%7Cblack%7Cbrown', 'color=R%7C100%7CG%7C200%7CB%7C150'],
  ['deepObject', true, 'query', null, null, null, 'color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150'],
];

function wire(where: ParameterSpec['in'], out: ReturnType<typeof serializeParameter>): string | undefined {
  if (where === 'path') return out.path;
  if (where === 'header') return out.header;
  if (where === 'query') return out.query?.join('&');
  return out.cookie?.join('; ');
}

describe('OpenAPI style examples table', () => {
  for (const [style, explode, where, ...cells] of TABLE) {
    const columns = [
      ['empty', EMPTY, STRING, cells[0]],
      ['string', BLUE, STRING, cells[1]],
      ['array', LIST, ARRAY, cells[2]],
      ['object', RGB, OBJECT, cells[3]],
    ] as const;
    for (const [column, value, schema, expected] of columns) {
      if (expected === null) continue;
      const p: ParameterSpec = { name: 'color', in: where, style, explode, schema };
      it(`${style} explode=${explode} ${column}: serializes to ${JSON.stringify(expected)}`, () => {
        expect(wire(where, serializeParameter(p, value))).toBe(expected);
      });
      it(`${style} explode=${explode} ${column}: parses ${JSON.stringify(expected)} back`, () => {
        expect(parseParameter(p, expected)).toEqual({ ok: true, value });
      });
    }
  }

  it('the simple style row holds for headers too', () => {
    const h = (explode: boolean, schema: Record<string, unknown>): ParameterSpec => ({
      name: 'color',
      in: 'header',
      explode,
      schema,
    });
    expect(serializeParameter(h(false, ARRAY), LIST)).toEqual({ header: 'blue,black,brown' });
    expect(serializeParameter(h(true, OBJECT), RGB)).toEqual({ header: 'R=100,G=200,B=150' });
    expect(serializeParameter(h(false, OBJECT), RGB)).toEqual({ header: 'R,100,G,200,B,150' });
    expect(parseParameter(h(false, ARRAY), 'blue, black, brown')).toEqual({ ok: true, value: LIST });
    expect(parseParameter(h(true, OBJECT), 'R=100,G=200,B=150')).toEqual({ ok: true, value: RGB });
  });

  it('the form row holds for cookies, with exploded values as separate `; ` pairs (OAS 3.1.2 Appendix D)', () => {
    const c = (explode: boolean, schema: Record<string, unknown>): ParameterSpec => ({
      name: 'color',
      in: 'cookie',
      explode,
      schema,
    });
    expect(serializeParameter(c(false, ARRAY), LIST)).toEqual({ cookie: ['color=blue,black,brown'] });
    expect(serializeParameter(c(true, ARRAY), LIST)).toEqual({ cookie: ['color=blue', 'color=black', 'color=brown'] });
    expect(serializeParameter(c(true, OBJECT), RGB)).toEqual({ cookie: ['R=100', 'G=200', 'B=150'] });
    expect(parseParameter(c(true, ARRAY), 'a=1; color=blue; color=black; color=brown')).toEqual({
      ok: true,
      value: LIST,
    });
    expect(parseParameter(c(false, OBJECT), 'color=R,100,G,200,B,150; x=y')).toEqual({ ok: true, value: RGB });
    expect(parseParameter(c(true, OBJECT), 'R=100;G=200; B=150')).toEqual({ ok: true, value: RGB });
  });

  it('accepts the unencoded delimiters of the OAS 3.1.0 table (`|`, `[`, `]`)', () => {
    expect(
      parseParameter(
        { name: 'color', in: 'query', style: 'pipeDelimited', explode: false, schema: ARRAY },
        'color=blue|black|brown',
      ),
    ).toEqual({ ok: true, value: LIST });
    expect(
      parseParameter(
        { name: 'color', in: 'query', style: 'deepObject', explode: true, schema: OBJECT },
        'color[R]=100&color[G]=200&color[B]=150',
      ),
    ).toEqual({ ok: true, value: RGB });
  });
});
