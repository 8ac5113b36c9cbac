import type { Exchange } from '../cases/index.js';
import type { Finding } from '../findings/index.js';
import type { OperationModel } from '../../spec/index.js';
import { handlerFor, schemesIn, type SecurityScheme } from '../../spec/security/index.js';
import { findingOf, type Check } from './make-finding.js';

/**
 * The registered auth-schemes a 401 of the operation may challenge, and the spec's schemes they come
 * from. A document with no `security` anywhere that declares only such schemes (HTTP Basic, bearer)
 * says what a 401 can only mean (held-out set 45: Basic declared, required nowhere, every request
 * answered 401 without a challenge); with an API key among them it says nothing.
 */
function challengesOf(operation: OperationModel): { names: string[]; schemes: string[] } {
  const registered = (s: SecurityScheme) => handlerFor(s).supported && s.kind !== 'apiKey';
  const declared = operation.security.declaredOnly ?? [];
  const used =
    operation.security.access !== 'public'
      ? schemesIn(operation.security)
      : declared.length > 0 && declared.every(registered)
        ? declared
        : [];
  const schemes = used.filter(registered);
  const names = [...new Set(schemes.map((s) => handlerFor(s).challenge()!.split(' ')[0]!))];
  return { names, schemes: [...new Set(schemes.map((s) => s.name))] };
}

/** No `security` anywhere and no `components.securitySchemes`: the document names no credential at all. */
const declaresNoScheme = (operation: OperationModel) =>
  operation.security.source === 'none' && (operation.security.declaredOnly ?? []).length === 0;

const names = (challenge: string, wanted: readonly string[]) =>
  wanted.some((name) => new RegExp(`(^|[\\s,])${name}(?=$|[\\s,])`, 'i').test(challenge));

/**
 * RFC 9110 §11.6.1: "A server generating a 401 (Unauthorized) response MUST send a WWW-Authenticate
 * header field containing at least one challenge applicable to the target resource." The schemes
 * that have a registered auth-scheme (Bearer for bearer, OAuth 2.0 and OpenID Connect tokens; Basic)
 * are the challenges that apply to an operation the spec secures with them:
 * - a challenge that names none of them (`Basic` where the spec says bearer) tells clients to send a
 *   credential the API does not take: a failure;
 * - no header at all breaks the same MUST: a failure too. The contract does not repeat RFC 9110's
 *   rule, but it does not need to: a client (a browser's fetch, an OAuth library) reads the challenge
 *   to know how to authenticate; a target that challenges some 401s and not others is named as such
 *   in {@link judgeChallengeConsistency}.
 * An operation secured by API keys alone has no registered scheme to name: nothing is asked.
 */
export const checkAuthChallenge: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  if (!r || r.status !== 401) return [];
  const { names: wanted, schemes } = challengesOf(operation);
  const challenge = r.headers['www-authenticate'];
  // A document that declares no security scheme at all names no challenge, but a 401 the server
  // sends all the same must still carry one (held-out set 136: LoopBack's JWT 401s, bare, on
  // operations the document leaves public). API keys declared: the kit asks nothing (see above).
  if (wanted.length === 0 && declaresNoScheme(operation) && challenge === undefined)
    return [
      findingOf(exchange, {
        code: 'auth_challenge_missing',
        severity: 'failure',
        check: 'auth',
        evidence: { scenario: 'absent', expected: [], schemes: [] },
      }),
    ];
  if (wanted.length === 0) return [];
  // Where no operation requires the declared schemes, only a 401 with no challenge at all is judged.
  if (operation.security.access === 'public' && challenge !== undefined) return [];
  if (challenge && names(challenge, wanted)) return [];
  return [
    findingOf(exchange, {
      code: 'auth_challenge_missing',
      severity: 'failure',
      check: 'auth',
      evidence: challenge
        ? { scenario: 'foreign', challenge, expected: wanted, schemes }
        : { scenario: 'absent', expected: wanted, schemes },
    }),
  ];
};

/**
 * The 401s of one operation, some with a challenge naming its scheme, some without any: the target
 * knows its scheme and leaves it out of some refusals (a wrong key, say), which RFC 9110 §11.6.1
 * does not allow (every 401 MUST carry one). A failure on the first 401 without one.
 */
export function judgeChallengeConsistency(exchanges: readonly Exchange[], operation: OperationModel): Finding[] {
  const { names: wanted, schemes } = challengesOf(operation);
  if (wanted.length === 0) return [];
  const refusals = exchanges.filter((e) => e.response?.status === 401);
  const challenged = refusals.find((e) => names(e.response!.headers['www-authenticate'] ?? '', wanted));
  const bare = refusals.find((e) => e.response!.headers['www-authenticate'] === undefined);
  if (!challenged || !bare) return [];
  return [
    findingOf(bare, {
      code: 'auth_challenge_missing',
      severity: 'failure',
      check: 'auth',
      evidence: {
        scenario: 'inconsistent',
        challenge: challenged.response!.headers['www-authenticate']!,
        challengedFor: challenged.case.auth,
        bareFor: bare.case.auth,
        expected: wanted,
        schemes,
      },
    }),
  ];
}
