import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { isObject } from '../json/index.js';
import type { JsonSchema } from '../model.js';
import {
  realisticFormat,
  realisticInteger,
  realisticItems,
  realisticMatching,
  realisticNumber,
  realisticText,
  retried,
  FirstFitting,
} from './realistic.js';
import { integerBounds, magnitudeArbitrary } from './spread.js';
import { integerFormatRange } from '../integer-formats.js';
import { type WireJson, wireInteger } from './wire-json.js';

/** Tuning of generated values. Defaults reach the values that break servers most often. */
export interface ValueOptions {
  /** Probability weight of unknown extra properties on objects that allow them (0 = never). */
  readonly extraProperties?: boolean;
  /**
   * Which side the value is for: a request never carries `readOnly` members, a response never
   * `writeOnly` ones (OpenAPI). Requests by default.
   */
  readonly direction?: 'request' | 'response';
  /** Strings of printable ASCII only (header and cookie values). */
  readonly ascii?: boolean;
  /** The name a schema has in `components.schemas`, for discriminator mappings. */
  readonly nameOf?: (schema: JsonSchema) => string | undefined;
  /** Nesting so far (recursive schemas are cycles: past a depth only what is required is generated). */
  readonly depth?: number;
  /**
   * Values a person expects to read (the mock's dynamic answers) instead of the values that break
   * servers (the kit's default): text chosen by member name (`name`, `email`, `city` ...), dates in
   * the past year, small positive numbers, one to three items per list, every declared member.
   */
  readonly realistic?: boolean;
  /** The name of the member the value is for (realistic text is chosen by it); set while walking objects. */
  readonly member?: string;
}

/** Past this depth objects carry only required members and arrays only their minimum items. */
const SHALLOW_DEPTH = 3;
/** The same for realistic values: an answer's items carry their nested members and lists too. */
const REALISTIC_SHALLOW_DEPTH = 5;
/** The same for realistic values: real answers nest deeper than requests (a page of bookings of rooms of rates...). */
const REALISTIC_MAX_DEPTH = 16;
/** Past this depth a required recursion is cut with the schema's example or a minimal value. */
const MAX_DEPTH = 8;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

/** Integers that break implementations: signs, zero, the int32 and double-precision edges, int64's ends. */
const INTEGER_LANDMARKS = [
  0n,
  1n,
  -1n,
  INT32_MAX,
  INT32_MAX + 1n,
  INT32_MIN,
  INT32_MIN - 1n,
  2n ** 32n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  -(2n ** 53n) - 1n,
  INT64_MAX,
  INT64_MIN,
];

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
  // A bare '%' that is no percent-escape: a value decoded twice throws (decodeURIComponent).
  '100% sure',
  'Rex\u0000',
  'Rex\ud83d',
  // U+2028 and U+2029 are legal unescaped in JSON strings (RFC 8259 §7) but end a line in JavaScript
  // sources and in line-based readers (loggers, templating): a store that chokes on them answers 5xx.
  'Line\u2028Break',
  'Para\u2029Break',
  // A run of letters, then one character outside them: a validator with nested quantifiers
  // (`^([A-Za-z]+ ?)*$`) backtracks catastrophically on it (ReDoS) and never answers. Met once each,
  // not left to random draws (the red team's rt-name-redos-hang was caught only by some seeds).
  'Abcdefghijklmnopqrstuvwxyzabcd!',
  'a'.repeat(33),
  'a'.repeat(65),
  '𝔘'.repeat(16),
  'x'.repeat(256),
];

function withinLength(schema: JsonSchema, value: string): boolean {
  const units = [...value].length;
  return (
    (typeof schema.minLength !== 'number' || units >= schema.minLength) &&
    (typeof schema.maxLength !== 'number' || units <= schema.maxLength)
  );
}

/** Names of undocumented properties a client might send. */
const EXTRA_KEYS = ['nickname', 'tags', 'note', 'x-client-ref', 'category', 'age', 'extra'];

