/**
 * The words that open and close a range, as query parameters name them alone (`from`, `to`) or as a
 * part of a name (`startsAtFrom`, `minPrice`, `created_after`).
 */
const RANGE_WORDS: readonly (readonly [string, string])[] = [
  ['from', 'to'],
  ['start', 'end'],
  ['begin', 'end'],
  ['since', 'until'],
  ['after', 'before'],
  ['min', 'max'],
  ['low', 'high'],
  ['lower', 'upper'],
  ['gte', 'lte'],
  ['gt', 'lt'],
];

/** The parts of a parameter name, lower-cased: split at `_`, `-`, `.`, brackets and camelCase humps. */
function partsOf(name: string): string[] {
  return name
    .split(/[_\-.[\]]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter((part) => part !== '')
    .map((part) => part.toLowerCase());
}

/** The name's parts with the part `word` replaced by a placeholder, or undefined when no part is `word`. */
function withoutWord(name: string, word: string): string | undefined {
  const parts = partsOf(name);
  const at = parts.indexOf(word);
  if (at === -1) return undefined;
  parts[at] = '\u0000';
  return parts.join(' ');
}

/** A number, or an instant written as a date or date-time, for comparing the two ends. */
function comparable(value: string): number | undefined {
  if (/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(value)) return Number(value);
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const t = Date.parse(value);
    return Number.isNaN(t) ? undefined : t;
  }
  return undefined;
}

/**
 * Two query parameters sent that open and close one range (`from` and `to`, `minPrice` and
 * `maxPrice`) with the opening value past the closing one. OpenAPI cannot say that one must not
 * pass the other, so refusing such a request is the server's to do (the clinic zoo documents
 * "`from` later than `to` is answered 400"). Undefined when no such pair was sent.
 */
export function invertedRange(query: readonly (readonly [string, string])[]): string | undefined {
  for (const [opening, closing] of RANGE_WORDS)
    for (const [low, lowValue] of query) {
      const shape = withoutWord(low, opening);
      if (shape === undefined) continue;
      const high = query.find(([name]) => name !== low && withoutWord(name, closing) === shape);
      if (!high) continue;
      const a = comparable(lowValue);
      const b = comparable(high[1]);
      if (a !== undefined && b !== undefined && a > b)
        return `the query's ${low} (${lowValue}), past its ${high[0]} (${high[1]}): a range OpenAPI cannot say must not be inverted`;
    }
  return undefined;
}
