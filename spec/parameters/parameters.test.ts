import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseParameter, serializeParameter, toParameterSpec, type ParameterSpec } from './index.js';

const q = (schema: Record<string, unknown>, extra: Partial<ParameterSpec> = {}): ParameterSpec => ({
  name: 'q',
  in: 'query',
  schema,
  ...extra,
});
const path = (schema: Record<string, unknown>, extra: Partial<ParameterSpec> = {}): ParameterSpec => ({
  name: 'id',
  in: 'path',
  schema,
  ...extra,
});
const STRING = { type: 'string' };

describe('percent-encoding', () => {
  it('encodes everything outside RFC 3986 unreserved, as UTF-8', () => {
    expect(serializeParameter(q(STRING), 'a b+c&d=e,f~g.h-i_j')).toEqual({
      query: ['q=a%20b%2Bc%26d%3De%2Cf~g.h-i_j'],
    });
    expect(serializeParameter(path(STRING), 'é/😀?#')).toEqual({ path: '%C3%A9%2F%F0%9F%98%80%3F%23' });
    expect(serializeParameter(q(STRING), "!'()*")).toEqual({ query: ['q=%21%27%28%29%2A'] });
  });

  it('encodes a comma inside an item but not the delimiter, and reads both back', () => {
    const p = q({ type: 'array', items: STRING }, { explode: false });
    expect(serializeParameter(p, ['a,b', 'c'])).toEqual({ query: ['q=a%2Cb,c'] });
    expect(parseParameter(p, 'q=a%2Cb,c')).toEqual({ ok: true, value: ['a,b', 'c'] });
  });

  it('never throws on lone surrogates: they go out as U+FFFD (%EF%BF%BD)', () => {
    expect(serializeParameter(q(STRING), 'a\uD800b')).toEqual({ query: ['q=a%EF%BF%BDb'] });
    expect(serializeParameter(path(STRING), '\uDC00')).toEqual({ path: '%EF%BF%BD' });
    expect(serializeParameter({ name: 'h', in: 'header', schema: STRING }, 'x\uD83D')).toEqual({
      header: 'x%EF%BF%BD',
    });
    // JSON text escapes it (`\ud800`, as well-formed JSON.stringify does), so content-typed values keep it exactly.
    const json = q({ type: 'object' }, { contentType: 'application/json' });
    expect(serializeParameter(json, { k: '\uD800' }).query).toEqual(['q=%7B%22k%22%3A%22%5Cud800%22%7D']);
    expect(parseParameter(json, 'q=%7B%22k%22%3A%22%5Cud800%22%7D')).toEqual({ ok: true, value: { k: '\uD800' } });
    expect(parseParameter(q(STRING), 'q=a%EF%BF%BDb')).toEqual({ ok: true, value: 'a\uFFFDb' });
  });

  it('reads `+` as a space in queries (OAS 3.1.1 form-urlencoded decoding) but literally in paths and cookies', () => {
    expect(parseParameter(q(STRING), 'q=a+b%2Bc')).toEqual({ ok: true, value: 'a b+c' });
    expect(parseParameter(path(STRING), 'a+b')).toEqual({ ok: true, value: 'a+b' });
    expect(parseParameter({ name: 'c', in: 'cookie', schema: STRING }, 'c=a+b')).toEqual({ ok: true, value: 'a+b' });
  });

  it('reports malformed percent-encoding and non-UTF-8 bytes instead of throwing', () => {
    for (const raw of ['q=%zz', 'q=%', 'q=%E0%A4', 'q=%FF']) {
      const r = parseParameter(q(STRING), raw);
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.message).toMatch(
          /^query parameter 'q' has (malformed percent-encoding|percent-encoded bytes are not valid UTF-8)/,
        );
    }
    expect(parseParameter(path(STRING), '%2').ok).toBe(false);
  });

  it('allowReserved lets query-safe reserved characters and %XX triplets through, still encoding []#&=+ and space', () => {
    const p = q(STRING, { allowReserved: true });
    expect(serializeParameter(p, "a/b?c:d@e!$'()*,;")).toEqual({ query: ["q=a/b?c:d@e!$'()*,;"] });
    expect(serializeParameter(p, 'x%2By [a]#&=+ %')).toEqual({ query: ['q=x%2By%20%5Ba%5D%23%26%3D%2B%20%25'] });
    expect(parseParameter(p, "q=a/b?c:d@e!$'()*,;")).toEqual({ ok: true, value: "a/b?c:d@e!$'()*,;" });
  });

  it('allowReserved has no effect outside the query', () => {
    expect(serializeParameter(path(STRING, { allowReserved: true }), 'a/b')).toEqual({ path: 'a%2Fb' });
  });

  it('does not percent-encode or decode header values (OAS 3.1.2 Appendix D)', () => {
    const h: ParameterSpec = { name: 'X-Rate', in: 'header', schema: STRING };
    expect(serializeParameter(h, '50% off, "now"')).toEqual({ header: '50% off, "now"' });
    expect(parseParameter(h, '50%zz')).toEqual({ ok: true, value: '50%zz' });
  });
});

