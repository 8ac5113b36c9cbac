import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { parseParameter, serializeParameter, type ParameterSpec } from './index.js';

/**
 * parse(serialize(v)) deep-equals v, for every location × style × explode × value type, over the values
 * each style can represent. What a style cannot represent is excluded on purpose, and listed here:
 * - empty arrays/objects outside the path (RFC 6570 "undefined": nothing is sent, so they read back as
 *   absent), and a one-item array whose item is empty in `simple` (`""` reads back as `[]`);
 * - `null` under a schema that also admits strings (it is sent as `""`, which reads back as the string);
 * - items, keys and members containing the delimiter that is unreserved or itself percent-encoded:
 *   `.` in exploded `label`, space in `spaceDelimited`, `|` in `pipeDelimited`, `[`/`]` in deepObject keys
 *   (OAS 3.1.1 Appendix E.6) — so also non-integer numbers in exploded `label` arrays;
 * - with `allowReserved`, `,` and `%` in values (they pass through unencoded);
 * - header values outside visible ASCII, with leading/trailing whitespace, or with `,` (or `=` in keys)
 *   inside items: headers are not percent-encoded (OAS 3.1.2 Appendix D);
 * - exploded `form` objects are read back by their declared property names;
 * - NaN, ±Infinity and -0.
 */

type Where = ParameterSpec['in'];
interface Combo {
  readonly in: Where;
  readonly style: string;
  readonly explode: boolean;
  readonly allowReserved?: boolean;
}

const COMBOS: readonly Combo[] = [
  ...(['simple', 'label', 'matrix'] as const).flatMap((style) =>
    [false, true].map((explode) => ({ in: 'path' as const, style, explode })),
  ),
  ...(['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'] as const).flatMap((style) =>
    [false, true].map((explode) => ({ in: 'query' as const, style, explode })),
  ),
  { in: 'query', style: 'form', explode: false, allowReserved: true },
  { in: 'query', style: 'form', explode: true, allowReserved: true },
  { in: 'header', style: 'simple', explode: false },
  { in: 'header', style: 'simple', explode: true },
  { in: 'cookie', style: 'form', explode: false },
  { in: 'cookie', style: 'form', explode: true },
];

type Role = 'primitive' | 'item' | 'key' | 'member';

const tricky = fc.constantFrom(
  ' ',
  '+',
  '&',
  '=',
  ',',
  '%',
  ';',
  '.',
  '|',
  '[',
  ']',
  '#',
  '/',
  '?',
  ':',
  '@',
  '!',
  '*',
  "'",
  '~',
  'é',
  '€',
  '😀',
  '\u0000',
  '\n',
  'a',
  'Z',
  '0',
  '%20',
  '%2',
);
const anyString = fc.oneof(fc.string({ unit: 'binary', maxLength: 10 }), fc.string({ unit: tricky, maxLength: 8 }));
const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const headerString = fc.string({ unit: printable, maxLength: 12 }).filter((s) => s === s.trim());

function stringFor(c: Combo, role: Role): fc.Arbitrary<string> {
  if (c.in === 'header') {
    return headerString.filter(
      (s) => role === 'primitive' || (!s.includes(',') && (role !== 'key' || !s.includes('='))),
    );
  }
  return anyString.filter((s) => {
    if (c.allowReserved === true && s.includes('%')) return false;
    if (role === 'primitive') return true;
    if (c.style === 'label' && c.explode && s.includes('.')) return false;
    if (c.style === 'spaceDelimited' && !c.explode && s.includes(' ')) return false;
    if (c.style === 'pipeDelimited' && !c.explode && s.includes('|')) return false;
    if (c.style === 'deepObject' && role === 'key' && /[[\]]/.test(s)) return false;
    if (c.allowReserved === true && /[,%]/.test(s)) return false;
    return true;
  });
}

const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d));
const integer = fc.oneof(fc.integer(), fc.maxSafeInteger());

interface Kind {
  readonly name: string;
  readonly schema: Record<string, unknown>;
  readonly arb: (c: Combo) => fc.Arbitrary<unknown>;
}

const PRIMITIVES: readonly Kind[] = [
  { name: 'string', schema: { type: 'string' }, arb: (c) => stringFor(c, 'primitive') },
  { name: 'integer', schema: { type: 'integer' }, arb: () => integer },
  { name: 'number', schema: { type: 'number' }, arb: () => finiteDouble },
  { name: 'boolean', schema: { type: 'boolean' }, arb: () => fc.boolean() },
  { name: 'integer|null', schema: { type: ['integer', 'null'] }, arb: () => fc.option(integer, { nil: null }) },
  {
    name: 'oneOf[boolean,integer]',
    schema: { oneOf: [{ type: 'boolean' }, { type: 'integer' }] },
    arb: () => fc.oneof(fc.boolean(), integer),
  },
];

function itemText(v: unknown): string {
  return v === null ? '' : String(v);
}

