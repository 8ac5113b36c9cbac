import type { Attachment, Credential, CredentialVariant } from '../model.js';
import { headers } from './parts.js';
import { shownThrough } from './request.js';

/** Writes a secret (its value, and its shown form) where the scheme puts it: `Bearer <key>`, or the API-key place. */
export type PutSecret = (value: string, shown: string) => Attachment;

const secret = (c: Credential) => (c.kind === 'secret' ? c.value : c.password);
const NOT_ALPHANUMERIC = /[^A-Za-z0-9]/;

/** Headers that ask frameworks to route the request as another method (Rails, Express method-override, ASP.NET, Google APIs). */
const OVERRIDE_HEADERS = ['x-http-method-override', 'x-http-method', 'x-method-override'];

/**
 * Wrong credentials shared by the token schemes (bearer, API key), each sent where `put` writes the
 * key, all to be refused like any bad credential:
 * - the key followed by ",revoked": one credentials, not a list (RFC 9110 §11.6.2); a server that
 *   cuts the value at the comma takes a token it never issued;
 * - the key with its punctuation removed (a key without any gets a hyphen after its first
 *   character): keys compared after "normalising" away hyphens accept tokens nobody issued;
 * - no credential and the key in Proxy-Authorization, which is for the proxy (RFC 9110 §11.7.2);
 * - no credential and X-HTTP-Method-Override (and its variants) naming OPTIONS, then HEAD: the
 *   request is still the operation's own method, which the key guards.
 */
export function lookalikeVariants(put: PutSecret, variable: (c: Credential) => string): CredentialVariant[] {
  return [
    {
      id: 'key-comma-list',
      lenientForm: true,
      description: 'the key followed by ",revoked" (a list, not one credential)',
      expect: 'refuse',
      attach: (c) => put(`${secret(c)},revoked`, `$${variable(c)},revoked`),
    },
    {
      id: 'key-punctuation-changed',
      anotherCredential: true,
      description: 'the key with its punctuation removed (or a hyphen added, for a key without any)',
      expect: 'refuse',
      attach: (c) => {
        const key = secret(c);
        const v = variable(c);
        // POSIX filters of the variable, so that the shown value does not hold the key.
        return NOT_ALPHANUMERIC.test(key)
          ? put(key.replace(new RegExp(NOT_ALPHANUMERIC, 'g'), ''), shownThrough(v, `tr -cd 'A-Za-z0-9'`))
          : put(`${key.slice(0, 1)}-${key.slice(1)}`, `${shownThrough(v, 'cut -c1')}-${shownThrough(v, 'cut -c2-')}`);
      },
    },
    {
      id: 'key-in-proxy-authorization',
      description: 'no credential and the key in Proxy-Authorization',
      expect: 'refuse',
      attach: (c) =>
        headers({ name: 'proxy-authorization', value: `Bearer ${secret(c)}`, shown: `Bearer $${variable(c)}` }),
    },
    ...(['OPTIONS', 'HEAD'] as const).map(
      (method): CredentialVariant => ({
        id: `method-override-${method.toLowerCase()}`,
        description: `no credential and X-HTTP-Method-Override, X-HTTP-Method and X-Method-Override: ${method}`,
        expect: 'refuse',
        attach: () => headers(...OVERRIDE_HEADERS.map((name) => ({ name, value: method, shown: method }))),
      }),
    ),
  ];
}