describe('strict type conversion', () => {
  const int = q({ type: 'integer' });
  it.each([' 5', '5 ', '5.0', '', '1e2', '+5', '05', '0x10', 'five', '5n'])('%j is not an integer', (text) => {
    const r = parseParameter(int, `q=${encodeURIComponent(text)}`);
    expect(r).toEqual({ ok: false, message: `query parameter 'q' expected integer, got ${JSON.stringify(text)}` });
  });

  it.each([
    ['-1.5e3', -1500],
    ['0', 0],
    ['-0.25', -0.25],
    ['1E+2', 100],
  ])('%j is the number %d', (text, n) => {
    expect(parseParameter(q({ type: 'number' }), `q=${encodeURIComponent(text)}`)).toEqual({ ok: true, value: n });
  });

  it.each(['.5', '5.', '1e', 'NaN', 'Infinity', '--1'])('%j is not a number', (text) => {
    expect(parseParameter(q({ type: 'number' }), `q=${encodeURIComponent(text)}`).ok).toBe(false);
  });

  it('booleans are exactly "true" or "false"', () => {
    expect(parseParameter(q({ type: 'boolean' }), 'q=true')).toEqual({ ok: true, value: true });
    expect(parseParameter(q({ type: 'boolean' }), 'q=TRUE').ok).toBe(false);
    expect(parseParameter(q({ type: 'boolean' }), 'q=1').ok).toBe(false);
  });

  it('type arrays: ["integer","null"] reads "" as null; ["string","null"] keeps ""', () => {
    expect(parseParameter(q({ type: ['integer', 'null'] }), 'q=')).toEqual({ ok: true, value: null });
    expect(parseParameter(q({ type: ['string', 'null'] }), 'q=')).toEqual({ ok: true, value: '' });
    expect(
      parseParameter(q({ type: 'array', items: { type: ['integer', 'null'] } }, { explode: false }), 'q=1,,3'),
    ).toEqual({ ok: true, value: [1, null, 3] });
  });

  it('oneOf/anyOf of primitives: the most specific type that fits wins', () => {
    const p = q({ anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }] });
    expect(parseParameter(p, 'q=5')).toEqual({ ok: true, value: 5 });
    expect(parseParameter(p, 'q=false')).toEqual({ ok: true, value: false });
    expect(parseParameter(p, 'q=five')).toEqual({ ok: true, value: 'five' });
    expect(parseParameter(q({ oneOf: [{ type: 'integer' }, { type: 'boolean' }] }), 'q=x').ok).toBe(false);
  });

  it('enums without a type give back the enum member', () => {
    expect(parseParameter(q({ enum: [1, 2, 'three'] }), 'q=2')).toEqual({ ok: true, value: 2 });
  });

  it('array items and object members are converted by items / properties / additionalProperties', () => {
    const arr = q({ type: 'array', items: { type: 'integer' } });
    expect(parseParameter(arr, 'q=1&q=2&x=3&q=-4')).toEqual({ ok: true, value: [1, 2, -4] });
    const err = parseParameter(arr, 'q=1&q=two');
    expect(err).toEqual({ ok: false, message: `query parameter 'q' expected integer, got "two"` });
    const obj = path(
      { type: 'object', properties: { n: { type: 'number' } }, additionalProperties: { type: 'boolean' } },
      { explode: true },
    );
    expect(parseParameter(obj, 'n=1.5,flag=true')).toEqual({ ok: true, value: { n: 1.5, flag: true } });
  });

  it('integers beyond 2^53 are read exactly when asked (exactIntegers)', () => {
    const r = parseParameter(path({ type: 'integer' }), '9223372036854775807', { exactIntegers: true });
    expect(r.ok && String(r.value)).toBe('9223372036854775807');
    expect(parseParameter(path({ type: 'integer' }), '9223372036854775807')).toEqual({
      ok: true,
      value: 9223372036854775807,
    });
  });

  it('serializes integers in full digits, never with an exponent', () => {
    expect(serializeParameter(path({ type: 'integer' }), 1e21)).toEqual({ path: '1000000000000000000000' });
    expect(serializeParameter(path({ type: 'integer' }), 2n ** 64n)).toEqual({ path: '18446744073709551616' });
  });
});

