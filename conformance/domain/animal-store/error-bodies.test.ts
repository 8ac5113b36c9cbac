import { describe, expect, it } from 'vitest';
import type { Finding } from '../../findings/index.js';
import { extendRules } from '../extend-rules.js';
import type { DomainRules } from '../rules.js';
import { settleErrorBodies } from './error-bodies.js';

const unconfirmed = { kind: 'unconfirmed', inference: 'the operation documents no response for 415' } as const;
const base = { operationId: 'createPet', check: 'schema' } as const;

const mismatch: Finding = {
  ...base,
  code: 'error_status_mismatch',
  severity: 'advisory',
  check: 'error_status',
  evidence: { bodyStatus: 400, httpStatus: 415 },
  basis: unconfirmed,
};
const emptyErrorBody: Finding = {
  ...base,
  code: 'schema_mismatch',
  severity: 'advisory',
  evidence: { scenario: 'empty-body', status: 413, schema: { source: 'errors', errorStatuses: ['400', '401'] } },
  basis: unconfirmed,
};
const htmlError: Finding = {
  ...base,
  code: 'content_type',
  severity: 'advisory',
  check: 'content_type',
  evidence: { status: 405, contentType: 'text/html', documented: ['application/json'] },
  basis: unconfirmed,
};

describe('the Animal Store settles error answers by its Error schema', () => {
  it('makes an Error whose `status` is not the HTTP status a failure resting on the Error schema', () => {
    const [settled] = settleErrorBodies([mismatch]);
    expect(settled!.severity).toBe('failure');
    expect(settled!.basis).toMatchObject({ kind: 'spec', pointer: '/components/schemas/Error/properties/status' });
  });

  it('leaves bodies that are not an Error at all as advisories, and what is not an advisory alone', () => {
    const kitLimit: Finding = { ...mismatch, basis: { kind: 'kit', limit: 'the deadline' } };
    const gap: Finding = { ...mismatch, severity: 'warning' };
    const input = [emptyErrorBody, htmlError, kitLimit, gap];
    expect(settleErrorBodies(input)).toEqual(input);
  });

  it('runs after the inferred rules settle, when a plug-in extends them', () => {
    const order: string[] = [];
    const inferred = {
      checks: {},
      harvest: () => ({}),
      sequences: [],
      settle: (f: readonly Finding[]) => {
        order.push('inferred');
        return [...f];
      },
    } satisfies DomainRules;
    const rules = extendRules(inferred, {
      settle: (f) => {
        order.push('plug-in');
        return settleErrorBodies(f);
      },
    });
    expect(rules.settle!([mismatch])[0]!.severity).toBe('failure');
    expect(order).toEqual(['inferred', 'plug-in']);
  });
});
