import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationModel } from '../../spec/index.js';
import { invalidCaseArbitrary, isStillInvalid } from './invalid-case.js';
import { mutationsOf } from './mutations.js';
import { labelProblems } from './_test-support.js';

// Declared input constraints (issue 21's "depth that stays general"): each keyword of a member's
// schema gets a value that breaks it, and that value is invalid by the spec's own validator.
const venue = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'capacity'],
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 50 },
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
    opens: { type: 'string', format: 'date-time' },
    capacity: { type: 'integer', exclusiveMinimum: 0 },
    rating: { type: 'number', minimum: 0, maximum: 5 },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, maxItems: 3 },
  },
};

let operation: OperationModel;
let search: OperationModel;
beforeAll(async () => {
  const { specFromDocument } = await import('../../spec/index.js');
  const spec = await specFromDocument({
    openapi: '3.1.0',
    info: { title: 'venues', version: '1' },
    paths: {
      '/venues': {
        post: {
          operationId: 'createVenue',
          requestBody: { required: true, content: { 'application/json': { schema: venue } } },
          responses: {
            '201': { description: 'created' },
            '400': { description: 'invalid' },
            '415': { description: 'not JSON' },
          },
        },
        get: {
          operationId: 'searchVenues',
          parameters: [
            { name: 'q', in: 'query', schema: { type: 'string', maxLength: 20 } },
            { name: 'minRating', in: 'query', schema: { type: 'number', minimum: 0, maximum: 5 } },
          ],
          responses: { '200': { description: 'ok' }, '400': { description: 'invalid' } },
        },
      },
    },
  });
  operation = spec.operation('createVenue')!;
  search = spec.operation('searchVenues')!;
});

describe('keyword breakers', () => {
  it('break every declared constraint of the body, the forbidden member included', () => {
    const keywords = mutationsOf(operation).map((m) => `${m.reason.pointer} ${m.reason.keyword}`);
    expect(keywords).toEqual(
      expect.arrayContaining([
        '/name minLength',
        '/name maxLength',
        '/code pattern',
        '/opens format',
        '/capacity exclusiveMinimum',
        '/rating minimum',
        '/rating maximum',
        '/tags maxItems',
        '/tags uniqueItems',
        '/tags/0 type',
        '/unexpectedMember additionalProperties',
      ]),
    );
    // An item of another type: null, and a value of another JSON type.
    const items = mutationsOf(operation).filter((m) => m.reason.pointer === '/tags/0');
    expect(items.map((m) => m.reason.description)).toEqual([
      "'tags' holds null, not of type string",
      "'tags' holds 42, not of type string",
    ]);
  });

  it('make only requests the spec calls invalid, as labelled; format is a should', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(invalidCaseArbitrary(operation)!, (c) => {
        seen.add(c.invalid!.keyword);
        expect(isStillInvalid(c, operation)).toBe(true);
        expect(labelProblems(c, operation)).toEqual([]);
        if (c.invalid!.keyword === 'format') expect(c.invalid!.firmness).toBe('should');
      }),
      { seed: 7, numRuns: 300 },
    );
    for (const k of [
      'maxLength',
      'pattern',
      'uniqueItems',
      'maxItems',
      'additionalProperties',
      'exclusiveMinimum',
      'type',
    ])
      expect(seen).toContain(k);
  });

  it('break query parameters too: a length and non-integer bounds', () => {
    const texts = mutationsOf(search).flatMap((m) =>
      m.target === 'parameter' ? [`${m.parameter.name}=${m.text}`] : [],
    );
    expect(texts).toEqual(expect.arrayContaining([`q=${'a'.repeat(21)}`, 'minRating=-1', 'minRating=6']));
  });

  it('make another media type a firm refusal where the operation documents 415', () => {
    const media = mutationsOf(operation).filter((m) => m.reason.keyword === 'content-type');
    expect(media.map((m) => m.reason.firmness)).toEqual(['must', 'must']);
  });
});
