// The Location of a 201 is followed even where the sweep's own creation is refused for a state it
// did not set up (a ticket for an event not on sale): the run's earlier 201 is followed instead.
import { afterEach, describe, expect, it } from 'vitest';
import { runConformance } from './run-conformance.js';
import { answerJson, servingDocument } from './_test-support.js';

const order = {
  type: 'object',
  required: ['quantity'],
  properties: { quantity: { type: 'integer', minimum: 1, maximum: 4 } },
};
const stored = { ...order, required: ['id', 'quantity'], properties: { ...order.properties, id: { type: 'integer' } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'orders', version: '1' },
  paths: {
    '/orders': {
      post: {
        operationId: 'createOrder',
        requestBody: { required: true, content: { 'application/json': { schema: order } } },
        responses: {
          '201': {
            description: 'created',
            headers: { Location: { schema: { type: 'string' } } },
            content: { 'application/json': { schema: stored } },
          },
          '409': { description: 'sold out' },
        },
      },
    },
    '/orders/{orderId}': {
      get: {
        operationId: 'getOrder',
        parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: stored } } },
          '404': { description: 'no such order' },
        },
      },
    },
  },
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Takes the first order, then answers 409 (sold out); `wrongLocation` points them elsewhere. */
async function serve(
  wrongLocation: boolean,
  servedDocument: object = document,
): Promise<{ url: string; spec: string }> {
  const orders = new Map<number, { id: number; quantity: number }>();
  const served = await servingDocument('orders', servedDocument, (req, res, text) => {
    const item = /^\/orders\/(\d+)$/.exec(req.url ?? '');
    if (req.url === '/orders' && req.method === 'POST') {
      let body: { quantity?: unknown };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        return answerJson(res, 400, { message: 'bad json' });
      }
      const q = body?.quantity;
      if (typeof q !== 'number' || !Number.isInteger(q) || q < 1 || q > 4)
        return answerJson(res, 400, { message: 'invalid' });
      if (orders.size >= 1) return answerJson(res, 409, { message: 'sold out' });
      const made = { id: orders.size + 1, quantity: q };
      orders.set(made.id, made);
      return answerJson(res, 201, made, { location: wrongLocation ? `/all-orders/${made.id}` : `/orders/${made.id}` });
    }
    if (item && req.method === 'GET') {
      const found = orders.get(Number(item[1]));
      return found ? answerJson(res, 200, found) : answerJson(res, 404, { message: 'no such order' });
    }
    answerJson(res, 404, { message: 'not found' });
  });
  close = served.close;
  return served;
}

const located = async (wrongLocation: boolean, servedDocument: object = document) => {
  const { url, spec } = await serve(wrongLocation, servedDocument);
  const report = await runConformance({
    target: url,
    spec,
    seed: 1,
    runs: 10,
    concurrency: 1,
  });
  return report.findings.filter((f) => f.code === 'location_mismatch' && f.severity === 'failure');
};

describe('the Location of a 201', () => {
  it("is followed from an earlier creation where the sweep's own is refused: a wrong one fails", async () => {
    const found = await located(true);
    expect(found.length).toBe(1);
    expect(found[0]!.evidence).toMatchObject({ scenario: 'not-found', location: '/all-orders/1' });
  });

  it('a right one passes', async () => {
    expect(await located(false)).toEqual([]);
  });

  it('on a path the spec documents without a GET, a 404 to GET is no failure (held-out set 24)', async () => {
    // fastify-users-500: PUT and DELETE on /users/{id}, no GET; Fastify answers an unrouted GET with 404.
    const item = document.paths['/orders/{orderId}'].get;
    const withoutGet = {
      ...document,
      paths: { ...document.paths, '/orders/{orderId}': { delete: { ...item, operationId: 'deleteOrder' } } },
    };
    expect(await located(true, withoutGet)).toHaveLength(1); // /all-orders/1: a path the API does not have
    await close?.();
    const served = await servingDocument('orders', withoutGet, (req, res) =>
      req.method === 'POST'
        ? answerJson(res, 201, { id: 1, quantity: 1 }, { location: '/orders/1' })
        : answerJson(res, 404, { message: 'Route GET:/orders/1 not found' }),
    );
    close = served.close;
    const report = await runConformance({
      target: served.url,
      spec: served.spec,
      seed: 1,
      runs: 2,
      concurrency: 1,
      only: ['location'],
    });
    expect(report.findings.filter((f) => f.code === 'location_mismatch')).toEqual([]);
  });
});
