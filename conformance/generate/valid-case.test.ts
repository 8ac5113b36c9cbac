import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOperations, type Operations } from '../checks/_test-support.js';
import { specFromDocument } from '../../spec/index.js';
import { decodeBody } from '../../spec/media/index.js';
import {
  ExistingValue,
  parameterArbitrary,
  requestPartsArbitrary,
  toValidCase,
  unsendableSegment,
} from './valid-case.js';
import { ordinaryParts } from './coverage.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

describe('requestPartsArbitrary: ids the target handed out', () => {
  it('uses a known value the parameter takes, never one its schema refuses', () => {
    // getPet's petId is an integer: "3" names a pet, "a" (an id of something else) names nothing.
    const sent = fc.sample(requestPartsArbitrary(ops.getPet, { petId: ['3', 'a'] }), { numRuns: 300, seed: 7 });
    const existing = sent.map((p) => p.pathParams.petId).filter((v) => v instanceof ExistingValue);
    expect(existing.length).toBeGreaterThan(0);
    expect(new Set(existing.map((v) => v.text))).toEqual(new Set(['3']));
  });
});

describe('toValidCase: form bodies', () => {
  it('writes a space as `+` (WHATWG urlencoded serializer) and a `+` of the value as %2B, read back the same', () => {
    const schema = { type: 'object', properties: { author: { type: 'string' } } };
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'Forms', version: '1' },
      paths: {
        '/entries': {
          post: {
            operationId: 'sign',
            requestBody: { content: { 'application/x-www-form-urlencoded': { schema } } },
            responses: { '201': { description: 'signed' } },
          },
        },
      },
    });
    const c = toValidCase(spec.operation('sign')!, { pathParams: {}, query: [], body: { author: 'Ana Lima+1' } });
    const text = c.body?.kind === 'raw' ? c.body.text : '';
    expect(text).toBe('author=Ana+Lima%2B1');
    expect(decodeBody('application/x-www-form-urlencoded', text, schema)).toEqual({
      ok: true,
      value: { author: 'Ana Lima+1' },
    });
  });
});

