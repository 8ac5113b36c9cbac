import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import { namedValueHarvester } from './named-values.js';

const drink = {
  type: 'object',
  required: ['productCode'],
  properties: { productCode: { type: 'string' }, name: { type: 'string' }, price: { type: 'integer' } },
};
const ok = (schema: object) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
const code = [{ name: 'productCode', in: 'path', required: true, schema: { type: 'string' } }];
// The Speakeasy tsoa example (held-out set 9): the list is plural, the item path singular.
const spec = specFromDocument({
  openapi: '3.0.0',
  info: { title: 'drinks', version: '1' },
  paths: {
    '/drinks': { get: { operationId: 'listDrinks', responses: ok({ type: 'array', items: drink }) } },
    '/drink/{productCode}': {
      get: { operationId: 'getDrink', parameters: code, responses: ok(drink) },
      put: {
        operationId: 'updateDrink',
        parameters: code,
        requestBody: { content: { 'application/json': { schema: drink } } },
        responses: ok(drink),
      },
      delete: { operationId: 'deleteDrink', parameters: code, responses: { '204': { description: 'gone' } } },
    },
    '/orders': { get: { operationId: 'listOrders', responses: ok({ type: 'array', items: drink }) } },
  },
} as never);
const harvest = namedValueHarvester(spec, resourceModelFor(spec).model.collections);
const answer = (json: unknown) => ({ response: { status: 200, json } });

describe('values named like an item path parameter', () => {
  it('the plural list hands its items to the singular item path, deletions left out', () => {
    const listed = [{ productCode: 'CK-001' }, { productCode: 'CK-002' }, { productCode: 'CK-001' }, { name: 'x' }];
    expect(harvest(answer(listed), spec.operation('listDrinks')!)).toEqual({
      getDrink: { productCode: ['CK-001', 'CK-002'] },
      updateDrink: { productCode: ['CK-001', 'CK-002'] },
    });
    expect(harvest(answer({ data: listed, total: 2 }), spec.operation('listDrinks')!).getDrink).toEqual({
      productCode: ['CK-001', 'CK-002'],
    });
  });

  it('another list with the same member name, or an error, hands nothing', () => {
    expect(harvest(answer([{ productCode: 'CK-001' }]), spec.operation('listOrders')!)).toEqual({});
    expect(harvest({ response: { status: 404, json: [{ productCode: 'a' }] } }, spec.operation('listDrinks')!)).toEqual(
      {},
    );
  });
});
