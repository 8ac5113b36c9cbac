import { describe, expect, it } from 'vitest';
import type { OperationModel } from '../../spec/index.js';
import { checkServerError } from './server-error.js';
import {
  authCase,
  errorBody,
  exchange,
  failedExchange,
  invalidCase,
  probeCase,
  response,
  validCase,
  verdicts,
} from './_test-support.js';
import { describeFinding } from '../report/describe-finding.js';

// The server-error check reads the exchange only.
const operation = {} as OperationModel;

describe('checkServerError', () => {
  it.each([500, 501, 502, 503, 504, 599])('fails %i, for every kind of case', (status) => {
    for (const c of [
      validCase('createPet'),
      invalidCase('createPet'),
      authCase('createPet', 'none'),
      probeCase('createPet'),
    ]) {
      const findings = checkServerError({ exchange: exchange(c, response(status, errorBody(status))), operation });
      expect(verdicts(findings)).toEqual([{ code: 'server_error', severity: 'failure' }]);
      expect(describeFinding(findings[0]!)).toContain(String(status));
      expect(findings[0]!.response?.status).toBe(status);
    }
  });

  it.each([200, 201, 301, 400, 404, 499])('says nothing about %i', (status) => {
    expect(checkServerError({ exchange: exchange(validCase('createPet'), response(status)), operation })).toEqual([]);
  });

  it('says nothing when no response came back', () => {
    expect(
      checkServerError({ exchange: failedExchange(validCase('createPet'), 'timeout', 'too slow'), operation }),
    ).toEqual([]);
  });
});
