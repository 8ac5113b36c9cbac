// The mock core's stages, each called alone with values in and values out: routing, deciding,
// finishing and the wire. The server and MSW tests drive them together through `createMockCore`.
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import { inferResources } from '../../spec/resources/infer-resources.js';
import { createAuthenticator } from '../auth.js';
import { resolveCoreOptions } from '../core-options.js';
import { createCors } from '../cors.js';
import { createExampleEngine } from '../example-engine.js';
import { createFaults } from '../faults/create-faults.js';
import { createResourceMock } from '../resources/create-resource-mock.js';
import { decideAnswer } from './decide-answer.js';
import { finishAnswer } from './finish-answer.js';
import { respond } from './respond.js';
import { routeRequest, type RoutedRequest } from './route-request.js';
import { serveSpec } from './serve-spec.js';
import type { CoreParts, CoreRequest } from './types.js';

const KEY = 'stage-key-0123';
const box = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string', minLength: 1 } },
};
const error = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
};
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const document = {
  openapi: '3.1.0',
  info: { title: 'stages', version: '1' },
  servers: [{ url: '/api' }],
  security: [{ bearer: [] }],
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  paths: {
    '/boxes': {
      get: {
        operationId: 'listBoxes',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': { description: 'boxes', ...json({ type: 'array', items: box }) },
          '400': { description: 'bad', ...json(error) },
          '401': { description: 'no key', ...json(error) },
        },
      },
      post: {
        operationId: 'createBox',
        requestBody: { required: true, ...json(box) },
        responses: {
          '201': {
            description: 'made',
            ...json(box),
            headers: { Location: { schema: { type: 'string', format: 'uri' } } },
          },
          '400': { description: 'bad', ...json(error) },
          '401': { description: 'no key', ...json(error) },
        },
      },
    },
    '/boxes/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: 'getBox',
        responses: { '200': { description: 'one', ...json(box) }, '404': { description: 'none', ...json(error) } },
      },
      delete: { operationId: 'deleteBox', responses: { '204': { description: 'gone' } } },
    },
  },
};

function setUp() {
  const spec = specFromDocument(document as never);
  const options = resolveCoreOptions({ quiet: true, apiKeys: [KEY] }, () => {}, true);
  const current = serveSpec(spec, options, createExampleEngine, []);
  const parts: CoreParts = {
    options,
    resources: createResourceMock(spec, { capacity: 100, modelFor: (s) => ({ model: inferResources(s) }) }),
    authenticate: createAuthenticator(options.keys, { realm: spec.title }),
    cors: createCors(options.corsOrigins),
    requests: undefined,
    secretsOf: () => [KEY],
  };
  return { spec, current, parts, faults: createFaults(undefined, spec, undefined) };
}

const request = (method: string, url: string, headers: CoreRequest['headers'] = {}, body?: unknown): CoreRequest => {
  const bytes = body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body));
  const framing = bytes ? { 'content-length': String(bytes.length) } : {};
  return {
    method,
    url,
    headers: { authorization: `Bearer ${KEY}`, ...framing, ...headers },
    ...(bytes ? { body: bytes } : {}),
  };
};

describe('routeRequest', () => {
  it('settles preflights, unknown routes and standing-in faults; hands on the rest', () => {
    const { current, parts, faults } = setUp();
    const preflight = routeRequest(request('OPTIONS', '/api/boxes'), '/api/boxes', current, faults, parts);
    expect('decided' in preflight && preflight.decided.answer.status).toBe(204);
    expect('decided' in preflight && preflight.decided.answer.headers?.Allow).toBe('GET, POST');

    const unknown = routeRequest(request('GET', '/api/crates'), '/api/crates', current, faults, parts);
    expect('decided' in unknown && unknown.decided.answer.status).toBe(404);

    const injected = request('GET', '/api/boxes', { 'x-mock-fault': 'status=503' });
    const faulted = routeRequest(injected, '/api/boxes', current, faults, parts);
    expect('decided' in faulted && faulted.decided.answer.status).toBe(503);
    expect('decided' in faulted && faulted.decided.operationId).toBe('listBoxes');

    const routed = routeRequest(request('GET', '/api/boxes/7'), '/api/boxes/7', current, faults, parts);
    expect('routed' in routed && routed.routed.operation.operationId).toBe('getBox');
    expect('routed' in routed && routed.routed.pathParams).toEqual({ id: '7' });
  });
});

