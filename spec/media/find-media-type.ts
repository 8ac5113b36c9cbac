import { mediaTypeMatches } from './media-type-matches.js';
import { parseMediaType } from './parse-media-type.js';

function specificity(text: string): number {
  const m = parseMediaType(text);
  if (!m) return -1;
  if (m.type === '*') return 0;
  if (m.subtype === '*') return 1;
  if (m.subtype.startsWith('*')) return 2;
  return 3 + Object.keys(m.parameters).length;
}

/**
 * The declared content key that applies to an actual Content-Type: of all keys that match (see
 * {@link mediaTypeMatches}), the most specific (OAS: `text/plain` overrides `text/*`; a key with
 * parameters beats one without).
 *
 * @returns the key as written, or undefined when none matches
 */
export function findMediaType(declared: readonly string[], actual: string): string | undefined {
  let best: string | undefined;
  let bestScore = -1;
  for (const key of declared) {
    if (!mediaTypeMatches(key, actual)) continue;
    const score = specificity(key);
    if (score > bestScore) {
      best = key;
      bestScore = score;
    }
  }
  return best;
}
