import { NOTHING } from '../_internals/parts.js';
import { headerOf, schemeAndToken } from '../_internals/request.js';
import type { SecurityScheme } from '../model.js';
import type { SchemeHandler } from './handler.js';

type Unsupported = Extract<SecurityScheme, { kind: 'http' | 'mutualTLS' | 'unknown' }>;

/**
 * Schemes recognised but not carried out: other HTTP schemes (digest needs a nonce exchange), mutual
 * TLS (a certificate, not a header) and unknown types. The kit attaches nothing and derives no
 * variant; the mock cannot check them, so it lets such requests through and says so (`unsupported`),
 * but a request with no `Authorization` at all for an HTTP scheme is still `missing`.
 */
export function unsupportedHandler(scheme: Unsupported): SchemeHandler {
  const what =
    scheme.kind === 'http'
      ? `the HTTP "${scheme.scheme}" scheme`
      : scheme.kind === 'mutualTLS'
        ? 'mutual TLS'
        : `the "${scheme.type}" scheme type`;
  return {
    scheme,
    supported: false,
    takes: undefined,
    attach: () => NOTHING,
    verify(request) {
      if (scheme.kind === 'http') {
        const parsed = schemeAndToken(headerOf(request, 'authorization'));
        if (!parsed)
          return {
            outcome: 'missing',
            reason: `The Authorization header is missing; send "Authorization: ${scheme.scheme} ...".`,
          };
        if (parsed.scheme.toLowerCase() !== scheme.scheme.toLowerCase())
          return { outcome: 'invalid', reason: `The Authorization scheme must be ${scheme.scheme}.` };
      }
      return { outcome: 'unsupported', reason: `${what} is not checked (${scheme.name}).` };
    },
    // A Digest challenge needs a nonce this module does not issue; a bare scheme name would be malformed.
    challenge: () => undefined,
    wrongVariants: () => [],
    secretsIn: () => [],
  };
}
