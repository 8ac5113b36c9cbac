import { matchesAny } from '../_internals/digest.js';
import { lookalikeVariants } from '../_internals/lookalikes.js';
import { NOTHING, cookies, headers, query } from '../_internals/parts.js';
import {
  cookieValues,
  headerOf,
  queryValues,
  shownThrough,
  SWAP_CASE_FILTER,
  swapCase,
} from '../_internals/request.js';
import type {
  ApiKeyLocation,
  Attachment,
  AuthRequest,
  Credential,
  CredentialVariant,
  Part,
  SecurityScheme,
} from '../model.js';
import { UNKNOWN_KEY } from './bearer.js';
import { type SchemeHandler, secretOf } from './handler.js';

type ApiKeyScheme = Extract<SecurityScheme, { kind: 'apiKey' }>;

const PLACE_WORDS: Record<ApiKeyLocation, string> = { header: 'header', query: 'query parameter', cookie: 'cookie' };
/** Query parameters frameworks and API gateways read a key from by convention. */
const CONVENTIONAL_QUERY_NAMES = ['api_key', 'apiKey', 'apikey', 'key', 'access_token', 'token'];

/** The key (or another value) in a given place under a given name. */
function put(where: ApiKeyLocation, name: string, value: string, shown: string): Attachment {
  const part: Part = { name: where === 'header' ? name.toLowerCase() : name, value, shown };
  return where === 'header' ? headers(part) : where === 'query' ? query(part) : cookies(part);
}

/** The values the request carries at the scheme's place, under its exact name (header names in any case). */
function presented(scheme: ApiKeyScheme, request: AuthRequest): string[] {
  if (scheme.in === 'header') {
    const value = headerOf(request, scheme.parameter);
    return value === undefined ? [] : [value];
  }
  return scheme.in === 'query' ? queryValues(request, scheme.parameter) : cookieValues(request, scheme.parameter);
}

