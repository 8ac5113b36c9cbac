import { stringArbitrary } from './schema-arbitrary.js';
import { seededRandomSource } from './seeded-generator.js';

/** Values already drawn, by pattern and least length: the same pattern answers the same value. */
const drawn = new Map<string, string | undefined>();
const MOST_REMEMBERED = 10_000;
const DRAWS = 20;

/**
 * One string an ECMA-262 `pattern` accepts, with at least `minLength` code points (ids like
 * `^ME[0-9a-fA-F]{32}$`, codes like `^[A-Z]{3}$`), drawn from the generator's own string arbitrary
 * with a seed fixed by the pattern, so the same pattern gives the same value in every run. Returns
 * undefined where no draw fits (a pattern no string satisfies, or one the generator cannot read).
 */
export function patternValue(pattern: string, minLength = 0): string | undefined {
  const key = `${minLength}\u0000${pattern}`;
  if (drawn.has(key)) return drawn.get(key);
  const value = draw(pattern, minLength);
  if (drawn.size >= MOST_REMEMBERED) drawn.clear();
  drawn.set(key, value);
  return value;
}

function draw(pattern: string, minLength: number): string | undefined {
  try {
    const accepts = new RegExp(pattern, 'u');
    const arbitrary = stringArbitrary({ type: 'string', pattern, minLength });
    const random = seededRandomSource(`pattern ${pattern}`);
    for (let attempt = 0; attempt < DRAWS; attempt++) {
      const value = arbitrary.generate(random, 2).value;
      if (Array.from(value).length >= minLength && accepts.test(value)) return value;
    }
  } catch {
    // A pattern that does not compile as JSON Schema reads it: no value.
  }
  return undefined;
}
