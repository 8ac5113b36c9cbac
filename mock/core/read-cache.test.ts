// Reads the store answered are answered again only while nothing changed: the same GET gets the same
// answer, and any write, reset, reload or faults file makes the next read decide afresh.
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import { resourceModelFor } from '../../spec/resources/index.js';
import { resolveCoreOptions } from '../core-options.js';
import { createExampleEngine } from '../example-engine.js';
import { parseFault } from '../faults/parse-fault.js';
import { createMockCore } from './create-mock-core.js';
import { createReadCache } from './read-cache.js';
import type { CoreRequest, CoreResponse, MockCore } from './types.js';

const KEY = 'read-cache-key-01';
const box = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string', minLength: 1 } },
};
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const document = {
  openapi: '3.1.0',
  info: { title: 'boxes', version: '1' },
  servers: [{ url: '/api' }],
  security: [{ bearer: [] }],
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  paths: {
    '/boxes': {
      get: {
        operationId: 'listBoxes',
        responses: { '200': { description: 'boxes', ...json({ type: 'array', items: box }) } },
      },
      post: {
        operationId: 'createBox',
        requestBody: { required: true, ...json(box) },
        responses: { '201': { description: 'made', ...json(box) } },
      },
    },
  },
};

function core(mode: 'stateful' | 'dynamic' = 'stateful'): MockCore {
  return createMockCore({
    spec: specFromDocument(document as never),
    options: resolveCoreOptions({ apiKeys: [KEY], quiet: true, mode }, () => {}, true),
    engine: createExampleEngine,
    resources: { modelFor: (next) => resourceModelFor(next) },
  });
}

const request = (method: string, headers: CoreRequest['headers'] = {}, body?: unknown): CoreRequest => {
  const bytes = body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body));
  return {
    method,
    url: '/api/boxes',
    headers: {
      authorization: `Bearer ${KEY}`,
      ...(bytes ? { 'content-type': 'application/json', 'content-length': String(bytes.length) } : {}),
      ...headers,
    },
    ...(bytes ? { body: bytes } : {}),
  };
};
const names = (r: CoreResponse) =>
  (JSON.parse(new TextDecoder().decode(r.body)) as { name: string }[]).map((b) => b.name);

describe('the read cache of the stateful mock', () => {
  it('answers the same read again with the same answer, and a read after a write afresh', async () => {
    const mock = core();
    const first = await mock.handle(request('GET'));
    expect(await mock.handle(request('GET'))).toBe(first);
    await mock.handle(request('POST', {}, { name: 'Crate' }));
    const after = await mock.handle(request('GET'));
    expect(after).not.toBe(first);
    expect(names(after)).toContain('Crate');
    expect(names(first)).not.toContain('Crate');
  });

  it('keys answers by every header: another credential is judged again', async () => {
    const mock = core();
    const first = await mock.handle(request('GET'));
    expect((await mock.handle(request('GET', { authorization: 'Bearer wrong' }))).status).toBe(401);
    expect(await mock.handle(request('GET', { accept: 'application/json' }))).not.toBe(first);
  });

  it('decides afresh after a reset, a reload and new faults', async () => {
    const mock = core();
    await mock.handle(request('POST', {}, { name: 'Crate' }));
    const before = await mock.handle(request('GET'));
    mock.reset();
    const reset = await mock.handle(request('GET'));
    expect(names(reset)).not.toContain('Crate');
    mock.update(specFromDocument(document as never));
    expect(await mock.handle(request('GET'))).not.toBe(reset);
    const fault = parseFault('status=503', 'listBoxes');
    if (!fault.ok) throw new Error(fault.message);
    mock.setFaults({
      file: 'faults.yaml',
      seed: '1',
      rules: [{ key: 'listBoxes', fault: fault.fault, probability: 0.5 }],
    });
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i++) statuses.add((await mock.handle(request('GET'))).status);
    // A faults file draws per request: no answer is kept while it is on.
    expect([...statuses].sort()).toEqual([200, 503]);
    expect(before.status).toBe(200);
  });

  it('keeps nothing in the other modes', async () => {
    const mock = core('dynamic');
    const first = await mock.handle(request('GET'));
    expect(await mock.handle(request('GET'))).not.toBe(first);
  });
});

describe('createReadCache', () => {
  it('keeps no answer decided while something was written, and keys only reads', () => {
    const cache = createReadCache();
    const read = { method: 'GET', url: '/a', headers: { accept: '*/*' } };
    const key = cache.keyOf(read)!;
    expect(cache.keyOf({ ...read, method: 'POST' })).toBeUndefined();
    expect(cache.keyOf({ ...read, headers: { accept: 'text/plain' } })).not.toBe(key);
    const answer = { response: { status: 200, headers: {}, body: new Uint8Array() }, status: 200 };
    const at = cache.version;
    cache.invalidate();
    cache.keep(key, at, answer);
    expect(cache.get(key)).toBeUndefined();
    cache.keep(key, cache.version, answer);
    expect(cache.get(key)).toBe(answer);
    // A large page is decided again each time: bodies over 256 KiB are not kept.
    const large = { ...answer, response: { ...answer.response, body: new Uint8Array(256 * 1024 + 1) } };
    const other = cache.keyOf({ ...read, url: '/b' })!;
    cache.keep(other, cache.version, large);
    expect(cache.get(other)).toBeUndefined();
  });
});
