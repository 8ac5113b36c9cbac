import fc from 'fast-check';
import { LosslessNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Case, WireJson } from '../cases/index.js';
import { buildRequest } from '../send/build-request.js';
import { loadOperations, type Operations } from '../checks/_test-support.js';
import { type JsonSchema, integerArbitrary, landmarksOf, mergeAllOf, schemaArbitrary } from '../../spec/index.js';
import { toPlainJson } from './wire.js';

const SEED = 20240611;
const INT64_MAX = '9223372036854775807';
const INT64_MIN = '-9223372036854775808';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

const texts = (values: readonly WireJson[]) => values.map((v) => (v instanceof LosslessNumber ? v.toString() : v));

describe('schemaArbitrary', () => {
  it.each(['NewPet', 'Pet', 'Error', 'Pets', 'PetStatus'])(
    'generates only values the compiled %s schema accepts',
    (name) => {
      const compiled = ops.spec.schemas[name]!;
      fc.assert(
        fc.property(schemaArbitrary(compiled.schema), (value) => {
          const result = compiled.validate(toPlainJson(value));
          if (!result.ok)
            throw new Error(`${stringifyLossless(value)}: ${result.errors.map((e) => e.message).join('; ')}`);
        }),
        { seed: SEED, numRuns: 100 },
      );
    },
  );

  it('stays valid with the unknown extra properties a client may send', () => {
    const compiled = ops.spec.schemas.NewPet!;
    let extras = 0;
    fc.assert(
      fc.property(schemaArbitrary(compiled.schema, { extraProperties: true }), (value) => {
        if (Object.keys(value as object).some((k) => !['name', 'categoryId', 'status'].includes(k))) extras++;
        return compiled.validate(toPlainJson(value)).ok;
      }),
      { seed: SEED, numRuns: 100 },
    );
    expect(extras).toBeGreaterThan(0);
  });

  it('generates only valid values of every parameter of every operation', () => {
    for (const operation of ops.spec.operations) {
      for (const parameter of operation.parameters) {
        fc.assert(
          fc.property(
            schemaArbitrary(parameter.schema.schema),
            (value) => parameter.schema.validate(toPlainJson(value)).ok,
          ),
          { seed: SEED, numRuns: 60 },
        );
      }
    }
  });

  it('reaches both ends of int64, and they reach the wire digit for digit', () => {
    const samples = fc.sample(schemaArbitrary(ops.spec.schemas.NewPet!.schema), { seed: SEED, numRuns: 400 });
    const found = new Map<string, string>();
    for (const value of samples) {
      const categoryId = (value as Record<string, WireJson>).categoryId;
      if (!(categoryId instanceof LosslessNumber) || ![INT64_MAX, INT64_MIN].includes(categoryId.toString())) continue;
      const c: Case = {
        operationId: 'createPet',
        family: 'valid',
        kind: 'valid',
        pathParams: {},
        query: [],
        body: { kind: 'json', value },
        auth: 'valid',
      };
      found.set(categoryId.toString(), buildRequest(c, ops.createPet, 'k').body!);
    }
    expect([...found.keys()].sort()).toEqual([INT64_MIN, INT64_MAX]);
    expect(found.get(INT64_MAX)).toContain(`"categoryId":${INT64_MAX}`);
    expect(found.get(INT64_MIN)).toContain(`"categoryId":${INT64_MIN}`);
  });

  it('writes every generated Pet exactly: its lossless parse gives back the same integers', () => {
    fc.assert(
      fc.property(schemaArbitrary(ops.spec.schemas.Pet!.schema), (value) => {
        const text = stringifyLossless(value)!;
        const back = parseLossless(text) as Record<string, unknown>;
        const v = value as Record<string, WireJson>;
        return String(back.id) === String(v.id) && String(back.categoryId) === String(v.categoryId);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});

describe('integerArbitrary', () => {
  it('honours any bounds, including ranges far from zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (lo, width) => {
          const values = fc.sample(integerArbitrary({ type: 'integer', minimum: lo, maximum: lo + width }), {
            seed: lo,
            numRuns: 20,
          });
          return values.every((v) => typeof v === 'number' && v >= lo && v <= lo + width);
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('keeps int32 inside int32', () => {
    const values = fc.sample(integerArbitrary({ type: 'integer', format: 'int32' }), { seed: SEED, numRuns: 500 });
    expect(values.every((v) => typeof v === 'number' && v >= -(2 ** 31) && v <= 2 ** 31 - 1)).toBe(true);
    expect(values).toContain(2 ** 31 - 1);
    expect(values).toContain(-(2 ** 31));
  });

  it('writes integers beyond 2^53 as exact lossless numbers and the rest as plain numbers', () => {
    for (const v of fc.sample(integerArbitrary({ type: 'integer', format: 'int64' }), { seed: SEED, numRuns: 300 })) {
      if (v instanceof LosslessNumber) expect(Number.isSafeInteger(Number(v.toString()))).toBe(false);
      else expect(Number.isSafeInteger(v)).toBe(true);
    }
  });
});

describe('landmarksOf', () => {
  const property = (schema: JsonSchema, name: string) =>
    (mergeAllOf(schema).properties as Record<string, JsonSchema>)[name]!;

  it('gives the bounds, their neighbours and the default of limit, and nothing outside', () => {
    const limit = ops.listPets.parameters.find((p) => p.name === 'limit')!;
    expect([...(landmarksOf(limit.schema.schema) as number[])].sort((a, b) => a - b)).toEqual([1, 2, 20, 99, 100]);
  });

  it('gives every enum value', () => {
    const status = ops.listPets.parameters.find((p) => p.name === 'status')!;
    expect(landmarksOf(status.schema.schema)).toEqual(['available', 'pending', 'sold']);
  });

  it('gives the int64 ends and the double-precision edges of an int64 field', () => {
    const values = texts(landmarksOf(property(ops.spec.schemas.NewPet!.schema, 'categoryId')));
    for (const expected of [
      INT64_MAX,
      INT64_MIN,
      '9223372036854775806',
      '9007199254740993',
      '-9007199254740993',
      '9007199254740992',
    ])
      expect(values).toContain(expected);
    expect(values).toEqual(expect.arrayContaining([0, 1, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1]));
  });

  it('gives one past each end of int64 only where no format and no bound stops there (held-out sets 91, 92)', () => {
    const past = ['9223372036854775808', '-9223372036854775809'];
    expect(texts(landmarksOf({ type: 'integer' }))).toEqual(expect.arrayContaining(past));
    expect(texts(landmarksOf({ type: 'integer', minimum: 0 }))).toContain(past[0]);
    expect(texts(landmarksOf({ type: 'integer', minimum: 0 }))).not.toContain(past[1]);
    expect(texts(landmarksOf({ type: 'integer', format: 'int64' }))).not.toEqual(expect.arrayContaining([past[0]]));
    expect(texts(landmarksOf({ type: 'integer', maximum: 10 }))).not.toContain(past[0]);
  });

  it('gives empty, blank, astral and over-long strings for a free string', () => {
    const values = landmarksOf(property(ops.spec.schemas.NewPet!.schema, 'name')) as string[];
    expect(values).toContain('');
    expect(values).toContain(' ');
    expect(values.some((s) => s.length > 255)).toBe(true);
    expect(values.some((s) => /[\ud800-\udbff][\udc00-\udfff]/.test(s))).toBe(true);
  });

  it('gives strings holding U+2028 and U+2029 (legal in JSON strings, line ends to JavaScript)', () => {
    const values = landmarksOf(property(ops.spec.schemas.NewPet!.schema, 'name')) as string[];
    expect(values.some((s) => s.includes('\u2028'))).toBe(true);
    expect(values.some((s) => s.includes('\u2029'))).toBe(true);
  });

  it('gives the calendar landmarks of a date or date-time, nullable or not, each valid RFC 3339', () => {
    const dates = landmarksOf({ type: ['string', 'null'], format: 'date' }) as string[];
    expect(dates).toContain('2000-02-29');
    expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    const times = landmarksOf({ type: 'string', format: 'date-time' }) as string[];
    expect(times).toContain('2024-02-29T12:00:00.000Z');
    expect(times.every((t) => !Number.isNaN(Date.parse(t)))).toBe(true);
    expect(landmarksOf({ type: 'string', format: 'uuid' })).toEqual([]);
  });

  it('gives a bare percent sign, which a value decoded twice cannot survive', () => {
    const values = landmarksOf({ type: 'string' }) as string[];
    expect(values.some((s) => /%(?![0-9a-f]{2})/i.test(s))).toBe(true);
  });

  it('respects the length bounds of a string', () => {
    const values = landmarksOf({ type: 'string', minLength: 2, maxLength: 10 }) as string[];
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((s) => s.length >= 2 && s.length <= 10)).toBe(true);
  });
});

describe('strings with a pattern', () => {
  // express-zod-api's email: a format and a pattern that narrows it (no `!` in the local part), with
  // lookaheads fast-check cannot build from.
  const EMAIL = String.raw`^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`;

  it('a format with a pattern: every value matches the pattern too', () => {
    const values = fc.sample(schemaArbitrary({ type: 'string', format: 'email', pattern: EMAIL }), {
      seed: SEED,
      numRuns: 200,
    });
    expect(values.filter((v) => !new RegExp(EMAIL).test(String(v)))).toEqual([]);
  });

  it('a pattern with lookaheads and no format: values are generated, and match it', () => {
    const values = fc.sample(schemaArbitrary({ type: 'string', pattern: EMAIL }), { seed: SEED, numRuns: 200 });
    expect(values.filter((v) => !new RegExp(EMAIL).test(String(v)))).toEqual([]);
  });
});

describe('schemaArbitrary: a pattern with length bounds', () => {
  it('makes strings the pattern and the bounds both take (an unanchored pattern, a fixed length)', () => {
    const schema: JsonSchema = { type: 'string', pattern: '[a-f0-9]+', minLength: 40, maxLength: 40 };
    for (const value of fc.sample(schemaArbitrary(schema), { numRuns: 200, seed: 11 })) {
      expect(typeof value).toBe('string');
      expect(Array.from(value as string)).toHaveLength(40);
      expect(value as string).toMatch(/[a-f0-9]+/u);
    }
  });

  it('holds an unanchored pattern to maxLength too (a country code: `[a-zA-Z]{2}`, length 2)', () => {
    // fast-check builds unanchored matches with text around them; the bounds say the match is all of it.
    const schema: JsonSchema = { type: 'string', pattern: '[a-zA-Z]{2}', minLength: 2, maxLength: 2 };
    const values = fc.sample(schemaArbitrary(schema), { numRuns: 200, seed: 11 }) as string[];
    expect(values.filter((v) => Array.from(v).length !== 2 || !/[a-zA-Z]{2}/u.test(v))).toEqual([]);
  });

  it('holds a pattern anchored at one end to maxLength (`^ab`, at most 4)', () => {
    const schema: JsonSchema = { type: 'string', pattern: '^ab', maxLength: 4 };
    const values = fc.sample(schemaArbitrary(schema), { numRuns: 200, seed: 11 }) as string[];
    expect(values.filter((v) => Array.from(v).length > 4 || !/^ab/u.test(v))).toEqual([]);
  });
});

describe('schemaArbitrary: patterns as JSON Schema reads them (issue 21: amazonaws.com/fsx)', () => {
  it('a Unicode property escape is a class of letters, not the text "p{L}"', () => {
    const schema: JsonSchema = {
      type: 'string',
      pattern: '^([\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*)$',
      minLength: 1,
      maxLength: 128,
    };
    const re = /^([\p{L}\p{Z}\p{N}_.:/=+\-@]*)$/u;
    const values = fc.sample(schemaArbitrary(schema), { numRuns: 100, seed: 11 }) as string[];
    expect(values.filter((v) => !re.test(v))).toEqual([]);
    // Not only the empty string the `*` allows: letters of some script are made.
    expect(values.some((v) => /\p{L}/u.test(v))).toBe(true);
  });

  it('an open repetition anchored at both ends is cut to maxLength', () => {
    const schema: JsonSchema = { type: 'string', pattern: '^(svm-[0-9a-f]{17,})$', minLength: 21, maxLength: 21 };
    const values = fc.sample(schemaArbitrary(schema), { numRuns: 100, seed: 11 }) as string[];
    expect(values.filter((v) => v.length !== 21 || !/^(svm-[0-9a-f]{17,})$/u.test(v))).toEqual([]);
  });
});
