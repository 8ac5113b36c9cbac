import { nameWords } from '../../spec/index.js';

/**
 * The words that open and close a range, as names use them alone (`from`, `to`) or as a part of a
 * name (`startsAtFrom`, `minPrice`, `created_after`, `startsAt`/`endsAt`, `checkIn`/`checkOut`).
 */
const RANGE_WORDS: readonly (readonly [string, string])[] = [
  ['from', 'to'],
  ['start', 'end'],
  ['starts', 'ends'],
  ['begin', 'end'],
  ['begins', 'ends'],
  ['since', 'until'],
  ['after', 'before'],
  ['min', 'max'],
  ['low', 'high'],
  ['lower', 'upper'],
  ['gte', 'lte'],
  ['gt', 'lt'],
  ['in', 'out'],
  ['opens', 'closes'],
  ['arrival', 'departure'],
];

/** The name's parts with the part `word` replaced by a placeholder, or undefined when no part is `word`. */
function withoutWord(name: string, word: string): string | undefined {
  const parts = nameWords(name);
  const at = parts.indexOf(word);
  if (at === -1) return undefined;
  parts[at] = '\u0000';
  return parts.join(' ');
}

/**
 * The pairs of names among `names` that open and close one range (`from` and `to`, `minPrice` and
 * `maxPrice`, `startsAt` and `endsAt`), each as `[opening, closing]`.
 */
export function rangePairs(names: readonly string[]): (readonly [string, string])[] {
  const pairs: (readonly [string, string])[] = [];
  for (const [opening, closing] of RANGE_WORDS)
    for (const low of names) {
      const shape = withoutWord(low, opening);
      if (shape === undefined) continue;
      const high = names.find((name) => name !== low && withoutWord(name, closing) === shape);
      if (high !== undefined && !pairs.some(([a, b]) => a === low && b === high)) pairs.push([low, high]);
    }
  return pairs;
}
