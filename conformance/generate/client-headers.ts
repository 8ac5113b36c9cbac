/**
 * Headers real clients send on ordinary requests (browsers, XHR libraries, proxies, CLI tools), one
 * set at a time. None changes what the request means to an API that documents no such header: the
 * answer must still be what the operation documents (RFC 9110 §12: negotiation picks among the
 * representations the resource has; the spec names them).
 */
export interface ClientHeaderSet {
  /** Stable id (`browser-accept`, `long-user-agent`). */
  readonly id: string;
  /** Words for reports: "a browser's Accept header". */
  readonly description: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Cookies a browser holds for the site anyway (analytics, preferences), added to the request's own. */
  readonly cookies?: readonly string[];
}

/** What Chrome and Firefox send on a top-level navigation: HTML first, anything else at q=0.8. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/**
 * A browser User-Agent padded to 2 KiB: long ones are common (embedded WebViews, bots listing their
 * plug-ins) and far under the header limits of common servers (8 KiB a line in nginx, 16 KiB for the
 * whole head in Node; a server limited to 4 KiB still reads it).
 */
const LONG_USER_AGENT =
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 ${Array.from(
    { length: 60 },
    (_, i) => `Plugin${i}/1.${i}`,
  ).join(' ')}`
    .padEnd(2048, ' x')
    .slice(0, 2048);

/** The header sets, each sent alone on a valid request with the valid credential. */
export const CLIENT_HEADER_SETS: readonly ClientHeaderSet[] = [
  { id: 'browser-accept', description: `a browser's Accept: ${BROWSER_ACCEPT}`, headers: { accept: BROWSER_ACCEPT } },
  {
    id: 'jquery-accept',
    description: 'Accept: application/json, text/javascript, */*; q=0.01 (jQuery)',
    headers: { accept: 'application/json, text/javascript, */*; q=0.01' },
  },
  {
    id: 'accept-language-de',
    description: 'Accept-Language: de-DE,de;q=0.9,en;q=0.5',
    headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
  },
  {
    id: 'accept-language-other',
    description: 'Accept-Language: fr-FR,fr;q=0.9,ja;q=0.8,zh-CN;q=0.7',
    headers: { 'accept-language': 'fr-FR,fr;q=0.9,ja;q=0.8,zh-CN;q=0.7' },
  },
  {
    id: 'long-user-agent',
    description: `a User-Agent of ${LONG_USER_AGENT.length} characters`,
    headers: { 'user-agent': LONG_USER_AGENT },
  },
  {
    id: 'x-requested-with',
    description: 'X-Requested-With: XMLHttpRequest',
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  },
  // An entity-tag is a quoted string (RFC 9110 §8.8.3); a server must not fail on one it cannot
  // parse: a precondition it cannot evaluate is no reason for a 5xx (§13.1.2, §13.2.1).
  { id: 'if-none-match-unquoted', description: 'If-None-Match: abc (unquoted)', headers: { 'if-none-match': 'abc' } },
  {
    id: 'if-none-match-quoted',
    description: 'If-None-Match: "kit-no-such-tag", W/"kit-weak"',
    headers: { 'if-none-match': '"kit-no-such-tag", W/"kit-weak"' },
  },
  // A qvalue of 0 means "not acceptable" (RFC 9110 §12.4.2, §12.5.3): the answer must not be gzip.
  {
    id: 'accept-encoding-gzip-refused',
    description: 'Accept-Encoding: gzip;q=0, identity',
    headers: { 'accept-encoding': 'gzip;q=0, identity' },
  },
  {
    id: 'accept-encoding-only-identity',
    description: 'Accept-Encoding: identity, *;q=0',
    headers: { 'accept-encoding': 'identity, *;q=0' },
  },
  {
    id: 'accept-encoding-weighted',
    description: 'Accept-Encoding: br;q=1.0, gzip;q=0.8, deflate;q=0.1',
    headers: { 'accept-encoding': 'br;q=1.0, gzip;q=0.8, deflate;q=0.1' },
  },
  { id: 'origin', description: 'Origin: https://example.com', headers: { origin: 'https://example.com' } },
  {
    id: 'no-cache',
    description: 'Cache-Control: no-cache and Pragma: no-cache',
    headers: { 'cache-control': 'no-cache', pragma: 'no-cache' },
  },
  { id: 'do-not-track', description: 'DNT: 1 and Sec-GPC: 1', headers: { dnt: '1', 'sec-gpc': '1' } },
  {
    id: 'fetch-metadata',
    description: 'Sec-Fetch-Mode: cors, Sec-Fetch-Site: same-site, Sec-Fetch-Dest: empty',
    headers: { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'empty' },
  },
  {
    id: 'site-cookies',
    description: 'the cookies a browser holds for the site (_ga=GA1.1.1234567890.1700000000; theme=dark)',
    headers: {},
    cookies: ['_ga=GA1.1.1234567890.1700000000', 'theme=dark'],
  },
];

/**
 * Legal spellings of `application/json` with a charset that clients send: white space before ";"
 * (OWS, RFC 9110 §5.6.6), the value as a quoted-string (§5.6.6: token or quoted-string, the same
 * value), the charset name in upper case (§8.3.2: case-insensitive). Each means the plain type.
 */
export const JSON_CONTENT_TYPE_SPELLINGS: readonly string[] = [
  'application/json ; charset=utf-8',
  'application/json;charset="utf-8"',
  'application/json; charset=UTF-8',
];
