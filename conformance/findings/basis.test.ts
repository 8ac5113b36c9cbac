import { beforeAll, describe, expect, it } from 'vitest';
import { loadOperations, type Operations } from '../checks/_test-support.js';
import { Collector } from '../engine/collector.js';
import { verdictOf } from '../engine/collect-report.js';
import { describeFinding } from '../report/describe-finding.js';
import { EVERY_FINDING } from '../report/__fixtures__/every-finding.js';
import { settleFinding } from './basis.js';
import type { EvidenceByCode, Finding, FindingCode, FindingOf } from './index.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

function failure<C extends FindingCode>(code: C, evidence: EvidenceByCode[C], operationId = 'createPet'): Finding {
  return { code, severity: 'failure', operationId, check: 'schema', evidence } as FindingOf<C> as Finding;
}

const settle = (f: Finding) => settleFinding(f, ops.spec.operation(f.operationId));

describe('settleFinding: a basis for every failure', () => {
  it('rests every failure on the spec, an RFC or a confirmed inference; anything less is an advisory', () => {
    // A contract gap (always a warning) is where the spec is silent: it has no basis to name.
    for (const f of EVERY_FINDING.filter(
      (g) => g.code !== 'contract_gap' || g.evidence.scenario === 'deprecation-unmarked',
    )) {
      const settled = settle(f);
      expect(settled.basis, `${f.code} has a basis`).toBeDefined();
      if (settled.severity === 'failure') expect(['spec', 'rfc', 'confirmed']).toContain(settled.basis!.kind);
      else
        expect(f.severity === 'failure' ? ['unconfirmed', 'kit'] : [settled.basis!.kind]).toContain(
          settled.basis!.kind,
        );
      expect(describeFinding(settled)).toMatch(/Basis: |Advisory, not a failure|transport note/);
    }
  });

  it("rests a wrong refusal status on the documented 400's own words", () => {
    const settled = settle(
      failure('negative_wrong_status', {
        location: 'body',
        pointer: '/name',
        keyword: 'required',
        why: "must have required property 'name'",
        status: 422,
      }),
    );
    expect(settled.basis).toEqual({
      kind: 'spec',
      pointer: '/paths/~1pets/post/responses/400/description',
      says: `invalid input gets 400: "${ops.createPet.responses['400']!.description}" (the request: must have required property 'name')`,
    });
  });

  it('points into the document where the spec says it', () => {
    const settled = settle(
      failure('schema_mismatch', { scenario: 'empty-body', status: 201, schema: { source: 'status' } }),
    );
    expect(settled.severity).toBe('failure');
    expect(settled.basis).toEqual({
      kind: 'spec',
      pointer: '/paths/~1pets/post/responses/201/content/application~1json/schema',
      says: 'the body matches this schema',
    });
    expect(describeFinding(settled)).toContain(
      'Basis: the spec at /paths/~1pets/post/responses/201/content/application~1json/schema says',
    );
  });

  it('does not judge an undocumented status against the schema documented for other statuses', () => {
    const settled = settle(
      failure('schema_mismatch', {
        scenario: 'body',
        status: 413,
        schema: { source: 'errors', errorStatuses: ['400', '401'] },
        issues: [{ pointer: '', keyword: 'required', message: 'must have code' }],
      }),
    );
    expect(settled.severity).toBe('advisory');
    expect(settled.basis).toMatchObject({ kind: 'unconfirmed' });
    expect(describeFinding(settled)).toContain('Advisory, not a failure');
  });

  it('makes the kit’s deadline and size cap a transport note, but not a reset or a target that died', () => {
    const slow = settle(
      failure('transport_error', {
        scenario: 'exchange',
        kind: 'timeout',
        detail: 'no complete response within 5000 ms',
      }),
    );
    const huge = settle(
      failure('transport_error', { scenario: 'exchange', kind: 'body_too_large', detail: 'over 8 MiB' }),
    );
    for (const f of [slow, huge]) {
      expect(f.severity).toBe('advisory');
      expect(f.basis).toMatchObject({ kind: 'kit' });
      expect(describeFinding(f)).toContain('A transport note, not a contract failure');
    }
    expect(
      settle(failure('transport_error', { scenario: 'exchange', kind: 'connection_reset', detail: 'x' })).severity,
    ).toBe('failure');
    expect(
      settle(failure('transport_error', { scenario: 'run-stopped', detail: 'the target stopped answering' })).severity,
    ).toBe('failure');
  });

  it('makes a reset of a request with an oversize head a transport note (held-out set 68: an 84 KB target)', () => {
    const reset = (path: string) =>
      settle({
        ...failure('transport_error', { scenario: 'exchange', kind: 'connection_reset', detail: 'ECONNRESET' }),
        request: { method: 'PUT', path, headers: { 'transfer-encoding': 'chunked' } },
      });
    const oversize = reset(`/quotes/?where=${'x'.repeat(84_000)}`);
    expect(oversize.severity).toBe('advisory');
    expect(oversize.basis).toMatchObject({ kind: 'kit' });
    expect(describeFinding(oversize)).toContain('over the 8 KiB servers commonly take');
    expect(reset('/quotes/?where=x').severity).toBe('failure');
  });

  it('keeps a semantic failure only with a basis, and names what confirmed it', () => {
    const echo = failure('semantic_violation', { rule: 'echo', member: 'password', sent: 'x', received: 'y' });
    expect(settle(echo).severity).toBe('advisory');
    const confirmed = settle({
      ...echo,
      basis: {
        kind: 'confirmed',
        inference: 'the answer echoes password',
        confirmedBy: 'createPet echoed password "a" exactly',
      },
    });
    expect(confirmed.severity).toBe('failure');
    expect(describeFinding(confirmed)).toContain('this target confirmed it: createPet echoed password "a" exactly');
  });

  it('names no basis for a contract gap: the spec is silent there', () => {
    const gap: Finding = {
      code: 'contract_gap',
      severity: 'warning',
      gap: 'request-format-errors',
      operationId: 'createPet',
      check: 'negative',
      evidence: { scenario: 'limit-status', status: 413 },
    };
    expect(settle(gap)).toEqual(gap);
  });

  it('cites the RFC requirement where one is broken', () => {
    const settled = settle(
      failure('auth_challenge_missing', { scenario: 'absent', expected: ['Bearer'], schemes: ['bearerAuth'] }),
    );
    expect(settled.basis).toMatchObject({ kind: 'rfc', rfc: 'RFC 9110', section: '§11.6.1' });
    expect(settled.severity).toBe('failure');
  });
});

describe('Collector with settling', () => {
  it('records an unconfirmed failure as an advisory, which neither fails the run nor does under --strict', () => {
    const collector = new Collector(settle);
    const added = collector.addFailure(
      failure('semantic_violation', { rule: 'echo', member: 'location', sent: '', received: 'WestUs2' }),
    );
    expect(added).toBe(false);
    const findings = collector.findings();
    expect(findings.map((f) => f.severity)).toEqual(['advisory']);
    expect(verdictOf(findings, true)).toBe('certified');
  });
});
