/** Response headers as a plain record, in the casing they are sent with. */
export type HeaderRecord = Record<string, string>;

/** Request headers as node gives them: lower-case names, a repeated header as an array. */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** A request, as far as CORS reads it. */
interface WithHeaders {
  readonly headers: RequestHeaders;
}

/** CORS headers for a request, decided from the configured origins. */
export interface Cors {
  /** Headers every response to this request carries (empty when the origin is not allowed). */
  headersFor(req: WithHeaders): HeaderRecord;
  /** Headers of a preflight answer for a path whose methods are `allow`. */
  preflightHeadersFor(req: WithHeaders, allow: readonly string[]): HeaderRecord;
}

/**
 * Request headers a browser app may always send: the contract's two, plus the mock's own controls.
 * A preflight that asks for others (`x-request-id`, `sentry-trace`, `baggage`, an API key header)
 * gets them allowed too: a real app's tracing headers must not block its requests.
 */
export const ALLOWED_REQUEST_HEADERS = 'Authorization, Content-Type, Prefer, X-Mock-Delay, X-Mock-Fault';

// RFC 9110 field names: the only thing echoed back from Access-Control-Request-Headers.
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 6454 §6.2: scheme "://" host [":" port], nothing else.
const SERIALIZED_ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#,*]+$/i;
const ALWAYS = new Set(ALLOWED_REQUEST_HEADERS.toLowerCase().split(', '));
/** Response headers a browser app may read: the deprecation facts and the auth challenge. */
export const EXPOSED_RESPONSE_HEADERS = 'Deprecation, Sunset, Link, WWW-Authenticate, Allow';

/**
 * Builds the CORS policy. `origins` is `'any'` (every origin a request carries is echoed back with
 * `Vary: Origin` and allows credentials; a request without one gets `*`), `['*']` (any origin,
 * never with credentials, since browsers reject that pair) or a list of exact origins, which are
 * echoed back with `Vary: Origin` and allow credentials.
 */
export function createCors(origins: readonly string[] | 'any'): Cors {
  const any = origins === 'any';
  const wildcard = !any && origins.includes('*');
  const allowed = new Set(any ? [] : origins);

  function base(req: WithHeaders): HeaderRecord {
    if (wildcard)
      return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED_RESPONSE_HEADERS };
    const origin = req.headers.origin;
    // Only a serialized origin is echoed: an opaque one (`null`: sandboxed frames, files) or junk is never handed credentials.
    if (any && (typeof origin !== 'string' || !SERIALIZED_ORIGIN.test(origin)))
      return {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': EXPOSED_RESPONSE_HEADERS,
        Vary: 'Origin',
      };
    if (typeof origin !== 'string' || !(any || allowed.has(origin))) return { Vary: 'Origin' };
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
      const asked = requestedHeaders(req.headers['access-control-request-headers']);
      return {
        ...headers,
        'Access-Control-Allow-Methods': [...allow, 'OPTIONS'].join(', '),
        'Access-Control-Allow-Headers':
          asked.length === 0 ? ALLOWED_REQUEST_HEADERS : `${ALLOWED_REQUEST_HEADERS}, ${asked.join(', ')}`,
        'Access-Control-Max-Age': '600',
        // The answer depends on what was asked: a cache must not hand it to a preflight asking for others.
        ...(asked.length === 0
          ? {}
          : {
              Vary:
                headers.Vary === undefined
                  ? 'Access-Control-Request-Headers'
                  : `${headers.Vary}, Access-Control-Request-Headers`,
            }),
      };
    },
  };
}

// RFC 9110 method token.
const METHOD = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,20}$/;

/**
 * The methods a CORS preflight answer allows: the route's own (`allow`), plus the one the preflight
 * asks for (`Access-Control-Request-Method`) when it is another. A preflight is a permission question:
 * letting it through lets the request itself reach the server and get its readable 404 or 405 in the
 * spec's shape, where a refused preflight shows the app only "Failed to fetch". Without an `Origin`,
 * an `OPTIONS` is no preflight and asks for nothing.
 */
export function preflightMethods(req: WithHeaders, allow: readonly string[]): string[] {
  const raw = req.headers['access-control-request-method'];
  // A browser's preflight always carries its Origin.
  const asked =
    typeof raw === 'string' && typeof req.headers.origin === 'string' ? raw.trim().toUpperCase() : undefined;
  return asked === undefined || !METHOD.test(asked) || allow.includes(asked) ? [...allow] : [...allow, asked];
}

// Headers a script reads without being told (the CORS-safelisted response headers), the CORS and
// framing headers themselves, and Set-Cookie, which no script may read.
const NOT_EXPOSED = new Set([
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
  'vary',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'set-cookie',
  'set-cookie2',
]);

/**
 * `headers` with the answer's own headers (`Location` on a 201, `X-Total-Count`, `ETag`, `Retry-After`)
 * added to `Access-Control-Expose-Headers`, so that a cross-origin app can read what the answer
 * carries; unchanged when the answer carries no CORS headers (the origin is not allowed).
 */
export function exposingAnswerHeaders<T extends string | string[]>(
  headers: Readonly<Record<string, T>>,
): Record<string, T> {
  // On the mock's hot path (every answer): no copy and no split unless a header is to be added.
  let key: string | undefined;
  let candidates: string[] | undefined;
  for (const name in headers) {
    const lower = name.toLowerCase();
    if (lower === 'access-control-expose-headers') key = name;
    else if (!NOT_EXPOSED.has(lower) && !lower.startsWith('access-control-')) (candidates ??= []).push(name);
  }
  const listed = key === undefined ? undefined : headers[key];
  if (key === undefined || typeof listed !== 'string' || candidates === undefined) return headers as Record<string, T>;
  const seen = new Set(listedNames(listed));
  const added: string[] = [];
  for (const name of candidates) {
    const lower = name.toLowerCase();
    if (seen.has(lower)) continue;
    seen.add(lower);
    added.push(name);
  }
  return added.length === 0
    ? (headers as Record<string, T>)
    : { ...headers, [key]: `${listed}, ${added.join(', ')}` as T };
}

/** The lower-case names an `Access-Control-Expose-Headers` value lists (the few values seen, remembered). */
const LISTED = new Map<string, readonly string[]>();
function listedNames(listed: string): readonly string[] {
  let names = LISTED.get(listed);
  if (names === undefined) {
    names = listed.split(',').map((name) => name.trim().toLowerCase());
    if (LISTED.size < 64) LISTED.set(listed, names);
  }
  return names;
}

/** The header names a preflight asks for beyond the ones always allowed (well-formed names only, at most 50). */
function requestedHeaders(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const out = new Set<string>();
  for (const part of (Array.isArray(value) ? value.join(',') : value).split(',')) {
    const name = part.trim().toLowerCase();
    if (name !== '' && FIELD_NAME.test(name) && !ALWAYS.has(name)) out.add(name);
    if (out.size >= 50) break;
  }
  return [...out];
}