describe('presence and repetition', () => {
  it('an absent parameter is { ok: true, value: undefined }', () => {
    expect(parseParameter(q(STRING), 'x=1')).toEqual({ ok: true, value: undefined });
    expect(parseParameter(q({ type: 'array', items: STRING }), '')).toEqual({ ok: true, value: undefined });
    expect(parseParameter(q({ type: 'object', properties: { a: STRING } }, { style: 'deepObject' }), 'b=1')).toEqual({
      ok: true,
      value: undefined,
    });
    expect(parseParameter({ name: 'c', in: 'cookie', schema: STRING }, 'd=1')).toEqual({ ok: true, value: undefined });
  });

  it('a single-valued parameter given twice is a fault', () => {
    expect(parseParameter(q(STRING), 'q=a&q=b')).toEqual({
      ok: false,
      message: `query parameter 'q' is given 2 times; style form with explode true expects it once`,
    });
    expect(parseParameter(q({ type: 'array', items: STRING }, { explode: false }), 'q=a&q=b').ok).toBe(false);
  });

  it('a name without "=" is an empty value', () => {
    expect(parseParameter(q(STRING), 'q')).toEqual({ ok: true, value: '' });
  });

  it('undefined, [] and {} serialize to nothing (RFC 6570 "undefined")', () => {
    expect(serializeParameter(q(STRING), undefined)).toEqual({ query: [] });
    expect(serializeParameter(q({ type: 'array' }), [])).toEqual({ query: [] });
    expect(serializeParameter({ name: 'c', in: 'cookie', schema: {} }, {})).toEqual({ cookie: [] });
    expect(serializeParameter({ name: 'h', in: 'header', schema: {} }, undefined)).toEqual({});
    expect(serializeParameter(path({ type: 'array' }, { style: 'label' }), [])).toEqual({ path: '' });
    expect(parseParameter(path({ type: 'array' }, { style: 'label' }), '')).toEqual({ ok: true, value: [] });
    expect(parseParameter(path({ type: 'array' }), '')).toEqual({ ok: true, value: [] });
  });
});

describe('style syntax faults', () => {
  it('label and matrix values must carry their prefix and name', () => {
    expect(parseParameter(path(STRING, { style: 'label' }), 'blue')).toEqual({
      ok: false,
      message: `path parameter 'id' must start with '.' (label style), got "blue"`,
    });
    expect(parseParameter(path(STRING, { style: 'matrix' }), 'blue').ok).toBe(false);
    expect(parseParameter(path(STRING, { style: 'matrix' }), ';other=blue')).toEqual({
      ok: false,
      message: `path parameter 'id' expected ';id=…', got ';other'`,
    });
  });

  it('non-exploded objects need key/value pairs, exploded ones need "="', () => {
    expect(parseParameter(path({ type: 'object' }), 'a,1,b').ok).toBe(false);
    expect(parseParameter(path({ type: 'object' }, { explode: true }), 'a=1,b').ok).toBe(false);
  });
});

describe('deepObject', () => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'integer' },
      nested: { type: 'object', properties: { x: { type: 'boolean' } } },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };
  const p = q(schema, { style: 'deepObject', explode: true });

  it('nests with name[a][b] and repeats keys for arrays (qs convention; the spec leaves these undefined)', () => {
    const value = { a: 1, nested: { x: true }, tags: ['p q', 'r'] };
    const out = serializeParameter(p, value);
    expect(out).toEqual({ query: ['q%5Ba%5D=1', 'q%5Bnested%5D%5Bx%5D=true', 'q%5Btags%5D=p%20q', 'q%5Btags%5D=r'] });
    expect(parseParameter(p, out.query!.join('&'))).toEqual({ ok: true, value });
  });

  it('rejects malformed keys and duplicates', () => {
    expect(parseParameter(p, 'q[a=1').ok).toBe(false);
    expect(parseParameter(p, 'q[a]=1&q[a]=2').ok).toBe(false);
    expect(parseParameter(p, 'q=1').ok).toBe(false);
  });

  it('keeps a member called __proto__ as a plain member', () => {
    const r = parseParameter(q({ type: 'object' }, { style: 'deepObject' }), 'q[__proto__]=x');
    expect(r.ok && Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    expect(r.ok && Object.hasOwn(r.value as object, '__proto__')).toBe(true);
  });
});

describe('exploded form objects', () => {
  it('pick declared properties when the schema is closed, everything else named otherwise', () => {
    const closed = q({ type: 'object', properties: { R: { type: 'integer' }, G: { type: 'integer' } } });
    expect(parseParameter(closed, 'R=1&page=2&G=3')).toEqual({ ok: true, value: { R: 1, G: 3 } });
    const open = q({ type: 'object', additionalProperties: { type: 'integer' } });
    expect(parseParameter(open, 'R=1&page=2&G=3', { otherParameterNames: ['page'] })).toEqual({
      ok: true,
      value: { R: 1, G: 3 },
    });
  });
});

