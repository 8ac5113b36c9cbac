// Static mode answers plain requests from the spec's examples without waiting for Prism; this pins
// that the example chosen is the one Prism's static mocker gives, for every operation.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type SpecModel } from '../spec/index.js';
import { createPrismEngine } from './prism-engine.js';
import { staticExample } from './static-answer.js';

let spec: SpecModel;
beforeAll(async () => {
  spec = await loadSpec();
});

const requests: Record<string, { path: string; body?: unknown }> = {
  listPets: { path: '/pets' },
  createPet: { path: '/pets', body: { name: 'Rex', categoryId: 1 } },
  getPet: { path: '/pets/1' },
};

describe('staticExample', () => {
  it.each(['listPets', 'createPet', 'getPet'])(
    '%s: the status and body Prism answers in static mode',
    async (operationId) => {
      const operation = spec.operation(operationId)!;
      const engine = createPrismEngine(spec, { dynamic: false });
      const request = requests[operationId]!;
      const prism = await engine.answer(
        operation,
        {
          path: request.path,
          query: {},
          headers: request.body ? { 'content-type': 'application/json' } : {},
          body: request.body,
        },
        undefined,
      );
      expect(prism.ok).toBe(true);
      if (!prism.ok) return;
      expect(staticExample(operation)).toEqual({ status: prism.status, body: prism.body });
    },
  );

  it('is undefined for an operation without a 2xx example', () => {
    const operation = {
      ...spec.operation('getPet')!,
      responses: { '404': spec.operation('getPet')!.responses['404']! },
    };
    expect(staticExample(operation)).toBeUndefined();
  });
});
