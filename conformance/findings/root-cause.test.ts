import { describe, expect, it } from 'vitest';
import type { EvidenceByCode, FindingCode, FindingOf, Severity } from './index.js';
import { groupFindings, rootCauseKey } from './root-cause.js';

function finding<C extends FindingCode>(
  code: C,
  operationId: string,
  evidence: EvidenceByCode[C],
  severity: Severity = 'failure',
  check = 'schema',
): FindingOf<C> {
  return { code, severity, operationId, check, evidence } as FindingOf<C>;
}

const idNotInteger = (operationId: string, pointer: string) =>
  finding('schema_mismatch', operationId, {
    scenario: 'body',
    status: 200,
    schema: { source: 'status' },
    issues: [{ pointer, keyword: 'type', message: `${pointer} must be integer` }],
  });

const noChallenge = (operationId: string) =>
  finding(
    'auth_challenge_missing',
    operationId,
    { scenario: 'absent', expected: ['Bearer'], schemes: ['bearerAuth'] },
    'failure',
    'auth',
  );

const readOf = (id: string, rule: 'read-differs' | 'list-differs', operationId: string) =>
  finding(
    'semantic_violation',
    operationId,
    { rule, id, difference: 'name "b" instead of "a"' },
    'failure',
    'semantics.persistence',
  );

describe('groupFindings', () => {
  it('puts the same schema error at the same pointer, on a list and on its item, under one root', () => {
    const findings = [
      idNotInteger('getPet', '/id'),
      idNotInteger('listPets', '/0/id'),
      idNotInteger('listPets', '/3/id'),
    ];
    const groups = groupFindings(findings);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.root).toBe(findings[0]);
    expect(groups[0]!.also).toEqual(findings.slice(1));
  });

  it('keeps errors at other pointers, of other keywords or of other statuses apart', () => {
    const other = finding('schema_mismatch', 'getPet', {
      scenario: 'body',
      status: 200,
      schema: { source: 'status' },
      issues: [{ pointer: '/name', keyword: 'type', message: '/name must be string' }],
    });
    const required = finding('schema_mismatch', 'getPet', {
      scenario: 'body',
      status: 200,
      schema: { source: 'status' },
      issues: [{ pointer: '/id', keyword: 'required', message: 'must have id' }],
    });
    const created = {
      ...idNotInteger('createPet', '/id'),
      evidence: { ...idNotInteger('x', '/id').evidence, status: 201 },
    };
    expect(groupFindings([idNotInteger('getPet', '/id'), other, required, created])).toHaveLength(4);
  });

  it('puts the same missing challenge on every 401 under one root, whatever the operation', () => {
    const groups = groupFindings([noChallenge('listPets'), noChallenge('createPet'), noChallenge('getPet')]);
    expect(groups.map((g) => g.also.length)).toEqual([2]);
  });

  it('puts every later read of one stored item under one root, and another item under its own', () => {
    const findings = [
      readOf('7', 'read-differs', 'getPet'),
      readOf('8', 'read-differs', 'getPet'),
      readOf('7', 'list-differs', 'listPets'),
    ];
    const groups = groupFindings(findings);
    expect(groups.map((g) => [g.root, g.also])).toEqual([
      [findings[0], [findings[2]]],
      [findings[1], []],
    ]);
  });

  it('never groups a failure with a warning, nor findings whose code has no shared cause', () => {
    const warning = { ...noChallenge('getPet'), severity: 'warning' as const };
    expect(groupFindings([noChallenge('listPets'), warning])).toHaveLength(2);
    const fiveHundreds = ['listPets', 'getPet'].map((op) =>
      finding('server_error', op, { scenario: 'answered', status: 500 }, 'failure', 'server_error'),
    );
    expect(fiveHundreds.map(rootCauseKey)).toEqual([undefined, undefined]);
    expect(groupFindings(fiveHundreds)).toHaveLength(2);
  });

  it('puts every credential variant one missing check lets through under one root (one failure, not 27)', () => {
    const variants = ['none', 'unknown-key', 'key-case', 'key-in-query', 'basic'];
    const accepted = variants.map((auth) =>
      finding(
        'auth_ignored',
        'getPet',
        { scenario: 'accepted', status: 200, auth, credential: auth },
        'failure',
        'auth',
      ),
    );
    const notFound = ['none', 'key-in-header'].map((auth) =>
      finding('auth_wrong_status', 'getPet', { status: 404, auth, credential: auth }, 'failure', 'auth'),
    );
    const forbidden = finding(
      'auth_wrong_status',
      'getPet',
      { status: 403, auth: 'none', credential: 'none' },
      'failure',
      'auth',
    );
    const groups = groupFindings([...accepted, ...notFound, forbidden]);
    expect(groups.map((g) => [g.root, g.also.length])).toEqual([
      [accepted[0], 4],
      [notFound[0], 1],
      [forbidden, 0],
    ]);
    // Another scheme's check is another check.
    const other = finding(
      'auth_ignored',
      'getPet',
      { scenario: 'accepted', status: 200, auth: 'none', credential: 'none', scheme: 'basicAuth' },
      'failure',
      'auth',
    );
    expect(groupFindings([accepted[0]!, other])).toHaveLength(2);
  });

  it('keys never name the operation', () => {
    const keys = (['listPets', 'getPet'] as const).map((op) => rootCauseKey(noChallenge(op)) as string);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).not.toMatch(/listPets|getPet/);
  });
});