describe('content-typed parameters', () => {
  it('JSON text, percent-encoded as one value (the OAS "coordinates" example)', () => {
    const spec = toParameterSpec({
      in: 'query',
      name: 'coordinates',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['lat', 'long'],
            properties: { lat: { type: 'number' }, long: { type: 'number' } },
          },
        },
      },
    })!;
    expect(spec.contentType).toBe('application/json');
    const out = serializeParameter(spec, { lat: 52.5, long: 13.4 });
    expect(out).toEqual({ query: ['coordinates=%7B%22lat%22%3A52.5%2C%22long%22%3A13.4%7D'] });
    expect(parseParameter(spec, out.query![0]!)).toEqual({ ok: true, value: { lat: 52.5, long: 13.4 } });
    expect(parseParameter(spec, 'coordinates=%7Bnope').ok).toBe(false);
  });

  it('header content is sent as JSON text without percent-encoding', () => {
    const h: ParameterSpec = { name: 'X-Filter', in: 'header', schema: {}, contentType: 'application/json' };
    expect(serializeParameter(h, { a: [1, 'b c'] })).toEqual({ header: '{"a":[1,"b c"]}' });
    expect(parseParameter(h, ' {"a":[1,"b c"]} ')).toEqual({ ok: true, value: { a: [1, 'b c'] } });
  });

  it('text/plain content is the string itself', () => {
    const c: ParameterSpec = { name: 'session', in: 'cookie', schema: STRING, contentType: 'text/plain' };
    expect(serializeParameter(c, 'a b;c')).toEqual({ cookie: ['session=a%20b%3Bc'] });
    expect(parseParameter(c, 'x=1; session=a%20b%3Bc')).toEqual({ ok: true, value: 'a b;c' });
  });
});

describe('cookies', () => {
  it('unwrap a DQUOTE-wrapped cookie-value (RFC 6265)', () => {
    expect(parseParameter({ name: 'c', in: 'cookie', schema: { type: 'integer' } }, 'c="42"')).toEqual({
      ok: true,
      value: 42,
    });
  });
});

describe('toParameterSpec', () => {
  it('copies style, explode and allowReserved, and rejects unknown locations', () => {
    expect(
      toParameterSpec({
        name: 'a',
        in: 'query',
        style: 'pipeDelimited',
        explode: false,
        allowReserved: true,
        schema: { type: 'array' },
      }),
    ).toEqual({
      name: 'a',
      in: 'query',
      style: 'pipeDelimited',
      explode: false,
      allowReserved: true,
      schema: { type: 'array' },
    });
    expect(toParameterSpec({ name: 'a', in: 'body' })).toBeUndefined();
    expect(toParameterSpec({ in: 'query' })).toBeUndefined();
  });

  it('a style the location does not allow falls back to the default', () => {
    expect(serializeParameter({ name: 'q', in: 'query', style: 'matrix', schema: {} }, ['a', 'b'])).toEqual({
      query: ['q=a', 'q=b'],
    });
  });
});

describe('robustness', () => {
  it('parseParameter never throws, whatever the raw text, style or schema', () => {
    const schemas = [
      STRING,
      { type: 'integer' },
      { type: 'array', items: { type: 'number' } },
      { type: 'object', properties: { a: { type: 'boolean' } } },
      { type: 'object' },
    ];
    const specs: ParameterSpec[] = [];
    for (const schema of schemas) {
      for (const [where, style] of [
        ['path', 'simple'],
        ['path', 'label'],
        ['path', 'matrix'],
        ['query', 'form'],
        ['query', 'spaceDelimited'],
        ['query', 'pipeDelimited'],
        ['query', 'deepObject'],
        ['header', 'simple'],
        ['cookie', 'form'],
      ] as const) {
        for (const explode of [false, true]) specs.push({ name: 'p', in: where, style, explode, schema });
      }
      specs.push({ name: 'p', in: 'query', schema, contentType: 'application/json' });
    }
    const raw = fc.string({
      unit: fc.constantFrom(
        'p',
        '=',
        '&',
        ';',
        ',',
        '.',
        '%',
        '2',
        'F',
        '[',
        ']',
        '+',
        ' ',
        '|',
        '"',
        'a',
        '1',
        '\uD800',
        'é',
      ),
      maxLength: 24,
    });
    fc.assert(
      fc.property(fc.constantFrom(...specs), raw, (spec, text) => {
        const r = parseParameter(spec, text);
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) expect(r.message).toContain(`parameter 'p'`);
      }),
      { seed: 7, numRuns: 3000 },
    );
  });

  it('terminates on recursive (cyclic) schemas', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node['properties'] as Record<string, unknown>)['child'] = node;
    (node as { oneOf?: unknown[] }).oneOf = [node];
    const p = q(node, { style: 'deepObject' });
    expect(parseParameter(p, 'q[child][child][child]={}')).toEqual({
      ok: true,
      value: { child: { child: { child: {} } } },
    });
  });
});
