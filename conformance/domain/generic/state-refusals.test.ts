// An action refused (409) in the states its words name: the workshop zoo's sem-cancelled-completable
// completed a cancelled work order where the words say "An `open`, `done` or `cancelled` work order
// is answered 409 and left unchanged".
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import type { SequenceContext } from '../rules.js';
import { stateRefusals, stateRule } from './state-refusals.js';
import { ordinaryParts } from '../../generate/index.js';

const order = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    note: { type: 'string' },
    status: { type: 'string', enum: ['open', 'in_progress', 'done', 'cancelled'] },
  },
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const action = (operationId: string, description: string, conflict = 'Illegal transition') => ({
  post: {
    operationId,
    description,
    parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'integer' } }],
    responses: { '200': { description: 'ok', ...json(order) }, '409': { description: conflict } },
  },
});
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'orders', version: '1' },
  paths: {
    '/orders': {
      post: {
        operationId: 'createOrder',
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            properties: {
              note: { type: 'string' },
              startsAt: { type: 'string', format: 'date-time' },
              endsAt: { type: 'string', format: 'date-time' },
            },
          }),
        },
        responses: { '201': { description: 'made', ...json(order) } },
      },
    },
    '/orders/{orderId}': {
      get: {
        operationId: 'getOrder',
        parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok', ...json(order) }, '404': { description: 'none' } },
      },
    },
    '/orders/{orderId}/start': action(
      'startOrder',
      'An `open` order becomes `in_progress`. Any other is answered 409.',
    ),
    '/orders/{orderId}/complete': action(
      'completeOrder',
      'An `in_progress` order becomes `done`. An `open`, `done` or `cancelled` order is answered 409 and left unchanged.',
    ),
    '/orders/{orderId}/cancel': action(
      'cancelOrder',
      'An `open` or `in_progress` order becomes `cancelled`.',
      'The order is `done` or `cancelled` already',
    ),
  },
} as never);
const orders = resourceModelFor(spec).model.collections.find((c) => c.path === '/orders')!;

/**
 * An order store with the lifecycle above; `completesCancelled` is the planted defect. `taken`: the
 * start of a window already booked, whose creation is refused with 409.
 */
function target(completesCancelled: boolean, taken?: unknown): SequenceContext & { sent: Case[] } {
  const items = new Map<number, { id: number; status: string }>();
  const sent: Case[] = [];
  const allowed: Record<string, [string[], string]> = {
    startOrder: [['open'], 'in_progress'],
    completeOrder: [completesCancelled ? ['in_progress', 'cancelled'] : ['in_progress'], 'done'],
    cancelOrder: [['open', 'in_progress'], 'cancelled'],
  };
  return {
    spec,
    readOnly: false,
    sent,
    judge: () => [],
    async send(c: Case) {
      sent.push(c);
      if (c.operationId === 'createOrder') {
        const start = (c.body as { value?: { startsAt?: unknown } } | undefined)?.value?.startsAt;
        if (taken !== undefined && start === taken) return jsonExchange(c, 409, { message: 'already booked' });
        const item = { id: items.size + 1, status: 'open' };
        items.set(item.id, item);
        return jsonExchange(c, 201, item);
      }
      const item = items.get(Number(c.pathParams.orderId));
      if (!item) return jsonExchange(c, 404, {});
      if (c.operationId === 'getOrder') return jsonExchange(c, 200, item);
      const [from, to] = allowed[c.operationId]!;
      if (!from.includes(item.status)) return jsonExchange(c, 409, { message: 'illegal transition' });
      item.status = to;
      return jsonExchange(c, 200, item);
    },
  };
}

