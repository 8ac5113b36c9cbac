import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { decodeBody, encodeBody } from './index.js';

const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(' ', '+', '&', '=', ',', '%', ';', '"', '\r', '\n', '--', 'é', '😀', 'a'),
    maxLength: 8,
  }),
);
const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d));

describe('JSON bodies', () => {
  it('encode and decode application/json and any +json', () => {
    for (const type of ['application/json', 'application/problem+json', 'application/vnd.api+json; charset=utf-8']) {
      const out = encodeBody(type, { a: [1, 'é', null] });
      expect(out).toEqual({ contentType: type, body: '{"a":[1,"é",null]}' });
      expect(decodeBody(type, out.body)).toEqual({ ok: true, value: { a: [1, 'é', null] } });
    }
  });

  it('keep int64 beyond 2^53 exact: LosslessNumber and bigint out, LosslessNumber back with exactIntegers', () => {
    const out = encodeBody('application/json', {
      id: new LosslessNumber('9223372036854775807'),
      big: 2n ** 63n - 1n,
      small: 5,
    });
    expect(out.body).toBe('{"id":9223372036854775807,"big":9223372036854775807,"small":5}');
    const back = decodeBody('application/json', utf8(out.body as string), undefined, { exactIntegers: true });
    expect(back).toEqual({
      ok: true,
      value: {
        id: new LosslessNumber('9223372036854775807'),
        big: new LosslessNumber('9223372036854775807'),
        small: 5,
      },
    });
    expect(decodeBody('application/json', out.body)).toEqual({
      ok: true,
      value: { id: 9223372036854775807, big: 9223372036854775807, small: 5 },
    });
  });

  it('report malformed, empty and non-UTF-8 JSON without throwing; ignore a BOM', () => {
    expect(decodeBody('application/json', '{"a":').ok).toBe(false);
    expect(decodeBody('application/json', '')).toEqual({ ok: false, message: 'body is empty, which is not JSON' });
    expect(decodeBody('application/json', new Uint8Array([0x22, 0xff, 0x22]))).toEqual({
      ok: false,
      message: 'body is not valid UTF-8 text',
    });
    expect(decodeBody('application/json', utf8('\uFEFF[1]'))).toEqual({ ok: true, value: [1] });
  });

  it('round-trip any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const out = encodeBody('application/json', v);
        expect(decodeBody('application/json', utf8(out.body as string))).toEqual({
          ok: true,
          value: JSON.parse(JSON.stringify(v)),
        });
      }),
      { seed: 4242, numRuns: 300 },
    );
  });
});

describe('application/x-www-form-urlencoded', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      age: { type: 'integer' },
      score: { type: 'number' },
      ok: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
      address: { type: 'object', properties: { city: { type: 'string' } } },
      color: { type: 'object', properties: { R: { type: 'integer' }, G: { type: 'integer' } } },
    },
  };

  it('encodes primitives as text, arrays as repeated names, objects as JSON (OAS 3.1.1 content-based default)', () => {
    const out = encodeBody(
      'application/x-www-form-urlencoded',
      { name: 'a b&c', age: 5, tags: ['x', 'y'], address: { city: 'Zürich' } },
      schema,
    );
    expect(out).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      body: 'name=a%20b%26c&age=5&tags=x&tags=y&address=%7B%22city%22%3A%22Z%C3%BCrich%22%7D',
    });
    expect(decodeBody(out.contentType, out.body, schema)).toEqual({
      ok: true,
      value: { name: 'a b&c', age: 5, tags: ['x', 'y'], address: { city: 'Zürich' } },
    });
  });

  it('follows the Encoding Object: style/explode make a property style-based, like a query parameter', () => {
    const encoding = { color: { style: 'deepObject', explode: true }, tags: { style: 'form', explode: false } };
    const out = encodeBody(
      'application/x-www-form-urlencoded',
      { color: { R: 1, G: 2 }, tags: ['a', 'b'] },
      schema,
      encoding,
    );
    expect(out.body).toBe('color%5BR%5D=1&color%5BG%5D=2&tags=a,b');
    expect(decodeBody(out.contentType, out.body, schema, { encoding })).toEqual({
      ok: true,
      value: { color: { R: 1, G: 2 }, tags: ['a', 'b'] },
    });
  });

  it('decodes + as space, converts strictly, and reports faults', () => {
    expect(decodeBody('application/x-www-form-urlencoded', 'name=a+b&age=7&ok=true&score=-1.5e3', schema)).toEqual({
      ok: true,
      value: { name: 'a b', age: 7, ok: true, score: -1500 },
    });
    expect(decodeBody('application/x-www-form-urlencoded', 'age=7.0', schema)).toEqual({
      ok: false,
      message: `form field 'age' expected integer, got "7.0"`,
    });
    expect(decodeBody('application/x-www-form-urlencoded', 'age=1&age=2', schema).ok).toBe(false);
    expect(decodeBody('application/x-www-form-urlencoded', 'name=%E0', schema).ok).toBe(false);
    expect(decodeBody('application/x-www-form-urlencoded', '%zz=1').ok).toBe(false);
  });

  it('without a schema: strings, and arrays for repeated names', () => {
    expect(decodeBody('application/x-www-form-urlencoded; charset=utf-8', 'a=1&b=x+y&a=2&c')).toEqual({
      ok: true,
      value: { a: ['1', '2'], b: 'x y', c: '' },
    });
  });

  it('round-trips objects of strings, numbers, booleans and string arrays', () => {
    const value = fc.record(
      {
        name: anyString,
        age: fc.integer(),
        score: finiteDouble,
        ok: fc.boolean(),
        tags: fc.array(anyString, { minLength: 1, maxLength: 4 }),
        address: fc.record({ city: anyString }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(value, (v) => {
        const out = encodeBody('application/x-www-form-urlencoded', v, schema);
        expect(decodeBody(out.contentType, utf8(out.body as string), schema)).toEqual({ ok: true, value: v });
      }),
      { seed: 4242, numRuns: 300 },
    );
  });

  it('throws a TypeError for a non-object value', () => {
    expect(() => encodeBody('application/x-www-form-urlencoded', [1, 2])).toThrow(TypeError);
  });
});

