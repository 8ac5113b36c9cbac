import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import { referenceMembers, withKnownReferences } from './known-references.js';

const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'refs', version: '1' },
  paths: {
    '/warehouses/{warehouseId}': {
      get: {
        operationId: 'getWarehouse',
        parameters: [{ name: 'warehouseId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/items': {
      post: {
        operationId: 'createItem',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  sku: { type: 'string' },
                  warehouseId: { type: 'string', pattern: '^wh-\\d+$' },
                  name: { type: 'string' },
                },
              },
            },
          },
        },
        responses: { '201': { description: 'created' } },
      },
    },
    '/items/{sku}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'sku', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
});
const create = spec.operation('createItem')!;

describe('body members that name other resources', () => {
  it("are those named like another path parameter, not the operation's own resource", () => {
    expect(referenceMembers(create, spec.operations)).toEqual([{ member: 'warehouseId', parameter: 'warehouseId' }]);
  });

  it('are named for an identifier: a value path (`/data/age/{age}`) names no resource (held-out set 139)', () => {
    const valuePaths = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'games', version: '1' },
      paths: {
        '/users': {
          post: {
            operationId: 'createUser',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { age: { type: 'integer' }, sex: { type: 'string' }, teamSlug: { type: 'string' } },
                  },
                },
              },
            },
            responses: { '201': { description: 'created' } },
          },
        },
        ...Object.fromEntries(
          ['/data/age/{age}', '/data/sex/{sex}', '/teams/{teamSlug}'].map((path) => [
            path,
            {
              get: {
                parameters: [
                  { name: /\{(\w+)\}/.exec(path)![1], in: 'path', required: true, schema: { type: 'string' } },
                ],
                responses: { '200': { description: 'ok' } },
              },
            },
          ]),
        ),
      },
    });
    expect(referenceMembers(valuePaths.operation('createUser')!, valuePaths.operations)).toEqual([
      { member: 'teamSlug', parameter: 'teamSlug' },
    ]);
  });

  it('take a value the target handed out, where it fits the schema', () => {
    const parts = { pathParams: {}, query: [], body: { sku: 'A1', warehouseId: 'wh-77', name: 'bolt' } };
    expect(withKnownReferences(create, parts, { warehouseId: ['wh-1', 'wh-2'] }, 1).body).toEqual({
      sku: 'A1',
      warehouseId: 'wh-2',
      name: 'bolt',
    });
    // A known value the member's schema refuses is not sent, nor is one where none is known: the
    // member keeps its made-up value, and says so.
    expect(withKnownReferences(create, parts, { warehouseId: ['main'] })).toMatchObject({
      body: parts.body,
      madeUpReferences: ['warehouseId'],
    });
    expect(withKnownReferences(create, parts, { warehouseId: [] }).madeUpReferences).toEqual(['warehouseId']);
  });
});