const KINDS: readonly Kind[] = [
  ...PRIMITIVES,
  {
    name: 'array of string',
    schema: { type: 'array', items: { type: 'string' } },
    arb: (c) => fc.array(stringFor(c, 'item'), { minLength: 1, maxLength: 5 }),
  },
  {
    name: 'array of integer|null',
    schema: { type: 'array', items: { type: ['integer', 'null'] } },
    arb: () => fc.array(fc.option(integer, { nil: null }), { minLength: 1, maxLength: 5 }),
  },
  {
    name: 'array of number',
    schema: { type: 'array', items: { type: 'number' } },
    // Exploded label cannot carry '.', so there the numbers are integral (still as large as 1e308).
    arb: (c) =>
      fc.array(c.style === 'label' && c.explode ? finiteDouble.map((d) => Math.trunc(d) + 0) : finiteDouble, {
        minLength: 1,
        maxLength: 5,
      }),
  },
  {
    name: 'object {s: string, i: integer, b: boolean}',
    schema: { type: 'object', properties: { s: { type: 'string' }, i: { type: 'integer' }, b: { type: 'boolean' } } },
    arb: (c) =>
      fc
        .record({ s: stringFor(c, 'member'), i: integer, b: fc.boolean() }, { requiredKeys: [] })
        .filter((o) => Object.keys(o).length > 0),
  },
  {
    name: 'object of integer (additionalProperties)',
    schema: { type: 'object', additionalProperties: { type: 'integer' } },
    arb: (c) => fc.dictionary(stringFor(c, 'key'), integer, { minKeys: 1, maxKeys: 4 }),
  },
];

function wire(where: Where, out: ReturnType<typeof serializeParameter>): string {
  if (where === 'path') return out.path ?? '';
  if (where === 'header') return out.header ?? '';
  if (where === 'query') return ['other=1', ...(out.query ?? [])].join('&');
  return ['other=1', ...(out.cookie ?? [])].join('; ');
}

function representable(c: Combo, kind: Kind, value: unknown): boolean {
  // A one-item array whose item is empty reads back as [] in simple style.
  if (c.style === 'simple' && Array.isArray(value) && value.length === 1 && itemText(value[0]) === '') return false;
  // Non-integer numbers carry '.', the exploded label delimiter.
  if (c.style === 'label' && c.explode && Array.isArray(value) && value.some((v) => itemText(v).includes('.')))
    return false;
  // Exploded open objects share the query/cookie with the parameter called "other".
  if (kind.name.includes('additionalProperties') && value !== null && typeof value === 'object' && 'other' in value)
    return false;
  return true;
}

describe('parameters round-trip: parse(serialize(v)) equals v', () => {
  for (const c of COMBOS) {
    for (const kind of KINDS) {
      const label = `${c.in} ${c.style} explode=${c.explode}${c.allowReserved === true ? ' allowReserved' : ''}: ${kind.name}`;
      it(label, () => {
        const p: ParameterSpec = { name: 'color', ...c, schema: kind.schema };
        fc.assert(
          fc.property(kind.arb(c), (value) => {
            fc.pre(representable(c, kind, value));
            const text = wire(c.in, serializeParameter(p, value));
            expect(parseParameter(p, text, { otherParameterNames: ['other'] })).toEqual({ ok: true, value });
          }),
          { seed: 20260411, numRuns: 150 },
        );
      });
    }
  }

  it('int64 values beyond 2^53 round-trip exactly as LosslessNumber with exactIntegers', () => {
    const p: ParameterSpec = { name: 'id', in: 'path', schema: { type: 'integer', format: 'int64' } };
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (big) => {
        const text = serializeParameter(p, big).path!;
        expect(text).toBe(big.toString());
        const parsed = parseParameter(p, text, { exactIntegers: true });
        const expected = Number.isSafeInteger(Number(big)) ? Number(big) : new LosslessNumber(big.toString());
        expect(parsed).toEqual({ ok: true, value: expected });
      }),
      { seed: 20260411, numRuns: 300 },
    );
  });

  it('content-typed (application/json) parameters round-trip in every location', () => {
    const schema = {
      type: 'object',
      properties: { lat: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } } },
    };
    const value = fc.record({ lat: finiteDouble, tags: fc.array(anyString, { maxLength: 3 }) });
    for (const where of ['path', 'query', 'cookie'] as const) {
      const p: ParameterSpec = { name: 'coordinates', in: where, schema, contentType: 'application/json' };
      fc.assert(
        fc.property(value, (v) => {
          expect(parseParameter(p, wire(where, serializeParameter(p, v)))).toEqual({ ok: true, value: v });
        }),
        { seed: 20260411, numRuns: 100 },
      );
    }
  });
});

describe('serialized text is always legal where it goes', () => {
  const value = fc.oneof(
    anyString,
    fc.array(anyString, { maxLength: 4 }),
    fc.dictionary(anyString, anyString, { maxKeys: 3 }),
    integer,
    finiteDouble,
    fc.boolean(),
    fc.constant(null),
  );
  const URI_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;
  const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
  // RFC 6265 cookie-octet, plus the `,` OAS form style uses as its delimiter. (An exploded object with
  // an empty key gives a cookie with an empty name, which RFC 6265 does not allow: not representable.)
  const COOKIE_PAIR = /^[!#-+\--:<-[\]-~]*=[!#-+\--:<-[\]-~,]*$/;

  it('URI characters and well-formed %XX in path and query, visible ASCII in headers, cookie-octets in cookies', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COMBOS), value, (c, v) => {
        const out = serializeParameter({ name: 'color', ...c, schema: {} }, v);
        if (out.path !== undefined) expect(out.path).toMatch(URI_CHARS);
        for (const fragment of out.query ?? []) expect(fragment).toMatch(URI_CHARS);
        if (out.header !== undefined) expect(out.header).toMatch(HEADER_VALUE);
        for (const pair of out.cookie ?? []) expect(pair).toMatch(COOKIE_PAIR);
      }),
      { seed: 20260411, numRuns: 3000 },
    );
  });
});
