import type { EdgeReason } from '../cases/index.js';

/**
 * One wire shape of a query string that means the same parameters as its plain form.
 *
 * - Percent-encoding an unreserved character (`%6Cimit` for `limit`, `%32` for `2`, in either hex
 *   case) gives an equivalent URI (RFC 3986 §2.3, §6.2.2.2), and every form decoder decodes names
 *   and values (WHATWG URL, application/x-www-form-urlencoded parsing): a refusal or a different
 *   answer is a failure.
 * - Empty pairs (`?&a=1`, `?a=1&`, `a=1&&b=2`) are skipped by the form-urlencoded parser, and real
 *   clients send them (a template with an empty optional part), but OpenAPI's `form` style never
 *   writes them: a refusal is a contract gap (`query-shapes`); a 5xx, or an answer that reads the
 *   parameters otherwise (a page longer than `limit`, an unfiltered list), is a failure.
 * - A `;` (the separator older HTML specs recommended) has no settled meaning, so it is only sent
 *   without a key, after pairs that stay valid however it is read: the answer must be 401.
 */
export interface QueryShape {
  readonly id: string;
  readonly text: string;
  readonly description: string;
  readonly edge?: EdgeReason;
  /** Only meaningful without a key (its meaning with one is not settled). */
  readonly withoutKeyOnly?: boolean;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Percent-encodes text as UTF-8, reserved characters as usual but for the comma, and unreserved ones
 * too when `all`. The comma stays as written: it separates the items of a `form` array
 * (`subType=AIRPORT,CITY`), where `%2C` would be data, not a delimiter (RFC 3986 §2.2), and a form
 * decoder reads a comma of a single value the same either way.
 */
function encode(text: string, all: false | 'upper' | 'lower' = false): string {
  const plain = encodeURIComponent(text).replace(/%2C/g, ',');
  if (!all) return plain;
  const out = plain.replace(/%[0-9A-F]{2}|./g, (part) =>
    part.startsWith('%') || !UNRESERVED.test(part)
      ? part
      : `%${part.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return all === 'lower' ? out.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()) : out;
}

/** `%XX` for the first character of a name (unreserved, so the same name), the rest as usual. */
function encodeFirst(name: string): string {
  if (name.length === 0 || !UNRESERVED.test(name[0]!)) return encode(name);
  return `%${name.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}${encode(name.slice(1))}`;
}

/** The shapes of one query (pairs of unencoded text, in order), each meaning the same pairs. */
export function queryShapes(pairs: readonly (readonly [string, string])[]): QueryShape[] {
  if (pairs.length === 0) return [];
  const plain = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`);
  const gap = (description: string): EdgeReason => ({ gap: 'query-shapes', description });
  const shapes: QueryShape[] = [
    {
      id: 'trailing-empty-pair',
      text: `${plain.join('&')}&`,
      description: 'a trailing "&"',
      edge: gap('the query ends with an empty pair ("&")'),
    },
    {
      id: 'leading-empty-pair',
      text: `&${plain.join('&')}`,
      description: 'a leading "&"',
      edge: gap('the query starts with an empty pair ("?&")'),
    },
    {
      id: 'inner-empty-pair',
      text: pairs.length > 1 ? plain.join('&&') : `${plain[0]}&&`,
      description: pairs.length > 1 ? 'an empty pair between parameters ("&&")' : 'two empty pairs at the end ("&&")',
      edge: gap('the query has an empty pair ("&&")'),
    },
    {
      id: 'encoded-name',
      text: pairs.map(([k, v]) => `${encodeFirst(k)}=${encode(v)}`).join('&'),
      description: 'the first letter of every name percent-encoded (%6Cimit is limit, RFC 3986 §2.3)',
    },
    {
      id: 'encoded-value',
      text: pairs.map(([k, v]) => `${encode(k)}=${encode(v, 'upper')}`).join('&'),
      description: 'every value percent-encoded (%32 is 2, RFC 3986 §2.3)',
    },
    {
      id: 'encoded-value-lower-hex',
      text: pairs.map(([k, v]) => `${encode(k)}=${encode(v, 'lower')}`).join('&'),
      description: 'every value percent-encoded in lower-case hex (%6c)',
    },
    // The pairs stay valid read either way; the ";" alone is a pair of its own (an unknown name).
    { id: 'semicolon', text: `${plain.join('&')}&;`, description: 'a lone ";" after the pairs', withoutKeyOnly: true },
  ];
  return shapes;
}
