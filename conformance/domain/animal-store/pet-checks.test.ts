import { describe, expect, it } from 'vitest';
import type { WireJson } from '../../cases/index.js';
import { invalidCase, loadOperations, response, run, validCase, verdicts } from '../../checks/_test-support.js';
import type { OperationModel } from '../../../spec/index.js';
import { TYPE_COERCION_GAP } from '../../generate/mutations.js';
import { invalidPetIdNamesNoPet, noteDefaultStatus, refuseCoercedValues } from './pet-checks.js';

// The check reads the exchange only: what was sent and what came back.
const operation = {} as OperationModel;
const created = (sent: WireJson, bodyText: string, status = 201) =>
  run(
    noteDefaultStatus,
    operation,
    validCase('createPet', { body: { kind: 'json', value: sent } }),
    response(status, bodyText),
  );

describe('noteDefaultStatus', () => {
  it('warns about the default status a pet created without one gets', () => {
    const findings = created(
      { name: 'Rex', categoryId: 1 },
      '{"id":7,"name":"Rex","categoryId":1,"status":"available"}',
    );
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'default-status' }]);
    expect(findings[0]!.evidence).toEqual({ scenario: 'default-status', member: 'status', defaultStatus: 'available' });
  });

  it('asks nothing when no status comes back, when one was sent, or of answers other than 201', () => {
    expect(created({ name: 'Rex', categoryId: 1 }, '{"id":7,"name":"Rex","categoryId":1}')).toEqual([]);
    expect(
      created({ name: 'Rex', categoryId: 1, status: 'sold' }, '{"id":7,"name":"Rex","categoryId":1,"status":"sold"}'),
    ).toEqual([]);
    expect(created({ name: 'Rex', categoryId: 1 }, '{"id":7,"name":"Rex","status":"available"}', 200)).toEqual([]);
  });
});

describe('refuseCoercedValues: the contract §7 answers 400 to a numeric string for categoryId', () => {
  const coerced = (gap: string | null = TYPE_COERCION_GAP) =>
    invalidCase(
      'createPet',
      {
        pointer: '/categoryId',
        description: `'categoryId' is "5", not of type integer`,
        firmness: 'must',
        ...(gap === null ? {} : { gap }),
      },
      { body: { kind: 'json', value: { name: 'Rex', categoryId: '5' } } },
    );

  it('fails an accepted coercible spelling, resting on the documented 400', async () => {
    const { createPet } = await loadOperations();
    const findings = run(refuseCoercedValues, createPet, coerced(), response(201, '{"id":1}'));
    expect(verdicts(findings)).toEqual([{ code: 'negative_accepted', severity: 'failure' }]);
    expect(findings[0]!.basis).toMatchObject({ kind: 'spec', pointer: '/paths/~1pets/post/responses/400' });
    expect(findings[0]!.evidence).toMatchObject({ pointer: '/categoryId', status: 201 });
  });

  it('says nothing of a refusal, or of another invalid case', async () => {
    const { createPet } = await loadOperations();
    expect(run(refuseCoercedValues, createPet, coerced(), response(400, '{}'))).toEqual([]);
    expect(run(refuseCoercedValues, createPet, coerced(null), response(201, '{"id":1}'))).toEqual([]);
  });
});

describe('invalidPetIdNamesNoPet: the contract answers 404 to a petId that names no animal', () => {
  it('fails a pet answered for an invalid petId (parseInt reads 1.5 as 1), resting on the 404 words', async () => {
    const { getPet } = await loadOperations();
    const invalid = invalidCase('getPet', { location: 'path.petId' }, { pathParams: { petId: '1.5' } });
    const findings = run(
      invalidPetIdNamesNoPet,
      getPet,
      invalid,
      response(200, '{"id":1,"name":"Rex","categoryId":1}'),
    );
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(findings[0]!.basis).toMatchObject({ kind: 'spec', pointer: '/paths/~1pets~1{petId}/get/responses/404' });
    // A 404, or a valid petId, is not its to judge.
    expect(run(invalidPetIdNamesNoPet, getPet, invalid, response(404, '{}'))).toEqual([]);
    const valid = validCase('getPet', { pathParams: { petId: '1' } });
    expect(run(invalidPetIdNamesNoPet, getPet, valid, response(200, '{"id":1}'))).toEqual([]);
  });
});
