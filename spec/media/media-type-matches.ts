import type { MediaType } from './media-type.js';
import { parseMediaType } from './parse-media-type.js';

/**
 * Whether a concrete media type (a Content-Type) falls within a declared media type or range, as OpenAPI
 * content keys are matched (RFC 9110 §12.5.1): case-insensitive; `*\/*` and `type/*` ranges; a
 * `type/*+json` range for any JSON (`application/json` or a `+json` suffix). Parameters are ignored
 * unless the declared type names them: then the actual value must be equal (case-insensitively for
 * `charset`), and only a missing `charset` is forgiven. `q` is never compared.
 *
 * `application/problem+json` matches declared `application/problem+json` but not `application/json`:
 * a suffix says the syntax is JSON, not that the types are the same.
 *
 * @returns false when either text is not a media type
 */
export function mediaTypeMatches(declared: string, actual: string): boolean {
  const d = parseMediaType(declared);
  const a = parseMediaType(actual);
  if (!d || !a) return false;
  return rangeCovers(d, a) && parametersAgree(d, a);
}

/** True when the declared type or range covers the actual type (parameters aside). */
function rangeCovers(d: MediaType, a: MediaType): boolean {
  if (d.type === '*') return d.subtype === '*';
  if (d.type !== a.type) return false;
  if (d.subtype === '*') return true;
  if (d.subtype.startsWith('*+')) return a.suffix === d.subtype.slice(2) || a.subtype === d.subtype.slice(2);
  return d.subtype === a.subtype;
}

function parametersAgree(d: MediaType, a: MediaType): boolean {
  for (const [name, value] of Object.entries(d.parameters)) {
    if (name === 'q') continue;
    const actual = a.parameters[name];
    if (actual === undefined) {
      if (name === 'charset') continue;
      return false;
    }
    if (name === 'charset' ? actual.toLowerCase() !== value.toLowerCase() : actual !== value) return false;
  }
  return true;
}
