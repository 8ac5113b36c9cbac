// A list filtered by a range parameter shows no item beyond the bound, as the parameter's words say:
// the ticketing zoo's sem-date-string-compare compared `from` with `startsAt` as strings, so an event
// written with another UTC offset was listed before the bound.
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { settleFinding } from '../../findings/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import type { SequenceContext } from '../rules.js';
import { rangeFilterChecks } from './list-checks.js';
import { probeRangeFilters } from './range-probes.js';

const event = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    startsAt: { type: 'string', format: 'date-time' },
    price: { type: 'number' },
    number: { type: 'integer' },
  },
};
const query = (name: string, description: string, schema: object) => ({ name, in: 'query', description, schema });
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'events', version: '1' },
  paths: {
    '/events': {
      get: {
        operationId: 'listEvents',
        parameters: [
          query('from', 'Only events whose `startsAt` is at or after this instant (inclusive).', {
            type: 'string',
            format: 'date-time',
          }),
          query('to', 'Only events whose `startsAt` is before this instant (exclusive).', {
            type: 'string',
            format: 'date-time',
          }),
          query('maxPrice', 'Events with a price less than or equal to this.', { type: 'number' }),
          query('limit', 'The maximum number of events, at most 100.', { type: 'integer', maximum: 100 }),
          query('day', 'Only events whose `startsAt` is after this day.', { type: 'string', format: 'date' }),
        ],
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
const events = resourceModelFor(spec).model.collections.find((c) => c.path === '/events')!;
const checks = rangeFilterChecks(events);
const listed = (q: [string, string][], items: unknown[]) => {
  const c: Case = { operationId: 'listEvents', family: 'test', kind: 'valid', pathParams: {}, query: q, auth: 'valid' };
  const operation = spec.operation('listEvents')!;
  return checks
    .flatMap((check) => check.run({ exchange: jsonExchange(c, 200, items), operation }))
    .map((f) => settleFinding(f, operation));
};

describe('range filters read from the operation words (the clinic zoo)', () => {
  it('take the clause whose first quoted word is the parameter, and its inclusive or exclusive bound', () => {
    const clinic = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'clinic', version: '1' },
      paths: {
        '/appointments': {
          get: {
            operationId: 'listAppointments',
            description:
              'Ordered by `startsAt`. `from` keeps appointments with `startsAt` at or after it (inclusive); `to` keeps those with `startsAt` strictly before it (exclusive). `from` later than `to` is answered 400.',
            parameters: [
              { name: 'from', in: 'query', schema: { type: 'string', format: 'date-time' } },
              { name: 'to', in: 'query', schema: { type: 'string', format: 'date-time' } },
            ],
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'array', items: event } } },
              },
            },
          },
        },
      },
    });
    const appointments = resourceModelFor(clinic).model.collections.find((c) => c.path === '/appointments')!;
    expect(appointments.ranges?.map((r) => [r.parameter, r.member, r.bound, r.inclusive, r.pointer])).toEqual([
      ['from', 'startsAt', 'lower', true, '/paths/~1appointments/get/description'],
      ['to', 'startsAt', 'upper', false, '/paths/~1appointments/get/description'],
    ]);
  });
});

describe('range filters read from the operation words, wrapped across lines (the courses zoo)', () => {
  it('read a phrase broken by a line end, and a clause that starts after a comma', () => {
    const courses = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'courses', version: '1' },
      paths: {
        '/courses': {
          get: {
            operationId: 'listCourses',
            description:
              'Lists the courses matching all given filters. `startsAfter` keeps courses whose `startsAt` is on\nor after the given date, `startsBefore` those whose `startsAt` is on or before it (both\ninclusive).',
            parameters: [
              { name: 'startsAfter', in: 'query', schema: { type: 'string', format: 'date-time' } },
              { name: 'startsBefore', in: 'query', schema: { type: 'string', format: 'date-time' } },
            ],
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'array', items: event } } },
              },
            },
          },
        },
      },
    });
    const list = resourceModelFor(courses).model.collections.find((c) => c.path === '/courses')!;
    expect(list.ranges?.map((r) => [r.parameter, r.member, r.bound, r.inclusive])).toEqual([
      ['startsAfter', 'startsAt', 'lower', true],
      ['startsBefore', 'startsAt', 'upper', true],
    ]);
  });
});

describe('range filters read from the parameters words', () => {
  it('bound a member the words name, quoted or held in the parameter name, when the types compare', () => {
    expect(events.ranges?.map((r) => [r.parameter, r.member, r.bound, r.inclusive])).toEqual([
      ['from', 'startsAt', 'lower', true],
      ['to', 'startsAt', 'upper', false],
      ['maxPrice', 'price', 'upper', true],
    ]);
    // `limit` is paging ("number" is a member, but not quoted and not in its name); `day` is a date
    // against a date-time member: neither is a range.
    expect(events.filters.map((f) => f.parameter)).not.toContain('from');
  });
});

