import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOperations, OPERATION_IDS, type Operations } from '../checks/_test-support.js';
import { authCaseArbitrary, authEntries, BAD_AUTH, GOOD_AUTH } from './auth-case.js';
import { wireProblems } from './_test-support.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

describe('authCaseArbitrary', () => {
  it.each(OPERATION_IDS)('never pairs a good credential with invalid input (%s)', (id) => {
    const operation = ops[id];
    const variants = new Set<string>();
    let withInvalidInput = 0;
    fc.assert(
      fc.property(authCaseArbitrary(operation), (c) => {
        variants.add(c.auth);
        expect(c.kind).toBe('auth');
        expect(c.invalid).toBeUndefined();
        const invalidInput = c.edge?.gap === 'auth-precedence';
        if (invalidInput) {
          withInvalidInput++;
          expect(BAD_AUTH).toContain(c.auth);
          expect(wireProblems(c, operation)).not.toEqual([]);
        }
        if (GOOD_AUTH.includes(c.auth)) expect(wireProblems(c, operation)).toEqual([]);
      }),
      { seed: 99, numRuns: 400 },
    );
    expect([...variants].sort()).toEqual([...BAD_AUTH, ...GOOD_AUTH].sort());
    expect(withInvalidInput).toBeGreaterThan(0);
  });

  it('never generates the plain valid key: that is the valid family', () => {
    expect(BAD_AUTH).not.toContain('valid');
    expect(GOOD_AUTH).not.toContain('valid');
    expect(BAD_AUTH.filter((v) => v.startsWith('valid'))).toEqual([]);
    expect(GOOD_AUTH.every((v) => v.startsWith('valid'))).toBe(true);
  });
});

describe('authEntries on the Animal Store', () => {
  it.each(OPERATION_IDS)('is the matrix the kit has always sent, field for field (%s)', (id) => {
    const { refused, accepted, valid } = authEntries(ops[id]);
    expect(refused).toEqual(BAD_AUTH.map((auth) => ({ auth })));
    expect(accepted).toEqual(GOOD_AUTH.map((auth) => ({ auth })));
    expect(valid).toEqual([{ auth: 'valid' }]);
  });
});
