/**
 * The Animal Store's mock plug-in: chosen by the fingerprint the kit's rules use, seeded with the
 * project's pets (checked against the spec's Pet schema), and what the generic store does for it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_PATH, fitsFingerprint, loadSpec } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import { AUTH, type TestMock, startTestMock } from '../../../mock/_test-support.js';
import { resolveCoreOptions } from '../../../mock/core-options.js';
import { createMockCore } from '../../../mock/core/index.js';
import { selectMockPlugin } from '../../../mock/domain/select-plugin.js';
import { createExampleEngine } from '../../../mock/example-engine.js';
import seedPets from '../../../fixtures/pets.json' with { type: 'json' };
import { ANIMAL_STORE_OPERATIONS } from './fingerprint.js';
import { animalStoreMock } from './mock.js';

describe('the Animal Store plug-in of the mock', () => {
  it('applies to the flagship spec, by the fingerprint the kit uses', async () => {
    const spec = await loadSpec(DEFAULT_SPEC_PATH);
    expect(animalStoreMock.operations).toBe(ANIMAL_STORE_OPERATIONS);
    expect(fitsFingerprint(spec, ANIMAL_STORE_OPERATIONS)).toBe(true);
    expect(selectMockPlugin(spec)).toBe(animalStoreMock);
  });

  it("refuses a seed pet that breaks the spec's Pet schema", async () => {
    const spec = await loadSpec(DEFAULT_SPEC_PATH);
    const bad = { ...animalStoreMock, seed: { '/pets': [...seedPets, { id: 99, name: 7, categoryId: 1 }] } };
    expect(() =>
      createMockCore({
        spec,
        options: resolveCoreOptions({ quiet: true }, () => {}, true),
        engine: createExampleEngine,
        resources: { modelFor: (next) => resourceModelFor(next) },
        plugins: [bad],
      }),
    ).toThrow(/"\/pets"\[30\] is not a valid item of \/pets/);
  });
});

describe('the stateful mock on the Animal Store', () => {
  let t: TestMock;
  beforeAll(async () => {
    t = await startTestMock({ mode: 'stateful' });
  });
  afterAll(() => t.close());
  const get = (path: string) => fetch(`${t.base}${path}`, { headers: { Authorization: AUTH } });
  const post = (body: string) =>
    fetch(`${t.base}/v1/pets`, {
      method: 'POST',
      headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
      body,
    });

  it('serves the 30 seed pets, and reset counts them by collection path', async () => {
    expect(await (await get('/v1/pets?limit=100')).json()).toEqual(seedPets);
    const reset = await fetch(`${t.base}/__mock/reset`, { method: 'POST' });
    expect(await reset.json()).toEqual({ reset: true, collections: { '/pets': 30 } });
  });

  it('assigns the id itself, stores only declared members, lists int64 values digit for digit', async () => {
    const created = await post('{"id":5,"name":"Big","categoryId":9223372036854775807,"extra":true}');
    expect(created.status).toBe(201);
    const text = await created.text();
    expect(text).toBe('{"id":4294967297,"name":"Big","categoryId":9223372036854775807}');
    expect(await (await get('/v1/pets/5')).json()).toEqual(seedPets[4]);
    expect(await (await get('/v1/pets/4294967297')).text()).toBe(text);
    const listed = await (await get('/v1/pets?limit=100')).text();
    expect(listed.endsWith(`,${text}]`)).toBe(true);
    // A list asked again after a change is made anew, not taken from before it.
    expect(await (await get('/v1/pets?limit=100&status=sold')).json()).not.toContainEqual(
      expect.objectContaining({ name: 'Big' }),
    );
    await post('{"name":"Sold","categoryId":1,"status":"sold"}');
    expect(await (await get('/v1/pets?limit=100&status=sold')).json()).toContainEqual(
      expect.objectContaining({ name: 'Sold', status: 'sold' }),
    );
  });
});

describe('--data on the Animal Store', () => {
  it("replaces the plug-in's seed, as a plain array of pets or keyed by collection", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pets-data-'));
    try {
      const two = [
        { id: 7, name: 'Seven', categoryId: 1 },
        { id: 3, name: 'Three', categoryId: 2, status: 'sold' },
      ];
      for (const data of [two, { pets: two }]) {
        const file = join(dir, 'data.json');
        await writeFile(file, JSON.stringify(data));
        const t = await startTestMock({ dataFile: file });
        try {
          const listed = await fetch(`${t.base}/v1/pets`, { headers: { Authorization: AUTH } });
          expect(await listed.json()).toEqual(two);
          const created = await fetch(`${t.base}/v1/pets`, {
            method: 'POST',
            headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
            body: '{"name":"Next","categoryId":1}',
          });
          expect(await created.json()).toEqual({ id: 8, name: 'Next', categoryId: 1 });
        } finally {
          await t.close();
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the static mock on the Animal Store', () => {
  let t: TestMock;
  beforeAll(async () => {
    t = await startTestMock({ mode: 'static' });
  });
  afterAll(() => t.close());

  it("shapes the spec's examples so status and limit hold", async () => {
    const res = await fetch(`${t.base}/v1/pets?status=sold&limit=1`, { headers: { Authorization: AUTH } });
    expect(await res.json()).toEqual([{ id: 3, name: 'Goldie', categoryId: 4, status: 'sold' }]);
  });
});
