/**
 * The one schema → value generator: fast-check arbitraries of values a (dereferenced) JSON Schema
 * accepts. The conformance kit draws adversarial values from it (landmarks, long and non-ASCII
 * text) and shrinks them; the mock's dynamic answers draw realistic ones (`realistic`), sampled
 * with a seeded {@link seededGenerator}.
 * @packageDocumentation
 */
export {
  schemaArbitrary,
  integerArbitrary,
  stringArbitrary,
  patternArbitrary,
  mergeAllOf,
  landmarksOf,
  withoutLookarounds,
} from './schema-arbitrary.js';
export type { ValueOptions } from './schema-arbitrary.js';
export { GRID_POINTS, integerBounds, integerSpread, lengthLadder, magnitudeArbitrary } from './spread.js';
export { wireInteger } from './wire-json.js';
export { seededGenerator, seededRandom, seededRandomSource } from './seeded-generator.js';
export type { SeededGenerator } from './seeded-generator.js';
export { fitsParsedSyntax, nameWords, parsedTextFor, plausibleFor } from './plausible-value.js';
export type { WireJson } from './wire-json.js';
export { sampleValue, schemaSample } from './sample-value.js';
export { patternValue } from './pattern-value.js';
