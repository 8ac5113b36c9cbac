// A list under a parent shows that parent's items only: the ticketing zoo's sem-event-list-leaks
// listed the events of every venue under each one.
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import { listScopeCheck } from './list-checks.js';

const venueId = { name: 'venueId', in: 'path', required: true, schema: { type: 'string' } };
const event = { type: 'object', properties: { id: { type: 'integer' }, venueId: { type: 'string' } } };
const ok = (schema: object) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'venues', version: '1' },
  paths: {
    '/venues/{venueId}': { get: { operationId: 'getVenue', parameters: [venueId], responses: ok({ type: 'object' }) } },
    '/venues/{venueId}/events': {
      get: { operationId: 'listEvents', parameters: [venueId], responses: ok({ type: 'array', items: event }) },
    },
    '/venues/{venueId}/events/{eventId}': {
      get: {
        operationId: 'getEvent',
        parameters: [venueId, { name: 'eventId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: ok(event),
      },
    },
  },
});
const events = resourceModelFor(spec).model.collections.find((c) => c.path === '/venues/{venueId}/events')!;
const check = listScopeCheck(events)!;
const listed = (asked: string, items: unknown[]) => {
  const c: Case = {
    operationId: 'listEvents',
    family: 'test',
    kind: 'valid',
    pathParams: { venueId: asked },
    query: [],
    auth: 'valid',
  };
  return check.run({ exchange: jsonExchange(c, 200, items), operation: spec.operation('listEvents')! });
};

describe('a list under a parent', () => {
  it('fails where an item names another parent', () => {
    const found = listed('v1', [
      { id: 1, venueId: 'v1' },
      { id: 2, venueId: 'v2' },
    ]);
    expect(found.map((f) => describeFinding(f))).toEqual([
      'The list under venueId=v1 shows 1 of its 2 items with venueId v2: an item of another parent.',
    ]);
  });

  it('passes its own items, and items that do not all name a parent', () => {
    expect(listed('v1', [{ id: 1, venueId: 'v1' }])).toEqual([]);
    expect(listed('v1', [{ id: 1, venueId: 'v2' }, { id: 2 }])).toEqual([]);
  });
});

describe('a parent named by a bare {id} (held-out set 33, platformatic-quotes)', () => {
  const quote = { type: 'object', properties: { id: { type: 'integer' }, movieId: { type: 'integer' } } };
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
  const movies = specFromDocument({
    openapi: '3.0.3',
    info: { title: 'quotes', version: '1' },
    paths: {
      '/movies/{id}': { get: { operationId: 'getMovie', parameters: [id], responses: ok({ type: 'object' }) } },
      '/movies/{id}/quotes': {
        get: { operationId: 'getQuotesForMovie', parameters: [id], responses: ok({ type: 'array', items: quote }) },
      },
    },
  });
  const quotes = resourceModelFor(movies).model.collections.find((c) => c.path === '/movies/{id}/quotes')!;
  const run = (items: unknown[]) =>
    listScopeCheck(quotes)!.run({
      exchange: jsonExchange(
        {
          operationId: 'getQuotesForMovie',
          family: 'test',
          kind: 'valid',
          pathParams: { id: '1' },
          query: [],
          auth: 'valid',
        },
        200,
        items,
      ),
      operation: movies.operation('getQuotesForMovie')!,
    });

  it('is judged by the parent member (movieId), not by each item’s own id', () => {
    expect(run([{ id: 7, movieId: 1 }])).toEqual([]);
    expect(run([{ id: 7, movieId: 2 }]).map((f) => f.code)).toEqual(['semantic_violation']);
  });
});