/** Merges `allOf` branches of object schemas into one schema (properties and `required` united). */
export function mergeAllOf(schema: JsonSchema, seen: ReadonlySet<JsonSchema> = new Set()): JsonSchema {
  const branches = Array.isArray(schema.allOf)
    ? (schema.allOf as JsonSchema[]).filter((b) => typeof b === 'object' && b !== null && !seen.has(b))
    : undefined;
  if (!branches) return schema;
  const within = new Set([...seen, schema]);
  const merged: JsonSchema = { ...schema };
  delete merged.allOf;
  const properties: Record<string, JsonSchema> = { ...((schema.properties as Record<string, JsonSchema>) ?? {}) };
  const required = new Set<string>((schema.required as string[]) ?? []);
  for (const branch of branches.map((b) => mergeAllOf(b, within))) {
    Object.assign(properties, (branch.properties as Record<string, JsonSchema>) ?? {});
    for (const r of (branch.required as string[]) ?? []) required.add(r);
    if (branch.type && !merged.type) merged.type = branch.type;
    if (branch.additionalProperties === false) merged.additionalProperties = false;
    // Keywords of a scalar branch (a format, bounds, an enum) apply to the whole.
    for (const key of [
      'additionalProperties',
      'format',
      'enum',
      'const',
      'pattern',
      'minLength',
      'maxLength',
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'multipleOf',
      'items',
      'minItems',
      'maxItems',
      'oneOf',
      'anyOf',
      'discriminator',
    ]) {
      if (branch[key] !== undefined && merged[key] === undefined) merged[key] = branch[key];
    }
  }
  merged.properties = properties;
  merged.required = [...required];
  return merged;
}

/** An integer arbitrary honouring bounds and format, biased to landmarks; written exactly on the wire. */
export function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number | ReturnType<typeof wireInteger>> {
  // Exact bounds, in BigInt: a `maximum: 9223372036854775807` read as a double is 2^63, past int64.
  const { lo, hi } = integerBounds(schema);
  const landmarks = integerLandmarks(schema);
  // Small values near zero, clamped into the range (a range far from zero keeps its nearest end).
  const clamp = (n: bigint) => (n < lo ? lo : n > hi ? hi : n);
  const smallLo = clamp(-1000n);
  const smallHi = clamp(1000n);
  return fc
    .oneof(
      { arbitrary: fc.bigInt({ min: smallLo, max: smallHi }), weight: 2 },
      { arbitrary: fc.constantFrom(...landmarks), weight: 2 },
      // Every order of magnitude as likely as any other: a defect in a band far from zero and from
      // the landmarks ([10^9, 10^12), say) is met by construction.
      { arbitrary: magnitudeArbitrary(lo, hi), weight: 3 },
    )
    .map(wireInteger);
}

/** An integer schema's bounds and their neighbours, the precision edges and its default, inside its range. */
function integerLandmarks(schema: JsonSchema): bigint[] {
  const { lo, hi } = integerBounds(schema);
  const candidates = [
    lo,
    hi,
    lo + 1n,
    hi - 1n,
    ...INTEGER_LANDMARKS,
    ...(typeof schema.default === 'number' ? [BigInt(schema.default)] : []),
  ];
  return [...new Set(candidates)].filter((n) => n >= lo && n <= hi);
}

/**
 * One past each end of int64, where the schema sets no format and no bound there: it takes any
 * integer, while the kit's drawn range stops at int64's ends, where most servers' integers do. A
 * 64-bit column overflows one past them (held-out sets 91 and 92: SQLite answered 500). Tried once
 * each as landmarks: beyond 2^53, an edge whose refusal is fine.
 */
function pastInt64(schema: JsonSchema): bigint[] {
  if (schema.format !== undefined) return [];
  return [
    ...(schema.maximum === undefined && schema.exclusiveMaximum === undefined ? [INT64_MAX + 1n] : []),
    ...(schema.minimum === undefined && schema.exclusiveMinimum === undefined ? [INT64_MIN - 1n] : []),
  ];
}

/**
 * The values of a schema most likely to break an implementation: bounds and their neighbours,
 * precision edges, every enum value, empty/blank/long/non-ASCII strings. The coverage phase tries
 * each of them once before random search.
 */