describe('parameterArbitrary: null has no written form', () => {
  it('never sends null for a nullable query parameter (OpenAPI 3.0 nullable, 3.1 type list)', async () => {
    const spec = await specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/users': {
          get: {
            operationId: 'listUsers',
            parameters: [{ name: 'limit', in: 'query', schema: { type: 'number', nullable: true } }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    const parameter = spec.operation('listUsers')!.parameters[0]!;
    const values = fc.sample(parameterArbitrary(parameter), { seed: 1, numRuns: 300 });
    expect(values.length).toBe(300);
    expect(values.filter((v) => v === null)).toEqual([]);
  });
});

describe('parameterArbitrary: counts written as text', () => {
  const parameterOf = (name: string, schema: object) =>
    specFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/cats': {
          get: {
            operationId: 'listCats',
            parameters: [{ name, in: 'query', schema }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }).operation('listCats')!.parameters[0]!;

  it('a bare-string page, offset or page size is mostly digits, one past 2^53 among them (held-out set 89)', () => {
    for (const name of ['page', 'offset', 'limit', 'per_page']) {
      const values = fc.sample(parameterArbitrary(parameterOf(name, { type: 'string' })), { seed: 2, numRuns: 200 });
      expect(values.filter((v) => typeof v === 'string' && /^\d+$/.test(v)).length).toBeGreaterThan(100);
      expect(values).toContain('9007199254740993');
    }
  });

  it('leaves other names, and strings with a syntax of their own, to their schema', () => {
    for (const [name, schema] of [
      ['q', { type: 'string' }],
      ['page', { type: 'string', pattern: '^[a-z]+$' }],
      ['page', { type: 'string', enum: ['first', 'last'] }],
    ] as const) {
      const values = fc.sample(parameterArbitrary(parameterOf(name, schema)), { seed: 2, numRuns: 200 });
      expect(values).not.toContain('9007199254740993');
    }
  });
});

describe('toValidCase: what a form cannot write is an edge, not an ordinary valid value', () => {
  const upload = async (type: string) =>
    (await specFromDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/images': {
          post: {
            operationId: 'upload',
            requestBody: {
              required: true,
              content: {
                [type]: {
                  schema: {
                    type: 'object',
                    properties: {
                      file: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: 3 },
                      title: { type: 'string' },
                    },
                  },
                },
              },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }))!.operation('upload')!;
  const parts = (body: Record<string, unknown>) => ({ pathParams: {}, query: [], body: body as never });

  it('labels an empty array in multipart or a form, and a multipart with no part, form-encoding', async () => {
    const multipart = await upload('multipart/form-data');
    expect(toValidCase(multipart, parts({ file: [], title: 'x' })).edge).toMatchObject({
      gap: 'form-encoding',
      description: expect.stringContaining('/body/file is empty'),
    });
    expect(toValidCase(multipart, parts({})).edge).toMatchObject({
      gap: 'form-encoding',
      description: expect.stringContaining('RFC 2046'),
    });
    const form = await upload('application/x-www-form-urlencoded');
    expect(toValidCase(form, parts({ file: [] })).edge).toMatchObject({ gap: 'form-encoding' });
  });

  it('leaves a body with its parts unlabelled; in JSON (which writes [] as it is) an empty list is only refusable as documented', async () => {
    expect(toValidCase(await upload('multipart/form-data'), parts({ file: ['a'], title: 'x' })).edge).toBeUndefined();
    expect(toValidCase(await upload('application/json'), parts({ file: [] })).edge).toEqual({
      gap: 'field-size-limits',
      description: '/body/file is an empty list',
      documentedRefusalOnly: true,
    });
  });
});

describe('a +json request body', () => {
  it('is sent as declared, and sometimes in other letter case (RFC 9110 §8.3.1)', () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'people', version: '1' },
      paths: {
        '/people': {
          post: {
            operationId: 'createPerson',
            requestBody: {
              required: true,
              content: {
                'application/vnd.api+json': { schema: { type: 'object', properties: { a: { type: 'string' } } } },
              },
            },
            responses: { '201': { description: 'made' } },
          },
        },
      },
    } as never);
    const operation = spec.operation('createPerson')!;
    const spellings = new Set(
      fc.sample(requestPartsArbitrary(operation), { seed: 3, numRuns: 60 }).map((p) => p.contentType ?? 'declared'),
    );
    expect([...spellings].sort()).toEqual(['Application/Vnd.Api+JSON', 'declared']);
  });
});

describe('a path parameter value no request can carry as itself', () => {
  it('is never a dot segment, which URL normalisation removes (the courses zoo: /courses/./lessons)', () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'x', version: '1' },
      paths: {
        '/courses/{courseId}/lessons': {
          get: {
            operationId: 'listLessons',
            parameters: [
              { name: 'courseId', in: 'path', required: true, schema: { type: 'string', enum: ['.', '..', 'c1'] } },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    } as never);
    const parameter = spec.operation('listLessons')!.parameters[0]!;
    expect(new Set(fc.sample(parameterArbitrary(parameter), { seed: 1, numRuns: 30 }))).toEqual(new Set(['c1']));
    expect(ordinaryParts(spec.operation('listLessons')!, {}, 0).pathParams.courseId).toBe('c1');
    expect(['', '.', '..'].map(unsendableSegment)).toEqual([true, true, true]);
    expect(['...', '.a', 'a.'].map(unsendableSegment)).toEqual([false, false, false]);
  });

  it('never holds a slash, which routers decode from %2F before routing (held-out set 114)', () => {
    expect(['a/b', '/', 'a%2Fb'].map(unsendableSegment)).toEqual([true, true, false]);
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'x', version: '1' },
      paths: {
        '/users/{userId}': {
          delete: {
            operationId: 'deleteUser',
            parameters: [{ name: 'userId', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '204': { description: 'gone' } },
          },
        },
      },
    } as never);
    const parameter = spec.operation('deleteUser')!.parameters[0]!;
    const drawn = fc.sample(parameterArbitrary(parameter), { seed: 1, numRuns: 300 });
    expect(drawn.filter((v) => String(v).includes('/'))).toEqual([]);
  });
});
