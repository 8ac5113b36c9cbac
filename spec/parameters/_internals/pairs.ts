import { percentDecode } from './percent.js';

/** One `name=value` pair: the decoded name (or the raw one if it does not decode) and the still-encoded value. */
export interface RawPair {
  readonly name: string;
  readonly value: string;
  /** False when the pair had no `=` at all (`?flag`). */
  readonly hasEquals: boolean;
}

/** Splits a query string (with or without its `?`) into pairs; names are form-decoded, values left encoded. */
export function queryPairs(raw: string): RawPair[] {
  const text = raw.startsWith('?') ? raw.slice(1) : raw;
  if (text === '') return [];
  const out: RawPair[] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const decoded = percentDecode(rawName, true);
    out.push({
      name: decoded.ok ? decoded.value : rawName,
      value: eq < 0 ? '' : part.slice(eq + 1),
      hasEquals: eq >= 0,
    });
  }
  return out;
}

/**
 * Splits Cookie headers (RFC 6265 §4.2: `name=value` pairs delimited by `;` and optional
 * whitespace; several headers, as HTTP/2 may send them, one after another) into pairs, every pair
 * kept in order, a repeated name too. A DQUOTE-wrapped cookie-value is unwrapped unless `unquote` is
 * false (a recording keeps what was sent); names are compared as sent. The one cookie reader of the
 * mock, the kit, the proxy and the security handlers. (The `cookie` package's `parse` keeps one
 * value per name and decodes values: a repeated cookie is one of the cases the kit sends.)
 */
export function cookiePairs(raw: string | readonly string[] | undefined, unquote = true): RawPair[] {
  const out: RawPair[] = [];
  const headers = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
  for (const header of headers)
    for (const part of header.split(';')) {
      const trimmed = part.trim();
      if (trimmed === '') continue;
      const eq = trimmed.indexOf('=');
      const name = (eq < 0 ? trimmed : trimmed.slice(0, eq)).trim();
      let value = eq < 0 ? '' : trimmed.slice(eq + 1).trim();
      if (unquote && value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      out.push({ name, value, hasEquals: eq >= 0 });
    }
  return out;
}
