import { handlerFor } from './handler-for.js';
import type { ChallengeOptions } from './handlers/index.js';
import type { AcceptedCredentials, AuthRequest, OperationSecurity, SecurityScheme } from './model.js';

/** The outcome of checking a request against an operation's security. */
export type Evaluation =
  /** Allowed. `unverified`: schemes of the satisfied alternative this module could not check. */
  | { readonly outcome: 'ok'; readonly alternative: number | undefined; readonly unverified: readonly string[] }
  /**
   * Refused: no alternative is satisfied. `reason` comes from the alternative the request came
   * closest to (a credential presented but wrong beats none presented); `challenge` is the
   * `WWW-Authenticate` value naming every scheme that could have been used, or undefined when none has one.
   */
  | {
      readonly outcome: 'missing' | 'invalid';
      readonly reason: string;
      /** The scheme (its name in `components.securitySchemes`) of the refusal `reason` comes from. */
      readonly scheme: string;
      readonly challenge: string | undefined;
    };

/** Which credentials a verifier accepts: the same for every scheme, or per scheme. */
export type AcceptedFor = AcceptedCredentials | ((scheme: SecurityScheme) => AcceptedCredentials);

/**
 * Checks a request against an operation's alternatives (OR) of requirements (AND). Public operations
 * and an empty alternative (optional auth) let every request through. Schemes this module cannot
 * check (digest, mutual TLS) pass once what can be seen of them is there, listed as `unverified`.
 */
export function evaluate(
  security: OperationSecurity,
  request: AuthRequest,
  accepted: AcceptedFor,
  options: ChallengeOptions = {},
): Evaluation {
  if (security.access !== 'required')
    return { outcome: 'ok', alternative: security.alternatives.findIndex((r) => r.length === 0), unverified: [] };
  const acceptedBy = typeof accepted === 'function' ? accepted : () => accepted;
  let refusal: { outcome: 'missing' | 'invalid'; reason: string; scheme: string } | undefined;
  for (const [index, requirement] of security.alternatives.entries()) {
    const unverified: string[] = [];
    let failed: { outcome: 'missing' | 'invalid'; reason: string; scheme: string } | undefined;
    for (const use of requirement) {
      const verdict = handlerFor(use.scheme).verify(request, acceptedBy(use.scheme));
      if (verdict.outcome === 'unsupported') unverified.push(use.scheme.name);
      else if (verdict.outcome !== 'ok') {
        failed = { outcome: verdict.outcome, reason: verdict.reason, scheme: use.scheme.name };
        break;
      }
    }
    if (!failed) return { outcome: 'ok', alternative: index, unverified };
    if (!refusal || (refusal.outcome === 'missing' && failed.outcome === 'invalid')) refusal = failed;
  }
  return { ...refusal!, challenge: challengeOf(security, options) };
}

/**
 * The `WWW-Authenticate` value for a 401 on this operation: one challenge per scheme that has one, in
 * order, duplicates dropped (RFC 9110 §11.6.1 allows several, comma-separated). Undefined when none has.
 */
export function challengeOf(security: OperationSecurity, options: ChallengeOptions = {}): string | undefined {
  const challenges: string[] = [];
  for (const requirement of security.alternatives) {
    for (const use of requirement) {
      const scopes = use.scopes.length > 0 ? { scopes: use.scopes } : {};
      const challenge = handlerFor(use.scheme).challenge({ ...options, ...scopes });
      if (challenge !== undefined && !challenges.includes(challenge)) challenges.push(challenge);
    }
  }
  return challenges.length > 0 ? challenges.join(', ') : undefined;
}
