import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOperations, OPERATION_IDS, type Operations } from '../checks/_test-support.js';
import { applyMutation, invalidCaseArbitrary, isStillInvalid } from './invalid-case.js';
import { mutationsOf } from './mutations.js';
import { ordinaryParts } from './coverage.js';
import { ExistingValue, toValidCase } from './valid-case.js';
import { labelProblems } from './_test-support.js';

const SEED = 424242;

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

describe('invalidCaseArbitrary', () => {
  it.each(OPERATION_IDS)('makes only cases of %s that are invalid as labelled, checked on the wire', (id) => {
    const operation = ops[id];
    const arbitrary = invalidCaseArbitrary(operation, { petId: ['3'] })!;
    const seen = new Set<string>();
    fc.assert(
      fc.property(arbitrary, (c) => {
        seen.add(`${c.invalid!.layer}:${c.invalid!.location}`);
        expect(c.kind).toBe('invalid');
        expect(c.family).toBe('invalid');
        expect(c.auth).toBe('valid');
        expect(c.edge).toBeUndefined();
        expect(c.existing).toBeUndefined();
        expect(isStillInvalid(c, operation)).toBe(true);
        expect(labelProblems(c, operation)).toEqual([]);
      }),
      { seed: SEED, numRuns: 60 },
    );
    // Every location the mutations touch shows up.
    const locations = new Set(mutationsOf(operation).map((m) => `${m.reason.layer}:${m.reason.location}`));
    expect(seen).toEqual(locations);
  });
});

describe('mutationsOf', () => {
  it('says must where the operation documents 400 (createPet), should elsewhere', () => {
    const firm = (id: (typeof OPERATION_IDS)[number]) => new Set(mutationsOf(ops[id]).map((m) => m.reason.firmness));
    expect(firm('listPets')).toEqual(new Set(['should']));
    expect(firm('getPet')).toEqual(new Set(['should']));
    const create = mutationsOf(ops.createPet);
    expect(create.find((m) => m.reason.keyword === 'required' && m.reason.pointer === '/name')?.reason.firmness).toBe(
      'must',
    );
    // Content-type and int64-range faults are format nuances the contract does not document a 400 for.
    expect(create.filter((m) => m.reason.keyword === 'content-type').map((m) => m.reason.firmness)).toEqual([
      'should',
      'should',
    ]);
    expect(create.filter((m) => m.reason.keyword === 'format').map((m) => m.reason.firmness)).toEqual([
      'should',
      'should',
      'should',
      'should',
    ]);
  });

  it('covers the limit bounds and an empty value', () => {
    const texts = mutationsOf(ops.listPets).flatMap((m) =>
      m.target === 'parameter' && m.parameter.name === 'limit' ? [m.text] : [],
    );
    expect(texts).toEqual(expect.arrayContaining(['0', '101', '', 'abc', '1.5']));
  });

  it('goes past the bounds by every order of magnitude where integer types end, and one past int64 exactly', () => {
    const texts = mutationsOf(ops.listPets).flatMap((m) =>
      m.target === 'parameter' && m.parameter.name === 'limit' ? [m.text] : [],
    );
    expect(texts).toEqual(
      expect.arrayContaining([
        '2147483648',
        '4294967297',
        '9007199254740993',
        '9223372036854775808',
        '18446744073709551617',
        '-2147483649',
      ]),
    );
    const valid = toValidCase(ops.createPet, { pathParams: {}, query: [], body: { name: 'Rex', categoryId: 1 } });
    const overflow = mutationsOf(ops.createPet).filter(
      (m) => m.target === 'body' && /int64/.test(m.reason.description),
    );
    expect(overflow.map((m) => m.reason.description).join('\n')).toMatch(/one past the int64 maximum/);
    for (const m of overflow) expect(isStillInvalid(applyMutation(valid, m), ops.createPet)).toBe(true);
  });
});

describe('applyMutation and isStillInvalid', () => {
  it('drops the edge and existing labels of the valid case it mutates', () => {
    const valid = toValidCase(ops.getPet, { pathParams: { petId: new ExistingValue('42') }, query: [] });
    expect(valid.existing).toEqual(['petId']);
    const mutation = mutationsOf(ops.getPet).find((m) => m.target === 'parameter' && m.text === 'abc')!;
    const invalid = applyMutation(valid, mutation);
    expect(invalid.pathParams.petId).toBe('abc');
    expect(invalid.existing).toBeUndefined();
    expect(invalid.invalid).toBe(mutation.reason);
  });

  it('replaces a query parameter instead of repeating it', () => {
    const valid = toValidCase(ops.listPets, {
      pathParams: {},
      query: [
        ['limit', 5],
        ['status', 'sold'],
      ],
    });
    const mutation = mutationsOf(ops.listPets).find((m) => m.target === 'parameter' && m.text === '101')!;
    expect(applyMutation(valid, mutation).query).toEqual([
      ['status', 'sold'],
      ['limit', '101'],
    ]);
  });

  it('is false for a label the request does not bear out', () => {
    const valid = toValidCase(ops.createPet, ordinaryParts(ops.createPet, {}, 0));
    for (const m of mutationsOf(ops.createPet)) {
      expect(isStillInvalid({ ...valid, kind: 'invalid', invalid: m.reason }, ops.createPet)).toBe(false);
    }
    const list = toValidCase(ops.listPets, { pathParams: {}, query: [['limit', 5]] });
    for (const m of mutationsOf(ops.listPets))
      expect(isStillInvalid({ ...list, kind: 'invalid', invalid: m.reason }, ops.listPets)).toBe(false);
    expect(isStillInvalid(valid, ops.createPet)).toBe(false);
  });

  it('reads the last of repeated query values, as the server would', () => {
    const reason = mutationsOf(ops.listPets).find((m) => m.target === 'parameter' && m.text === '101')!.reason;
    const base = toValidCase(ops.listPets, { pathParams: {}, query: [] });
    expect(
      isStillInvalid(
        {
          ...base,
          kind: 'invalid',
          invalid: reason,
          query: [
            ['limit', '101'],
            ['limit', '5'],
          ],
        },
        ops.listPets,
      ),
    ).toBe(false);
    expect(
      isStillInvalid(
        {
          ...base,
          kind: 'invalid',
          invalid: reason,
          query: [
            ['limit', '5'],
            ['limit', '101'],
          ],
        },
        ops.listPets,
      ),
    ).toBe(true);
  });
});
