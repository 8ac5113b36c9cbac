import { rangePairs } from '../generate/range-pairs.js';

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
 * `maxPrice`) with the opening value past the closing one, or equal to it. OpenAPI cannot say that one must not
 * pass the other, so refusing such a request is the server's to do (the clinic zoo documents
 * "`from` later than `to` is answered 400"). Undefined when no such pair was sent.
 */
export function invertedRange(query: readonly (readonly [string, string])[]): string | undefined {
  for (const [low, high] of rangePairs(query.map(([name]) => name))) {
    const lowValue = query.find(([name]) => name === low)![1];
    const highValue = query.find(([name]) => name === high)![1];
    const a = comparable(lowValue);
    const b = comparable(highValue);
    if (a !== undefined && b !== undefined && a > b)
      return `the query's ${low} (${lowValue}), past its ${high} (${highValue}): a range OpenAPI cannot say must not be inverted`;
    // Equal ends make an empty range where one end is exclusive (a stay from a day to the same day):
    // whether they must differ is as far beyond OpenAPI as the order (the rentals zoo: "`from` must
    // be earlier than `to`, otherwise 400").
    if (a !== undefined && b !== undefined && a === b)
      return `the query's ${low} and ${high}, both ${lowValue}: a range OpenAPI cannot say must not be empty`;
  }
  return undefined;
}