describe('range filters written as a comparison (the workshop zoo)', () => {
  it('read `member >= parameter` and `parameter < member`, the operator saying whether the bound is kept', () => {
    const workshop = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'workshop', version: '1' },
      paths: {
        '/orders': {
          get: {
            operationId: 'listOrders',
            parameters: [
              query('createdFrom', 'Only orders created at or after this instant (`createdAt >= createdFrom`).', {
                type: 'string',
                format: 'date-time',
              }),
              query('createdBefore', 'Orders with createdBefore > createdAt.', { type: 'string', format: 'date-time' }),
              query('tag', 'A generic Array<string> filter.', { type: 'string' }),
            ],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: { id: { type: 'integer' }, createdAt: { type: 'string', format: 'date-time' } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    const orders = resourceModelFor(workshop).model.collections.find((c) => c.path === '/orders')!;
    expect(orders.ranges?.map((r) => [r.parameter, r.member, r.bound, r.inclusive])).toEqual([
      ['createdFrom', 'createdAt', 'lower', true],
      ['createdBefore', 'createdAt', 'upper', false],
    ]);
  });
});

describe('a list filtered by a range', () => {
  it('fails an item beyond the bound, compared as instants, resting on the parameter words', () => {
    const found = listed(
      [['from', '2027-03-14T21:00:00Z']],
      [
        { id: 1, startsAt: '2027-03-14T21:30:00+01:00' },
        { id: 2, startsAt: '2027-03-14T22:00:00Z' },
      ],
    );
    expect(found.map((f) => [f.severity, describeFinding(f)])).toEqual([
      [
        'failure',
        expect.stringContaining(
          'from=2027-03-14T21:00:00Z listed 1 of 2 items with startsAt below that bound (e.g. "2027-03-14T21:30:00+01:00").',
        ),
      ],
    ]);
    expect(found[0]!.basis).toMatchObject({ kind: 'spec', pointer: '/paths/~1events/get/parameters/0/description' });
  });

  it('judges an item at the bound only where the words say inclusive or exclusive', () => {
    expect(listed([['from', '2027-03-14T21:00:00Z']], [{ id: 1, startsAt: '2027-03-14T22:00:00+01:00' }])).toEqual([]);
    expect(listed([['to', '2027-03-14T21:00:00Z']], [{ id: 1, startsAt: '2027-03-14T21:00:00Z' }])).toHaveLength(1);
    expect(listed([['maxPrice', '10']], [{ id: 1, price: 10 }, { id: 2 }])).toEqual([]);
    expect(listed([['maxPrice', '10']], [{ id: 1, price: 10.5 }])).toHaveLength(1);
  });
});

describe('probeRangeFilters', () => {
  const stored = [
    { id: 1, startsAt: '2027-03-14T21:30:00+01:00' },
    { id: 2, startsAt: '2027-03-14T22:00:00Z' },
    { id: 3, startsAt: '2027-03-15T09:00:00+09:00' },
  ];
  /** A server whose `from` and `to` compare as the server chooses: as text, as instants, or `to` exclusively. */
  const server = (how: 'text' | 'instant' | 'exclusive-from' | 'inclusive-to') => {
    const sent: Case[] = [];
    const context: SequenceContext = {
      spec,
      readOnly: false,
      judge: () => [],
      send: async (c: Case) => {
        sent.push(c);
        const from = c.query.find(([k]) => k === 'from')?.[1];
        const to = c.query.find(([k]) => k === 'to')?.[1];
        const key = (v: string) => (how === 'text' ? v : Date.parse(v));
        const kept = stored.filter(
          (e) =>
            (from === undefined ||
              (how === 'exclusive-from' ? key(e.startsAt) > key(from) : key(e.startsAt) >= key(from))) &&
            (to === undefined || (how === 'inclusive-to' ? key(e.startsAt) <= key(to) : key(e.startsAt) < key(to))),
        );
        return jsonExchange(c, 200, kept);
      },
    };
    return { context, sent };
  };

  it('fails a server that compares date-times as text, with a bound written in a far UTC offset', async () => {
    const { context, sent } = server('text');
    const findings = await probeRangeFilters(context, spec, events);
    // The middle item starts at 22:00Z: the least bound one second later, written at -12:00.
    expect(sent[1]!.query).toContainEqual(['from', '2027-03-14T10:00:01-12:00']);
    expect(describeFinding(findings[0]!)).toMatch(
      /^from=2027-03-14T10:00:01-12:00 listed 2 of 3 items with startsAt below that bound \(e.g. "2027-03-14T21:30:00\+01:00"\)/,
    );
  });

  it('fails a server that leaves out an item exactly at an inclusive bound', async () => {
    const findings = await probeRangeFilters(server('exclusive-from').context, spec, events);
    expect(findings.map((f) => describeFinding(f))).toEqual([
      expect.stringMatching(
        /^listEvents filtered by from = "2027-03-14T22:00:00Z", the startsAt of the item eventId=2, returned 1 items, a complete list, without it: an inclusive least bound keeps an item exactly at it/,
      ),
    ]);
  });

  it('fails a server that keeps an item exactly at an exclusive bound (the podcasts zoo)', async () => {
    const findings = await probeRangeFilters(server('inclusive-to').context, spec, events);
    expect(findings.map((f) => describeFinding(f))).toEqual([
      expect.stringMatching(/^to=2027-03-14T22:00:00Z listed 1 of \d+ items with startsAt/),
    ]);
  });

  it('passes a server that compares instants and keeps its bounds as the words say', async () => {
    expect(await probeRangeFilters(server('instant').context, spec, events)).toEqual([]);
  });
});