describe('stateRefusals', () => {
  it('reads the states each action is answered 409 in, from its words or its 409, not turned-around words', () => {
    const values = ['open', 'in_progress', 'done', 'cancelled'];
    const states = (id: string) => [...(stateRule(spec.operation(id)!, values)?.states ?? [])];
    expect(states('completeOrder')).toEqual(['open', 'done', 'cancelled']);
    expect(states('cancelOrder')).toEqual(['done', 'cancelled']);
    // "Any other is answered 409" names no state; "not"/"unless" sentences are not read.
    expect(states('startOrder')).toEqual([]);
  });

  it('reads unquoted states only in a phrase about the item, and the deletion too (the podcasts zoo)', () => {
    const values = ['draft', 'published'];
    const op = (description: string, method = 'post') =>
      specFromDocument({
        openapi: '3.0.3',
        info: { title: 'x', version: '1' },
        paths: {
          '/episodes/{id}/x': {
            [method]: {
              operationId: 'x',
              description,
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
              responses: { '204': { description: 'ok' }, '409': { description: 'Conflict' } },
            },
          },
        },
      } as never).operation('x')!;
    const states = (description: string, method?: string) => [
      ...(stateRule(op(description, method), values)?.states ?? []),
    ];
    expect(states('Publishing an episode that is already published is answered 409 and leaves it unchanged.')).toEqual([
      'published',
    ]);
    expect(states('A published episode cannot be deleted (409, kept).', 'delete')).toEqual(['published']);
    // The states a sentence excepts are the ones it does not refuse (the fleet zoo).
    expect(states('A work order that is not `draft` is answered `409` and stays as it was.')).toEqual(['published']);
    expect(states('Any status other than draft is answered 409.')).toEqual(['published']);
    expect(states('Answered 409 unless it is `draft`, when the show is locked.')).toEqual([]);
    // A bare word outside such a phrase names no state of the item.
    expect(states('Publishing a draft whose show has no title is answered 409.')).toEqual([]);
    expect(states('Publishing is answered 409 when the show is published elsewhere.')).toEqual([]);
  });

  it('reads "any other state" as the states the words did not name (the expenses zoo)', () => {
    const values = ['draft', 'submitted', 'approved', 'rejected'];
    const op = (description: string) =>
      specFromDocument({
        openapi: '3.1.0',
        info: { title: 'x', version: '1' },
        paths: {
          '/reports/{id}/submit': {
            post: {
              operationId: 'submitReport',
              description,
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
              responses: { '200': { description: 'ok' }, '409': { description: 'Conflict' } },
            },
          },
        },
      } as never).operation('submitReport')!;
    const states = (description: string) => [...(stateRule(op(description), values)?.states ?? [])];
    expect(
      states(
        'Moves a `draft` that has at least one line item to `submitted`. A draft without line items, or a report in any other state, is 409.',
      ),
    ).toEqual(['approved', 'rejected']);
    // Every state named, or none left: nothing is claimed.
    expect(states('Any other state is 409.')).toEqual([]);
    // A transition's target is made, not taken (the rentals zoo): a report already submitted is refused.
    expect(states('draft → submitted. A report in any other state is answered 409.')).toEqual([
      'submitted',
      'approved',
      'rejected',
    ]);
    expect(states('Moves a report from `draft` to `submitted`. Any other state is 409.')).toEqual([
      'submitted',
      'approved',
      'rejected',
    ]);
  });

  it('fails an action that succeeds in a state its words refuse, reached by another action on a new item', async () => {
    const property = stateRefusals(spec, orders)!;
    const { findings } = await property.execute(0, target(true));
    expect(findings.map((f) => [f.severity, f.check, f.operationId])).toEqual([
      ['failure', 'semantics.state', 'completeOrder'],
    ]);
    expect(describeFinding(findings[0]!)).toMatch(
      /completeOrder answered 200 for orderId=\d+ in status "cancelled", reached by cancelOrder on a new item/,
    );
    expect(findings[0]!.basis).toMatchObject({
      kind: 'spec',
      pointer: '/paths/~1orders~1{orderId}~1complete/post/description',
    });
  });

  it('passes a target that keeps the words, trying every state it names that the actions reach', async () => {
    const context = target(false);
    const { findings } = await property().execute(0, context);
    expect(findings).toEqual([]);
    // complete was sent on a new (open), a cancelled and a done order; cancel on a done and a cancelled one.
    const tried = (id: string) => context.sent.filter((c) => c.operationId === id).length;
    expect(tried('completeOrder')).toBeGreaterThanOrEqual(3);
    expect(tried('cancelOrder')).toBeGreaterThanOrEqual(2);
  });
});

const property = () => stateRefusals(spec, orders)!;

describe('stateRefusals: items with values of their own', () => {
  it('still walks the states where the values of the ordinary body are already held (the parking zoo)', async () => {
    // Other properties create with the ordinary body (seed 0) first: the target now holds its window.
    const held = (ordinaryParts(spec.operation('createOrder')!, {}, 0).body as { startsAt?: unknown }).startsAt;
    expect(held).toEqual(expect.any(String));
    const { findings } = await stateRefusals(spec, orders)!.execute(0, target(true, held));
    expect(findings.map((f) => [f.severity, f.check, f.operationId])).toContainEqual([
      'failure',
      'semantics.state',
      'completeOrder',
    ]);
  });
});