export function landmarksOf(input: JsonSchema): WireJson[] {
  const schema = mergeAllOf(input);
  if (Array.isArray(schema.enum)) return schema.enum as WireJson[];
  // A nullable scalar (`type: [string, 'null']`, 3.0's `nullable`) has the landmarks of its scalar type.
  if (Array.isArray(schema.type)) {
    const scalar = (schema.type as string[]).filter((t) => t !== 'null');
    return scalar.length === 1 && scalar.length < schema.type.length ? landmarksOf({ ...schema, type: scalar[0] }) : [];
  }
  if (schema.type === 'integer') return [...integerLandmarks(schema), ...pastInt64(schema)].map(wireInteger);
  // The calendar's landmarks (leap days, the epoch, the first second past int32 time) once each.
  if (schema.type === 'string' && schema.pattern === undefined && typeof schema.format === 'string') {
    const write = DATE_WRITERS[schema.format];
    if (write !== undefined) return DATE_LANDMARKS.map(write).filter((d) => withinLength(schema, d));
  }
  // A formatted string's landmarks would break its format (a uuid is never "Rex").
  if (schema.type === 'string' && schema.pattern === undefined && schema.format === undefined) {
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
// Built on first use: fast-check's grapheme strings cost hundreds of milliseconds to build, which
// every process loading the spec module (the mock's start-up) would otherwise pay.
let units: readonly fc.Arbitrary<string>[] | undefined;
const UNITS = (): readonly fc.Arbitrary<string>[] =>
  (units ??= [
    // Printable ASCII, rotated so that the shrink target (0) is 'a' rather than a space.
    fc.integer({ min: 0, max: 94 }).map((i) => String.fromCharCode(0x20 + ((i + 0x41) % 95))),
    fc.oneof(
      fc.integer({ min: 0x61, max: 0x7a }).map((c) => String.fromCharCode(c)),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    ),
    fc.oneof(
      fc.integer({ min: 0x61, max: 0x7a }).map((c) => String.fromCharCode(c)),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    ),
  ]);

/**
 * A string arbitrary: mostly ordinary names, often long or non-ASCII (accents, CJK, emoji from the
 * astral planes), sometimes control characters, plus the landmark strings.
 */
export function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 2_000;
  if (typeof schema.pattern === 'string')
    return withLength(patternArbitrary(schema.pattern), schema.pattern, minLength, maxLength);
  // Long landmarks stay in the coverage phase: as constants they cannot shrink, the scale can.
  const landmarks = STRING_LANDMARKS.filter((s) => s.length >= minLength && s.length <= maxLength && s.length <= 16);
  const scaled = fc.tuple(fc.integer({ min: 0, max: 999 }), fc.constantFrom(0, 0, 1, 1, 2)).chain(([index, unit]) => {
    const length = lengthAt(index, minLength, maxLength);
    // Graphemes and code points can take two UTF-16 units each: bound by units, not by count.
    // minLength counts code points (JSON Schema): never fewer units than the schema asks.
    return fc
      .string({
        unit: UNITS()[unit]!,
        minLength: Math.max(minLength, Math.ceil(length / 2)),
        maxLength: Math.max(minLength, length),
      })
      .map((s) => atLeast(s.length > maxLength ? s.slice(0, maxLength) : s, minLength));
  });
  return landmarks.length > 0
    ? fc.oneof({ arbitrary: scaled, weight: 9 }, { arbitrary: fc.constantFrom(...landmarks), weight: 1 })
    : scaled;
}

/**
 * Builds a fast-check arbitrary of values valid against a (dereferenced) JSON Schema, constructively:
 * every value is generated inside the schema, none is filtered out.
 */
export function schemaArbitrary(input: JsonSchema, options: ValueOptions = {}): fc.Arbitrary<WireJson> {
  if (typeof input !== 'object' || input === null) return fc.constant(null);
  const depth = options.depth ?? 0;
  if (depth > (options.realistic ? REALISTIC_MAX_DEPTH : MAX_DEPTH)) return minimalValue(input);
  const inner: ValueOptions = { ...options, depth: depth + 1 };
  const schema = mergeAllOf(input);
  if (Array.isArray(schema.enum))
    return schema.enum.length > 0 ? fc.constantFrom(...(schema.enum as WireJson[])) : fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const as WireJson);
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) {
    const siblings = siblingsOf(schema);
    return fc.oneof(
      ...branches.map((b) =>
        withDiscriminator(schemaArbitrary(siblings ? { allOf: [siblings, b] } : b, inner), schema, b, options),
      ),
    );
  }
  if (Array.isArray(schema.type)) {
    // A type list (3.1, or a normalised 3.0 `nullable`): each type in turn, `null` the least often.
    const types = (schema.type as string[]).filter((t) => t !== 'null');
    const alternatives = types.map((type) => schemaArbitrary({ ...schema, type }, { ...options, depth }));
    const nullable = (schema.type as string[]).includes('null');
    // Realistic answers fill a nullable member most of the time.
    if (nullable && options.realistic && alternatives.length > 0)
      return fc.oneof(...alternatives.map((arbitrary) => ({ arbitrary, weight: 4 })), {
        arbitrary: fc.constant(null),
        weight: 1,
      });
    if (nullable) alternatives.push(fc.constant(null));
    return alternatives.length > 1 ? fc.oneof(...alternatives) : (alternatives[0] ?? fc.constant(null));
  }
  const type = schema.type as string | undefined;
  if (options.realistic) {
    const realistic = realisticArbitrary(schema, type, options);
    if (realistic) return realistic;
  }
  switch (type) {
    case 'integer':
      return integerArbitrary(exclusiveBoundsInclusive(schema, 1));
    case 'number':
      return numberArbitrary(schema);
    case 'string':
      if (typeof schema.format === 'string' && FORMATS[schema.format])
        return typeof schema.pattern === 'string' ? formatWithPattern(schema, schema.pattern) : formatArbitrary(schema);
      if (options.ascii && typeof schema.pattern !== 'string') return asciiArbitrary(schema);
      return stringArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength =
        depth >= SHALLOW_DEPTH
          ? minLength
          : typeof schema.maxItems === 'number'
            ? Math.max(minLength, Math.min(schema.maxItems, 5 + minLength))
            : Math.max(5, minLength);
      const items = isObject(schema.items) ? (schema.items as JsonSchema) : {};
      return schema.uniqueItems === true
        ? fc.uniqueArray(schemaArbitrary(items, inner), { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(schemaArbitrary(items, inner), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, { ...options, depth });
    case undefined:
      // No type: an object when the schema describes members, otherwise any small JSON value.
      if (schema.properties || schema.required || schema.additionalProperties)
        return objectArbitrary(schema, { ...options, depth });
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
    default:
      return fc.constant(null);
  }
}

/**
 * The realistic leaves and lists ({@link ValueOptions.realistic}), or undefined where the kit's own
 * arbitrary applies (objects, booleans, formats without a realistic form, bounds that leave no room).
 */
function realisticArbitrary(
  schema: JsonSchema,
  type: string | undefined,
  options: ValueOptions,
): fc.Arbitrary<WireJson> | undefined {
  // A json-schema-faker method (`x-faker: name.firstName`, `internet.email`) names the kind of text
  // as a member name would (`firstName`, `email`).
  const faker = schema['x-faker'];
  const member = (typeof faker === 'string' && /\.([A-Za-z]+)$/.exec(faker)?.[1]) || options.member;
  switch (type) {
    case 'integer':
      return realisticInteger(schema, member);
    case 'number':
      // A number written as an integer format (`type: number, format: int64`) takes integers.
      return integerFormatRange(schema.format) ? realisticInteger(schema, member) : realisticNumber(schema, member);
    case 'string': {
      const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
      const known = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
      const realistic = typeof schema.format === 'string' ? realisticFormat(schema.format, member) : undefined;
      if (known || realistic) {
        const { minLength, maxLength } = schema;
        const free = pattern === undefined && minLength === undefined && maxLength === undefined;
        if (free) return realistic ?? known!();
        const re = pattern === undefined ? undefined : unicodeRegExp(pattern);
        const min = typeof minLength === 'number' ? minLength : 0;
        const max = typeof maxLength === 'number' ? maxLength : Infinity;
        const fits = (value: string) => {
          const length = [...value].length;
          return length >= min && length <= max && (re === undefined || re.test(value));
        };
        // Where the realistic form breaks the pattern or lengths: the kit's value of the format,
        // else a match of the pattern. Never the kit's filtered formats: a length no value of the
        // format has (a uuid of at most 8) would make them search forever.
        const otherwise = (): fc.Arbitrary<string> =>
          pattern !== undefined
            ? lengthyMatches(schema, pattern)
            : retried(
                (known ? known() : realistic!).map((v) => (fits(v) ? v : undefined)),
                'a'.repeat(Math.min(min, 2_000)),
              );
        const kit = (): fc.Arbitrary<string> => (known ? new FirstFitting(known(), fits, otherwise) : otherwise());
        return realistic ? new FirstFitting(realistic, fits, kit) : kit();
      }
      if (pattern !== undefined) return realisticMatching(schema, member, () => lengthyMatches(schema, pattern));
      return realisticText(schema, member);
    }
    case 'array': {
      const depth = options.depth ?? 0;
      const { minLength, maxLength } = realisticItems(schema, depth >= REALISTIC_SHALLOW_DEPTH);
      const items = isObject(schema.items) ? (schema.items as JsonSchema) : {};
      // The items keep the list's member name: `tags` items are tags.
      const item = schemaArbitrary(items, { ...options, depth: depth + 1 });
      if (schema.uniqueItems !== true) return fc.array(item, { minLength, maxLength });
      // Not fc.uniqueArray: it draws until it has minLength distinct items, forever when the items
      // have fewer values (three unique booleans), and an answer must never hang. A few spare draws,
      // duplicates left out: short of minItems only where the schema cannot be met.
      const spare = fc.array(item, { minLength: maxLength + 4, maxLength: maxLength + 4 });
      return fc.tuple(fc.integer({ min: minLength, max: maxLength }), spare).map(([length, drawn]) => {
        const seen = new Set<string>();
        const out: WireJson[] = [];
        for (const value of drawn) {
          if (out.length === length) break;
          const key = JSON.stringify(value);
          if (seen.has(key)) continue;
          seen.add(key);
          out.push(value);
        }
        return out;
      });
    }
    case undefined:
      if (schema.properties || schema.required || schema.additionalProperties) return undefined;
      return realisticText({}, member);
    default:
      return undefined;
  }
}

/**
 * Matches of a pattern within the schema's lengths: fast-check's usual matches, else longer ones
 * (`^[A-Z]{2}[0-9A-Z]+$` with `minLength: 15`), else (after many misses in a row) whatever matched.
 */
function lengthyMatches(schema: JsonSchema, pattern: string): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 2_000;
  const usual = withLength(patternArbitrary(pattern), pattern, min, max);
  if (min === 0 && max === 2_000) return usual;
  const re = unicodeRegExp(pattern) ?? new RegExp(pattern);
  const fits = (s: string) => {
    const length = [...s].length;
    return length >= min && length <= max && re.test(s);
  };
  return new FirstFitting(usual, fits, () =>
    retried(
      withLength(patternArbitrary(pattern, 'large'), pattern, min, max).map((s) => (fits(s) ? s : undefined)),
      'a'.repeat(min),
    ),
  );
}

