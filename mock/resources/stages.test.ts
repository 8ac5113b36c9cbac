// The stateful store's stages, each called alone on one ResourceState: list, create, change, remove,
// and the singleton stage. `resources.test.ts` and the fixture APIs test them together through the server.
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import { inferResources } from '../../spec/resources/infer-resources.js';
import type { RequestInput } from '../request-input.js';
import { answerSingleton } from './answer-singleton.js';
import { changeItem } from './change-item.js';
import { createItem } from './create-item.js';
import { listItems } from './list-items.js';
import { removeItem } from './remove-item.js';
import { type Collection, ResourceState } from './resource-state.js';

const item = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    tag: { type: 'string' },
    secret: { type: 'string', writeOnly: true },
  },
};
const document = {
  openapi: '3.1.0',
  info: { title: 'stages', version: '1' },
  paths: {
    '/boxes': {
      get: {
        operationId: 'listBoxes',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'tag', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'boxes', content: { 'application/json': { schema: { type: 'array', items: item } } } },
        },
      },
      post: {
        operationId: 'createBox',
        requestBody: { content: { 'application/json': { schema: item } } },
        responses: {
          '201': {
            description: 'made',
            headers: { Location: { schema: { type: 'string' } } },
            content: { 'application/json': { schema: item } },
          },
        },
      },
    },
    '/boxes/{boxId}': {
      parameters: [{ name: 'boxId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: 'getBox',
        responses: {
          '200': { description: 'one', content: { 'application/json': { schema: item } } },
          '404': { description: 'none' },
        },
      },
      patch: {
        operationId: 'updateBox',
        requestBody: { content: { 'application/merge-patch+json': { schema: { type: 'object' } } } },
        responses: {
          '200': { description: 'changed', content: { 'application/json': { schema: item } } },
          '422': { description: 'bad' },
        },
      },
      delete: { operationId: 'deleteBox', responses: { '204': { description: 'gone' } } },
    },
    '/settings': {
      get: {
        operationId: 'getSettings',
        responses: {
          '200': {
            description: 'settings',
            content: { 'application/json': { schema: { type: 'object' }, example: { theme: 'dark' } } },
          },
        },
      },
      put: {
        operationId: 'putSettings',
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': { description: 'kept', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

function setUp() {
  const spec = specFromDocument(document as never);
  const state = new ResourceState(spec, { capacity: 100, modelFor: (s) => ({ model: inferResources(s) }) });
  const boxes = state.current.collections.get('/boxes') as Collection;
  const operation = (id: string) => spec.operation(id)!;
  const input = (
    body?: unknown,
    query: Record<string, unknown> = {},
    path: Record<string, unknown> = {},
  ): RequestInput => ({
    query,
    path,
    rawQuery: {},
    ...(body === undefined ? {} : { body, bodyText: JSON.stringify(body) }),
  });
  return { state, boxes, operation, input };
}

describe('the store stages, one at a time', () => {
  it('create: mints the id, keeps the client members, hides writeOnly ones, names the Location', () => {
    const { state, boxes, operation, input } = setUp();
    const made = createItem(state, boxes, operation('createBox'), input({ id: 99, name: 'a', secret: 's' }), []);
    expect(made?.status).toBe(201);
    const body = JSON.parse(String(made?.json)) as Record<string, unknown>;
    // The id is readOnly: the server's, not the 99 sent.
    expect(body).toEqual({ id: 1, name: 'a' });
    expect(made?.headers?.Location).toBe('/boxes/1');
    // The stored item keeps the writeOnly member; answers do not show it.
    expect(boxes.store.get([], 1)?.value).toMatchObject({ secret: 's' });
  });

  it('list: filters by a member-named parameter and cuts the page', () => {
    const { state, boxes, operation, input } = setUp();
    for (const [name, tag] of [
      ['a', 'x'],
      ['b', 'y'],
      ['c', 'x'],
    ])
      createItem(state, boxes, operation('createBox'), input({ name, tag }), []);
    const page = (query: Record<string, unknown>) =>
      (
        JSON.parse(String(listItems(state, boxes, operation('listBoxes'), input(undefined, query), [])?.json)) as {
          name: string;
        }[]
      ).map((b) => b.name);
    expect(page({})).toEqual(['a', 'b', 'c']);
    expect(page({ tag: 'x' })).toEqual(['a', 'c']);
    expect(page({ limit: 1 })).toEqual(['a']);
  });

  it('change: a merge patch keeps the id and refuses an item the schema breaks', () => {
    const { state, boxes, operation, input } = setUp();
    createItem(state, boxes, operation('createBox'), input({ name: 'a', tag: 'x' }), []);
    const found = boxes.store.get([], 1)!;
    const changed = changeItem(
      state,
      boxes,
      operation('updateBox'),
      input({ tag: null, id: 7 }),
      [],
      found,
      'update',
      undefined,
    );
    expect(JSON.parse(String(changed?.json))).toEqual({ id: 1, name: 'a' });
    const broken = changeItem(
      state,
      boxes,
      operation('updateBox'),
      input({ name: 5 }),
      [],
      boxes.store.get([], 1)!,
      'update',
      undefined,
    );
    expect(broken?.status).toBe(422);
  });

  it('remove: the item leaves the store and answers 204 without a body', () => {
    const { state, boxes, operation, input } = setUp();
    createItem(state, boxes, operation('createBox'), input({ name: 'a' }), []);
    const gone = removeItem(state, boxes, operation('deleteBox'), [], boxes.store.get([], 1)!);
    expect(gone).toEqual({ status: 204, json: undefined });
    expect(boxes.store.get([], 1)).toBeUndefined();
  });

  it('singleton: read starts from the documented example; a replace is read back', () => {
    const { state, operation, input } = setUp();
    const settings = state.current.singletons.get('/settings')!;
    const read = () =>
      answerSingleton(
        state,
        settings,
        state.current.roles.get('getSettings')!,
        operation('getSettings'),
        input(),
        undefined,
      );
    expect(JSON.parse(String(read()?.json))).toEqual({ theme: 'dark' });
    answerSingleton(
      state,
      settings,
      state.current.roles.get('putSettings')!,
      operation('putSettings'),
      input({ theme: 'light' }),
      undefined,
    );
    expect(JSON.parse(String(read()?.json))).toEqual({ theme: 'light' });
  });
});

describe('seeds from the spec', () => {
  it('an example without its id is stored under one and shows it, as a created item does', () => {
    const withExample = structuredClone(document) as typeof document & Record<string, unknown>;
    (
      withExample.paths['/boxes/{boxId}'].get.responses['200'].content['application/json'] as Record<string, unknown>
    ).example = { name: 'seeded' };
    const spec = specFromDocument(withExample as never);
    const state = new ResourceState(spec, { capacity: 100, modelFor: (s) => ({ model: inferResources(s) }) });
    const boxes = state.current.collections.get('/boxes') as Collection;
    expect(boxes.store.get([], 1)?.value).toEqual({ id: 1, name: 'seeded' });
  });
});
