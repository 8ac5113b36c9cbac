import { LosslessNumber } from 'lossless-json';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Case } from '../cases/index.js';
import { loadOperations, OPERATION_IDS, type Operations } from '../checks/_test-support.js';
import { specFromDocument } from '../../spec/index.js';
import { coverageInvalidCases, coverageValidCases, ordinaryParts, UNICODE_FILE_NAME } from './coverage.js';
import { ORDINARY_STRING_LIMIT } from './edge.js';
import { mutationsOf } from './mutations.js';
import { labelProblems, wire, wireProblems } from './_test-support.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

const bodyOf = (c: Case) => (c.body?.kind === 'json' ? (c.body.value as Record<string, unknown>) : {});
const query = (cases: Case[], name: string) =>
  new Set(cases.flatMap((c) => c.query.filter(([k]) => k === name).map(([, v]) => v)));

describe('coverageValidCases', () => {
  it.each(OPERATION_IDS)('yields only valid requests for %s, read back from the wire', (id) => {
    const cases = coverageValidCases(ops[id]);
    expect(cases.length).toBeGreaterThan(0);
    expect(cases.length).toBeLessThanOrEqual(120 + 48 + 8);
    for (const c of cases) {
      expect(c.kind).toBe('valid');
      // A repeated member means what each parser makes of it: labelled, and invalid when read last-wins.
      if (c.edge?.gap === 'duplicate-members') expect(wireProblems(c, ops[id])).not.toEqual([]);
      else expect(wireProblems(c, ops[id])).toEqual([]);
    }
  });

  it('is deterministic', () => {
    for (const id of OPERATION_IDS)
      expect(coverageValidCases(ops[id], {}, 7)).toEqual(coverageValidCases(ops[id], {}, 7));
  });

  it('tries limit 1, 20 and 100 and every status, alone and together', () => {
    const cases = coverageValidCases(ops.listPets);
    for (const landmark of ['1', '2', '20', '99', '100']) expect(query(cases, 'limit').has(landmark)).toBe(true);
    expect(query(cases, 'status')).toEqual(new Set(['available', 'pending', 'sold']));
    expect(
      cases.some(
        (c) =>
          c.query.length === 2 &&
          c.query.some(([k, v]) => k === 'limit' && v === '1') &&
          c.query.some(([k, v]) => k === 'status' && v === 'sold'),
      ),
    ).toBe(true);
  });

  it('spreads limit over its whole range: every band of 7 values holds a tried limit, each with the filters in turn', () => {
    const cases = coverageValidCases(ops.listPets);
    const limits = [...query(cases, 'limit')].map(Number);
    for (let from = 1; from + 6 <= 100; from++) expect(limits.some((l) => l >= from && l <= from + 6)).toBe(true);
    // Grid values of the middle of the range come with no filter and with each status.
    const middle = cases.filter((c) => c.query.some(([k, v]) => k === 'limit' && Number(v) > 20 && Number(v) < 99));
    const filters = new Set(middle.map((c) => c.query.find(([k]) => k === 'status')?.[1] ?? 'none'));
    expect(filters).toEqual(new Set(['none', 'available', 'pending', 'sold']));
  });

  it('tries a free-text member at every length of a geometric ladder: no band of 25% of lengths is left out', () => {
    const lengths = new Set(
      coverageValidCases(ops.createPet)
        .map((c) => bodyOf(c).name)
        .filter((n): n is string => typeof n === 'string' && /^[a-z]+$/.test(n))
        .map((n) => n.length),
    );
    for (let from = 1; from <= 1_600; from = Math.ceil(from * 1.25))
      expect([...lengths].some((n) => n >= from && n <= Math.ceil(from * 1.25))).toBe(true);
  });

  it('tries empty, over-long (>255) and astral names, labelled as edges exactly when past the ordinary size', () => {
    const names = coverageValidCases(ops.createPet).map((c) => [bodyOf(c).name as string, c] as const);
    expect(names.find(([n]) => n === '')?.[1].edge?.gap).toBe('field-size-limits');
    expect(names.find(([n]) => n.length > 255)?.[1].edge?.gap).toBe('field-size-limits');
    const astral = names.filter(([n]) => /[\ud800-\udbff][\udc00-\udfff]/.test(n));
    expect(astral.length).toBeGreaterThan(0);
    for (const [name, c] of astral)
      expect(c.edge !== undefined).toBe(Buffer.byteLength(name, 'utf8') > ORDINARY_STRING_LIMIT);
    expect(names.find(([n]) => n === 'Rex')?.[1].edge).toBeUndefined();
  });

  it('sends the int64 extremes as categoryId and petId, digit for digit', () => {
    const bodies = coverageValidCases(ops.createPet).map((c) => wire(c, ops.createPet).body!);
    expect(bodies.some((b) => b.includes('"categoryId":9223372036854775807'))).toBe(true);
    expect(bodies.some((b) => b.includes('"categoryId":-9223372036854775808'))).toBe(true);
    const extreme = coverageValidCases(ops.createPet).find(
      (c) => String(bodyOf(c).categoryId) === '9223372036854775807',
    )!;
    expect(bodyOf(extreme).categoryId).toBeInstanceOf(LosslessNumber);
    expect(extreme.edge?.gap).toBe('integer-precision');
    const paths = coverageValidCases(ops.getPet).map((c) => wire(c, ops.getPet).path);
    expect(paths).toContain('/pets/9223372036854775807');
    expect(paths).toContain('/pets/-9223372036854775808');
  });

  it('leaves the optional status out once, and tries an unknown field and a charset', () => {
    const cases = coverageValidCases(ops.createPet);
    expect(cases.filter((c) => c.body?.kind === 'json' && !('status' in bodyOf(c)))).toHaveLength(1);
    const extra = cases.find((c) => 'nickname' in bodyOf(c));
    expect(extra?.edge?.gap).toBe('unknown-fields');
    expect(cases.some((c) => c.headers?.['content-type'] === 'application/json; charset=utf-8')).toBe(true);
  });

  it('writes the integer fields as 1e2 and 100.0 once each, as raw JSON labelled integer-spelling', () => {
    const raw = coverageValidCases(ops.createPet).filter(
      (c) => c.body?.kind === 'raw' && c.edge?.gap === 'integer-spelling',
    );
    expect(raw).toHaveLength(2);
    const values = raw.map((c) => JSON.parse(c.body!.kind === 'raw' ? c.body!.text : '') as { categoryId: number });
    expect(values.map((v) => v.categoryId)).toEqual([100, 100]);
    expect(raw.map((c) => (c.body!.kind === 'raw' ? /"categoryId":([^,}]+)/.exec(c.body!.text)![1] : ''))).toEqual([
      '1e2',
      '100.0',
    ]);
  });

  it('spells the name with upper-case escapes and an escaped surrogate pair, and repeats a member once', () => {
    const raw = coverageValidCases(ops.createPet).filter(
      (c) => c.body?.kind === 'raw' && c.edge?.gap !== 'integer-spelling',
    );
    const texts = raw.map((c) => (c.body!.kind === 'raw' ? c.body!.text : ''));
    expect(texts[0]).toContain('"name":"\\uD83D\\uDC22\\u0020\\u00C9');
    expect((JSON.parse(texts[0]!) as { name: string }).name).toBe('🐢 Émile');
    expect(raw[0]!.edge).toBeUndefined();
    expect(raw[1]!.edge?.gap).toBe('duplicate-members');
    expect(texts[1]).toMatch(/^\{"name":.*,"name":7\}$/);
  });

  it('labels as existing only the values the target returned', () => {
    for (const c of coverageValidCases(ops.getPet, { petId: ['42'] })) {
      if (c.existing) expect(c.pathParams.petId).toBe('42');
      else expect(c.pathParams.petId).not.toBe('42');
    }
  });
});