/** Keywords of a `oneOf`/`anyOf` holder that also apply to every branch (shared members, type). */
function siblingsOf(schema: JsonSchema): JsonSchema | undefined {
  const { oneOf: _o, anyOf: _a, discriminator: _d, ...rest } = schema;
  return Object.keys(rest).some(
    (k) => k === 'properties' || k === 'required' || k === 'type' || k === 'additionalProperties',
  )
    ? rest
    : undefined;
}

/**
 * A branch of a `oneOf` with a discriminator carries the name the mapping gives that branch (or,
 * without a mapping, the branch's name in components.schemas), as OpenAPI says the server reads it.
 */
function withDiscriminator(
  arbitrary: fc.Arbitrary<WireJson>,
  holder: JsonSchema,
  branch: JsonSchema,
  options: ValueOptions,
): fc.Arbitrary<WireJson> {
  const discriminator = holder.discriminator as
    | { propertyName?: unknown; mapping?: Record<string, string> }
    | undefined;
  if (!discriminator || typeof discriminator.propertyName !== 'string') return arbitrary;
  const property = discriminator.propertyName;
  const fixed = mergeAllOf(branch).properties as Record<string, JsonSchema> | undefined;
  const own = fixed?.[property];
  if (own && (Array.isArray(own.enum) || 'const' in own)) return arbitrary;
  const name = options.nameOf?.(branch);
  if (!name) return arbitrary;
  const mapped = Object.entries(discriminator.mapping ?? {}).find(
    ([, ref]) => ref === name || ref.endsWith(`/${name}`),
  )?.[0];
  const value = mapped ?? name;
  return arbitrary.map((v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof LosslessNumber)
      ? { ...v, [property]: value }
      : v,
  );
}

