import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../spec/index.js';
import { AUTH, type TestMock, isErrorBody, startTestMock } from './_test-support.js';

// Prism takes seconds to load; one mock per mode serves every test of that mode.
let stateful: TestMock;
let staticMock: TestMock;
let dynamic: TestMock;

beforeAll(async () => {
  [stateful, staticMock, dynamic] = await Promise.all([
    startTestMock(),
    startTestMock({ mode: 'static' }),
    startTestMock({ mode: 'dynamic', seed: 'fixed-seed' }),
  ]);
});
afterAll(() => Promise.all([stateful.close(), staticMock.close(), dynamic.close()]));

// Mocks start in beforeAll, after describe.each collects its table, so the table holds names.
const byMode = (mode: 'stateful' | 'static' | 'dynamic'): TestMock => ({ stateful, static: staticMock, dynamic })[mode];

describe('static mode', () => {
  it('answers with the spec examples, filtered and capped as the query asks', async () => {
    const spec = await loadSpec();
    const example = spec.operation('listPets')!.responseFor(200)!.examples.mixed as { status: string }[];
    const res = await request(staticMock.mock.server).get('/v1/pets').set('Authorization', AUTH);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(example);
    const sold = await request(staticMock.mock.server).get('/v1/pets?status=sold&limit=1').set('Authorization', AUTH);
    expect(sold.body).toEqual(example.filter((p) => p.status === 'sold').slice(0, 1));
  });

  it('echoes a created pet over the example id, and the asked id on getPet', async () => {
    const created = await request(staticMock.mock.server)
      .post('/v1/pets')
      .set('Authorization', AUTH)
      .send({ name: 'Echo', categoryId: 7 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: 101, name: 'Echo', categoryId: 7 });
    const got = await request(staticMock.mock.server).get('/v1/pets/42').set('Authorization', AUTH);
    expect(got.body).toMatchObject({ id: 42, name: 'Rex' });
  });
});

describe('dynamic mode', () => {
  it('generates schema-valid data, the same for the same seed', async () => {
    const spec = await loadSpec();
    const first = await request(dynamic.mock.server).get('/v1/pets?limit=100').set('Authorization', AUTH);
    const second = await request(dynamic.mock.server).get('/v1/pets?limit=100').set('Authorization', AUTH);
    expect(first.status).toBe(200);
    expect(spec.schemas.Pets!.validate(first.body).ok).toBe(true);
    expect(second.body).toEqual(first.body);
    const one = await request(dynamic.mock.server).get('/v1/pets/5').set('Authorization', AUTH);
    expect(spec.schemas.Pet!.validate(one.body).ok).toBe(true);
    expect(one.body.id).toBe(5);
  });
});

describe.each(['stateful', 'static', 'dynamic'] as const)('in %s mode', (mode) => {
  const api = () => request(byMode(mode).mock.server);

  it('keeps the mock layers: base path, key check, 400 not 422, deprecation headers', async () => {
    expect((await api().get('/pets').set('Authorization', AUTH)).status).toBe(404);
    const denied = await api().get('/v1/pets');
    expect(denied.status).toBe(401);
    expect(isErrorBody(denied.body, 401)).toBe(true);
    const bad = await api().get('/v1/pets?limit=0').set('Authorization', AUTH);
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(isErrorBody(bad.body, 400)).toBe(true);
    const pet = await api().get('/v1/pets/1').set('Authorization', AUTH);
    expect(pet.headers.sunset).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
  });

  it('forces documented responses with Prefer code and example', async () => {
    const missing = await api().get('/v1/pets/1').set('Authorization', AUTH).set('Prefer', 'code=404');
    expect(missing.status).toBe(404);
    expect(isErrorBody(missing.body, 404)).toBe(true);
    expect(missing.headers.deprecation).toBe('true');
    expect(missing.body.message).toMatch(/\(forced by Prefer: code=404\)$/);
    const denied = await api().get('/v1/pets').set('Authorization', AUTH).set('Prefer', 'code=401');
    expect(denied.status).toBe(401);
    expect(isErrorBody(denied.body, 401)).toBe(true);
    expect(denied.headers['www-authenticate']).toBe('Bearer');
    const named = await api()
      .post('/v1/pets')
      .set('Authorization', AUTH)
      .set('Prefer', 'example=created')
      .send({ name: 'A', categoryId: 1 });
    expect(named.status).toBe(201);
    expect(named.body).toEqual({ id: 101, name: 'Rex', categoryId: 1, status: 'available' });
  });

  it('generates a body with Prefer dynamic=true', async () => {
    const res = await api().get('/v1/pets/1').set('Authorization', AUTH).set('Prefer', 'dynamic=true, seed=abc');
    expect(res.status).toBe(200);
    expect(typeof res.body.name).toBe('string');
  });

  it('answers an undocumented Prefer code or example, or a bad Prefer, with an Error', async () => {
    const code = await api().get('/v1/pets').set('Authorization', AUTH).set('Prefer', 'code=418');
    expect(code.status).toBe(400);
    expect(code.body.code).toBe('prefer_not_documented');
    // A 5xx the operation does not document is no missing route: a 400 that says what is documented.
    const server = await api().get('/v1/pets/1').set('Authorization', AUTH).set('Prefer', 'code=500');
    expect(server.status).toBe(400);
    expect(server.body).toMatchObject({ code: 'prefer_not_documented', status: 400 });
    expect(server.body.message).toMatch(/code=500.*getPet does not document \(documented: 200, 401, 404/);
    const example = await api().get('/v1/pets').set('Authorization', AUTH).set('Prefer', 'example=nope');
    expect(example.status).toBe(400);
    expect(example.body.code).toBe('prefer_not_documented');
    expect(isErrorBody(example.body, 400)).toBe(true);
    const bad = await api().get('/v1/pets').set('Authorization', AUTH).set('Prefer', 'code=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_prefer');
  });
});

describe('stateful mode with Prefer', () => {
  it('answers from the spec without touching the store', async () => {
    const res = await request(stateful.mock.server)
      .post('/v1/pets')
      .set('Authorization', AUTH)
      .set('Prefer', 'code=201')
      .send({ name: 'NotStored', categoryId: 1 });
    expect(res.body.id).toBe(101);
    const list = await request(stateful.mock.server).get('/v1/pets?limit=100').set('Authorization', AUTH);
    expect((list.body as { name: string }[]).some((p) => p.name === 'NotStored')).toBe(false);
  });

  it('ignores preferences Prism does not know', async () => {
    const res = await request(stateful.mock.server)
      .get('/v1/pets?limit=2')
      .set('Authorization', AUTH)
      .set('Prefer', 'return=minimal');
    expect(res.body).toHaveLength(2);
    expect(res.body[0].name).toBe('Rex');
  });
});
