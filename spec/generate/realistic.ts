import fc from 'fast-check';
import type { JsonSchema } from '../model.js';
import { plausibleFor } from './plausible-value.js';
import { integerBounds } from './spread.js';

/**
 * The leaves of realistic values ({@link ValueOptions.realistic}): what a person reading a mock's
 * answer expects to see, where the kit's values aim to break a server. Each returns undefined where
 * it has nothing better than the kit's own arbitrary, which then applies. Values stay inside the
 * schema's own keywords (bounds, lengths, `multipleOf`).
 * @module
 */

/** Members whose integers are identifiers: positive, up to 9,999. */
const ID_LIKE = /^id$|[a-z]Id$|_id$|ID$/;

/**
 * A small seeded source in [0, 1) for the pickers of {@link plausibleFor}, reseeded from one drawn
 * integer per value. One shared source, not one closure per value: values are built one at a time,
 * and a closure per string was a tenth of a generated answer's time.
 */
let pickerState = 0;
const picker = (): number => {
  pickerState = (pickerState + 0x6d2b79f5) | 0;
  let t = pickerState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
function unitRandom(seed: number): () => number {
  pickerState = seed | 0;
  return picker;
}

/**
 * The values `arbitrary` finds (undefined: none this time, draw again); after many misses in a row,
 * `fallback`, so that a schema nothing fits never makes a search go on forever.
 */
export function retried<T>(arbitrary: fc.Arbitrary<T | undefined>, fallback: T): fc.Arbitrary<T> {
  let misses = 0;
  return arbitrary
    .filter((value) => {
      if (value !== undefined || ++misses > 200) {
        misses = 0;
        return true;
      }
      return false;
    })
    .map((value) => (value === undefined ? fallback : value));
}

/**
 * Values of `primary` where they fit, else of the arbitrary `otherwise` builds (on first need: a
 * fallback such as a format's kit arbitrary can take a long time to build, and most answers never
 * draw from it). Realistic values are sampled, never shrunk.
 */
export class FirstFitting<T> extends fc.Arbitrary<T> {
  private fallback: fc.Arbitrary<T> | undefined;
  constructor(
    private readonly primary: fc.Arbitrary<T>,
    private readonly fits: (value: T) => boolean,
    private readonly otherwise: () => fc.Arbitrary<T>,
  ) {
    super();
  }
  generate(random: fc.Random, bias: number | undefined): fc.Value<T> {
    const first = this.primary.generate(random, bias);
    if (this.fits(first.value)) return first;
    this.fallback ??= this.otherwise();
    return this.fallback.generate(random, bias);
  }
  canShrinkWithoutContext(_value: unknown): _value is T {
    return false;
  }
  shrink(): fc.Stream<fc.Value<T>> {
    return fc.Stream.nil();
  }
}

const SEEDS = fc.integer({ min: 0, max: 0x7fffffff });

/** Code points, as JSON Schema counts a string's length. */
const lengthOf = (text: string) => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

function lengths(schema: JsonSchema): { min: number; max: number } {
  return {
    min: typeof schema.minLength === 'number' ? schema.minLength : 0,
    max: typeof schema.maxLength === 'number' ? schema.maxLength : Infinity,
  };
}

/** Common words for text whose member name says nothing (`code`, `reference`, `value`). */
const WORDS = [
  'alpha',
  'amber',
  'bright',
  'cedar',
  'delta',
  'ember',
  'forest',
  'harbor',
  'island',
  'juniper',
  'lumen',
  'maple',
  'north',
  'orbit',
  'pixel',
  'quartz',
  'river',
  'silver',
  'summit',
  'timber',
  'violet',
  'willow',
];

/** One to three common words. */
function words(random: () => number): string {
  let text = WORDS[Math.floor(random() * WORDS.length)]!;
  const more = Math.floor(random() * 3);
  for (let i = 0; i < more; i++) text += ` ${WORDS[Math.floor(random() * WORDS.length)]}`;
  return text;
}

/**
 * Text held to `minLength`/`maxLength` (code points): words are added while it is too short, and
 * it is cut where it is too long.
 */
function fitted(text: string, min: number, max: number, random: () => number): string {
  if (min === 0 && max === Infinity) return text;
  let out = text;
  while (lengthOf(out) < min) out += ` ${WORDS[Math.floor(random() * WORDS.length)]}`;
  if (lengthOf(out) > max) out = Array.from(out).slice(0, max).join('').trimEnd();
  // Trimming may fall under the minimum again (a space at the cut): pad with letters.
  while (lengthOf(out) < min) out += 'a';
  return out;
}

/**
 * Text for a string member with no format or pattern: a plausible value for its name (`name` → a
 * first name, `email` → an address), else one to three common words, within the schema's lengths.
 */
export function realisticText(schema: JsonSchema, member: string | undefined): fc.Arbitrary<string> {
  const { min, max } = lengths(schema);
  const named = member === undefined ? undefined : plausibleFor(member);
  return SEEDS.map((seed) => {
    const random = unitRandom(seed);
    return fitted(named ? named(random) : words(random), min, max, random);
  });
}

/**
 * A value named like the member that the schema's pattern and lengths also take (a `name` with
 * `pattern: '^[A-Za-z]+$'`), or undefined when the name says nothing; `otherwise` where it does not fit.
 */
export function realisticMatching(
  schema: JsonSchema,
  member: string | undefined,
  otherwise: () => fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  const named = member === undefined ? undefined : plausibleFor(member);
  if (!named || typeof schema.pattern !== 'string') return otherwise();
  let pattern: RegExp;
  try {
    pattern = new RegExp(schema.pattern, 'u');
  } catch {
    return otherwise();
  }
  const { min, max } = lengths(schema);
  return new FirstFitting(
    SEEDS.map((seed) => named(unitRandom(seed))),
    (text) => {
      const length = lengthOf(text);
      return length >= min && length <= max && pattern.test(text);
    },
    otherwise,
  );
}

const email = plausibleFor('email')!;

// A fixed anchor, not the clock: the same seed gives the same dates on any day.
const ANCHOR = Date.UTC(2025, 0, 1);
const YEAR_MS = 365 * 24 * 3600 * 1000;
/** Instants in the year before {@link ANCHOR}, to the second. */
const RECENT = fc.integer({ min: 1, max: YEAR_MS / 1000 }).map((s) => new Date(ANCHOR - s * 1000).toISOString());

/**
 * Strings of a format as a person expects them: dates in the past year, an address at example.com
 * named like a person, links and host names under example.com. Undefined for other formats (uuid,
 * ipv4, time ...), whose kit values already read well.
 */
export function realisticFormat(format: string, member: string | undefined): fc.Arbitrary<string> | undefined {
  const named = member === undefined ? undefined : plausibleFor(member);
  switch (format) {
    case 'date-time':
      return RECENT.map((iso) => `${iso.slice(0, 19)}Z`);
    case 'date':
      return RECENT.map((iso) => iso.slice(0, 10));
    case 'email':
    case 'idn-email':
      return SEEDS.map((seed) => email(unitRandom(seed)));
    case 'uri':
    case 'url':
    case 'iri':
    case 'uri-reference':
    case 'iri-reference':
      return SEEDS.map((seed) => {
        const random = unitRandom(seed);
        const name = named ? named(random) : WORDS[Math.floor(random() * WORDS.length)]!;
        // A member named like a link (`website`) already has one.
        if (name.startsWith('https://')) return name;
        return `https://example.com/${encodeURIComponent(name.toLowerCase().replace(/\s+/g, '-'))}`;
      });
    case 'hostname':
    case 'idn-hostname':
      return fc.constantFrom(...WORDS).map((word) => `${word}.example.com`);
    default:
      return undefined;
  }
}

/**
 * Integers a person expects: 1 to 1,000 (identifiers up to 9,999; a coordinate within its range), moved into the schema's bounds
 * and onto its `multipleOf`; undefined when no such value lies in the bounds. Plain numbers, as
 * `JSON.stringify` writes them (bounds past 2^53 give the nearest double).
 */
export function realisticInteger(schema: JsonSchema, member: string | undefined): fc.Arbitrary<number> | undefined {
  const declared = integerBounds(schema);
  // A coordinate's range where it meets the schema's bounds (held-out set 146 types its latitudes as integers).
  const { lower: lo, upper: hi } = withinCoordinate(member, declared.lo, declared.hi, BigInt);
  if (hi < lo) return undefined;
  const span = member !== undefined && ID_LIKE.test(member) ? 9_999n : 1_000n;
  const from = lo > 1n ? lo : hi < 1n ? (hi - span + 1n > lo ? hi - span + 1n : lo) : 1n;
  const to = from + span - 1n < hi ? from + span - 1n : hi;
  const step = typeof schema.multipleOf === 'number' && Number.isInteger(schema.multipleOf) ? schema.multipleOf : 1;
  if (step <= 0) return undefined;
  const big = BigInt(step);
  const first = ceilDiv(from, big);
  const last = floorDiv(to, big);
  if (last < first) return undefined;
  // fast-check's integers are 32-bit; wider ranges draw BigInts.
  const int32 = (n: bigint) => n >= -(2n ** 31n) && n < 2n ** 31n;
  if (int32(first) && int32(last) && int32(first * big) && int32(last * big))
    return fc.integer({ min: Number(first), max: Number(last) }).map((k) => k * step);
  return fc.bigInt({ min: first, max: last }).map((k) => Number(k * big));
}

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
const ceilDiv = (a: bigint, b: bigint) => -floorDiv(-a, b);

/** Members named like a latitude (`lat`, `start_lat`, `endLatitude`) or a longitude (`lng`, `pickup_lon`). */
const LATITUDE = [/(?:^|[_\-.])lat(?:itude)?$/i, /[a-z0-9]Lat(?:itude)?$/, /latitude$/i];
const LONGITUDE = [/(?:^|[_\-.])(?:lng|lon|long)$/i, /[a-z0-9](?:Lng|Lon|Long)$/, /longitude$/i];

/**
 * The range a coordinate's name gives it: a latitude lies in [-90, 90], a longitude in [-180, 180]
 * (servers check so though their documents rarely say: held-out set 146 refused a latitude of 791).
 */
function coordinateRange(member: string | undefined): { lower: number; upper: number } | undefined {
  if (member === undefined) return undefined;
  if (LATITUDE.some((name) => name.test(member))) return { lower: -90, upper: 90 };
  if (LONGITUDE.some((name) => name.test(member))) return { lower: -180, upper: 180 };
  return undefined;
}

/**
 * The schema's bounds narrowed to the member's coordinate range where the two meet; the schema's
 * alone where they do not, or the member names no coordinate. For number and integer (BigInt) bounds.
 */
function withinCoordinate<T extends number | bigint>(
  member: string | undefined,
  lower: T,
  upper: T,
  of: (n: number) => T,
): { lower: T; upper: T } {
  const coordinate = coordinateRange(member);
  if (!coordinate) return { lower, upper };
  const from = lower > of(coordinate.lower) ? lower : of(coordinate.lower);
  const to = upper < of(coordinate.upper) ? upper : of(coordinate.upper);
  return from <= to ? { lower: from, upper: to } : { lower, upper };
}

/**
 * Numbers a person expects: two decimals between 0 and 1,000 (a coordinate's own range where the
 * member is named like one), moved into the schema's bounds (and onto its `multipleOf`); undefined
 * when the bounds leave no room.
 */
export function realisticNumber(schema: JsonSchema, member?: string): fc.Arbitrary<number> | undefined {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const { lower, upper } = withinCoordinate(
    member,
    Math.max(min ?? -Infinity, exclusiveMin ?? -Infinity),
    Math.min(max ?? Infinity, exclusiveMax ?? Infinity),
    Number,
  );
  if (!(lower <= upper)) return undefined;
  const from = Number.isFinite(lower) ? lower : Number.isFinite(upper) ? Math.min(0, upper - 1_000) : 0;
  const to = Number.isFinite(upper) ? Math.min(upper, from + 1_000) : from + 1_000;
  const inside = (n: number) =>
    n >= lower &&
    n <= upper &&
    (exclusiveMin === undefined || n > exclusiveMin) &&
    (exclusiveMax === undefined || n < exclusiveMax);
  if (typeof schema.multipleOf === 'number') {
    const step = schema.multipleOf;
    if (!(step > 0)) return undefined;
    const first = Math.ceil(from / step);
    const last = Math.floor(to / step);
    if (last < first || !Number.isSafeInteger(first) || !Number.isSafeInteger(last)) return undefined;
    // A validator divides (12.34 / 0.01 = 1234.0000000000002 is no integer): the nearest multiple
    // from k on that divides exactly, as ajv checks it.
    const divides = (n: number) => Number.isInteger(n / step);
    // Drawn as an offset from the first multiple: fast-check's integers are 32-bit.
    const nearest = fc.integer({ min: 0, max: Math.min(last - first, 100_000) }).map((offset) => {
      const k = first + offset;
      for (let j = k; j <= Math.min(last, k + 50); j++) {
        const n = Number((j * step).toPrecision(12));
        if (inside(n) && divides(n)) return n;
      }
      return undefined;
    });
    // Never search forever: after many misses in a row, a multiple that may break a bound goes.
    return retried(nearest, first * step);
  }
  return fc.integer({ min: 0, max: 1_000_000 }).map((i) => {
    const exact = from + ((to - from) * i) / 1_000_000;
    const rounded = Math.round(exact * 100) / 100;
    if (inside(rounded)) return rounded;
    return inside(exact) ? exact : (from + to) / 2;
  });
}

/**
 * How many items a realistic list holds: one to three (a schema's `minItems` and `maxItems` win),
 * or exactly `minItems` past the shallow depth.
 */
export function realisticItems(schema: JsonSchema, shallow: boolean): { minLength: number; maxLength: number } {
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  if (shallow) return { minLength: min, maxLength: min };
  const from = Math.max(min, Math.min(1, max));
  return { minLength: from, maxLength: Math.max(from, Math.min(max, 3)) };
}
