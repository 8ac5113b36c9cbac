// A list the store does not hold, answered by the engine (an example, Prism), still keeps the page
// size the request asks for: codat.io/assess in the APIs.guru sample answered 3 items to pageSize=2.
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import { resourceModelFor } from '../../spec/resources/index.js';
import type { RequestInput } from '../request-input.js';
import { cutToPage } from './list-length.js';

const item = { type: 'object', properties: { id: { type: 'integer' } } };
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [{ name: 'pageSize', in: 'query', schema: { type: 'integer', default: 2 } }],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { results: { type: 'array', items: item } } },
              },
            },
          },
        },
      },
    },
    '/things/{thingId}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: item } } } },
      },
    },
  },
});
const model = resourceModelFor(spec).model;
const input = (query: Record<string, unknown>) => ({ query }) as unknown as RequestInput;
const page = { results: [{ id: 1 }, { id: 2 }, { id: 3 }], next: 'x' };

describe('cutToPage', () => {
  it('cuts an envelope list to the page size asked, else to its default', () => {
    expect(cutToPage(model, spec.operation('listThings')!, input({ pageSize: 1 }), page)).toEqual({
      results: [{ id: 1 }],
      next: 'x',
    });
    expect(cutToPage(model, spec.operation('listThings')!, input({}), page)).toEqual({
      results: [{ id: 1 }, { id: 2 }],
      next: 'x',
    });
  });

  it('leaves a shorter list and other operations as they are', () => {
    expect(cutToPage(model, spec.operation('listThings')!, input({ pageSize: 5 }), page)).toBe(page);
    expect(cutToPage(model, spec.operation('getThing')!, input({ pageSize: 1 }), page)).toBe(page);
  });
});