/** The smallest value a schema allows, to cut a recursion that the schema itself requires. */
function minimalValue(schema: JsonSchema): fc.Arbitrary<WireJson> {
  const examples = schema.examples;
  if (Array.isArray(examples) && examples.length > 0) return fc.constant(examples[0] as WireJson);
  const type = Array.isArray(schema.type) ? (schema.type.includes('null') ? 'null' : schema.type[0]) : schema.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.constant([]);
    case 'string':
      return fc.constant('a'.repeat(typeof schema.minLength === 'number' ? schema.minLength : 1));
    case 'integer':
    case 'number':
      return fc.constant(typeof schema.minimum === 'number' ? schema.minimum : 1);
    case 'boolean':
      return fc.constant(true);
    default:
      return fc.constant({});
  }
}

/** Turns numeric `exclusiveMinimum`/`exclusiveMaximum` into inclusive bounds one `step` inside. */
function exclusiveBoundsInclusive(schema: JsonSchema, step: number): JsonSchema {
  if (typeof schema.exclusiveMinimum !== 'number' && typeof schema.exclusiveMaximum !== 'number') return schema;
  const out: JsonSchema = { ...schema };
  if (typeof schema.exclusiveMinimum === 'number')
    out.minimum = Math.max(
      typeof schema.minimum === 'number' ? schema.minimum : -Infinity,
      Math.floor(schema.exclusiveMinimum) + step,
    );
  if (typeof schema.exclusiveMaximum === 'number')
    out.maximum = Math.min(
      typeof schema.maximum === 'number' ? schema.maximum : Infinity,
      Math.ceil(schema.exclusiveMaximum) - step,
    );
  delete out.exclusiveMinimum;
  delete out.exclusiveMaximum;
  return out;
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<WireJson> {
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    const step = schema.multipleOf;
    const lo = Math.ceil((typeof schema.minimum === 'number' ? schema.minimum : -1e6) / step);
    const hi = Math.floor((typeof schema.maximum === 'number' ? schema.maximum : 1e6) / step);
    return fc
      .integer({ min: Math.max(lo, -1e9), max: Math.min(hi, 1e9) })
      .map((k) => Number((k * step).toPrecision(12)));
  }
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum
        : undefined;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum
        : undefined;
  return fc
    .double({
      noNaN: true,
      noDefaultInfinity: true,
      ...(min !== undefined ? { min, minExcluded: typeof schema.exclusiveMinimum === 'number' } : {}),
      ...(max !== undefined ? { max, maxExcluded: typeof schema.exclusiveMaximum === 'number' } : {}),
    })
    .map((n) => (Object.is(n, -0) ? 0 : n));
}