describe('coverageInvalidCases', () => {
  it.each(OPERATION_IDS)('tries every mutation of %s exactly once, each invalid as labelled', (id) => {
    const cases = coverageInvalidCases(ops[id], { petId: ['42'] });
    const reasons = cases.map((c) => c.invalid);
    expect(reasons).toEqual(mutationsOf(ops[id]).map((m) => m.reason));
    for (const c of cases) {
      expect(labelProblems(c, ops[id])).toEqual([]);
      expect(c.existing).toBeUndefined();
    }
  });
});

describe('coverageValidCases: file names', () => {
  const upload = specFromDocument({
    openapi: '3.0.3',
    info: { title: 'Uploads', version: '1' },
    paths: {
      '/files': {
        post: {
          operationId: 'upload',
          requestBody: {
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: { file: { type: 'string', format: 'binary' }, caption: { type: 'string' } },
                },
              },
            },
          },
          responses: { '201': { description: 'stored' } },
        },
        put: {
          operationId: 'note',
          requestBody: {
            content: {
              'multipart/form-data': {
                schema: { type: 'object', required: ['caption'], properties: { caption: { type: 'string' } } },
              },
            },
          },
          responses: { '204': { description: 'noted' } },
        },
      },
    },
  });

  it('sends a file part once with a name beyond US-ASCII, labelled as an edge a server may refuse', () => {
    const named = coverageValidCases(upload.operation('upload')!).filter((c) => c.edge?.gap === 'file-names');
    expect(named).toHaveLength(1);
    const text = named[0]!.body?.kind === 'raw' ? named[0]!.body.text : '';
    expect(text).toContain(`name="file"; filename="${UNICODE_FILE_NAME}"`);
    expect(/[^\u0000-\u007f]/.test(UNICODE_FILE_NAME)).toBe(true);
  });

  it('sends none where the body has no file part', () => {
    expect(coverageValidCases(upload.operation('note')!).filter((c) => c.edge?.gap === 'file-names')).toEqual([]);
  });
});

