// Every example in the spec and every seed pet must satisfy its own schema.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type SpecModel } from './index.js';

let spec: SpecModel;
beforeAll(async () => {
  spec = await loadSpec();
});

describe('examples and fixtures', () => {
  it('every operation has named examples for its body and every response', () => {
    for (const operation of spec.operations) {
      if (operation.requestBody) expect(Object.keys(operation.requestBody.examples).length).toBeGreaterThan(0);
      for (const response of Object.values(operation.responses)) {
        expect(Object.keys(response.examples).length, `${operation.operationId} ${response.status}`).toBeGreaterThan(0);
      }
    }
  });

  it('every example validates against its schema, and Error examples carry their own status', () => {
    let checked = 0;
    for (const operation of spec.operations) {
      for (const example of Object.values(operation.requestBody?.examples ?? {})) {
        expect(operation.requestBody!.schema.validate(example)).toEqual({ ok: true });
        checked++;
      }
      for (const parameter of operation.parameters) {
        for (const example of parameter.examples) expect(parameter.schema.validate(example)).toEqual({ ok: true });
      }
      for (const response of Object.values(operation.responses)) {
        for (const example of Object.values(response.examples)) {
          expect(response.schema!.validate(example), `${operation.operationId} ${response.status}`).toEqual({
            ok: true,
          });
          if (Number(response.status) >= 400) {
            expect((example as { status: number }).status).toBe(Number(response.status));
            expect((example as { code: string }).code).not.toBe('string');
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(9);
  });

  it('fixtures/pets.json: at least 25 valid pets, unique ids, every status, ids and categoryIds above 2^31', async () => {
    const pets = JSON.parse(await readFile(new URL('../fixtures/pets.json', import.meta.url), 'utf8')) as any[];
    expect(pets.length).toBeGreaterThanOrEqual(25);
    expect(spec.schemas.Pets!.validate(pets)).toEqual({ ok: true });
    expect(new Set(pets.map((p) => p.id)).size).toBe(pets.length);
    expect(new Set(pets.map((p) => p.status))).toEqual(new Set(['available', 'pending', 'sold', undefined]));
    expect(pets.some((p) => p.id > 2 ** 31)).toBe(true);
    expect(pets.some((p) => p.categoryId > 2 ** 31)).toBe(true);
    for (const pet of pets) expect(Number.isSafeInteger(pet.id) && Number.isSafeInteger(pet.categoryId)).toBe(true);
  });
});
