import { describe, expect, it } from 'vitest';
import type { WireJson } from '../../cases/index.js';
import { response, run, validCase, verdicts } from '../../checks/_test-support.js';
import type { OperationModel } from '../../../spec/index.js';
import { noteDefaultStatus } from './pet-checks.js';

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
    expect(findings[0]!.evidence).toEqual({ scenario: 'default-status', defaultStatus: 'available' });
  });

  it('asks nothing when no status comes back, when one was sent, or of answers other than 201', () => {
    expect(created({ name: 'Rex', categoryId: 1 }, '{"id":7,"name":"Rex","categoryId":1}')).toEqual([]);
    expect(
      created({ name: 'Rex', categoryId: 1, status: 'sold' }, '{"id":7,"name":"Rex","categoryId":1,"status":"sold"}'),
    ).toEqual([]);
    expect(created({ name: 'Rex', categoryId: 1 }, '{"id":7,"name":"Rex","status":"available"}', 200)).toEqual([]);
  });
});