describe('multipart/form-data', () => {
  const schema = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      note: { type: 'string' },
      meta: { type: 'object' },
      file: { type: 'string', format: 'binary' },
      photos: { type: 'array', items: { type: 'string', format: 'binary' } },
      labels: { type: 'array', items: { type: 'string' } },
    },
  };

  it('writes one part per property (JSON objects, binary files, text), with the boundary in the Content-Type', () => {
    const out = encodeBody(
      'multipart/form-data',
      { id: 7, note: 'hé "q"', meta: { a: 1 }, file: new Uint8Array([0, 255, 13, 10]) },
      schema,
      undefined,
      { boundary: 'XyZ' },
    );
    expect(out.contentType).toBe('multipart/form-data; boundary=XyZ');
    expect(Buffer.from(out.body as Uint8Array).toString('latin1')).toBe(
      [
        '--XyZ',
        'Content-Disposition: form-data; name="id"',
        '',
        '7',
        '--XyZ',
        'Content-Disposition: form-data; name="note"',
        '',
        Buffer.from('hé "q"').toString('latin1'),
        '--XyZ',
        'Content-Disposition: form-data; name="meta"',
        'Content-Type: application/json',
        '',
        '{"a":1}',
        '--XyZ',
        'Content-Disposition: form-data; name="file"; filename="blob"',
        'Content-Type: application/octet-stream',
        '',
        '\u0000\u00ff\r\n',
        '--XyZ--',
        '',
      ].join('\r\n'),
    );
    expect(decodeBody(out.contentType, out.body, schema)).toEqual({
      ok: true,
      value: { id: 7, note: 'hé "q"', meta: { a: 1 }, file: new Uint8Array([0, 255, 13, 10]) },
    });
  });

  it('names file parts as asked, in UTF-8 as browsers write them (RFC 7578 §4.2), and reads the name back', () => {
    const out = encodeBody('multipart/form-data', { file: new Uint8Array([1]) }, schema, undefined, {
      boundary: 'b',
      filename: 'Grüße "1".png',
    });
    const wire = Buffer.from(out.body as Uint8Array);
    expect(wire.toString('utf8')).toContain('name="file"; filename="Grüße %221%22.png"\r\n');
    expect(wire.includes(Buffer.from('Grüße', 'utf8'))).toBe(true);
    const parts = Buffer.from(out.body as Uint8Array).toString('latin1');
    expect(parts).not.toContain('filename="blob"');
  });

  it('uses the Encoding Object contentType and repeats parts for arrays', () => {
    const encoding = { note: { contentType: 'text/markdown' }, photos: { contentType: 'image/png, image/jpeg' } };
    const out = encodeBody(
      'multipart/form-data',
      { note: '# hi', photos: [new Uint8Array([1]), new Uint8Array([2])], labels: ['a', 'b'] },
      schema,
      encoding,
      { boundary: 'b' },
    );
    const wire = Buffer.from(out.body as Uint8Array).toString('latin1');
    expect(wire).toContain('name="note"\r\nContent-Type: text/markdown\r\n\r\n# hi\r\n');
    expect(wire.match(/name="photos"; filename="blob"\r\nContent-Type: image\/png/g)).toHaveLength(2);
    expect(decodeBody(out.contentType, out.body, schema, { encoding })).toEqual({
      ok: true,
      value: { note: '# hi', photos: [new Uint8Array([1]), new Uint8Array([2])], labels: ['a', 'b'] },
    });
  });

  it('reads parts from other clients: preamble, quoted boundary, escaped names, files without a schema', () => {
    const body = [
      'preamble',
      '--a b',
      'content-disposition: form-data; name="x%22y"',
      '',
      'v1',
      '--a b',
      'Content-Disposition: form-data; name="up"; filename="f.txt"',
      'Content-Type: text/plain',
      '',
      'file',
      '--a b--',
      'epilogue',
    ].join('\r\n');
    const r = decodeBody('multipart/form-data; boundary="a b"', utf8(body));
    expect(r).toEqual({ ok: true, value: { 'x"y': 'v1', up: utf8('file') } });
  });

  it('reports malformed bodies without throwing', () => {
    expect(decodeBody('multipart/form-data', 'x')).toEqual({
      ok: false,
      message: 'multipart/form-data Content-Type has no boundary',
    });
    expect(
      decodeBody('multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nv'),
    ).toEqual({ ok: false, message: 'multipart body is not terminated by its closing boundary' });
    expect(decodeBody('multipart/form-data; boundary=b', 'nothing here').ok).toBe(false);
    expect(decodeBody('multipart/form-data; boundary=b', '--b\r\nContent-Type: text/plain\r\n\r\nv\r\n--b--').ok).toBe(
      false,
    );
    expect(
      decodeBody(
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition: form-data; name="id"\r\n\r\nx\r\n--b--',
        schema,
      ),
    ).toEqual({ ok: false, message: `multipart part 'id' expected integer, got "x"` });
  });

  it('round-trips objects (random boundary)', () => {
    const value = fc.record(
      {
        id: fc.integer(),
        note: anyString,
        meta: fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 3 }),
        file: fc.uint8Array({ maxLength: 40 }),
        labels: fc.array(anyString, { minLength: 1, maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(value, (v) => {
        const out = encodeBody('multipart/form-data', v, schema);
        expect(decodeBody(out.contentType, out.body, schema)).toEqual({ ok: true, value: v });
      }),
      { seed: 4242, numRuns: 300 },
    );
  });
});