/** Printable ASCII strings within the schema's lengths (header and cookie values). */
function asciiArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 32;
  const unit = fc
    .integer({ min: 0, max: 61 })
    .map((i) => '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'[i]!);
  return fc.string({ unit, minLength, maxLength: Math.max(minLength, maxLength) });
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/**
 * Dates across 1970–2099, and the calendar's landmarks as often as a random day: leap days, the
 * ends of months and years, the epoch, midnight and the last millisecond of a day.
 */
const DATE_LANDMARKS = [
  '1970-01-01T00:00:00.000Z',
  '2024-02-29T12:00:00.000Z',
  '2000-02-29T00:00:00.000Z',
  '2023-12-31T23:59:59.999Z',
  '2030-01-31T00:00:00.000Z',
  '2038-01-19T03:14:08.000Z',
  '2099-12-31T23:59:59.000Z',
].map((d) => new Date(d));
const DATES = fc.oneof(
  fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
  fc.constantFrom(...DATE_LANDMARKS),
);

/** How a date is written in each date format (RFC 3339, as JSON Schema reads it). */
const DATE_WRITERS: Readonly<Record<string, (d: Date) => string>> = {
  'date-time': (d) => d.toISOString(),
  date: (d) => d.toISOString().slice(0, 10),
};

/** Strings of the formats OpenAPI and JSON Schema name, from fast-check's own arbitraries where it has one. */
const FORMATS: Readonly<Record<string, () => fc.Arbitrary<string>>> = {
  // RFC 9562: hex digits are case-insensitive on input; upper-case ones are as valid as lower.
  uuid: () =>
    fc.tuple(fc.uuid(), fc.constantFrom(false, false, false, true)).map(([u, upper]) => (upper ? u.toUpperCase() : u)),
  'date-time': () => DATES.map(DATE_WRITERS['date-time']!),
  date: () => DATES.map(DATE_WRITERS.date!),
  time: () => fc.tuple(fc.nat(23), fc.nat(59), fc.nat(59)).map(([h, m, s]) => `${pad(h)}:${pad(m)}:${pad(s)}Z`),
  duration: () => fc.tuple(fc.nat(30), fc.nat(23)).map(([d, h]) => `P${d}DT${h}H`),
  email: () => fc.emailAddress(),
  'idn-email': () => fc.emailAddress(),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
  'uri-reference': () => fc.webUrl(),
  iri: () => fc.webUrl(),
  hostname: () => fc.domain(),
  'idn-hostname': () => fc.domain(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  // btoa, not Buffer: the mock's browser build generates from here too.
  byte: () => fc.uint8Array({ maxLength: 24 }).map((bytes) => btoa(String.fromCharCode(...bytes))),
  binary: () => fc.string({ unit: 'grapheme-ascii', maxLength: 24 }),
  password: () => fc.string({ unit: 'grapheme-ascii', minLength: 8, maxLength: 24 }),
};

function formatArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const base = FORMATS[schema.format as string]!();
  return minLength > 0 || maxLength < Infinity
    ? base.filter((s) => s.length >= minLength && s.length <= maxLength)
    : base;
}

