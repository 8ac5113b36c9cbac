import { cookiePairs } from '../../parameters/_internals/pairs.js';
import type { AuthRequest } from '../model.js';

/** One header of a request, repeated values joined as a proxy would (RFC 9110 §5.3). */
export function headerOf(request: AuthRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.join(', ');
}

/** Every value of a cookie named exactly `name` (cookie names are case-sensitive, RFC 6265 §5.4). */
export function cookieValues(request: AuthRequest, name: string): string[] {
  return cookiePairs(request.headers.cookie)
    .filter((pair) => pair.hasEquals && pair.name === name)
    .map((pair) => pair.value);
}

/** Every value of a query parameter named exactly `name` (query names are case-sensitive). */
export function queryValues(request: AuthRequest, name: string): string[] {
  return request.query.filter(([key]) => key === name).map(([, value]) => value);
}

// Whitespace inside a token can never be a valid credential (RFC 6750 b64token, RFC 7617 token68).
const SCHEME_AND_TOKEN = /^([^\s]+)(?:\s+(.*))?$/s;

/** The auth-scheme and the rest of an Authorization value (trimmed), or undefined for a blank one. */
export function schemeAndToken(
  authorization: string | undefined,
): { readonly scheme: string; readonly token: string } | undefined {
  if (authorization === undefined) return undefined;
  const match = SCHEME_AND_TOKEN.exec(authorization.trim());
  if (!match) return undefined;
  return { scheme: match[1]!, token: (match[2] ?? '').trim() };
}

/** A value with the case of every letter swapped, or undefined when it has no cased letter. */
export function swapCase(text: string): string | undefined {
  // ASCII letters only: what `tr 'a-zA-Z' 'A-Za-z'` does in a reproducer (see shownThrough).
  const swapped = text.replace(/[A-Za-z]/g, (ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()));
  return swapped === text ? undefined : swapped;
}

/**
 * How a reproducer shows a value derived from a credential variable: the variable piped through a
 * POSIX filter (`tr`, `sed`, `cut`), so that the command runs under any `sh`, never bash-only
 * expansions such as `${API_KEY~~}`.
 */
export function shownThrough(variable: string, filter: string): string {
  return `$(printf '%s' "$${variable}" | ${filter})`;
}

/** The POSIX filter that swaps the case of ASCII letters, as {@link swapCase} does. */
export const SWAP_CASE_FILTER = `tr 'a-zA-Z' 'A-Za-z'`;
