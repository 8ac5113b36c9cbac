import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOperations, type Operations } from '../checks/_test-support.js';
import { ExistingValue, requestPartsArbitrary } from './valid-case.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

describe('requestPartsArbitrary: ids the target handed out', () => {
  it('uses a known value the parameter takes, never one its schema refuses', () => {
    // getPet's petId is an integer: "3" names a pet, "a" (an id of something else) names nothing.
    const sent = fc.sample(requestPartsArbitrary(ops.getPet, { petId: ['3', 'a'] }), { numRuns: 300, seed: 7 });
    const existing = sent.map((p) => p.pathParams.petId).filter((v) => v instanceof ExistingValue);
    expect(existing.length).toBeGreaterThan(0);
    expect(new Set(existing.map((v) => v.text))).toEqual(new Set(['3']));
  });
});
