import fc from 'fast-check';
import type { WireJson } from '../cases/index.js';
import type { JsonSchema } from '../../spec/index.js';
import { wireInteger } from './wire.js';

/** Tuning of generated values. Defaults reach the values that break servers most often. */
export interface ValueOptions {
  /** Probability weight of unknown extra properties on objects that allow them (0 = never). */
  readonly extraProperties?: boolean;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

/** Integers that break implementations: signs, zero, the int32 and double-precision edges, int64's ends. */
const INTEGER_LANDMARKS = [0n, 1n, -1n, INT32_MAX, INT32_MAX + 1n, INT32_MIN, INT32_MIN - 1n, 2n ** 32n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, -(2n ** 53n) - 1n, INT64_MAX, INT64_MIN];

/** Strings that break implementations: empty, blank, accents, CJK, emoji (astral), RTL, quotes, long. */
/**
 * Strings that break implementations: empty, blank, accents, CJK, emoji (astral), right-to-left,
 * quotes and markup, a backslash, and lengths just past the powers of two where buffers and columns end.
 */
const STRING_LANDMARKS = [
  '',
  ' ',
  'Rex',
  'Émile',
  '小白',
  '🐢 Shelly',
  'مرحبا',
  'O\'Brien "Bob"',
  '<b>&amp;</b>',
  '\\',
  // Strings that look like other JSON values, or like keys of Object.prototype (a lookup table keyed
  // by name finds inherited members), or that decoders for other formats would change.
  '123',
  'true',
  'null',
  'constructor',
  '__proto__',
  'toString',
  'Tom & Jerry',
  'C++ 100%25',
  'Rex\u0000',
  'Rex\ud83d',
  'a'.repeat(33),
  'a'.repeat(65),
  '𝔘'.repeat(16),
  'x'.repeat(256),
];

/** Names of undocumented properties a client might send. */
const EXTRA_KEYS = ['nickname', 'tags', 'note', 'x-client-ref', 'category', 'age', 'extra'];

/** Merges `allOf` branches of object schemas into one schema (properties and `required` united). */
export function mergeAllOf(schema: JsonSchema): JsonSchema {
  const branches = schema.allOf as JsonSchema[] | undefined;
  if (!branches) return schema;
  const merged: JsonSchema = { ...schema };
  delete merged.allOf;
  const properties: Record<string, JsonSchema> = { ...((schema.properties as Record<string, JsonSchema>) ?? {}) };
  const required = new Set<string>((schema.required as string[]) ?? []);
  for (const branch of branches.map(mergeAllOf)) {
    Object.assign(properties, (branch.properties as Record<string, JsonSchema>) ?? {});
    for (const r of (branch.required as string[]) ?? []) required.add(r);
    if (branch.type && !merged.type) merged.type = branch.type;
    if (branch.additionalProperties === false) merged.additionalProperties = false;
  }
  merged.properties = properties;
  merged.required = [...required];
  return merged;
}

/** An integer arbitrary honouring bounds and format, biased to landmarks; written exactly on the wire. */
export function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number | ReturnType<typeof wireInteger>> {
  const format = schema.format;
  const lo = typeof schema.minimum === 'number' ? BigInt(schema.minimum) : format === 'int32' ? INT32_MIN : INT64_MIN;
  const hi = typeof schema.maximum === 'number' ? BigInt(schema.maximum) : format === 'int32' ? INT32_MAX : INT64_MAX;
  const inRange = (n: bigint) => n >= lo && n <= hi;
  const landmarks = [...new Set([lo, hi, lo + 1n, hi - 1n, ...INTEGER_LANDMARKS, ...(typeof schema.default === 'number' ? [BigInt(schema.default)] : [])])].filter(inRange);
  // Small values near zero, clamped into the range (a range far from zero keeps its nearest end).
  const clamp = (n: bigint) => (n < lo ? lo : n > hi ? hi : n);
  const smallLo = clamp(-1000n);
  const smallHi = clamp(1000n);
  return fc
    .oneof(
      { arbitrary: fc.bigInt({ min: smallLo, max: smallHi }), weight: 3 },
      { arbitrary: fc.constantFrom(...landmarks), weight: 2 },
      { arbitrary: fc.bigInt({ min: lo, max: hi }), weight: 2 },
    )
    .map(wireInteger);
}

/**
 * The values of a schema most likely to break an implementation: bounds and their neighbours,
 * precision edges, every enum value, empty/blank/long/non-ASCII strings. The coverage phase tries
 * each of them once before random search.
 */
export function landmarksOf(input: JsonSchema): WireJson[] {
  const schema = mergeAllOf(input);
  if (Array.isArray(schema.enum)) return schema.enum as WireJson[];
  if (schema.type === 'integer') {
    const lo = typeof schema.minimum === 'number' ? BigInt(schema.minimum) : schema.format === 'int32' ? INT32_MIN : INT64_MIN;
    const hi = typeof schema.maximum === 'number' ? BigInt(schema.maximum) : schema.format === 'int32' ? INT32_MAX : INT64_MAX;
    const set = new Set([lo, hi, lo + 1n, hi - 1n, ...INTEGER_LANDMARKS, ...(typeof schema.default === 'number' ? [BigInt(schema.default)] : [])]);
    return [...set].filter((n) => n >= lo && n <= hi).map(wireInteger);
  }
  if (schema.type === 'string' && schema.pattern === undefined) {
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
    return STRING_LANDMARKS.filter((s) => s.length >= min && s.length <= max);
  }
  if (schema.type === 'boolean') return [true, false];
  return [];
}

/**
 * String lengths as one monotone scale, so that shrinking walks down through every length and
 * stops exactly at a threshold (a failure on names over 30 units shrinks to 31, not to 256).
 * 60% short (up to 12), 25% medium (13–64), 10% long (65–300), 5% very long (301–2000).
 */
const LENGTH_SCALE: readonly (readonly [number, number, number])[] = [
  [0, 600, 12],
  [600, 850, 64],
  [850, 950, 300],
  [950, 1000, 2_000],
];

function lengthAt(index: number, min: number, max: number): number {
  let from = 0;
  for (const [start, end, upTo] of LENGTH_SCALE) {
    if (index < end) {
      const length = from + Math.floor(((index - start) * (upTo - from + 1)) / (end - start));
      return Math.min(Math.max(length, min), max);
    }
    from = upTo + 1;
  }
  return max;
}

/** Characters by kind, each shrinking toward a plain lower-case letter so that reproducers read well. */
const UNITS: readonly fc.Arbitrary<string>[] = [
  // Printable ASCII, rotated so that the shrink target (0) is 'a' rather than a space.
  fc.integer({ min: 0, max: 94 }).map((i) => String.fromCharCode(0x20 + ((i + 0x41) % 95))),
  fc.oneof(fc.integer({ min: 0x61, max: 0x7a }).map((c) => String.fromCharCode(c)), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
  fc.oneof(fc.integer({ min: 0x61, max: 0x7a }).map((c) => String.fromCharCode(c)), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
];

/**
 * A string arbitrary: mostly ordinary names, often long or non-ASCII (accents, CJK, emoji from the
 * astral planes), sometimes control characters, plus the landmark strings.
 */
export function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 2_000;
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
  // Long landmarks stay in the coverage phase: as constants they cannot shrink, the scale can.
  const landmarks = STRING_LANDMARKS.filter((s) => s.length >= minLength && s.length <= maxLength && s.length <= 16);
  const scaled = fc
    .tuple(fc.integer({ min: 0, max: 999 }), fc.constantFrom(0, 0, 1, 1, 2))
    .chain(([index, unit]) => {
      const length = lengthAt(index, minLength, maxLength);
      // Graphemes and code points can take two UTF-16 units each: bound by units, not by count.
      return fc.string({ unit: UNITS[unit]!, minLength: Math.ceil(length / 2), maxLength: length }).map((s) => (s.length > maxLength ? s.slice(0, maxLength) : s));
    });
  return landmarks.length > 0 ? fc.oneof({ arbitrary: scaled, weight: 9 }, { arbitrary: fc.constantFrom(...landmarks), weight: 1 }) : scaled;
}

/**
 * Builds a fast-check arbitrary of values valid against a (dereferenced) JSON Schema, constructively:
 * every value is generated inside the schema, none is filtered out.
 */
export function schemaArbitrary(input: JsonSchema, options: ValueOptions = {}): fc.Arbitrary<WireJson> {
  const schema = mergeAllOf(input);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as WireJson[]));
  if ('const' in schema) return fc.constant(schema.const as WireJson);
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (branches) return fc.oneof(...branches.map((b) => schemaArbitrary(b, options)));
  const type = Array.isArray(schema.type) ? (schema.type[0] as string) : (schema.type as string | undefined);
  switch (type) {
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        ...(typeof schema.minimum === 'number' ? { min: schema.minimum } : {}),
        ...(typeof schema.maximum === 'number' ? { max: schema.maximum } : {}),
      });
    case 'string':
      return stringArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schemaArbitrary((schema.items as JsonSchema) ?? {}, options), {
        ...(typeof schema.minItems === 'number' ? { minLength: schema.minItems } : {}),
        maxLength: typeof schema.maxItems === 'number' ? schema.maxItems : 5,
      });
    case 'object':
    case undefined:
      return objectArbitrary(schema, options);
    default:
      return fc.constant(null);
  }
}

function objectArbitrary(schema: JsonSchema, options: ValueOptions): fc.Arbitrary<WireJson> {
  const properties = (schema.properties as Record<string, JsonSchema>) ?? {};
  const required = new Set((schema.required as string[]) ?? []);
  const record: Record<string, fc.Arbitrary<WireJson>> = {};
  for (const [name, propertySchema] of Object.entries(properties)) record[name] = schemaArbitrary(propertySchema, options);
  const requiredKeys = Object.keys(properties).filter((k) => required.has(k));
  const base = fc.record(record, { requiredKeys }) as fc.Arbitrary<Record<string, WireJson>>;
  if (!options.extraProperties || schema.additionalProperties === false) return base;
  const extraKey = fc.constantFrom(...EXTRA_KEYS.filter((k) => !(k in properties)));
  const extras = fc.option(fc.dictionary(extraKey, fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 2 }), {
    freq: 5,
  });
  return fc.tuple(base, extras).map(([value, extra]) => (extra ? { ...value, ...extra } : value));
}
