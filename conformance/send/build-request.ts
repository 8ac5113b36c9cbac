import { stringify as stringifyLossless } from 'lossless-json';
import type { AuthVariant, Case } from '../cases/index.js';
import type { RequestRecord } from '../findings/index.js';
import type { OperationModel } from '../../spec/index.js';

/** The exact request to put on the wire, and the record of it with the key replaced by `$API_KEY`. */
export interface BuiltRequest {
  readonly method: string;
  /** Path and query relative to the target base URL. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** Safe to print: no secret in it. */
  readonly record: RequestRecord;
}

/**
 * The Authorization header a variant sends: the real value, and the value shown in reports. The shown
 * value is valid shell inside double quotes, so a reproducer runs as printed with `API_KEY` set.
 */
export function authorizationFor(
  variant: AuthVariant,
  apiKey: string,
): {
  readonly header?: string;
  readonly shown?: string;
  /** Where the key goes instead of Authorization (variants that put it elsewhere). */
  readonly elsewhere?: { readonly query?: readonly [string, string][]; readonly queryShown?: string; readonly headers?: Readonly<Record<string, { value: string; shown: string }>> };
} {
  switch (variant) {
    case 'valid':
      return { header: `Bearer ${apiKey}`, shown: 'Bearer $API_KEY' };
    case 'valid-lowercase-scheme':
      return { header: `bearer ${apiKey}`, shown: 'bearer $API_KEY' };
    case 'valid-uppercase-scheme':
      return { header: `BEARER ${apiKey}`, shown: 'BEARER $API_KEY' };
    case 'valid-mixed-case-scheme':
      return { header: `BeArEr ${apiKey}`, shown: 'BeArEr $API_KEY' };
    case 'key-with-prefix':
      return { header: `Bearer not-${apiKey}`, shown: 'Bearer ${API_KEY/#/not-}' };
    case 'percent-encoded-key':
      return {
        header: `Bearer ${[...Buffer.from(apiKey)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')}`,
        shown: "Bearer $(printf '%s' \"$API_KEY\" | od -An -tx1 -v | tr -d ' \\n' | tr a-f A-F | sed 's/../%&/g')",
      };
    case 'raw-key':
      return { header: apiKey, shown: '$API_KEY' };
    case 'key-in-query':
      return { elsewhere: { query: [['api_key', apiKey], ['access_token', apiKey]], queryShown: 'api_key=$API_KEY&access_token=$API_KEY' } };
    case 'key-in-header':
      return { elsewhere: { headers: { 'x-api-key': { value: apiKey, shown: '$API_KEY' } } } };
    case 'key-in-cookie':
      return { elsewhere: { headers: { cookie: { value: `api_key=${apiKey}`, shown: 'api_key=$API_KEY' } } } };
    case 'basic-password':
      return {
        header: `Basic ${Buffer.from(`x-access-token:${apiKey}`).toString('base64')}`,
        shown: "Basic $(printf 'x-access-token:%s' \"$API_KEY\" | base64 | tr -d '\\n')",
      };
    case 'forwarded-local':
      return { elsewhere: { headers: { 'x-forwarded-for': { value: '127.0.0.1', shown: '127.0.0.1' }, 'x-real-ip': { value: '127.0.0.1', shown: '127.0.0.1' } } } };
    case 'none':
      return {};
    case 'empty-token':
      return { header: 'Bearer ', shown: 'Bearer ' };
    case 'scheme-only':
      return { header: 'Bearer', shown: 'Bearer' };
    case 'basic':
      // base64 wraps its output at 76 columns: a long key would put a newline in the header.
      return { header: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`, shown: "Basic $(printf '%s:' \"$API_KEY\" | base64 | tr -d '\\n')" };
    case 'token-scheme':
      return { header: `Token ${apiKey}`, shown: 'Token $API_KEY' };
    case 'unknown-key':
      return { header: 'Bearer not-a-valid-key-4f1c9e7a2b', shown: 'Bearer not-a-valid-key-4f1c9e7a2b' };
    case 'key-prefix':
      return { header: `Bearer ${apiKey.slice(0, -1)}`, shown: 'Bearer ${API_KEY%?}' };
    case 'key-suffix':
      return { header: `Bearer ${apiKey}x`, shown: 'Bearer ${API_KEY}x' };
    case 'trailing-junk':
      return { header: `Bearer ${apiKey} x`, shown: 'Bearer $API_KEY x' };
    case 'key-case': {
      const swapped = [...apiKey].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join('');
      // A key without letters has no case to swap: change its last character to a letter instead, so
      // it stays wrong and the shown value does not depend on the key.
      if (swapped !== apiKey) return { header: `Bearer ${swapped}`, shown: 'Bearer ${API_KEY~~}' };
      return { header: `Bearer ${apiKey.slice(0, -1)}x`, shown: 'Bearer ${API_KEY%?}x' };
    }
  }
}

/** Turns a case into the exact bytes to send, for one operation of the spec. */
export function buildRequest(testCase: Case, operation: OperationModel, apiKey: string): BuiltRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => testCase.rawPath?.[name] ?? encodePathSegment(testCase.pathParams[name] ?? ''));
  const auth = authorizationFor(testCase.auth, apiKey);
  const encode = (pairs: readonly (readonly [string, string])[]) => pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`);
  const own = [...encode(testCase.query), ...(testCase.rawQuery ?? [])];
  const query = [...own, ...encode(auth.elsewhere?.query ?? [])].join('&');
  const shownQuery = [...own, ...(auth.elsewhere?.queryShown ? [auth.elsewhere.queryShown] : [])].join('&');
  const fullPath = query ? `${path}?${query}` : path;
  const headers: Record<string, string> = { accept: 'application/json' };
  const shownHeaders: Record<string, string> = { accept: 'application/json' };
  if (auth.header !== undefined) {
    headers.authorization = auth.header;
    shownHeaders.authorization = auth.shown!;
  }
  if (testCase.cookies && testCase.cookies.length > 0) headers.cookie = shownHeaders.cookie = testCase.cookies.join('; ');
  for (const [name, { value, shown }] of Object.entries(auth.elsewhere?.headers ?? {})) {
    // A credential sent as a cookie joins the operation's own cookies in the one Cookie header.
    const joined = name === 'cookie' && headers.cookie !== undefined;
    headers[name] = joined ? `${headers.cookie}; ${value}` : value;
    shownHeaders[name] = joined ? `${shownHeaders.cookie}; ${shown}` : shown;
  }
  let body: string | undefined;
  if (testCase.body?.kind === 'json') {
    body = stringifyLossless(testCase.body.value) ?? 'null';
    headers['content-type'] = shownHeaders['content-type'] = 'application/json';
  } else if (testCase.body?.kind === 'raw') {
    body = testCase.body.text;
    if (testCase.body.contentType !== undefined) headers['content-type'] = shownHeaders['content-type'] = testCase.body.contentType;
  }
  for (const [name, value] of Object.entries(testCase.headers ?? {})) {
    const key = name.toLowerCase();
    // An empty value removes a default header (a request without Accept, say).
    if (value === '') {
      delete headers[key];
      delete shownHeaders[key];
    } else headers[key] = shownHeaders[key] = value;
  }
  const method = (testCase.method ?? operation.method).toUpperCase();
  const record: RequestRecord = { method, path: shownQuery ? `${path}?${shownQuery}` : path, headers: shownHeaders, ...(body !== undefined ? { body } : {}) };
  return { method, path: fullPath, headers, ...(body !== undefined ? { body } : {}), record };
}

/**
 * Encodes a path parameter, keeping it one segment: `/` and `?` are escaped too, and a `.` or `..`
 * segment is written as `%2E` / `%2E%2E`, which RFC 3986 dot-segment removal leaves alone.
 */
function encodePathSegment(value: string): string {
  return /^\.{1,2}$/.test(value) ? value.replaceAll('.', '%2E') : encodeText(value);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Percent-encodes text as UTF-8. A lone surrogate has no UTF-8 form (encodeURIComponent throws
 * URIError on it): it is written as U+FFFD, the character a UTF-8 encoder substitutes.
 */
function encodeText(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));
}
