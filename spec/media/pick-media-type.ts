import { parseMediaType } from './parse-media-type.js';

function rank(text: string): number {
  const m = parseMediaType(text);
  if (!m) return 6;
  if (m.essence === 'application/json') return 0;
  if (m.subtype === 'json' || m.suffix === 'json') return m.type === '*' || m.subtype.startsWith('*') ? 3 : 1;
  if (m.type === '*') return 5;
  if (m.subtype === '*' || m.subtype.startsWith('*')) return 4;
  return 2;
}

/**
 * The declared media type a client should send (or a server answer with), preferring JSON:
 * `application/json`, then other JSON types (`+json`), then other concrete types, then ranges
 * (`application/*`), then `*\/*`. Ties keep the declared order.
 *
 * @returns the chosen entry as written, or undefined for an empty list
 */
export function pickMediaType(declared: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestRank = Infinity;
  for (const text of declared) {
    const r = rank(text);
    if (r < bestRank) {
      best = text;
      bestRank = r;
    }
  }
  return best;
}
