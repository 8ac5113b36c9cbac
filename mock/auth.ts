import {
  type AcceptedCredentials,
  type AuthRequest,
  type OperationSecurity,
  type SecurityScheme,
  acceptCredentials,
  evaluate,
  requiresAuth,
} from '../spec/security/index.js';
import { cookiePairs } from '../spec/parameters/index.js';
import { type MockError, mockError } from './errors.js';

/**
 * Which credentials the mock accepts: configured keys (bearer tokens, OAuth 2.0 / OpenID Connect
 * access tokens and API keys, wherever the operation's scheme puts them) and Basic `user:password`
 * pairs, or any well-formed credential of the right scheme.
 */
export type KeyPolicy =
  | { readonly kind: 'keys'; readonly keys: readonly string[]; readonly users?: readonly string[] }
  | { readonly kind: 'any' };

/** Checks a request against an operation's security; returns the 401 to answer with, or undefined. */
export type Authenticator = (request: AuthRequest, security: OperationSecurity) => MockError | undefined;

/** The development key accepted when no key is configured (printed at start, documented in the README). */
export const DEFAULT_DEV_KEY = 'dev-key';

/** The development Basic user accepted when no user is configured: `dev` with the development key as password. */
export const DEFAULT_DEV_USER = `dev:${DEFAULT_DEV_KEY}`;

/** Options of {@link createAuthenticator}. */
export interface AuthenticatorOptions {
  /** The protection space named in Basic challenges (the spec's title). */
  readonly realm?: string;
}

/**
 * Builds the mock's credential check from spec/security: the operation's own schemes decide where
 * the credential is read and how (OR of alternatives, AND within one); public and optional
 * operations are open. Secrets are compared as SHA-256 digests with `timingSafeEqual`, every
 * configured one on every request, so neither content nor length leaks through timing (a credential
 * already accepted is remembered and skips the hash: that tells only what the status does). A refusal
 * is a 401 carrying the `WWW-Authenticate` challenge of the operation's schemes.
 */
export function createAuthenticator(policy: KeyPolicy, options: AuthenticatorOptions = {}): Authenticator {
  const accepted: AcceptedCredentials =
    policy.kind === 'any'
      ? acceptCredentials({ any: true })
      : acceptCredentials({ secrets: policy.keys, users: policy.users ?? [] });
  const challengeOptions = options.realm !== undefined ? { realm: options.realm } : {};
  return (request, security) => {
    if (!requiresAuth(security)) return undefined;
    const evaluation = evaluate(security, request, accepted, challengeOptions);
    if (evaluation.outcome === 'ok') return undefined;
    const rule = `security scheme ${evaluation.scheme}: ${evaluation.reason}`;
    if (evaluation.challenge === undefined) return { ...mockError(401, 'unauthorized', evaluation.reason), rule };
    return {
      ...mockError(401, 'unauthorized', evaluation.reason, { 'WWW-Authenticate': evaluation.challenge }),
      rule,
    };
  };
}

/** The bearer token of an Authorization header, if any (for redacting it from logs). */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^[^\s]+\s+(.*)$/s.exec(authorization?.trim() ?? '');
  const token = match?.[1]?.trim();
  return token ? token : undefined;
}

/**
 * Every credential a request presents for the spec's schemes, so the log can hide it: the token of
 * an Authorization header, the password and pair of Basic credentials, API keys in their header,
 * query parameter or cookie.
 */
export function presentedSecrets(request: AuthRequest, schemes: Iterable<SecurityScheme>): string[] {
  const out = new Set<string>();
  const authorization = request.headers.authorization;
  const token = bearerToken(typeof authorization === 'string' ? authorization : undefined);
  if (token !== undefined) {
    out.add(token);
    const pair = lenientBase64Text(token);
    const colon = pair.indexOf(':');
    if (colon > 0 && colon < pair.length - 1) out.add(pair.slice(colon + 1));
  }
  for (const scheme of schemes) {
    if (scheme.kind !== 'apiKey') continue;
    if (scheme.in === 'query')
      for (const [name, value] of request.query) if (name === scheme.parameter && value !== '') out.add(value);
    if (scheme.in === 'header') {
      const value = request.headers[scheme.parameter.toLowerCase()];
      for (const v of typeof value === 'string' ? [value] : (value ?? [])) if (v !== '') out.add(v);
    }
    if (scheme.in === 'cookie')
      for (const pair of cookiePairs(request.headers.cookie))
        if (pair.name === scheme.parameter && pair.value !== '') out.add(pair.value);
  }
  return [...out];
}

/** Every configured secret (keys, Basic passwords and pairs), so the log never shows one. */
export function configuredSecrets(policy: KeyPolicy): string[] {
  if (policy.kind === 'any') return [];
  return [...policy.keys, ...(policy.users ?? []).flatMap((pair) => [pair, pair.slice(pair.indexOf(':') + 1)])].filter(
    (s) => s !== '',
  );
}

/**
 * A request as spec/security reads it: node's headers as they are, and the query decoded only when
 * a scheme asks for it (most requests carry their key in a header).
 */
export function authRequestOf(headers: AuthRequest['headers'], search: string): AuthRequest {
  return new LazyQuery(headers, search);
}

/**
 * A class, not an object literal with a getter: V8 builds such a literal through its runtime on
 * every request, which was 2 % of the mock's CPU (issue 23).
 */
class LazyQuery implements AuthRequest {
  private decoded: [string, string][] | undefined;

  constructor(
    readonly headers: AuthRequest['headers'],
    private readonly search: string,
  ) {}

  get query(): [string, string][] {
    const search = this.search;
    this.decoded ??= [...new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)];
    return this.decoded;
  }
}

/**
 * A token read as base64 the lenient way (both alphabets, characters outside them skipped, padding
 * optional), as UTF-8 text: what a Basic token may hide, for redaction only.
 */
function lenientBase64Text(token: string): string {
  let clean = token
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .replace(/=.*$/s, '')
    .replace(/[^A-Za-z0-9+/]/g, '');
  if (clean.length % 4 === 1) clean = clean.slice(0, -1);
  try {
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(Uint8Array.from(atob(clean), (c) => c.charCodeAt(0)));
  } catch {
    return '';
  }
}
