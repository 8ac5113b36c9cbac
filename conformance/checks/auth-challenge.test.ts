import { beforeAll, describe, expect, it } from 'vitest';
import { checkAuthChallenge } from './auth-challenge.js';
import { authCase, errorBody, loadOperations, response, run, verdicts, type Operations } from './_test-support.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

const unauthorized = (headers: Record<string, string> = {}) => response(401, errorBody(401, 'unauthorized'), headers);

describe('checkAuthChallenge', () => {
  it.each(['Bearer', 'Bearer realm="animal-store"', 'bearer', 'Basic realm="x", Bearer realm="y"', 'BEARER error="invalid_token"'])('passes a 401 whose challenge names Bearer: %s', (challenge) => {
    expect(run(checkAuthChallenge, ops.listPets, authCase('listPets', 'none'), unauthorized({ 'www-authenticate': challenge }))).toEqual([]);
  });

  it('notes a 401 without WWW-Authenticate, as advisory only', () => {
    const findings = run(checkAuthChallenge, ops.listPets, authCase('listPets', 'none'), unauthorized());
    expect(verdicts(findings)).toEqual([{ code: 'auth_challenge_missing', severity: 'advisory' }]);
    expect(findings[0]!.message).toContain('without a WWW-Authenticate header');
  });

  it.each(['Basic realm="x"', 'Bearerish', 'Token'])('notes a challenge that does not name Bearer: %s', (challenge) => {
    const findings = run(checkAuthChallenge, ops.createPet, authCase('createPet', 'basic'), unauthorized({ 'www-authenticate': challenge }));
    expect(verdicts(findings)).toEqual([{ code: 'auth_challenge_missing', severity: 'advisory' }]);
    expect(findings[0]!.message).toContain(JSON.stringify(challenge));
  });

  it('looks only at 401', () => {
    for (const status of [400, 403, 404, 200]) {
      expect(run(checkAuthChallenge, ops.listPets, authCase('listPets', 'none'), response(status, errorBody(status)))).toEqual([]);
    }
  });

  it('asks nothing of an operation without security', () => {
    const open = { ...ops.listPets, security: { access: 'public', alternatives: [], source: 'operation' } as const };
    expect(run(checkAuthChallenge, open, authCase('listPets', 'none'), unauthorized())).toEqual([]);
  });
});
