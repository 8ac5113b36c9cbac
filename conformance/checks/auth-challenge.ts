import { handlerFor, schemesIn } from '../../spec/security/index.js';
import { findingOf, type Check } from './make-finding.js';

/**
 * RFC 9110 §11.6.1 asks a 401 to carry a challenge naming its scheme; the contract does not. The
 * schemes that have a registered auth-scheme (Bearer for bearer, OAuth 2.0 and OpenID Connect tokens;
 * Basic) are the ones a client can look for; an operation secured by API keys alone asks nothing.
 */
export const checkAuthChallenge: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  if (!r || r.status !== 401 || operation.security.access === 'public') return [];
  const names = [...new Set(schemesIn(operation.security).flatMap((s) => (handlerFor(s).supported && s.kind !== 'apiKey' ? [handlerFor(s).challenge()!.split(' ')[0]!] : [])))];
  if (names.length === 0) return [];
  const challenge = r.headers['www-authenticate'];
  if (challenge && names.some((name) => new RegExp(`\\b${name}\\b`, 'i').test(challenge))) return [];
  const named = names.join(' or ');
  return [
    findingOf(exchange, {
      code: 'auth_challenge_missing',
      severity: 'advisory',
      check: 'auth',
      message: challenge ? `401 carries WWW-Authenticate ${JSON.stringify(challenge)}, which does not name ${named}.` : '401 without a WWW-Authenticate header (RFC 9110 §11.6.1).',
    }),
  ];
};
