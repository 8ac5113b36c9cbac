import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationModel } from '../../spec/index.js';
import { checkErrorStatus } from './error-status.js';
import {
  errorBody,
  jsonResponse,
  loadOperations,
  type Operations,
  pet,
  probeCase,
  response,
  run,
  validCase,
  verdicts,
} from './_test-support.js';
import { describeFinding } from '../report/describe-finding.js';

// The check applies where the operation's error schema declares an integer `status`: the Animal Store's Error does.
let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

describe('checkErrorStatus', () => {
  it.each([400, 401, 404, 415, 429])('passes an Error body whose status is the HTTP status %i', (status) => {
    expect(run(checkErrorStatus, ops.createPet, validCase('createPet'), response(status, errorBody(status)))).toEqual(
      [],
    );
  });

  it('fails an Error body whose status differs from the HTTP status', () => {
    const findings = run(checkErrorStatus, ops.getPet, validCase('getPet'), response(404, errorBody(400)));
    expect(verdicts(findings)).toEqual([{ code: 'error_status_mismatch', severity: 'failure' }]);
    expect(findings[0]!.evidence).toEqual({ bodyStatus: 400, httpStatus: 404 });
    expect(describeFinding(findings[0]!)).toContain('400');
    expect(describeFinding(findings[0]!)).toContain('404');
  });

  it('rests on the spec where the member says it is the HTTP status, on RFC 9457 for problem+json, else is an advisory', () => {
    const spec = run(checkErrorStatus, ops.getPet, validCase('getPet'), response(404, errorBody(400)));
    expect(spec[0]!.basis).toEqual({
      kind: 'spec',
      pointer: '/paths/~1pets~1{petId}/get/responses/401',
      says: 'its error body\'s `status` is "The HTTP status code."',
    });
    const problem = run(
      checkErrorStatus,
      ops.getPet,
      validCase('getPet'),
      response(404, errorBody(400), { 'content-type': 'application/problem+json' }),
    );
    expect(problem[0]!.basis).toMatchObject({ kind: 'rfc', rfc: 'RFC 9457' });
    const schema = ops.spec.compile({
      type: 'object',
      properties: { status: { type: 'integer', description: 'Internal error number.' } },
    });
    const silent: OperationModel = {
      ...ops.getPet,
      responses: {
        ...ops.getPet.responses,
        '401': { ...ops.getPet.responses['401']!, schema },
        '404': { ...ops.getPet.responses['404']!, schema },
      },
    };
    const inferred = run(checkErrorStatus, silent, validCase('getPet'), response(404, errorBody(400)));
    expect(verdicts(inferred)).toEqual([{ code: 'error_status_mismatch', severity: 'advisory' }]);
    expect(inferred[0]!.basis).toMatchObject({ kind: 'unconfirmed' });
  });

  it('judges a status the operation does not document (405) only as an advisory; probes of documented ones fail', () => {
    expect(verdicts(run(checkErrorStatus, ops.getPet, probeCase('getPet'), response(405, errorBody(404))))).toEqual([
      { code: 'error_status_mismatch', severity: 'advisory' },
    ]);
    expect(verdicts(run(checkErrorStatus, ops.listPets, probeCase('listPets'), response(405, errorBody(404))))).toEqual(
      [{ code: 'error_status_mismatch', severity: 'advisory' }],
    );
    expect(verdicts(run(checkErrorStatus, ops.getPet, probeCase('getPet'), response(404, errorBody(400))))).toEqual([
      { code: 'error_status_mismatch', severity: 'failure' },
    ]);
    const mixed = {
      ...ops.getPet,
      responses: {
        ...ops.getPet.responses,
        '404': { ...ops.getPet.responses['404']!, schema: ops.spec.compile({ type: 'object', required: ['detail'] }) },
      },
    };
    expect(verdicts(run(checkErrorStatus, mixed, probeCase('getPet'), response(401, errorBody(404))))).toEqual([
      { code: 'error_status_mismatch', severity: 'warning' },
    ]);
  });

  it('leaves bodies without a numeric status to the schema check', () => {
    for (const body of [
      '{"code":"x","message":"y","status":"404"}',
      '{"code":"x","message":"y"}',
      '[404]',
      'null',
      'not json',
    ]) {
      expect(run(checkErrorStatus, ops.getPet, validCase('getPet'), response(404, body))).toEqual([]);
    }
  });

  it('ignores successes, 5xx and answers without a response', () => {
    expect(
      run(checkErrorStatus, ops.createPet, validCase('createPet'), jsonResponse(201, pet(1, { status: 400 }))),
    ).toEqual([]);
    expect(run(checkErrorStatus, ops.createPet, validCase('createPet'), response(500, errorBody(400)))).toEqual([]);
    expect(run(checkErrorStatus, ops.createPet, validCase('createPet'), response(503, errorBody(500)))).toEqual([]);
  });

  it('says nothing where the error schema has no status member (another API)', () => {
    const other = {
      ...ops.getPet,
      responses: {
        '404': {
          ...ops.getPet.responses['404']!,
          schema: { schema: { type: 'object', properties: { message: { type: 'string' } } } },
        },
      },
    } as unknown as OperationModel;
    expect(run(checkErrorStatus, other, validCase('getPet'), response(404, errorBody(400)))).toEqual([]);
  });
});