describe('text, bytes and ranges', () => {
  it('text/plain both ways, in the declared charset, converted by a primitive schema', () => {
    expect(encodeBody('text/plain', 'héllo')).toEqual({ contentType: 'text/plain', body: 'héllo' });
    expect(encodeBody('text/plain', 42)).toEqual({ contentType: 'text/plain', body: '42' });
    expect(decodeBody('text/plain', utf8('héllo'))).toEqual({ ok: true, value: 'héllo' });
    expect(decodeBody('text/plain; charset=iso-8859-1', new Uint8Array([0x68, 0xe9]))).toEqual({
      ok: true,
      value: 'hé',
    });
    expect(decodeBody('text/plain', new Uint8Array([0xff])).ok).toBe(false);
    expect(decodeBody('text/plain; charset=nope', utf8('x')).ok).toBe(false);
    expect(decodeBody('text/plain', '42', { type: 'integer' })).toEqual({ ok: true, value: 42 });
    expect(decodeBody('text/plain', '4.2', { type: 'integer' }).ok).toBe(false);
  });

  it('application/octet-stream keeps bytes; strings go as text', () => {
    const bytes = new Uint8Array([0, 1, 254]);
    expect(encodeBody('application/octet-stream', bytes)).toEqual({
      contentType: 'application/octet-stream',
      body: bytes,
    });
    expect(encodeBody('application/octet-stream', 'abc')).toEqual({
      contentType: 'application/octet-stream',
      body: 'abc',
    });
    expect(decodeBody('application/octet-stream', bytes)).toEqual({ ok: true, value: bytes });
    expect(decodeBody('image/png', 'ab')).toEqual({ ok: true, value: utf8('ab') });
    expect(decodeBody('application/xml', utf8('<a/>'))).toEqual({ ok: true, value: '<a/>' });
  });

  it('wildcards pick a concrete type', () => {
    expect(encodeBody('*/*', { a: 1 })).toEqual({ contentType: 'application/json', body: '{"a":1}' });
    expect(encodeBody('application/*', new Uint8Array([1])).contentType).toBe('application/octet-stream');
    expect(encodeBody('text/*', 'x')).toEqual({ contentType: 'text/plain', body: 'x' });
    expect(encodeBody('application/*+json', [1]).contentType).toBe('application/json');
    expect(encodeBody('image/*', new Uint8Array([1])).contentType).toBe('image/octet-stream');
  });

  it('decodeBody never throws and rejects ranges and garbage Content-Types', () => {
    expect(decodeBody('*/*', 'x').ok).toBe(false);
    expect(decodeBody('', 'x').ok).toBe(false);
    const types = [
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=b',
      'text/plain',
      'application/octet-stream',
      'nonsense',
    ];
    const schemas = [
      undefined,
      { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'array', items: { type: 'number' } } } },
      { type: 'integer' },
    ];
    const bodies = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.string({
        unit: fc.constantFrom(
          '--b',
          '\r\n',
          'a',
          '=',
          '&',
          '%',
          '"',
          '{',
          '}',
          ':',
          '1',
          'Content-Disposition: form-data; name="a"',
          '\uD800',
        ),
        maxLength: 16,
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...types), fc.constantFrom(...schemas), bodies, (type, schema, body) => {
        const r = decodeBody(type, body, schema);
        expect(typeof r.ok).toBe('boolean');
      }),
      { seed: 99, numRuns: 2000 },
    );
  });
});

function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}
