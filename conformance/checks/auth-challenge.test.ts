import { beforeAll, describe, expect, it } from 'vitest';
import { checkAuthChallenge, judgeChallengeConsistency } from './auth-challenge.js';
import {
  authCase,
  errorBody,
  exchange,
  loadOperations,
  response,
  run,
  verdicts,
  type Operations,
} from './_test-support.js';
import { describeFinding } from '../report/describe-finding.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

const unauthorized = (headers: Record<string, string> = {}) => response(401, errorBody(401, 'unauthorized'), headers);

describe('checkAuthChallenge', () => {
  it.each([
    'Bearer',
    'Bearer realm="animal-store"',
    'bearer',
    'Basic realm="x", Bearer realm="y"',
    'BEARER error="invalid_token"',
  ])('passes a 401 whose challenge names Bearer: %s', (challenge) => {
    expect(
      run(
        checkAuthChallenge,
        ops.listPets,
        authCase('listPets', 'none'),
        unauthorized({ 'www-authenticate': challenge }),
      ),
    ).toEqual([]);
  });

  it('fails a 401 without any WWW-Authenticate (RFC 9110 §11.6.1 MUST)', () => {
    const findings = run(checkAuthChallenge, ops.listPets, authCase('listPets', 'unknown-key'), unauthorized());
    expect(verdicts(findings)).toEqual([{ code: 'auth_challenge_missing', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('no WWW-Authenticate header');
  });

  it('fails a target that challenges Bearer on some 401s and sends none on others (RFC 9110 §11.6.1 MUST)', () => {
    const challenged = exchange(authCase('listPets', 'none'), unauthorized({ 'www-authenticate': 'Bearer realm="x"' }));
    const bare = exchange(authCase('listPets', 'unknown-key'), unauthorized());
    const findings = judgeChallengeConsistency([challenged, bare], ops.listPets);
    expect(verdicts(findings)).toEqual([{ code: 'auth_challenge_missing', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('credential variant unknown-key');
    expect(describeFinding(findings[0]!)).toContain('RFC 9110 §11.6.1 (MUST)');
    expect(describeFinding(findings[0]!)).toContain('bearerAuth');
    expect(
      judgeChallengeConsistency(
        [
          challenged,
          exchange(
            authCase('listPets', 'key-case'),
            unauthorized({ 'www-authenticate': 'Bearer error="invalid_token"' }),
          ),
        ],
        ops.listPets,
      ),
    ).toEqual([]);
    expect(
      judgeChallengeConsistency([bare, exchange(authCase('listPets', 'none'), unauthorized())], ops.listPets),
    ).toEqual([]);
  });

  it.each(['Basic realm="x"', 'Bearerish', 'Token', 'xBearer'])(
    'fails a challenge that does not name Bearer, the declared scheme: %s',
    (challenge) => {
      const findings = run(
        checkAuthChallenge,
        ops.getPet,
        authCase('getPet', 'none'),
        unauthorized({ 'www-authenticate': challenge }),
      );
      expect(verdicts(findings)).toEqual([{ code: 'auth_challenge_missing', severity: 'failure' }]);
      expect(describeFinding(findings[0]!)).toContain(JSON.stringify(challenge));
    },
  );

  it('asks nothing of an operation secured by API keys alone (no registered auth-scheme to name)', () => {
    const apiKeyOnly = {
      ...ops.listPets,
      security: {
        access: 'required',
        alternatives: [[{ scheme: { kind: 'apiKey', name: 'key', in: 'header', parameter: 'X-API-Key' }, scopes: [] }]],
        source: 'operation',
      } as const,
    };
    expect(run(checkAuthChallenge, apiKeyOnly, authCase('listPets', 'none'), unauthorized())).toEqual([]);
  });

  it('looks only at 401', () => {
    for (const status of [400, 403, 404, 200]) {
      expect(
        run(checkAuthChallenge, ops.listPets, authCase('listPets', 'none'), response(status, errorBody(status))),
      ).toEqual([]);
    }
  });

  it('asks nothing of an operation the document makes public with `security: []`', () => {
    const open = { ...ops.listPets, security: { access: 'public', alternatives: [], source: 'operation' } as const };
    expect(run(checkAuthChallenge, open, authCase('listPets', 'none'), unauthorized())).toEqual([]);
  });

  it('asks some challenge of a 401 where the document declares no security scheme at all (held-out set 136)', () => {
    const undeclared = {
      ...ops.listPets,
      security: { access: 'public', alternatives: [], source: 'none' } as const,
    };
    const none = authCase('listPets', 'none');
    const findings = run(checkAuthChallenge, undeclared, none, unauthorized());
    expect(verdicts(findings)).toEqual([{ code: 'auth_challenge_missing', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toMatch(/every 401 to carry a challenge .*declares no security scheme/);
    // Any challenge at all is one.
    expect(run(checkAuthChallenge, undeclared, none, unauthorized({ 'www-authenticate': 'Bearer' }))).toEqual([]);
  });

  it('asks a challenge of a 401 where the document declares only Basic or bearer and requires none', () => {
    // simple-api-server (held-out set 45): `basicAuth` declared, `security` nowhere, every request
    // answered 401 with no WWW-Authenticate.
    const basic = { kind: 'basic', name: 'basicAuth', type: 'http', scheme: 'basic' } as const;
    const apiKey = { kind: 'apiKey', name: 'key', in: 'header', parameter: 'X-API-Key' } as const;
    const declaring = (declaredOnly: readonly object[]) =>
      ({ ...ops.listPets, security: { access: 'public', alternatives: [], source: 'none', declaredOnly } }) as never;
    const none = authCase('listPets', 'none');
    expect(verdicts(run(checkAuthChallenge, declaring([basic]), none, unauthorized()))).toEqual([
      { code: 'auth_challenge_missing', severity: 'failure' },
    ]);
    // Any challenge at all passes there, and an API key among the declared schemes says nothing.
    expect(run(checkAuthChallenge, declaring([basic]), none, unauthorized({ 'www-authenticate': 'Cookie' }))).toEqual(
      [],
    );
    expect(run(checkAuthChallenge, declaring([basic, apiKey]), none, unauthorized())).toEqual([]);
  });
});
