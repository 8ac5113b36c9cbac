import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, KEY, type TestMock, startTestMock, tempSpecs } from '../_test-support.js';
import { createRequestLog } from './index.js';

let t: TestMock;
const api = () => request(t.mock.server);

beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.close());
beforeEach(() => t.mock.reset());

describe('GET /__mock/requests', () => {
  it('lists received requests oldest first, keys redacted, bodies and faults included', async () => {
    await api().get('/v1/pets?limit=2').set('Authorization', AUTH).set('X-Request-Id', 'abc-1');
    await api()
      .post('/v1/pets')
      .set('Authorization', AUTH)
      .send({ name: `Has ${KEY} inside`, categoryId: 3 });
    await api().get(`/v1/pets/1?token=${KEY}`).set('Authorization', 'Bearer wrong-key-xyz');
    await api().get('/v1/pets').set('Authorization', AUTH).set('X-Mock-Fault', 'status=503');
    await api().get('/v1/nowhere');
    const res = await api().get('/__mock/requests');
    expect(res.status).toBe(200);
    expect(res.body.capacity).toBe(1000);
    const list = res.body.requests as Record<string, unknown>[];
    expect(list.map((r) => [r.method, r.path, r.status, r.operationId])).toEqual([
      ['GET', '/v1/pets?limit=2', 200, 'listPets'],
      ['POST', '/v1/pets', 201, 'createPet'],
      ['GET', '/v1/pets/1?token=[redacted]', 401, 'getPet'],
      ['GET', '/v1/pets', 503, 'listPets'],
      ['GET', '/v1/nowhere', 404, undefined],
    ]);
    expect(list[0]!.headers).toMatchObject({ authorization: 'Bearer [redacted]', 'x-request-id': 'abc-1' });
    expect(list[1]!.body).toEqual({ name: 'Has [redacted] inside', categoryId: 3 });
    expect(list[2]!.headers).toMatchObject({ authorization: 'Bearer [redacted]' });
    expect(list[3]!.fault).toBe('status=503');
    expect(JSON.stringify(res.body)).not.toContain(KEY);
    expect(JSON.stringify(res.body)).not.toContain('wrong-key-xyz');
    expect(typeof list[0]!.at).toBe('string');
  });

  it('is cleared by DELETE and by reset, and needs the admin routes', async () => {
    await api().get('/v1/pets').set('Authorization', AUTH);
    expect((await api().delete('/__mock/requests')).body).toEqual({ cleared: true });
    expect((await api().get('/__mock/requests')).body.requests).toEqual([]);
    await api().get('/v1/pets').set('Authorization', AUTH);
    await api().post('/__mock/reset');
    expect((await api().get('/__mock/requests')).body.requests).toEqual([]);
    expect((await api().put('/__mock/requests')).status).toBe(405);
    const closed = await startTestMock({ admin: false });
    try {
      expect((await request(closed.mock.server).get('/__mock/requests')).status).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('redacts API keys in their header, query parameter or cookie on any spec', async () => {
    const todos = await startTestMock({ spec: 'fixtures/apis/todos/spec.yaml' });
    try {
      const s = request(todos.mock.server);
      const base = todos.mock.spec.basePath;
      await s
        .get(`${base}/todos?limit=1`)
        .set('X-API-Key', KEY)
        .set('X-Trace', `copy-of-${KEY}`)
        .set('Cookie', 'session=abc');
      const listed = (await s.get('/__mock/requests')).body.requests as {
        headers: Record<string, string>;
        status: number;
      }[];
      expect(listed).toHaveLength(1);
      expect(listed[0]!.status).toBe(200);
      expect(listed[0]!.headers).toMatchObject({
        'x-api-key': '[redacted]',
        'x-trace': 'copy-of-[redacted]',
        cookie: '[redacted]',
      });
    } finally {
      await todos.close();
    }
  });

  it('masks the body members the spec marks writeOnly (a password)', async () => {
    const specs = tempSpecs();
    const spec = specs.write(
      'signup.yaml',
      `openapi: 3.0.3
info: {title: signup, version: '1'}
paths:
  /accounts:
    post:
      operationId: signUp
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [email, password]
              properties:
                id: {type: integer, readOnly: true}
                email: {type: string}
                password: {type: string, writeOnly: true}
      responses:
        '201': {description: created}
`,
    );
    const signup = await startTestMock({ spec });
    try {
      const s = request(signup.mock.server);
      await s.post('/accounts').send({ email: 'a@b.co', password: 'correct-horse' });
      const listed = (await s.get('/__mock/requests')).body.requests as { body: unknown }[];
      expect(listed.map((r) => r.body)).toEqual([{ email: 'a@b.co', password: '[redacted]' }]);
    } finally {
      await signup.close();
      specs.remove();
    }
  });

  it('keeps only the last requests (a ring)', () => {
    const log = createRequestLog(3);
    for (let i = 0; i < 5; i++)
      log.record({
        time: 0,
        method: 'GET',
        target: `/v1/pets/${i}`,
        headers: {},
        operationId: undefined,
        status: 200,
        ms: 1,
        fault: undefined,
        body: undefined,
      });
    expect(log.list(() => []).map((r) => r.path)).toEqual(['/v1/pets/2', '/v1/pets/3', '/v1/pets/4']);
    log.record({
      time: 0,
      method: 'POST',
      target: '/v1/pets',
      headers: {},
      operationId: 'createPet',
      status: 201,
      ms: 1,
      fault: undefined,
      body: 'x'.repeat(10_000),
    });
    expect((log.list(() => []).at(-1)!.body as string).length).toBe(4096);
  });
});

describe('GET /__mock/openapi.json', () => {
  it('serves the spec as JSON, without a key, also with the admin routes off', async () => {
    const res = await api().get('/__mock/openapi.json').set('Origin', 'http://app.example');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('http://app.example');
    expect(res.body.openapi).toMatch(/^3\.1/);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/pets', '/pets/{petId}']));
    expect((await api().post('/__mock/openapi.json')).status).toBe(405);
    const closed = await startTestMock({ admin: false });
    try {
      expect((await request(closed.mock.server).get('/__mock/openapi.json')).status).toBe(200);
    } finally {
      await closed.close();
    }
  });
});