/**
 * Strings of a format that also match the schema's pattern (a pattern usually narrows its format: an
 * email without `!`): the format's value where the pattern takes it, else the pattern's.
 */
function formatWithPattern(schema: JsonSchema, pattern: string): fc.Arbitrary<string> {
  const re = new RegExp(pattern);
  return fc.tuple(formatArbitrary(schema), patternArbitrary(pattern)).map(([f, p]) => (re.test(f) ? f : p));
}

/**
 * Pattern matches held to the schema's length bounds too: a value too long for `maxLength` (fast-check
 * writes text around the match of a pattern not anchored at both ends: `[a-zA-Z]{2}` with
 * `maxLength: 2`) is cut to the match itself when that fits; a match too short for `minLength` of an
 * unanchored pattern (`[a-f0-9]+` with `minLength: 40`) is repeated up to it, as the pattern still
 * finds itself in the longer string; other matches go as built.
 */
function withLength(arbitrary: fc.Arbitrary<string>, pattern: string, min: number, max: number): fc.Arbitrary<string> {
  const fitted = arbitrary.map((s) => {
    if (Array.from(s).length <= max) return s;
    const re = unicodeRegExp(pattern);
    const match = re?.exec(s)?.[0];
    const length = match === undefined ? -1 : Array.from(match).length;
    if (match !== undefined && length >= min && length <= max) return match;
    // An open repetition anchored at both ends (`^(svm-[0-9a-f]{17,})$`, length 21): the value cut to
    // the bound, where the pattern still takes it.
    const cut = Array.from(s).slice(0, max).join('');
    return re?.test(cut) && Array.from(cut).length >= min ? cut : s;
  });
  if (min === 0 || pattern.startsWith('^') || pattern.endsWith('$')) return fitted;
  return fitted.map((s) => {
    const points = Array.from(s);
    if (points.length >= min || points.length === 0 || min > max) return s;
    const repeated = Array.from(s.repeat(Math.ceil(min / points.length)))
      .slice(0, min)
      .join('');
    return new RegExp(pattern, 'u').test(repeated) ? repeated : s;
  });
}

/** The pattern as JSON Schema reads it (ECMA-262 with the `u` flag), or undefined where it does not compile so. */
function unicodeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/**
 * Strings matching a pattern. fast-check builds from most regular expressions but not from
 * lookarounds (`(?!\.)`): those are left out to build, and the values kept are those the whole
 * pattern matches (after many misses in a row, one is let through rather than searching forever).
 */
export function patternArbitrary(pattern: string, size?: fc.Size): fc.Arbitrary<string> {
  // As JSON Schema reads it (the `u` flag: `\p{L}` is a letter, not "p{L}"), else as plain ECMA-262
  // where the pattern only compiles so (`\_`).
  const re = unicodeRegExp(pattern) ?? new RegExp(pattern);
  if (buildable(re)) return size === undefined ? fc.stringMatching(re) : fc.stringMatching(re, { size });
  const loose = new RegExp(withoutLookarounds(pattern));
  if (!buildable(loose)) return fc.constant('');
  let misses = 0;
  return fc.stringMatching(loose).filter((s) => {
    if (re.test(s) || ++misses > 200) {
      misses = 0;
      return true;
    }
    return false;
  });
}

