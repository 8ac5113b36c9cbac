import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, createMockServer } from '../server.js';

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));

describe('stateful mock: a create whose request spells members otherwise than the item (trainings.yaml)', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer({ spec: fixture('trainings.yaml'), watch: false, quiet: true, log: () => undefined });
  });
  afterAll(() => mock.close());

  it('is stored, not left to the spec: fresh ids each time, read back as answered', async () => {
    const ids = new Set<string>();
    for (const name of ['first', 'second']) {
      const made = await request(mock.server)
        .post('/trainings')
        .field('name', name)
        .field('params', JSON.stringify({ split: 0.5 }))
        .expect(200);
      const body = made.body as { trainingId: string; name: string; params?: unknown; link: string };
      expect(body.name).toBe(name);
      // Not the spec's example id (what the spec's own answer would repeat).
      expect(body.trainingId).not.toBe('2KXJEOM3N562JBT4P7OX7VID2Q');
      // The object sent is kept as its JSON text, the item's type for it.
      expect(body.params).toBe('{"split":0.5}');
      // A readOnly member whose default breaks its format gets a value that fits it.
      expect(URL.canParse(body.link)).toBe(true);
      expect(body.link).not.toContain('{');
      ids.add(body.trainingId);
      expect((await request(mock.server).get(`/trainings/${body.trainingId}`).expect(200)).body).toEqual(body);
    }
    expect(ids.size).toBe(2);
  });
});
