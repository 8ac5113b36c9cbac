import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import { statedCascade } from './stated-cascade.js';

const childOf = (path: string, description: string) => {
  const item = { type: 'object', properties: { id: { type: 'integer' } } };
  const json = { content: { 'application/json': { schema: item } } };
  const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer' } });
  const spec = specFromDocument({
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
    paths: {
      '/parents': {
        post: { operationId: 'makeParent', requestBody: json, responses: { '201': { description: 'ok', ...json } } },
      },
      '/parents/{parentId}': {
        parameters: [id('parentId')],
        get: { operationId: 'getParent', responses: { '200': { description: 'ok', ...json } } },
        delete: { operationId: 'deleteParent', description, responses: { '204': { description: 'gone' } } },
      },
      [`/parents/{parentId}/${path}`]: {
        parameters: [id('parentId')],
        post: { operationId: 'makeChild', requestBody: json, responses: { '201': { description: 'ok', ...json } } },
      },
      [`/parents/{parentId}/${path}/{childId}`]: {
        parameters: [id('parentId'), id('childId')],
        get: { operationId: 'getChild', responses: { '200': { description: 'ok', ...json } } },
      },
    },
  } as never);
  const child = resourceModelFor(spec).model.collections.find((c) => c.path === `/parents/{parentId}/${path}`)!;
  return statedCascade(spec.operation('deleteParent')!, child);
};

describe('statedCascade', () => {
  it('reads a deletion whose words say the nested items go with it (the parking and fleet zoos)', () => {
    expect(childOf('spots', 'Deletes the garage and its spots.')?.says).toBe('Deletes the garage and its spots.');
    expect(childOf('work-orders', 'Deleting a vehicle deletes all its work orders.')?.pointer).toMatch(/description$/);
    expect(childOf('workOrders', 'Removes the vehicle together with every work order.')).toBeDefined();
  });

  it('reads nothing where the words keep the children, hang the deletion on more, or name others', () => {
    expect(childOf('spots', 'Deletes the garage; its spots are kept.')).toBeUndefined();
    expect(childOf('spots', 'A garage with any spot cannot be deleted: 409.')).toBeUndefined();
    expect(childOf('spots', 'Deletes the garage and its reservations.')).toBeUndefined();
    expect(childOf('spots', 'Deletes the garage.')).toBeUndefined();
  });
});