describe('decideAnswer', () => {
  const routedTo = (operationId: string, pathParams: Record<string, string> = {}): RoutedRequest => {
    const { spec } = setUp();
    return { operation: spec.operation(operationId)!, pathParams, delayMs: 0, delayError: undefined };
  };

  it('refuses a request without the key, and one whose query breaks its schema', async () => {
    const { current, parts } = setUp();
    const keyless = { ...request('GET', '/api/boxes'), headers: {} };
    expect((await decideAnswer(keyless, routedTo('listBoxes'), '/api/boxes', '', current, parts)).answer.status).toBe(
      401,
    );
    const bad = await decideAnswer(
      request('GET', '/api/boxes?limit=0'),
      routedTo('listBoxes'),
      '/api/boxes',
      'limit=0',
      current,
      parts,
    );
    expect(bad.answer.status).toBe(400);
  });

  it('stores a valid create and hands back the body it read', async () => {
    const { current, parts } = setUp();
    const create = request('POST', '/api/boxes', { 'content-type': 'application/json' }, { name: 'tea' });
    const made = await decideAnswer(create, routedTo('createBox'), '/api/boxes', '', current, parts);
    expect(made.answer.status).toBe(201);
    expect(made.bodyText).toBe('{"name":"tea"}');
    const id = JSON.parse(made.answer.json!).id as number;
    const read = await decideAnswer(
      request('GET', `/api/boxes/${id}`),
      routedTo('getBox', { id: String(id) }),
      `/api/boxes/${id}`,
      '',
      current,
      parts,
    );
    expect(JSON.parse(read.answer.json!)).toEqual({ id, name: 'tea' });
  });
});

describe('finishAnswer', () => {
  it('names the scheme in a 401 challenge and makes a Location absolute', async () => {
    const { spec, current, parts } = setUp();
    const denied = await finishAnswer(
      request('GET', '/api/boxes'),
      spec.operation('listBoxes')!,
      { status: 401, json: '{"message":"no key"}' },
      '/api/boxes',
      '',
      current,
      parts,
    );
    expect(denied.headers?.['WWW-Authenticate']).toMatch(/^Bearer/);
    const made = await finishAnswer(
      request('POST', '/api/boxes', { host: 'example.test:4010' }),
      spec.operation('createBox')!,
      { status: 201, json: '{"id":1,"name":"tea"}', headers: { Location: '/api/boxes/1' } },
      '/api/boxes',
      '',
      current,
      parts,
    );
    expect(made.headers?.Location).toBe('http://example.test:4010/api/boxes/1');
  });

  it('replaces an error body the documented schema refuses', async () => {
    const { spec, current, parts } = setUp();
    const shaped = await finishAnswer(
      request('GET', '/api/boxes/1'),
      spec.operation('getBox')!,
      { status: 404, json: '{"oops":true}' },
      '/api/boxes/1',
      '',
      current,
      parts,
    );
    expect(shaped.status).toBe(404);
    expect(typeof JSON.parse(shaped.json!).message).toBe('string');
  });
});

describe('respond', () => {
  it('frames the answer: no type on a 204, a Content-Length always, a dropped connection for a reset', () => {
    const { parts } = setUp();
    const gone = respond(request('DELETE', '/api/boxes/1'), { status: 204, json: undefined }, undefined, parts);
    expect(gone.headers['Content-Type']).toBeUndefined();
    expect(gone.headers['Content-Length']).toBe('0');
    const listed = respond(request('GET', '/api/boxes'), { status: 200, json: '[]' }, undefined, parts);
    expect(listed.headers['Content-Type']).toMatch(/json/);
    expect(listed.headers['Content-Length']).toBe('2');
    const reset = respond(request('GET', '/api/boxes'), { status: 200, json: '[]' }, { kind: 'reset' }, parts);
    expect(reset.delivery).toEqual({ kind: 'reset' });
  });
});