describe('ordinaryParts: text servers parse', () => {
  const signUp = specFromDocument({
    openapi: '3.0.3',
    info: { title: 'sign-up', version: '1' },
    paths: {
      '/users': {
        post: {
          operationId: 'signUp',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['email', 'website', 'code', 'name'],
                  properties: {
                    email: { type: 'string' },
                    website: { type: 'string', maxLength: 3 },
                    code: { type: 'string', pattern: '^[a-z]{3}$' },
                    name: { type: 'string' },
                  },
                },
              },
            },
          },
          responses: { '201': { description: 'made' } },
        },
      },
    },
  } as never).operation('signUp')!;

  it('gives a bare string named for an address a real address, and leaves the rest to the generator', async () => {
    const { ordinaryParts } = await import('./coverage.js');
    const drawn = ordinaryParts(signUp, {}, 0).body as Record<string, string>;
    expect(drawn.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
    // Where an address would break the schema (a URL over maxLength 3), the whole body stays as drawn.
    expect(drawn.website!.length).toBeLessThanOrEqual(3);
    expect(drawn.code).toMatch(/^[a-z]{3}$/);
    expect(signUp.requestBody!.schema.validate(drawn).ok).toBe(true);
  });
});

describe('ordinaryParts: members that open and close one range', () => {
  const operationOf = (properties: object, required: string[]) =>
    specFromDocument({
      openapi: '3.1.0',
      info: { title: 'parking', version: '1' },
      paths: {
        '/reservations': {
          post: {
            operationId: 'reserve',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { type: 'object', required, properties } } },
            },
            responses: { '201': { description: 'made' } },
          },
        },
      },
    } as never).operation('reserve')!;

  it('hold a window of an hour and a half ahead, or two days for dates, and numbers in order (the parking zoo)', async () => {
    const { ordinaryParts, bodyExtremes } = await import('./coverage.js');
    const times = operationOf(
      {
        startsAt: { type: 'string', format: 'date-time' },
        endsAt: { type: 'string', format: 'date-time' },
        checkIn: { type: 'string', format: 'date' },
        checkOut: { type: 'string', format: 'date' },
        minPrice: { type: 'integer' },
        maxPrice: { type: 'integer' },
      },
      ['startsAt', 'endsAt', 'checkIn', 'checkOut', 'minPrice', 'maxPrice'],
    );
    for (const seed of [0, 1, 7, -3, 123456789]) {
      const body = ordinaryParts(times, {}, seed).body as unknown as Record<string, string>;
      expect(Date.parse(body.endsAt!) - Date.parse(body.startsAt!)).toBe(90 * 60_000);
      expect(Date.parse(body.startsAt!)).toBeGreaterThan(Date.UTC(2030, 0, 1));
      expect(Date.parse(body.checkOut!) - Date.parse(body.checkIn!)).toBe(2 * 86_400_000);
      expect(Number(String(body.minPrice))).toBeLessThanOrEqual(Number(String(body.maxPrice)));
      const full = bodyExtremes(times, seed).fullest!.body as unknown as Record<string, string>;
      expect(Date.parse(full.endsAt!) - Date.parse(full.startsAt!)).toBe(90 * 60_000);
    }
  });

  it('keep what the schema says where an ordered pair would break it', async () => {
    const { ordinaryParts } = await import('./coverage.js');
    const fixed = operationOf(
      {
        startsAt: { type: 'string', format: 'date-time', enum: ['2020-01-01T00:00:00Z'] },
        endsAt: { type: 'string', format: 'date-time' },
      },
      ['startsAt', 'endsAt'],
    );
    expect((ordinaryParts(fixed, {}, 0).body as Record<string, string>).startsAt).toBe('2020-01-01T00:00:00Z');
  });
});

