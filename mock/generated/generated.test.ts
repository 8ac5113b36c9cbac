import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../spec/index.js';
import { AUTH, type TestMock, startTestMock } from '../_test-support.js';

let seeded: TestMock;
let stateful: TestMock;

beforeAll(async () => {
  [seeded, stateful] = await Promise.all([startTestMock({ mode: 'dynamic', seed: '42' }), startTestMock()]);
});
afterAll(() => Promise.all([seeded.close(), stateful.close()]));

type Pet = { id: number; name: string; status?: string; categoryId: number };

describe('generated data (dynamic mode)', () => {
  it('answers a list of the asked length, the default page size without limit, never []', async () => {
    const spec = await loadSpec();
    for (const limit of [1, 3, 5, 20]) {
      const res = await request(seeded.mock.server).get(`/v1/pets?limit=${limit}`).set('Authorization', AUTH);
      expect(res.status).toBe(200);
      expect(res.body, `limit=${limit}`).toHaveLength(limit);
      expect(spec.schemas.Pets!.validate(res.body).ok).toBe(true);
    }
    const all = await request(seeded.mock.server).get('/v1/pets').set('Authorization', AUTH);
    expect(all.body).toHaveLength(20);
  });

  it('honours filters, with positive ascending ids and plausible names', async () => {
    const res = await request(seeded.mock.server).get('/v1/pets?limit=4&status=sold').set('Authorization', AUTH);
    const pets = res.body as Pet[];
    expect(pets).toHaveLength(4);
    expect(pets.every((p) => p.status === 'sold')).toBe(true);
    expect(pets.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    for (const pet of pets) expect(pet.name).toMatch(/^[A-Z][a-z]+$/);
  });

  it('is repeatable under a seed', async () => {
    const first = await request(seeded.mock.server).get('/v1/pets?limit=5').set('Authorization', AUTH);
    const second = await request(seeded.mock.server).get('/v1/pets?limit=5').set('Authorization', AUTH);
    expect(second.body).toEqual(first.body);
  });
});

describe('generated data for any spec', () => {
  it('sizes, filters and fills lists from the resource model (todos: uuid ids, an enum filter)', async () => {
    const todos = await startTestMock({ spec: 'fixtures/apis/todos/spec.yaml', mode: 'dynamic', seed: '7' });
    try {
      const base = todos.mock.spec.basePath;
      const res = await request(todos.mock.server)
        .get(`${base}/todos?limit=3&status=done`)
        .set('X-API-Key', 'test-key-0123456789');
      expect(res.status).toBe(200);
      const items = res.body as { id: string; title: string; status: string; createdAt: string }[];
      expect(items).toHaveLength(3);
      expect(items.every((t) => t.status === 'done')).toBe(true);
      expect(items.every((t) => /^[A-Z][a-z]+( [a-z]+)+$/.test(t.title))).toBe(true);
      expect(items.every((t) => t.createdAt.startsWith('2024'))).toBe(true);
      expect(todos.mock.spec.operation('listTodos')!.responseFor(200)!.schema!.validate(items).ok).toBe(true);
    } finally {
      await todos.close();
    }
  });
});

describe('Prefer: dynamic=true', () => {
  it('honours limit in any mode (it returned 4, 5, 0 and 4 items for limit=3)', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await request(stateful.mock.server)
        .get('/v1/pets?limit=3')
        .set('Authorization', AUTH)
        .set('Prefer', 'dynamic=true');
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(3);
    }
    const got = await request(stateful.mock.server)
      .get('/v1/pets/7')
      .set('Authorization', AUTH)
      .set('Prefer', 'dynamic=true, seed=s');
    expect(got.body.id).toBe(7);
  });
});
