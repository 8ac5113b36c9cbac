import { findingOf, type Check } from './make-finding.js';

/** RFC 9110 §11.6.1 asks a 401 to name its scheme in WWW-Authenticate; the contract does not. */
export const checkAuthChallenge: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  if (!r || r.status !== 401 || operation.security.length === 0) return [];
  const challenge = r.headers['www-authenticate'];
  if (challenge && /\bbearer\b/i.test(challenge)) return [];
  return [
    findingOf(exchange, {
      code: 'auth_challenge_missing',
      severity: 'advisory',
      check: 'auth',
      message: challenge ? `401 carries WWW-Authenticate ${JSON.stringify(challenge)}, which does not name Bearer.` : '401 without a WWW-Authenticate header (RFC 9110 §11.6.1).',
    }),
  ];
};