describe('coverageValidCases: a bare integer body member past int64', () => {
  it('is sent once each side (held-out set 94: price beyond 64 bits answered 500)', () => {
    const create = specFromDocument({
      openapi: '3.0.2',
      info: { title: 'products', version: '1' },
      paths: {
        '/product': {
          post: {
            operationId: 'createProduct',
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['title', 'price'],
                    properties: {
                      title: { type: 'string' },
                      price: { type: 'integer' },
                      stock: { type: 'integer', format: 'int64' },
                    },
                  },
                },
              },
            },
            responses: { '201': { description: 'made' } },
          },
        },
      },
    } as never).operation('createProduct')!;
    const texts = coverageValidCases(create).map((c) => String(wire(c, create).body ?? ''));
    expect(texts.some((t) => t.includes('"price":9223372036854775808'))).toBe(true);
    expect(texts.some((t) => t.includes('"price":-9223372036854775809'))).toBe(true);
    expect(texts.some((t) => t.includes('"stock":9223372036854775808'))).toBe(false);
  });
});

describe('raw JSON spellings of a body with integers beyond 2^53', () => {
  it('write the integer digit for digit, never the LosslessNumber object (held-out set 75)', () => {
    const user = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        // Past 2^53 at its least: the ordinary body, realistic, carries a LosslessNumber here.
        height: { type: 'integer', minimum: 10000000000000000 },
      },
    };
    const operation = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'users', version: '1' },
      paths: {
        '/users': {
          post: {
            operationId: 'createUser',
            requestBody: { required: true, content: { 'application/json': { schema: user } } },
            responses: { '201': { description: 'created' } },
          },
        },
      },
    }).operation('createUser')!;
    const raw = Array.from({ length: 40 }, (_, seed) => coverageValidCases(operation, {}, seed))
      .flat()
      .flatMap((c) => (c.body?.kind === 'raw' ? [c.body.text] : []));
    expect(raw.some((text) => /"height":-?\d{16,}/.test(text))).toBe(true);
    expect(raw.filter((text) => text.includes('isLosslessNumber'))).toEqual([]);
  });
});

describe('dates the words put in the past or the future (the expenses zoo)', () => {
  const itemSpec = (description: string, format = 'date') =>
    specFromDocument({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/items': {
          post: {
            operationId: 'addItem',
            description,
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['incurredOn', 'merchant'],
                    properties: { incurredOn: { type: 'string', format }, merchant: { type: 'string' } },
                  },
                },
              },
            },
            responses: { '201': { description: 'made' } },
          },
        },
      },
    } as never).operation('addItem')!;
  const incurred = (description: string, format?: string) =>
    [1, 2, 3, 4, 5].map(
      (seed) => (ordinaryParts(itemSpec(description, format), {}, seed).body as { incurredOn: string }).incurredOn,
    );
  const today = new Date().toISOString().slice(0, 10);

  it('holds a past date where the words say it must not be later than the current date', () => {
    for (const value of incurred('`incurredOn` must not be later than the current date (UTC); else 422.'))
      expect(value < today).toBe(true);
    for (const value of incurred('The `incurredOn` is not in the future.', 'date-time'))
      expect(value < new Date().toISOString()).toBe(true);
  });

  it('holds a future date where they say it lies in the future; words about another member change nothing', () => {
    for (const value of incurred('`incurredOn` must be in the future.')) expect(value > today).toBe(true);
    expect(incurred('`merchant` is not in the future. Adds an item.')).toEqual(incurred('Adds an item.'));
  });
});

describe('the ordinary body, drawn realistically', () => {
  const operationWith = (schema: object) =>
    specFromDocument({
      openapi: '3.0.3',
      info: { title: 'codes', version: '1' },
      paths: {
        '/codes': {
          post: {
            operationId: 'createCode',
            requestBody: { required: true, content: { 'application/json': { schema } } },
            responses: { '201': { description: 'made' } },
          },
        },
      },
    } as never).operation('createCode')!;

  it('carries text chosen by member name and no empty string', () => {
    const body = ordinaryParts(
      operationWith({
        type: 'object',
        required: ['author', 'title'],
        properties: { author: { type: 'string' }, title: { type: 'string' } },
      }),
      {},
      1,
    ).body as Record<string, string>;
    expect(body.author).not.toBe('');
    expect(body.title).not.toBe('');
  });

  it('falls back to a constructive value where no realistic one is valid (epa.gov__echo hung on it)', () => {
    // Realistic text starts with a letter; the schema forbids that, so no realistic draw passes.
    const operation = operationWith({
      type: 'object',
      required: ['code'],
      properties: { code: { type: 'string', not: { pattern: '^[A-Za-z]' } } },
    });
    const body = ordinaryParts(operation, {}, 1).body;
    expect(operation.requestBody!.schema.validate(body).ok).toBe(true);
  });
});
