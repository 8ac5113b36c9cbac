import { base64OfText } from '../_internals/base64.js';
import { matchesAny } from '../_internals/digest.js';
import { lookalikeVariants } from '../_internals/lookalikes.js';
import {
  NOTHING,
  base64Shown,
  cookies,
  headers,
  percentEncodeAll,
  percentEncodeShown,
  query,
} from '../_internals/parts.js';
import { headerOf, schemeAndToken, shownThrough, SWAP_CASE_FILTER, swapCase } from '../_internals/request.js';
import type { Credential, CredentialVariant, SecurityScheme } from '../model.js';
import { type ChallengeOptions, type SchemeHandler, secretOf } from './handler.js';

type BearerLike = Extract<SecurityScheme, { kind: 'bearer' | 'oauth2' | 'openIdConnect' }>;

const auth = (value: string, shown: string) => headers({ name: 'authorization', value, shown });
const tokenOf = (c: Credential) => ({ key: secretOf(c), v: c.variable });

/** A fixed token no server issues: a wrong key that does not depend on the real one. */
export const UNKNOWN_KEY = 'not-a-valid-key-4f1c9e7a2b';

/**
 * The bearer variants, in the order (and with the bytes and shown forms) the kit has always sent:
 * results of earlier runs stay comparable. The wrong ones must get 401; the scheme-case ones must be
 * accepted (auth schemes are case-insensitive, RFC 9110 §11.1).
 */
const VARIANTS: readonly CredentialVariant[] = [
  { id: 'none', description: 'no Authorization header', expect: 'refuse', attach: () => NOTHING },
  {
    id: 'empty-token',
    description: 'an empty bearer token',
    expect: 'refuse',
    attach: () => auth('Bearer ', 'Bearer '),
  },
  {
    id: 'scheme-only',
    description: 'the Bearer scheme and no token',
    expect: 'refuse',
    attach: () => auth('Bearer', 'Bearer'),
  },
  {
    id: 'basic',
    description: 'Basic credentials',
    expect: 'refuse',
    attach: (c) => {
      const { key, v } = tokenOf(c);
      return auth(`Basic ${base64OfText(`${key}:`)}`, `Basic ${base64Shown('%s:', v)}`);
    },
  },
  {
    id: 'token-scheme',
    lenientForm: true,
    description: 'the key under a "Token" scheme',
    expect: 'refuse',
    attach: (c) => auth(`Token ${tokenOf(c).key}`, `Token $${c.variable}`),
  },
  {
    id: 'unknown-key',
    anotherCredential: true,
    description: 'an unknown key',
    expect: 'refuse',
    attach: () => auth(`Bearer ${UNKNOWN_KEY}`, `Bearer ${UNKNOWN_KEY}`),
  },
  {
    id: 'key-prefix',
    anotherCredential: true,
    description: 'the key minus its last character',
    expect: 'refuse',
    attach: (c) => auth(`Bearer ${tokenOf(c).key.slice(0, -1)}`, `Bearer \${${c.variable}%?}`),
  },
  {
    id: 'key-suffix',
    anotherCredential: true,
    description: 'the key plus one character',
    expect: 'refuse',
    attach: (c) => auth(`Bearer ${tokenOf(c).key}x`, `Bearer \${${c.variable}}x`),
  },
  {
    id: 'key-case',
    anotherCredential: true,
    description: 'the key with its letters in the other case',
    expect: 'refuse',
    attach: (c) => {
      const { key, v } = tokenOf(c);
      const swapped = swapCase(key);
      // A key without letters has no case to swap: change its last character to a letter instead, so
      // it stays wrong and the shown value does not depend on the key.
      if (swapped !== undefined) return auth(`Bearer ${swapped}`, `Bearer ${shownThrough(v, SWAP_CASE_FILTER)}`);
      return auth(`Bearer ${key.slice(0, -1)}x`, `Bearer \${${v}%?}x`);
    },
  },
  {
    id: 'trailing-junk',
    lenientForm: true,
    description: 'the key followed by a space and more text',
    expect: 'refuse',
    attach: (c) => auth(`Bearer ${tokenOf(c).key} x`, `Bearer $${c.variable} x`),
  },
  {
    id: 'key-with-prefix',
    anotherCredential: true,
    description: 'a token that ends with the key',
    expect: 'refuse',
    attach: (c) => auth(`Bearer not-${tokenOf(c).key}`, `Bearer $(printf 'not-%s' "$${c.variable}")`),
  },
  // b64token allows trailing "=" (RFC 6750 §2.1): "<key>==" is another token to a server that
  // compares strings, but the same bytes to one that decodes it (a JWT's base64url segments).
  {
    id: 'key-padded',
    lenientForm: true,
    description: 'the key followed by "==" (another b64token)',
    expect: 'refuse',
    attach: (c) => auth(`Bearer ${tokenOf(c).key}==`, `Bearer \${${c.variable}}==`),
  },
  {
    id: 'percent-encoded-key',
    lenientForm: true,
    description: 'the key percent-encoded (another token)',
    expect: 'refuse',
    attach: (c) => auth(`Bearer ${percentEncodeAll(tokenOf(c).key)}`, `Bearer ${percentEncodeShown(c.variable)}`),
  },
  {
    id: 'raw-key',
    lenientForm: true,
    description: 'the key with no scheme',
    expect: 'refuse',
    attach: (c) => auth(tokenOf(c).key, `$${c.variable}`),
  },
  // The scheme names one place for the key: elsewhere it is no credential at all.
  {
    id: 'key-in-query',
    description: 'no Authorization header and the key in the query (api_key, access_token)',
    expect: 'refuse',
    attach: (c) =>
      query(
        { name: 'api_key', value: tokenOf(c).key, shown: `$${c.variable}` },
        { name: 'access_token', value: tokenOf(c).key, shown: `$${c.variable}` },
      ),
  },
  {
    id: 'key-in-header',
    description: 'no Authorization header and the key in X-API-Key',
    expect: 'refuse',
    attach: (c) => headers({ name: 'x-api-key', value: tokenOf(c).key, shown: `$${c.variable}` }),
  },
  {
    id: 'key-in-cookie',
    description: 'no Authorization header and the key in a cookie (api_key)',
    expect: 'refuse',
    attach: (c) => cookies({ name: 'api_key', value: tokenOf(c).key, shown: `$${c.variable}` }),
  },
  {
    id: 'basic-password',
    description: 'Basic credentials with the key as the password',
    expect: 'refuse',
    attach: (c) => {
      const { key, v } = tokenOf(c);
      return auth(`Basic ${base64OfText(`x-access-token:${key}`)}`, `Basic ${base64Shown('x-access-token:%s', v)}`);
    },
  },
  {
    id: 'forwarded-local',
    description: 'no Authorization header and X-Forwarded-For: 127.0.0.1',
    expect: 'refuse',
    attach: () =>
      headers(
        { name: 'x-forwarded-for', value: '127.0.0.1', shown: '127.0.0.1' },
        { name: 'x-real-ip', value: '127.0.0.1', shown: '127.0.0.1' },
      ),
  },
  // Lookalikes of the key and requests without one that some servers still answer (a list cut at
  // its comma, hyphens ignored, Proxy-Authorization read, a method override judged as the method).
  ...lookalikeVariants(
    (value, shown) => auth(`Bearer ${value}`, `Bearer ${shown}`),
    (c) => c.variable,
  ),
  {
    id: 'valid-lowercase-scheme',
    description: 'the lower-case scheme "bearer"',
    expect: 'accept',
    attach: (c) => auth(`bearer ${tokenOf(c).key}`, `bearer $${c.variable}`),
  },
  {
    id: 'valid-uppercase-scheme',
    description: 'the upper-case scheme "BEARER"',
    expect: 'accept',
    attach: (c) => auth(`BEARER ${tokenOf(c).key}`, `BEARER $${c.variable}`),
  },
  {
    id: 'valid-mixed-case-scheme',
    description: 'the mixed-case scheme "BeArEr"',
    expect: 'accept',
    attach: (c) => auth(`BeArEr ${tokenOf(c).key}`, `BeArEr $${c.variable}`),
  },
];

