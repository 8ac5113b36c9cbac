import { createHash, timingSafeEqual } from 'node:crypto';
import { type MockError, unauthorized } from './errors.js';

/** Which bearer tokens the mock accepts. */
export type KeyPolicy = { readonly kind: 'keys'; readonly keys: readonly string[] } | { readonly kind: 'any' };

/** Checks an `Authorization` header; returns the 401 to answer with, or undefined when the key is accepted. */
export type Authenticator = (authorization: string | undefined) => MockError | undefined;

/** The development key accepted when no key is configured (printed at start, documented in the README). */
export const DEFAULT_DEV_KEY = 'dev-key';

// Whitespace inside a token can never be a valid bearer credential (RFC 6750 b64token has none).
const SCHEME_AND_TOKEN = /^([^\s]+)(?:\s+(.*))?$/s;

/**
 * Builds the bearer-key check. Keys are compared as SHA-256 digests with `timingSafeEqual`, so neither
 * the content nor the length of a configured key leaks through response timing, and every configured
 * key is compared on every request.
 */
export function createAuthenticator(policy: KeyPolicy): Authenticator {
  const digests = policy.kind === 'keys' ? policy.keys.map(digest) : [];
  return (authorization) => {
    if (authorization === undefined || authorization.trim() === '') {
      return unauthorized('The Authorization header is missing; send "Authorization: Bearer <API_KEY>".');
    }
    const match = SCHEME_AND_TOKEN.exec(authorization.trim());
    if (!match || match[1]!.toLowerCase() !== 'bearer') {
      return unauthorized('The Authorization scheme must be Bearer.');
    }
    const token = (match[2] ?? '').trim();
    if (token === '') return unauthorized('The bearer token is empty.');
    if (/\s/.test(token)) return unauthorized('The bearer token must not contain whitespace.');
    if (policy.kind === 'any') return undefined;
    const presented = digest(token);
    let accepted = false;
    for (const known of digests) accepted = timingSafeEqual(presented, known) || accepted;
    return accepted ? undefined : unauthorized('The API key is not valid.');
  };
}

/** The bearer token of an Authorization header, if any (for redacting it from logs). */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = SCHEME_AND_TOKEN.exec(authorization.trim());
  const token = match?.[2]?.trim();
  return token ? token : undefined;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
