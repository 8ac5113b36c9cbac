// A list is in the order the spec's words give it: the ticketing zoo's sem-events-sorted-by-id listed
// a venue's events by id where the spec says "sorted by `startsAt` ascending".
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { settleFinding } from '../../findings/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import { listOrderCheck } from './list-checks.js';

const event = {
  type: 'object',
  properties: { id: { type: 'integer' }, startsAt: { type: 'string', format: 'date-time' }, name: { type: 'string' } },
};
const specSaying = (description: string) =>
  specFromDocument({
    openapi: '3.0.3',
    info: { title: 'events', version: '1' },
    paths: {
      '/events': {
        get: {
          operationId: 'listEvents',
          description,
          parameters: [{ name: 'sort', in: 'query', schema: { type: 'string' } }],
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: event } } } },
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
const spec = specSaying('Events of the venue, sorted by `startsAt` ascending (earliest first).');
const events = resourceModelFor(spec).model.collections.find((c) => c.path === '/events')!;
const check = listOrderCheck(events)!;
const listed = (items: unknown[], query: [string, string][] = []) => {
  const c: Case = { operationId: 'listEvents', family: 'test', kind: 'valid', pathParams: {}, query, auth: 'valid' };
  const operation = spec.operation('listEvents')!;
  return check.run({ exchange: jsonExchange(c, 200, items), operation }).map((f) => settleFinding(f, operation));
};
const at = (id: number, startsAt: string) => ({ id, startsAt });

describe('a list in the order the spec states', () => {
  it('fails at the first item out of order, resting on the spec words', () => {
    const found = listed([
      at(1, '2026-03-01T10:00:00Z'),
      at(2, '2026-01-01T10:00:00Z'),
      at(3, '2026-05-01T10:00:00+02:00'),
    ]);
    expect(found.map((f) => [f.severity, describeFinding(f)])).toEqual([
      [
        'failure',
        expect.stringContaining(
          'The list is not in startsAt ascending order: item 2 of 3 has startsAt "2026-01-01T10:00:00Z", after "2026-03-01T10:00:00Z".',
        ),
      ],
    ]);
    expect(found[0]!.basis).toEqual({
      kind: 'spec',
      pointer: '/paths/~1events/get/description',
      says: 'Events of the venue, sorted by `startsAt` ascending (earliest first).',
    });
  });

  it('passes a list in order, ties, instants written in other offsets, and items without the member', () => {
    expect(
      listed([at(1, '2026-01-01T12:00:00+02:00'), at(2, '2026-01-01T10:00:00Z'), at(3, '2026-01-01T10:00:00Z')]),
    ).toEqual([]);
    expect(listed([at(1, '2026-01-01T10:00:00Z'), { id: 2 }, at(3, '2026-02-01T10:00:00Z')])).toEqual([]);
  });

  it('does not judge a list the request asked to sort otherwise', () => {
    expect(listed([at(1, '2026-03-01T10:00:00Z'), at(2, '2026-01-01T10:00:00Z')], [['sort', '-startsAt']])).toEqual([]);
  });
});

describe('the order read from the spec words', () => {
  const orderOf = (description: string) =>
    resourceModelFor(specSaying(description)).model.collections.find((c) => c.path === '/events')!.order;

  it('takes a member, a comparison and a direction the words name, before or after the member', () => {
    expect(orderOf('Sorted by `startsAt` ascending.')).toMatchObject({
      member: 'startsAt',
      direction: 'ascending',
      compare: 'instant',
    });
    expect(orderOf('Events are returned in descending order by id.')).toMatchObject({
      member: 'id',
      direction: 'descending',
      compare: 'number',
    });
    expect(orderOf('Ordered by startsAt (newest first).')).toMatchObject({
      member: 'startsAt',
      direction: 'descending',
    });
  });

  it('takes none where the words give no direction, negate, or name a string or unknown member', () => {
    expect(orderOf('Sorted by `startsAt`.')).toBeUndefined();
    expect(orderOf('The list is not sorted by startsAt ascending.')).toBeUndefined();
    expect(orderOf('Sorted by `name` ascending.')).toBeUndefined();
    expect(orderOf('Sorted by `price` ascending.')).toBeUndefined();
    expect(orderOf('Sorted by id, newest first.')).toBeUndefined();
  });
});
