import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case, Exchange } from '../../cases/index.js';
import type { SequenceContext } from '../rules.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import { thingsSpec } from './__fixtures__/things-spec.js';
import { genericRules } from './index.js';

const item = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
const ok = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const body = { required: true, content: { 'application/json': { schema: item } } };
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer' } });
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'Zoos', version: '1.0.0' },
  paths: {
    '/zoos': {
      get: { operationId: 'listZoos', responses: { '200': ok({ type: 'array', items: item }) } },
      post: { operationId: 'createZoo', requestBody: body, responses: { '201': ok(item) } },
    },
    '/zoos/{zooId}': { get: { operationId: 'getZoo', parameters: [id('zooId')], responses: { '200': ok(item) } } },
    '/zoos/{zooId}/animals': {
      get: {
        operationId: 'listAnimals',
        parameters: [id('zooId')],
        responses: { '200': ok({ type: 'array', items: item }) },
      },
      post: { operationId: 'addAnimal', parameters: [id('zooId')], requestBody: body, responses: { '201': ok(item) } },
    },
    '/zoos/{zooId}/animals/{animalId}': {
      get: { operationId: 'getAnimal', parameters: [id('zooId'), id('animalId')], responses: { '200': ok(item) } },
    },
  },
});

describe('genericRules prepare', () => {
  it('gives a parent of nested collections a second item, so that a nested item can be read under another parent', async () => {
    const sent: Case[] = [];
    const send = async (c: Case): Promise<Exchange> => {
      sent.push(c);
      if (c.operationId === 'createZoo') return jsonExchange(c, 201, { id: 2, name: 'B' });
      return jsonExchange(c, 200, c.operationId === 'listZoos' ? [{ id: 1, name: 'A' }] : []);
    };
    const context: SequenceContext = { spec, readOnly: false, send, judge: () => [] };
    await genericRules(spec, resourceModelFor(spec).model).prepare!(context);
    expect(sent.filter((c) => c.operationId === 'createZoo')).toHaveLength(1);
  });
});

describe('genericRules firstLook', () => {
  it('reads each top-level list at its largest page, whole and per value of each enum filter', () => {
    const things = thingsSpec();
    const cases = genericRules(things, resourceModelFor(things).model).firstLook!(things);
    expect(cases.map((c) => [c.operationId, c.family, c.query.map(([k, v]) => `${k}=${v}`).join('&')])).toEqual([
      ['listThings', 'first-look', 'limit=50'],
      ['listThings', 'first-look', 'limit=50&state=draft'],
      ['listThings', 'first-look', 'limit=50&state=live'],
      ['listThings', 'first-look', 'limit=50&state=retired'],
    ]);
    // A nested list needs its parent's id, which no first look has yet.
    expect(genericRules(spec, resourceModelFor(spec).model).firstLook!(spec).map((c) => c.operationId)).toEqual([
      'listZoos',
    ]);
  });

  it('reads every other GET that needs no parameter too, before anything is created (held-out set 84)', () => {
    // `GET /employees/highest-salary` answered 500 on an empty store only.
    const withStats = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'Zoos', version: '1.0.0' },
      paths: {
        ...(spec.document as { paths: object }).paths,
        '/zoos/largest': { get: { operationId: 'largestZoo', responses: { '200': ok(item) } } },
        '/zoos/search': {
          get: {
            operationId: 'searchZoos',
            parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }],
            responses: { '200': ok({ type: 'array', items: item }) },
          },
        },
      },
    } as never);
    const cases = genericRules(withStats, resourceModelFor(withStats).model).firstLook!(withStats);
    // A read with a required query parameter is left to the run, which knows values for it.
    expect(cases.map((c) => [c.operationId, c.family])).toEqual([
      ['listZoos', 'first-look'],
      ['largestZoo', 'first-look'],
    ]);
  });
});
