// A list envelope's total (`{items, total}`) counts the items the request matches: the ticketing
// zoo's sem-total-ignores-filter counted every event of the venue under any filter.
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import { totalCheck } from './list-checks.js';

const event = {
  type: 'object',
  properties: { id: { type: 'integer' }, status: { type: 'string', enum: ['draft', 'on_sale'] } },
};
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'events', version: '1' },
  paths: {
    '/events': {
      get: {
        operationId: 'listEvents',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', default: 20, maximum: 100 } },
          { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } },
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['draft', 'on_sale'] } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { items: { type: 'array', items: event }, total: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
    },
    '/events/{eventId}': {
      get: {
        operationId: 'getEvent',
        parameters: [{ name: 'eventId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: event } } } },
      },
    },
  },
});
const events = resourceModelFor(spec).model.collections.find((c) => c.path === '/events')!;
const check = totalCheck(events)!;
const listed = (query: [string, string][], items: number, total: number) => {
  const c: Case = { operationId: 'listEvents', family: 'test', kind: 'valid', pathParams: {}, query, auth: 'valid' };
  const page = { items: Array.from({ length: items }, (_, i) => ({ id: i + 1, status: 'on_sale' })), total };
  return check.run({ exchange: jsonExchange(c, 200, page), operation: spec.operation('listEvents')! });
};

describe('a list envelope total', () => {
  it('fails where a complete page disagrees with it, or it counts fewer than the page shows', () => {
    const found = listed([['status', 'on_sale']], 2, 11);
    expect(found.map((f) => describeFinding(f))).toEqual([
      expect.stringMatching(
        /^The list asked with status=on_sale answered all 2 matching items on one page, yet its total says 11\./,
      ),
    ]);
    expect(listed([['limit', '5']], 5, 3)).toHaveLength(1);
  });

  it('passes a full page (more may follow), a later page, and a complete page that agrees', () => {
    expect(listed([['limit', '5']], 5, 40)).toEqual([]);
    expect(listed([['offset', '20']], 3, 40)).toEqual([]);
    expect(listed([], 7, 7)).toEqual([]);
  });

  it('fails an answer showing items at an offset past its own total (greenhouse and rentals zoos)', () => {
    const found = listed([['offset', '2147483647']], 3, 3);
    expect(found.map((f) => describeFinding(f))).toEqual([
      expect.stringMatching(
        /^The list asked with offset=2147483647 skips 2147483647 items \(offset\), past all 3 that match by its total, yet it answered 3 items/,
      ),
    ]);
    // An offset at the total, or one past it (a 1-based offset), may still show the last item; an
    // empty answer there holds; an offset within the matches is a later page.
    expect(listed([['offset', '3']], 1, 3)).toEqual([]);
    expect(listed([['offset', '4']], 0, 3)).toEqual([]);
    expect(listed([['offset', '2']], 1, 3)).toEqual([]);
  });
});
