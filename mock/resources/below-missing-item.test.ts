import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, createMockServer } from '../server.js';

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));

describe('stateful mock: what lies below an item goes with it (schedules.yaml)', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer({ spec: fixture('schedules.yaml'), watch: false, quiet: true, log: () => undefined });
  });
  afterAll(() => mock.close());

  it('a singleton and a nested list below a created item answer; after its delete, 404 (documented or not)', async () => {
    const created = await request(mock.server).post('/schedules').send({ name: 'nightly' }).expect(201);
    const id = (created.body as { id: number }).id;
    await request(mock.server).get(`/schedules/${id}/result`).expect(200);
    expect((await request(mock.server).get(`/schedules/${id}/runs`).expect(200)).body).toEqual([]);

    await request(mock.server).delete(`/schedules/${id}`).expect(204);
    await request(mock.server).get(`/schedules/${id}`).expect(404);
    // The singleton names its parameter otherwise ({id}, not {scheduleId}): matched by position.
    const result = await request(mock.server).get(`/schedules/${id}/result`).expect(404);
    // The spec documents no error body: an RFC 9457 problem.
    expect(result.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(result.body).toMatchObject({ code: 'not_found', detail: `No schedule has the scheduleId ${id}.` });
    // listRuns documents no 404: a path that names nothing is still not found.
    await request(mock.server).get(`/schedules/${id}/runs`).expect(404);
  });

  it('an item never created: 404 below it too', async () => {
    await request(mock.server).get('/schedules/987654/result').expect(404);
    await request(mock.server).get('/schedules/987654/runs').expect(404);
  });

  it('an int64 beyond 2^53 is answered digit for digit on create and read', async () => {
    const made = await request(mock.server)
      .post('/schedules')
      .set('Content-Type', 'application/json')
      .send('{"name":"big","runs":9007199254740993}')
      .expect(201);
    expect(made.text).toContain('"runs":9007199254740993');
    const id = (made.body as { id: number }).id;
    expect((await request(mock.server).get(`/schedules/${id}`).expect(200)).text).toContain('"runs":9007199254740993');
  });
});
