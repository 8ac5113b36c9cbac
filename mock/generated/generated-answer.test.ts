// Dynamic answers come from the spec module's one value generator, not from Prism (issue 23): valid
// against the response schema for any seed, the same for the same seed, realistic, and the engine
// (Prism) is not called for them; it still answers Prefer code= and example=.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type SpecModel } from '../../spec/index.js';
import { resourceModelFor } from '../../spec/resources/index.js';
import { type CoreMockOptions, resolveCoreOptions } from '../core-options.js';
import { type MockCore, createMockCore } from '../core/index.js';
import { createPrismEngine, loadPrism } from '../prism-engine.js';
import { tempSpecs } from '../_test-support.js';

const specs = tempSpecs();
const SPEC = specs.write(
  'orders.yaml',
  `openapi: 3.1.0
info: {title: Orders, version: '1'}
paths:
  /orders:
    get:
      operationId: listOrders
      parameters:
        - {name: limit, in: query, schema: {type: integer, minimum: 0, maximum: 50, default: 10}}
        - {name: state, in: query, schema: {$ref: '#/components/schemas/State'}}
      responses:
        '200':
          description: a page
          headers:
            X-Request-Id: {schema: {type: string, format: uuid}}
          content:
            application/json:
              schema:
                type: object
                required: [data, total]
                properties:
                  data: {type: array, items: {$ref: '#/components/schemas/Order'}}
                  total: {type: integer, minimum: 0}
        '404': {description: none, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}, example: {code: nope}}}}
  /orders/{orderId}:
    get:
      operationId: getOrder
      parameters:
        - {name: orderId, in: path, required: true, schema: {type: string, format: uuid}}
      responses:
        '200': {description: one, content: {application/json: {schema: {$ref: '#/components/schemas/Order'}}}}
        '404': {description: none, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}, example: {code: nope}}}}
components:
  schemas:
    Problem: {type: object, required: [code], properties: {code: {type: string}}}
    State: {type: string, enum: [open, shipped, closed]}
    Order:
      type: object
      required: [id, reference, state, placedAt, customer, lines]
      properties:
        id: {type: string, format: uuid}
        reference: {type: string, pattern: '^ORD-[0-9]{6}$'}
        state: {$ref: '#/components/schemas/State'}
        placedAt: {type: string, format: date-time}
        deliveryDate: {type: ['string', 'null'], format: date}
        customer:
          type: object
          required: [name, email]
          properties:
            name: {type: string, minLength: 2, maxLength: 40}
            email: {type: string, format: email}
            website: {type: string, format: uri}
            address:
              type: object
              properties:
                city: {type: string}
                zip: {type: string, pattern: '^[0-9]{5}$'}
        lines:
          type: array
          minItems: 1
          maxItems: 4
          items:
            type: object
            required: [sku, quantity, price]
            properties:
              sku: {type: string, pattern: '^[A-Z]{3}-[0-9]{4}$'}
              quantity: {type: integer, minimum: 1, maximum: 99}
              price: {type: number, exclusiveMinimum: 0, maximum: 10000, multipleOf: 0.01}
              tags: {type: array, uniqueItems: true, maxItems: 3, items: {type: string}}
        matrix:
          type: array
          items: {type: array, minItems: 2, maxItems: 2, items: {type: integer, minimum: -5, maximum: 5}}
        payment:
          oneOf:
            - type: object
              required: [kind, card]
              additionalProperties: false
              properties: {kind: {const: card}, card: {type: string, pattern: '^[0-9]{4}$'}}
            - type: object
              required: [kind, iban]
              additionalProperties: false
              properties:
                kind: {const: transfer}
                iban: {type: string, minLength: 15, maxLength: 34, pattern: '^[A-Z]{2}[0-9A-Z]+$'}
`,
);

/** Calls the engine got: the mock's own Prism engine, counted. */
const engineCalls = { count: 0 };