/** Whether fast-check can generate from a regular expression (it throws on the first value when not). */
function buildable(re: RegExp): boolean {
  try {
    fc.sample(fc.stringMatching(re), { numRuns: 1, seed: 0 });
    return true;
  } catch {
    return false;
  }
}

/** A pattern without its lookahead and lookbehind groups (escapes and character classes respected). */
export function withoutLookarounds(pattern: string): string {
  let out = '';
  let i = 0;
  let inClass = false;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += pattern.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      i += 1;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      i += 1;
      continue;
    }
    if (/^\(\?<?[=!]/.test(pattern.slice(i))) {
      // Skip to the parenthesis that closes this group.
      let depth = 0;
      let klass = false;
      for (; i < pattern.length; i++) {
        const d = pattern[i]!;
        if (d === '\\') i += 1;
        else if (klass) klass = d !== ']';
        else if (d === '[') klass = true;
        else if (d === '(') depth += 1;
        else if (d === ')' && --depth === 0) break;
      }
      i += 1;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

function objectArbitrary(schema: JsonSchema, options: ValueOptions): fc.Arbitrary<WireJson> {
  const depth = options.depth ?? 0;
  const hidden = options.direction === 'response' ? 'writeOnly' : 'readOnly';
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  // A read-only member is never sent in a request, a write-only one never returned; past a depth,
  // a recursive schema keeps only what it requires.
  const properties = Object.fromEntries(
    Object.entries((schema.properties as Record<string, JsonSchema>) ?? {}).filter(
      ([name, p]) =>
        typeof p === 'object' &&
        p !== null &&
        mergeAllOf(p)[hidden] !== true &&
        (depth < (options.realistic ? REALISTIC_SHALLOW_DEPTH : SHALLOW_DEPTH) || required.has(name)),
    ),
  );
  const inner: ValueOptions = { ...options, depth: depth + 1 };
  const record: Record<string, fc.Arbitrary<WireJson>> = {};
  for (const [name, propertySchema] of Object.entries(properties))
    record[name] = schemaArbitrary(propertySchema, options.realistic ? { ...inner, member: name } : inner);
  // A realistic answer carries every member it declares (past the shallow depth, those it requires).
  const requiredKeys = Object.keys(properties).filter((k) => options.realistic || required.has(k));
  // Members required but not described (a schema may require what `additionalProperties` allows).
  for (const name of required) {
    if (
      name in properties ||
      (typeof schema.properties === 'object' && schema.properties !== null && name in (schema.properties as object))
    )
      continue;
    const extra =
      typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null
        ? (schema.additionalProperties as JsonSchema)
        : { type: 'string' };
    record[name] = schemaArbitrary(extra, options.realistic ? { ...inner, member: name } : inner);
    requiredKeys.push(name);
  }
  // Realistic objects are plain ones (the kit's also try null prototypes on the server).
  const base = fc.record(
    record,
    options.realistic ? { requiredKeys, noNullPrototype: true } : { requiredKeys },
  ) as fc.Arbitrary<Record<string, WireJson>>;
  if (
    !options.extraProperties ||
    schema.additionalProperties === false ||
    schema.unevaluatedProperties === false ||
    schema.patternProperties !== undefined
  )
    return base;
  const extraKey = fc.constantFrom(...EXTRA_KEYS.filter((k) => !(k in properties)));
  // Extra members take the values `additionalProperties` allows, any small value where it says nothing.
  const additional =
    typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null
      ? (schema.additionalProperties as JsonSchema)
      : undefined;
  const extraValue = additional
    ? schemaArbitrary(additional, { ...options, depth: depth + 1, extraProperties: false })
    : fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
  const extras = fc.option(fc.dictionary(extraKey, extraValue, { maxKeys: 2 }), {
    freq: 5,
  });
  return fc.tuple(base, extras).map(([value, extra]) => (extra ? { ...value, ...extra } : value));
}

/**
 * The string padded with `a` to `minLength` code points (JSON Schema counts code points; a string cut
 * to a number of UTF-16 units may hold fewer).
 */
function atLeast(text: string, minLength: number): string {
  let out = text;
  while ([...out].length < minLength) out += 'a';
  return out;
}
