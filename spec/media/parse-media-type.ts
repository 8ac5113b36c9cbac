import type { MediaType } from './media-type.js';

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const HEAD = new RegExp(`^\\s*(${TOKEN})/(${TOKEN})\\s*`, 'y');
const PARAM = new RegExp(`;\\s*(${TOKEN})\\s*=\\s*(?:(${TOKEN})|"((?:[^"\\\\]|\\\\.)*)")\\s*`, 'y');
const EMPTY_PARAM = /;\s*/y;

/**
 * Parses a media type or Content-Type header value (RFC 9110 §8.3.1), e.g.
 * `application/problem+json; charset="utf-8"`. A bare `*` is read as `*\/*` (seen in old specs).
 *
 * @returns the parsed media type, or undefined when the text is not one
 */
export function parseMediaType(text: string): MediaType | undefined {
  // Servers and specs repeat a handful of values; a proxy or mock parses them on every exchange.
  const cached = PARSED.get(text);
  if (cached !== undefined || PARSED.has(text)) return cached;
  const parsed = parse(text);
  if (PARSED.size >= PARSED_CAPACITY) PARSED.clear();
  PARSED.set(text, parsed);
  return parsed;
}

/** Parsed values, frozen since every caller shares them; cleared whole when full (bounded memory). */
const PARSED = new Map<string, MediaType | undefined>();
const PARSED_CAPACITY = 512;

function parse(text: string): MediaType | undefined {
  const source = text.trim() === '*' ? '*/*' : text;
  HEAD.lastIndex = 0;
  const head = HEAD.exec(source);
  if (!head) return undefined;
  const type = head[1]!.toLowerCase();
  const subtype = head[2]!.toLowerCase();
  const parameters: Record<string, string> = {};
  let at = HEAD.lastIndex;
  while (at < source.length) {
    PARAM.lastIndex = at;
    const m = PARAM.exec(source);
    if (m) {
      const name = m[1]!.toLowerCase();
      // The first occurrence wins; quoted-pairs (`\x`) unescape to `x`.
      if (!Object.hasOwn(parameters, name)) parameters[name] = m[2] ?? m[3]!.replace(/\\(.)/g, '$1');
      at = PARAM.lastIndex;
      continue;
    }
    EMPTY_PARAM.lastIndex = at;
    // Tolerate a stray `;` (`text/plain;`), which real clients send.
    if (EMPTY_PARAM.exec(source) && EMPTY_PARAM.lastIndex > at) {
      at = EMPTY_PARAM.lastIndex;
      continue;
    }
    return undefined;
  }
  const plus = subtype.lastIndexOf('+');
  const base = { type, subtype, essence: `${type}/${subtype}`, parameters: Object.freeze(parameters) };
  return Object.freeze(plus > 0 ? { ...base, suffix: subtype.slice(plus + 1) } : base);
}
