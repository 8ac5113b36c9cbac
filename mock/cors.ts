import type { IncomingMessage } from 'node:http';

/** Response headers as a plain record, in the casing they are sent with. */
export type HeaderRecord = Record<string, string>;

/** CORS headers for a request, decided from the configured origins. */
export interface Cors {
  /** Headers every response to this request carries (empty when the origin is not allowed). */
  headersFor(req: IncomingMessage): HeaderRecord;
  /** Headers of a preflight answer for a path whose methods are `allow`. */
  preflightHeadersFor(req: IncomingMessage, allow: readonly string[]): HeaderRecord;
}

/** Request headers a browser app may send: the contract's two, plus the mock's own controls. */
export const ALLOWED_REQUEST_HEADERS = 'Authorization, Content-Type, Prefer, X-Mock-Delay';
/** Response headers a browser app may read: the deprecation facts and the auth challenge. */
export const EXPOSED_RESPONSE_HEADERS = 'Deprecation, Sunset, Link, WWW-Authenticate, Allow';

/**
 * Builds the CORS policy. `origins` is `['*']` (any origin, never with credentials, since browsers
 * reject that pair) or a list of exact origins, which are echoed back with `Vary: Origin` and allow
 * credentials.
 */
export function createCors(origins: readonly string[]): Cors {
  const wildcard = origins.includes('*');
  const allowed = new Set(origins);

  function base(req: IncomingMessage): HeaderRecord {
    if (wildcard) return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED_RESPONSE_HEADERS };
    const origin = req.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return { Vary: 'Origin' };
    return {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Expose-Headers': EXPOSED_RESPONSE_HEADERS,
      Vary: 'Origin',
    };
  }

  return {
    headersFor: base,
    preflightHeadersFor(req, allow) {
      const headers = base(req);
      if (!('Access-Control-Allow-Origin' in headers)) return headers;
      return {
        ...headers,
        'Access-Control-Allow-Methods': [...allow, 'OPTIONS'].join(', '),
        'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS,
        'Access-Control-Max-Age': '600',
      };
    },
  };
}