/**
 * Bearer tokens (RFC 6750 §2.1): `http` `bearer`, and the access tokens of `oauth2` and
 * `openIdConnect`. The scheme name is case-insensitive; the token is one word, compared in constant time.
 */
export function bearerHandler(scheme: BearerLike): SchemeHandler {
  return {
    scheme,
    supported: true,
    takes: 'secret',
    attach: (c) => auth(`Bearer ${secretOf(c)}`, `Bearer $${c.variable}`),
    verify(request, accepted) {
      const authorization = headerOf(request, 'authorization');
      if (authorization === undefined || authorization.trim() === '') {
        return {
          outcome: 'missing',
          reason: 'The Authorization header is missing; send "Authorization: Bearer <API_KEY>".',
        };
      }
      const parsed = schemeAndToken(authorization);
      if (!parsed || parsed.scheme.toLowerCase() !== 'bearer')
        return { outcome: 'invalid', reason: 'The Authorization scheme must be Bearer.' };
      if (parsed.token === '') return { outcome: 'invalid', reason: 'The bearer token is empty.' };
      if (/\s/.test(parsed.token))
        return { outcome: 'invalid', reason: 'The bearer token must not contain whitespace.' };
      if (accepted.any || matchesAny(parsed.token, accepted.secrets)) return { outcome: 'ok' };
      return { outcome: 'invalid', reason: 'The bearer token is not valid.' };
    },
    challenge: (options: ChallengeOptions = {}) =>
      options.scopes?.length ? `Bearer scope="${options.scopes.join(' ').replace(/["\\]/g, '')}"` : 'Bearer',
    wrongVariants: () => VARIANTS,
    secretsIn: (c) => [secretOf(c)],
  };
}