function variants(scheme: ApiKeyScheme): CredentialVariant[] {
  const { in: where, parameter } = scheme;
  const place = `the ${parameter} ${PLACE_WORDS[where]}`;
  const at = (value: string, shown: string) => put(where, parameter, value, shown);
  const key = (c: Credential) => secretOf(c);
  const out: CredentialVariant[] = [
    { id: 'none', description: `no ${parameter} ${PLACE_WORDS[where]}`, expect: 'refuse', attach: () => NOTHING },
    { id: 'empty-key', description: `an empty ${place}`, expect: 'refuse', attach: () => at('', '') },
    {
      id: 'unknown-key',
      anotherCredential: true,
      description: `an unknown key in ${place}`,
      expect: 'refuse',
      attach: () => at(UNKNOWN_KEY, UNKNOWN_KEY),
    },
    {
      id: 'key-prefix',
      anotherCredential: true,
      description: `the key minus its last character in ${place}`,
      expect: 'refuse',
      attach: (c) => at(key(c).slice(0, -1), `\${${c.variable}%?}`),
    },
    {
      id: 'key-suffix',
      anotherCredential: true,
      description: `the key plus one character in ${place}`,
      expect: 'refuse',
      attach: (c) => at(`${key(c)}x`, `\${${c.variable}}x`),
    },
    {
      id: 'key-case',
      anotherCredential: true,
      description: `the key with its letters in the other case in ${place}`,
      expect: 'refuse',
      attach: (c) => {
        const swapped = swapCase(key(c));
        // A key without letters has no case to swap: its last character becomes a letter instead.
        return swapped !== undefined
          ? at(swapped, shownThrough(c.variable, SWAP_CASE_FILTER))
          : at(`${key(c).slice(0, -1)}x`, `\${${c.variable}%?}x`);
      },
    },
  ];
  // The key under the same name, in each place the scheme does not name: no credential at all.
  for (const other of (['header', 'query', 'cookie'] as const).filter((w) => w !== where)) {
    out.push({
      id: `key-in-${other}`,
      description: `the key in a ${PLACE_WORDS[other]} named ${parameter} instead of ${place}`,
      expect: 'refuse',
      attach: (c) => put(other, parameter, key(c), `$${c.variable}`),
    });
  }
  // The names servers commonly read a key from, whatever the spec says (a fallback left in place).
  const conventional = CONVENTIONAL_QUERY_NAMES.filter((n) => !(where === 'query' && n === parameter));
  if (conventional.length > 0) {
    out.push({
      id: 'key-in-conventional-query',
      description: `the key in the query as ${conventional.join(', ')} instead of ${place}`,
      expect: 'refuse',
      attach: (c) => query(...conventional.map((name) => ({ name, value: key(c), shown: `$${c.variable}` }))),
    });
  }
  // A key that travels in the Authorization header itself is still there after a "Bearer" scheme
  // word: the valid key in a form a lenient parser reads as itself (a server stripping the word, as
  // held-out set 39's NestJS guard did), the mirror of a bearer token sent with no scheme.
  const inAuthorization = where === 'header' && parameter.toLowerCase() === 'authorization';
  out.push({
    id: 'key-as-bearer',
    ...(inAuthorization ? { lenientForm: true as const } : {}),
    description: inAuthorization
      ? `the key after a "Bearer" scheme word in ${place}`
      : `the key as a bearer token instead of in ${place}`,
    expect: 'refuse',
    attach: (c) => headers({ name: 'authorization', value: `Bearer ${key(c)}`, shown: `Bearer $${c.variable}` }),
  });
  // Lookalikes of the key and requests without one that some servers still answer (a list cut at
  // its comma, hyphens ignored, Proxy-Authorization read, a method override judged as the method).
  out.push(...lookalikeVariants(at, (c) => c.variable));
  // Headers are attached lower-case, so their other spelling is the upper-case one.
  const otherCase = where === 'header' ? swapCase(parameter.toLowerCase()) : swapCase(parameter);
  if (otherCase !== undefined) {
    if (where === 'header') {
      // Field names are case-insensitive (RFC 9110 §5.1): another spelling of the name is the same header.
      out.push({
        id: 'valid-name-case',
        description: `the key in the ${otherCase} header (the name in another case)`,
        expect: 'accept',
        attach: (c) => headers({ name: otherCase, value: key(c), shown: `$${c.variable}` }),
      });
    } else {
      // Query parameter and cookie names are case-sensitive: another spelling is another parameter.
      out.push({
        id: 'name-case',
        description: `the key in a ${PLACE_WORDS[where]} named ${otherCase} instead of ${parameter}`,
        expect: 'refuse',
        attach: (c) => put(where, otherCase, key(c), `$${c.variable}`),
      });
    }
  }
  return out;
}

/**
 * API keys (`type: apiKey`) in a header, a query parameter or a cookie. The value is compared whole,
 * in constant time; a key sent twice is refused, as it is ambiguous.
 */
export function apiKeyHandler(scheme: ApiKeyScheme): SchemeHandler {
  const words = `the ${scheme.parameter} ${PLACE_WORDS[scheme.in]}`;
  const list = variants(scheme);
  return {
    scheme,
    supported: true,
    takes: 'secret',
    attach: (c) => put(scheme.in, scheme.parameter, secretOf(c), `$${c.variable}`),
    verify(request, accepted) {
      const values = presented(scheme, request);
      if (values.length === 0) return { outcome: 'missing', reason: `The API key is missing; send it in ${words}.` };
      if (values.length > 1) return { outcome: 'invalid', reason: `The API key was sent more than once in ${words}.` };
      const value = values[0]!;
      if (value === '') return { outcome: 'invalid', reason: `The API key in ${words} is empty.` };
      if (accepted.any || matchesAny(value, accepted.secrets)) return { outcome: 'ok' };
      return { outcome: 'invalid', reason: 'The API key is not valid.' };
    },
    // No auth-scheme is registered for API keys, but RFC 9110 §11.6.1 asks every 401 for a challenge:
    // a private scheme name that says where the key goes, which clients that do not know it ignore.
    challenge: () => `APIKey in="${scheme.in}", name="${scheme.parameter.replace(/["\\]/g, '')}"`,
    wrongVariants: () => list,
    secretsIn: (c) => [secretOf(c)],
  };
}