function coreOf(spec: SpecModel, options: CoreMockOptions): MockCore {
  return createMockCore({
    spec,
    options: resolveCoreOptions({ quiet: true, ...options }, () => {}, true),
    engine: (s, o) => {
      const engine = createPrismEngine(s, o);
      return {
        answer: (...call) => {
          engineCalls.count++;
          return engine.answer(...call);
        },
      };
    },
    resources: { modelFor: (next) => resourceModelFor(next) },
  });
}

async function get(core: MockCore, url: string, prefer?: string) {
  const response = await core.handle({ method: 'GET', url, headers: prefer ? { prefer } : {} });
  const text = new TextDecoder().decode(response.body);
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

let spec: SpecModel;
let dynamic: MockCore;
let stateful: MockCore;
beforeAll(async () => {
  // Prism answers the Prefer code= request: loaded here, so that no test waits seconds for it.
  await loadPrism();
  spec = await loadSpec(SPEC);
  dynamic = coreOf(spec, { mode: 'dynamic', seed: 'orders' });
  stateful = coreOf(spec, {});
});
afterAll(() => {
  dynamic.close();
  stateful.close();
  specs.remove();
});

type Order = { id: string; state: string; placedAt: string; customer: { name: string; email: string } };

describe('dynamic answers from the spec module generator', () => {
  it('are valid against the response schema for 200 seeds, lists of the asked length with filters honoured', {
    timeout: 60_000,
  }, async () => {
    const list = spec.operation('listOrders')!.responseFor(200)!.schema!;
    const one = spec.operation('getOrder')!.responseFor(200)!.schema!;
    const before = engineCalls.count;
    for (let seed = 0; seed < 200; seed++) {
      const limit = seed % 7;
      const page = await get(dynamic, `/orders?limit=${limit}&state=shipped`, `seed=s${seed}`);
      expect(page.status).toBe(200);
      const checked = list.validate(page.body);
      expect(checked.ok, `seed ${seed}: ${JSON.stringify(checked)}`).toBe(true);
      expect(page.body.data).toHaveLength(limit);
      expect(page.body.data.every((o: Order) => o.state === 'shipped')).toBe(true);
      expect(page.headers['X-Request-Id']).toMatch(/^[0-9a-f-]{36}$/i);
      const read = await get(dynamic, '/orders/6f1c2a4e-0b7d-4f3e-9a51-2c8d7e6b5a40', `seed=r${seed}`);
      expect(one.validate(read.body).ok, `seed ${seed}: ${JSON.stringify(one.validate(read.body))}`).toBe(true);
      expect(read.body.id).toBe('6f1c2a4e-0b7d-4f3e-9a51-2c8d7e6b5a40');
    }
    // None of those 400 answers went through the engine.
    expect(engineCalls.count).toBe(before);
  });

  it('give the same body for the same seed, another for another seed', async () => {
    const [a, b] = [await get(dynamic, '/orders?limit=3'), await get(dynamic, '/orders?limit=3')];
    expect(b.body).toEqual(a.body);
    expect(b.headers['X-Request-Id']).toBe(a.headers['X-Request-Id']);
    const [c, d] = [
      await get(dynamic, '/orders?limit=3', 'seed=one'),
      await get(dynamic, '/orders?limit=3', 'seed=two'),
    ];
    expect(c.body).not.toEqual(d.body);
  });

  it('read like data', async () => {
    const page = await get(dynamic, '/orders?limit=5');
    for (const order of page.body.data as Order[]) {
      expect(order.customer.name).toMatch(/^[A-Z][a-zà-ÿ]+$/);
      expect(order.customer.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
      expect(order.placedAt.startsWith('2024')).toBe(true);
    }
  });

  it('come from the generator with Prefer: dynamic=true in stateful mode too; Prefer code= still goes to Prism', async () => {
    const before = engineCalls.count;
    const page = await get(stateful, '/orders?limit=2', 'dynamic=true, seed=x');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(engineCalls.count).toBe(before);
    const forced = await get(stateful, '/orders', 'code=404');
    expect(forced.status).toBe(404);
    expect(engineCalls.count).toBe(before + 1);
  });
});
