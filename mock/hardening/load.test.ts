/**
 * Load and "nothing lost": a small soak of each mode (the full one is `npm run soak`), concurrent
 * creations that each get their own id and stay retrievable, and the store's documented bound.
 */
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { MOCK_MODES } from '../options.js';
import { AUTH, KEY, type TestMock, startTestMock } from '../_test-support.js';
import { mixedRequests, runLoad } from './_load.js';

const open: TestMock[] = [];
const agent = new Agent({ connections: 50 });
afterAll(async () => {
  await agent.close();
  await Promise.all(open.map((t) => t.close()));
});

async function mock(options: Parameters<typeof startTestMock>[0]): Promise<TestMock> {
  const t = await startTestMock({ quiet: true, ...options });
  open.push(t);
  await t.mock.warm();
  return t;
}

async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const res = await request(`${base}${path}`, {
    method,
    dispatcher: agent,
    headers: { authorization: AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.statusCode, json: await res.body.json() };
}

// A multiple of the 12-request mixed cycle; `npm run soak` sends 100,000 per mode.
const AMOUNT = 2_400;

describe('a short soak in each mode (50 connections, mixed requests)', () => {
  it.each(MOCK_MODES)('%s: no 5xx, no connection error, every request answered, still serving', async (mode) => {
    const t = await mock({ mode });
    const figures = await runLoad(t.base, mixedRequests(KEY), AMOUNT, 50);
    expect(figures.fiveXx).toBe(0);
    expect(figures.errors).toBe(0);
    expect(figures.timeouts).toBe(0);
    expect(figures.requests).toBe(AMOUNT);
    // The cycle's 4xx cases are answered as 4xx, not dropped: every status is one the cycle expects.
    expect(
      Object.keys(figures.statuses).every((code) => ['200', '201', '204', '400', '401', '404', '405'].includes(code)),
    ).toBe(true);
    expect((await call(t.base, 'GET', '/v1/pets?limit=1')).status).toBe(200);
  });
});

describe('nothing lost (stateful)', () => {
  it('500 concurrent POSTs each get a unique id, and every pet is retrievable exactly as sent', async () => {
    const t = await mock({ mode: 'stateful' });
    const sent = Array.from({ length: 500 }, (_, i) => ({
      name: `Pet ${i}`,
      categoryId: (i % 7) + 1,
      ...(i % 3 === 0 ? { status: 'pending' } : {}),
    }));
    const created = await Promise.all(sent.map((pet) => call(t.base, 'POST', '/v1/pets', pet)));
    expect(created.every((c) => c.status === 201)).toBe(true);
    const ids = created.map((c) => c.json.id as number);
    expect(new Set(ids).size).toBe(sent.length);
    const fetched = await Promise.all(ids.map((id) => call(t.base, 'GET', `/v1/pets/${id}`)));
    fetched.forEach((f, i) => {
      expect(f.status).toBe(200);
      expect(f.json).toEqual({ id: ids[i], ...sent[i] });
    });
  });

  it('the store bound: past capacity the oldest created pet goes first, seed pets never, ids never reused', async () => {
    // The seed holds 30 pets; room for 5 created ones.
    const t = await mock({ mode: 'stateful', storeCapacity: 35 });
    const seedIds = ((await call(t.base, 'GET', '/v1/pets?limit=100')).json as Array<{ id: number }>).map((p) => p.id);
    expect(seedIds).toHaveLength(30);
    const first = Math.max(...seedIds) + 1;
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await call(t.base, 'POST', '/v1/pets', { name: `Bound ${i}`, categoryId: 1 })).json.id);
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => first + i));
    const list = await call(t.base, 'GET', '/v1/pets?limit=100');
    expect((list.json as Array<{ id: number }>).map((p) => p.id)).toEqual([...seedIds, ...ids.slice(-5)]);
    for (const id of ids.slice(0, 7)) expect((await call(t.base, 'GET', `/v1/pets/${id}`)).status).toBe(404);
    for (const id of [...seedIds, ...ids.slice(-5)])
      expect((await call(t.base, 'GET', `/v1/pets/${id}`)).status).toBe(200);
    expect((await call(t.base, 'POST', '/v1/pets', { name: 'Next', categoryId: 1 })).json.id).toBe(first + 12);
  });

  it('the bound holds under concurrent creation: the store never exceeds capacity, the newest pets survive', async () => {
    const t = await mock({ mode: 'stateful', storeCapacity: 80 });
    const created = await Promise.all(
      Array.from({ length: 400 }, (_, i) => call(t.base, 'POST', '/v1/pets', { name: `Burst ${i}`, categoryId: 2 })),
    );
    const ids = created.map((c) => c.json.id as number).sort((a, b) => a - b);
    expect(new Set(ids).size).toBe(400);
    const list = await call(t.base, 'GET', '/v1/pets?limit=100');
    expect(list.json).toHaveLength(80);
    expect((list.json as Array<{ id: number }>).slice(30).map((p) => p.id)).toEqual(ids.slice(-50));
  });
});
