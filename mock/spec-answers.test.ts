import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrism } from './prism-engine.js';
import { type MockServer, createMockServer } from './server.js';

const fixture = fileURLToPath(new URL('./resources/__fixtures__/reviews.yaml', import.meta.url));

describe('answers from the spec (reviews.yaml)', () => {
  let mock: MockServer;
  beforeAll(async () => {
    await loadPrism();
    mock = await createMockServer({ spec: fixture, mode: 'dynamic', watch: false, quiet: true, log: () => undefined });
  }, 60_000);
  afterAll(() => mock.close());

  it('routes both methods of two templates that differ only in parameter names', async () => {
    await request(mock.server).get('/reviews/abc').expect(200);
    await request(mock.server).post('/reviews/7').expect(202);
    const wrong = await request(mock.server).delete('/reviews/7').expect(405);
    expect(wrong.headers.allow).toBe('GET, POST');
  });

  it('an answer whose schema example breaks the schema goes out without the optional member that breaks it', async () => {
    // Static: the schema's example is the answer; generated ones cannot fit (both oneOf branches take any object).
    const accepted = await request(mock.server).post('/reviews/7').set('Prefer', 'dynamic=false').expect(202);
    expect(accepted.body).toEqual({ id: 7, 'task-type': 'analysis' });
  });

  it('a success documented only as a +json type is answered, in that type, to Accept: application/json', async () => {
    const issue = await request(mock.server).get('/issues/k1').set('Accept', 'application/json').expect(200);
    expect(issue.headers['content-type']).toBe('application/sarif+json; charset=utf-8');
    await request(mock.server).get('/issues/k1').expect(200);
  });
});
