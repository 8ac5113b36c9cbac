import { rangePairs } from './range-pairs.js';
import { isObject } from '../../spec/json/index.js';
import { withKnownReferences } from './known-references.js';
import fc from 'fast-check';
import { isLosslessNumber } from 'lossless-json';
import type { Case, WireJson } from '../cases/index.js';
import {
  schemaNameOf,
  type CompiledSchema,
  type JsonSchema,
  type OperationModel,
  integerBounds,
  integerSpread,
  lengthLadder,
  wireInteger,
  landmarksOf,
  mergeAllOf,
  parsedTextFor,
  schemaArbitrary,
  seededRandom,
  sentencesOf,
} from '../../spec/index.js';
import { parameterText, toPlainJson, wireJsonText } from './wire.js';
import { integerFaults } from './exact-integers.js';
import { isFreeText } from './free-text.js';
import { applyMutation, isStillInvalid } from './invalid-case.js';
import { mutationsOf } from './mutations.js';
import { validityFaults } from './request-validity.js';
import {
  ExistingValue,
  isCredential,
  parameterArbitrary,
  unsendableSegment,
  satisfiable,
  sendsJson,
  toValidCase,
  type KnownValues,
  type RequestParts,
} from './valid-case.js';

/** Cases a coverage phase may hold at most per operation, so that it stays a prefix, not the run. */
const MAX_COVERAGE = 120;

type Obj = Record<string, WireJson>;

/** Length steps a coverage phase holds at most per operation (about two members' ladders). */
const MAX_LENGTH_STEPS = 48;
/** Longest free text the length steps reach when the schema sets no `maxLength`. */
const LENGTH_STEPS_CAP = 2_000;

/**
 * Plain ASCII strings of a free-text member at every length of a geometric ladder (ratio 1.25) from
 * its `minLength` to its `maxLength`: a defect in a band of lengths (a column of 40 to 60 characters)
 * is met by construction, and the letters alone cannot be the cause.
 */
function lengthSteps(input: JsonSchema): string[] {
  if (!isFreeText(input)) return [];
  const schema = mergeAllOf(input);
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : LENGTH_STEPS_CAP, LENGTH_STEPS_CAP);
  if (max < min) return [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const steps = lengthLadder(Math.max(min, 1), max, 1.25).map((n) => letters.repeat(Math.ceil(n / 26)).slice(0, n));
  // JSON Schema counts lengths in characters (code points): at a declared maxLength, characters
  // outside the BMP (two UTF-16 units, four UTF-8 bytes each) are as valid as letters, and a server
  // that counts units or bytes refuses them.
  if (typeof schema.maxLength === 'number' && schema.maxLength === max && max >= 1) steps.unshift(ASTRAL.repeat(max));
  return steps;
}

/** Realistic bodies drawn for an ordinary request before the kit's constructive value is used instead. */
const REALISTIC_TRIES = 8;

/** A character outside the Basic Multilingual Plane (U+1F422, a turtle). */
const ASTRAL = '\u{1F422}';

/**
 * An ordinary request: existing or example path values, the spec's first example body, and every
 * required parameter. Examples are used only where the spec's own validator takes them (published
 * specs carry stale ones); otherwise a value is drawn from the schema with the run's seed. A drawn
 * body is a realistic one (text chosen by member name, small numbers): the base every sweep varies
 * and every narrowing returns to must carry no edge of its own, such as an empty string a server
 * refuses (held-out set 132: each edge refused for the ordinary body's `author: ""`).
 */
export function ordinaryParts(operation: OperationModel, known: KnownValues, seed: number): RequestParts {
  const valid = (schema: CompiledSchema, value: unknown) =>
    value !== undefined &&
    schema.validate(toPlainJson(value as WireJson)).ok &&
    integerFaults(value as WireJson, schema.schema).length === 0;
  // A contradictory schema has no valid value: it gets a generated one instead of an endless filter.
  const draw = (schema: CompiledSchema, ascii = false): WireJson =>
    fc.sample(
      schemaArbitrary(schema.schema, { ascii, nameOf: schemaNameOf }).filter(
        (v) => !satisfiable(schema) || valid(schema, v),
      ),
      { seed, numRuns: 1 },
    )[0]!;
  // Realistic values are not built inside every keyword (a realistic text may miss a pattern): a few
  // are drawn and the first the spec's validator takes is used, else the kit's constructive value.
  // Never a filter on them: one that no draw passes would search forever.
  const drawRealistic = (schema: CompiledSchema): WireJson =>
    fc
      .sample(schemaArbitrary(schema.schema, { nameOf: schemaNameOf, realistic: true }), {
        seed,
        numRuns: REALISTIC_TRIES,
      })
      .find((v) => satisfiable(schema) && valid(schema, v)) ?? draw(schema);
  const pathParams: RequestParts['pathParams'] = {};
  const query: [string, WireJson][] = [];
  const headerParams: [string, WireJson][] = [];
  const cookieParams: [string, WireJson][] = [];
  for (const p of operation.parameters.filter((q) => !isCredential(operation, q))) {
    // An empty example is no value on the wire (an empty list, an empty header).
    const example = p.examples.find((e) => valid(p.schema, e) && e !== '' && !(Array.isArray(e) && e.length === 0)) as
      | WireJson
      | undefined;
    if (p.in === 'path') {
      const pool = known[p.name] ?? [];
      const drawn = valid(p.schema, 1) ? 1 : draw(p.schema);
      const fallback =
        unsendableSegment(parameterText(drawn)) && satisfiable(p.schema)
          ? fc.sample(parameterArbitrary(p), { seed, numRuns: 1 })[0]!
          : drawn;
      pathParams[p.name] = pool.length > 0 ? new ExistingValue(pool[0]!) : (example ?? fallback);
    } else if (p.required) {
      const value =
        example ??
        (satisfiable(p.schema)
          ? fc.sample(parameterArbitrary(p), { seed, numRuns: 1 })[0]!
          : draw(p.schema, p.in !== 'query'));
      (p.in === 'query' ? query : p.in === 'header' ? headerParams : cookieParams).push([p.name, value]);
    }
  }
  const schema = operation.requestBody?.schema;
  const example = Object.values(operation.requestBody?.examples ?? {}).find((e) => schema && valid(schema, e)) as
    | WireJson
    | undefined;
  const body = schema
    ? (example ??
      withStatedTimes(
        withOrderedRanges(withParsedText(drawRealistic(schema), schema, seed), schema, seed),
        schema,
        operation,
        seed,
      ))
    : undefined;
  // A member naming another resource names one the target handed out, where the run knows one.
  return withKnownReferences(
    operation,
    {
      pathParams,
      query,
      ...(headerParams.length > 0 ? { headerParams } : {}),
      ...(cookieParams.length > 0 ? { cookieParams } : {}),
      ...(body !== undefined ? { body } : {}),
    },
    known,
  );
}

/**
 * An ordinary body whose bare-string members named for a syntax servers parse (`email`, `phone`,
 * `url` ...) hold text of that syntax: a server that checks an address refuses random text with a
 * 400 or 422, so every request built on the ordinary body (sweeps, creations that later steps read,
 * update and delete) would stop at that refusal. Valid either way by the schema: each member is
 * kept only where the body still validates. The properties still send any text the schema allows.
 */
function withParsedText(body: WireJson, schema: CompiledSchema, seed: number): WireJson {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const members = (mergeAllOf(schema.schema).properties ?? {}) as Record<string, JsonSchema>;
  const random = seededRandom(`ordinary-${seed}`);
  let out = body as Record<string, WireJson>;
  for (const [name, value] of Object.entries(out)) {
    const picker = parsedTextFor(name);
    if (!picker || typeof value !== 'string' || !isBareString(members[name])) continue;
    // Member by member: one the schema bounds otherwise (a URL over a maxLength) keeps its drawn text.
    const tried = { ...out, [name]: picker(random) };
    if (schema.validate(toPlainJson(tried)).ok) out = tried;
  }
  return out;
}

/**
 * An ordinary body whose members that open and close one range (`startsAt` and `endsAt`, `checkIn`
 * and `checkOut`, `minPrice` and `maxPrice`) hold an ordinary range: a window of an hour and a half
 * (not a whole number of hours, where rounding and pro-rating look alike; two days for dates) some
 * years ahead, and numbers in order. Two instants drawn apart are almost
 * never in order and close, and the server's rule that a window ends after it starts (which no
 * schema can state) refused nearly every creation (the parking zoo: 2 of 433 reservations made), so
 * nothing built on the item ran. Each pair is kept only where the body still validates; the
 * properties still send any values the schema allows.
 */
function withOrderedRanges(body: WireJson, schema: CompiledSchema, seed: number): WireJson {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const members = (mergeAllOf(schema.schema).properties ?? {}) as Record<string, JsonSchema>;
  let out = body as Record<string, WireJson>;
  for (const [low, high] of rangePairs(Object.keys(out))) {
    const format = (n: string) => (isObject(members[n]) ? mergeAllOf(members[n]!).format : undefined);
    const a = out[low];
    const b = out[high];
    let ordered: [WireJson, WireJson] | undefined;
    // Some years ahead, on a day and hour the seed picks: rules that times lie ahead hold too.
    const n = Math.abs(seed);
    const start = Date.UTC(2031, n % 12, 1 + (n % 28), 8 + (n % 8));
    if (format(low) === 'date-time' && format(high) === 'date-time')
      ordered = [new Date(start).toISOString(), new Date(start + 90 * 60_000).toISOString()];
    else if (format(low) === 'date' && format(high) === 'date')
      ordered = [
        new Date(start).toISOString().slice(0, 10),
        new Date(start + 2 * 86_400_000).toISOString().slice(0, 10),
      ];
    else if (a !== undefined && b !== undefined && (magnitude(a) ?? Number.NaN) > (magnitude(b) ?? Number.NaN))
      ordered = [b, a];
    if (!ordered) continue;
    const tried = { ...out, [low]: ordered[0], [high]: ordered[1] };
    if (schema.validate(toPlainJson(tried)).ok) out = tried;
  }
  return out;
}

// Words that put a date in the past, or in the future, relative to the day a request is made.
const PAST_WORDS =
  /\b(?:not (?:be )?(?:later than|after) (?:the current date|today|now|the current time)|not (?:be )?in the future|(?:lies|be|is) in the past|no later than (?:today|now|the current date)|on or before (?:today|the current date))\b/i;
const FUTURE_WORDS =
  /\b(?:(?:lies|be|is) in the future|later than (?:the current date|today|now)|after (?:today|now|the current date))\b/i;

/**
 * An ordinary body whose date and date-time members the spec's words put in the past or the
 * future ("`incurredOn` must not be later than the current date", in the member's or the
 * operation's description, the sentence naming the member) hold such a value: a date drawn at
 * random lies ahead about half the time, and the server refuses it (the expenses zoo's line items,
 * answered 422 so that nothing built on them ran). Kept only where the body still validates.
 */
function withStatedTimes(body: WireJson, schema: CompiledSchema, operation: OperationModel, seed: number): WireJson {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const members = (mergeAllOf(schema.schema).properties ?? {}) as Record<string, JsonSchema>;
  const opWords = sentencesOf(`${operation.summary ?? ''}. ${operation.description ?? ''}`);
  let out = body as Record<string, WireJson>;
  const n = Math.abs(seed);
  for (const name of Object.keys(out)) {
    const member = isObject(members[name]) ? mergeAllOf(members[name]!) : undefined;
    const format = member?.format;
    if (format !== 'date' && format !== 'date-time') continue;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const named = new RegExp(`[\`'"]${escaped}[\`'"]|\\b${escaped}\\b`);
    const words = [
      ...sentencesOf(typeof member?.description === 'string' ? member.description : ''),
      ...opWords.filter((sentence) => named.test(sentence)),
    ];
    const past = words.some((w) => PAST_WORDS.test(w));
    const future = !past && words.some((w) => FUTURE_WORDS.test(w));
    if (!past && !future) continue;
    const at = past ? Date.UTC(2021, n % 12, 1 + (n % 28), 8 + (n % 8)) : Date.UTC(2031, n % 12, 1 + (n % 28), 8);
    const value = format === 'date' ? new Date(at).toISOString().slice(0, 10) : new Date(at).toISOString();
    const tried = { ...out, [name]: value };
    if (schema.validate(toPlainJson(tried)).ok) out = tried;
  }
  return out;
}

/** A JSON number's value for ordering (lossless ones too, their precision aside). */
function magnitude(value: WireJson | undefined): number | undefined {
  if (typeof value === 'number') return value;
  return isLosslessNumber(value) ? Number(String(value)) : undefined;
}

/** A string schema (nullable or not) that says nothing of its syntax: free text ({@link isFreeText}). */
function isBareString(schema: JsonSchema | undefined): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = mergeAllOf(schema);
  const types = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null') : [s.type];
  return types.length === 1 && isFreeText({ ...s, type: types[0] });
}

/**
 * The two ends of an operation's object body: the fullest (the ordinary body with every optional
 * top-level member a request may carry, each drawn with the seed) and the leanest (the required
 * members and, where none is required, the first member alone). Stateful properties try them
 * first: a write that drops what it was not sent (a PATCH that replaces, a PUT that forgets a
 * member) shows only when a full item meets a lean change, which random bodies meet by chance, so
 * some seeds found it and others did not. Either end is left out when the schema refuses it.
 */
export function bodyExtremes(
  operation: OperationModel,
  seed: number,
): { readonly fullest?: RequestParts; readonly leanest?: RequestParts } {
  const compiled = operation.requestBody?.schema;
  const base = ordinaryParts(operation, {}, seed);
  if (!compiled || base.body === null || typeof base.body !== 'object' || Array.isArray(base.body)) return {};
  const schema = mergeAllOf(compiled.schema);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const writable = Object.keys(properties).filter(
    (name) => (properties[name] as { readOnly?: unknown }).readOnly !== true,
  );
  const ordinary = base.body as Obj;
  const full: Obj = { ...ordinary };
  for (const name of writable) {
    if (name in full) continue;
    full[name] = fc.sample(schemaArbitrary(properties[name]!, { nameOf: schemaNameOf }), { seed, numRuns: 1 })[0]!;
  }
  Object.assign(full, withStatedTimes(withOrderedRanges(full, compiled, seed), compiled, operation, seed) as Obj);
  const keep = required.size > 0 ? [...required] : writable.filter((name) => name in full).slice(0, 1);
  const lean = Object.fromEntries(Object.entries(full).filter(([name]) => keep.includes(name))) as Obj;
  const valid = (body: Obj) =>
    compiled.validate(toPlainJson(body)).ok && integerFaults(body, compiled.schema).length === 0;
  return {
    ...(valid(full) ? { fullest: { ...base, body: full } } : {}),
    ...(Object.keys(lean).length > 0 && valid(lean) ? { leanest: { ...base, body: lean } } : {}),
  };
}

/**
 * The coverage phase of valid input: every landmark of every parameter and body field once, the
 * enum × integer combinations of query parameters, and each optional field left out. Deterministic.
 */
export function coverageValidCases(operation: OperationModel, known: KnownValues = {}, seed = 0): Case[] {
  const base = ordinaryParts(operation, known, seed);
  const variants: RequestParts[] = [];
  // Length steps come after everything else and have a budget of their own: they never crowd out the
  // landmarks and framings, whatever the number of free-text members.
  const lengths: RequestParts[] = [];
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const queryLandmarks = queryParams.map(
    (p) => [p.name, landmarksOf(p.schema.schema).filter((v) => p.schema.validate(toPlainJson(v)).ok)] as const,
  );
  // Required query parameters of the ordinary request stay; the varied ones take their landmark.
  const withQuery = (pairs: [string, WireJson][]) => [
    ...base.query.filter(([k]) => !pairs.some(([n]) => n === k)),
    ...pairs,
  ];
  for (const [name, values] of queryLandmarks)
    for (const v of values) variants.push({ ...base, query: withQuery([[name, v]]) });
  // Pairs of query parameters: defects often need two values at once (status=sold&limit=1).
  for (let i = 0; i < queryLandmarks.length; i++) {
    for (let j = i + 1; j < queryLandmarks.length; j++) {
      const [a, av] = queryLandmarks[i]!;
      const [b, bv] = queryLandmarks[j]!;
      if (av.length * bv.length > 60) continue;
      for (const x of av)
        for (const y of bv)
          variants.push({
            ...base,
            query: withQuery([
              [a, x],
              [b, y],
            ]),
          });
    }
  }
  // Integer parameters across their whole range (a grid, or every order of magnitude), each value
  // with the values of the enum parameters in turn (none, then each): a defect in a band of the range,
  // alone or with a filter, is met by construction.
  const enums = queryParams.filter((p) => Array.isArray(p.schema.schema.enum));
  for (const p of queryParams.filter((q) => mergeAllOf(q.schema.schema).type === 'integer')) {
    const { lo, hi } = integerBounds(mergeAllOf(p.schema.schema));
    const landmarks = new Set(landmarksOf(p.schema.schema).map(String));
    const spread = integerSpread(lo, hi).filter((v) => !landmarks.has(String(v)));
    for (const [i, v] of spread.entries()) {
      const partners = enums.flatMap((e): [string, WireJson][] => {
        const values = e.schema.schema.enum as WireJson[];
        const pick = (i + enums.indexOf(e)) % (values.length + 1);
        return pick === 0 ? [] : [[e.name, values[pick - 1]!]];
      });
      variants.push({ ...base, query: withQuery([[p.name, wireInteger(v)], ...partners]) });
    }
  }
  for (const p of operation.parameters.filter((q) => q.in === 'path')) {
    // An empty segment would name another route: path landmarks are never empty.
    for (const v of landmarksOf(p.schema.schema).filter((v) => v !== '' && p.schema.validate(toPlainJson(v)).ok))
      variants.push({ ...base, pathParams: { ...base.pathParams, [p.name]: v } });
  }
  const json = jsonObjectBody(operation, base);
  if (json) {
    const { body, properties } = json;
    const required = new Set((json.schema.required as string[]) ?? []);
    for (const [name, propertySchema] of Object.entries(properties)) {
      for (const v of landmarksOf(propertySchema)) variants.push({ ...base, body: { ...body, [name]: v } });
      for (const v of lengthSteps(propertySchema)) lengths.push({ ...base, body: { ...body, [name]: v } });
      if (!required.has(name)) {
        const { [name]: _, ...without } = body;
        variants.push({ ...base, body: without });
      }
    }
    variants.push({ ...base, body: { ...body, nickname: 'Fluffy' } });
    variants.push({ ...base, body, contentType: 'application/json; charset=utf-8' });
    // Request framing once each: chunked, and Expect: 100-continue.
    variants.push({ ...base, body, chunked: true }, { ...base, body, expectContinue: true });
  }
  variants.push({ ...base, accept: '' }, { ...base, accept: '*/*' });
  // A landmark the rest of the schema refuses (a length past a pattern), or a member a closed schema
  // forbids (`additionalProperties: false`), makes no valid request: such variants are not sent as one.
  const cases = [...variants.slice(0, MAX_COVERAGE), ...lengths.slice(0, MAX_LENGTH_STEPS)]
    .map((parts) => toValidCase(operation, parts))
    .filter((c) => validityFaults(c, operation).length === 0);
  return [
    ...cases,
    ...fileNames(operation, base),
    ...integerSpellings(operation, base),
    ...stringSpellings(operation, base),
  ].slice(0, MAX_COVERAGE + MAX_LENGTH_STEPS + 8);
}

/** The ordinary request's body, its merged schema and that schema's members, when it is a JSON object. */
function jsonObjectBody(
  operation: OperationModel,
  base: RequestParts,
): { body: Obj; schema: JsonSchema; properties: Record<string, Record<string, unknown>> } | undefined {
  if (!operation.requestBody || !sendsJson(operation)) return undefined;
  if (base.body === null || typeof base.body !== 'object' || Array.isArray(base.body)) return undefined;
  const schema = mergeAllOf(operation.requestBody.schema.schema);
  return {
    body: base.body as Obj,
    schema,
    properties: (schema.properties as Record<string, Record<string, unknown>>) ?? {},
  };
}

/**
 * Other legal spellings of JSON text (RFC 8259 §7, §4): every character of the free-text fields
 * written as an upper-case `\uXXXX` escape, an astral one as an escaped surrogate pair; and a
 * member repeated with a value of the wrong type, which parsers resolve differently (RFC 8259 §4:
 * names SHOULD be unique), so a refusal is a gap (`duplicate-members`), but an answer must still
 * match its schema.
 */
function stringSpellings(operation: OperationModel, base: RequestParts): Case[] {
  const json = jsonObjectBody(operation, base);
  if (!json) return [];
  const { properties } = json;
  const freeText = Object.keys(properties).filter((name) => isFreeText(properties[name]));
  if (freeText.length === 0) return [];
  const valid = toValidCase(operation, base);
  const surrogate = (text: string) =>
    text
      .split('')
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
      .join('');
  const { body } = json;
  // The sample text where the member's lengths take it (7 characters), else the member's own valid
  // value, so the escaped body stays as valid as the one it spells.
  const SAMPLE = '🐢 Émile';
  const spelled = (k: string, v: unknown): string => {
    const s = mergeAllOf(properties[k] as JsonSchema);
    const length = [...SAMPLE].length;
    const fits =
      (typeof s.maxLength !== 'number' || length <= s.maxLength) &&
      (typeof s.minLength !== 'number' || length >= s.minLength);
    return fits || typeof v !== 'string' ? SAMPLE : v;
  };
  const escaped = `{${Object.entries(body)
    .map(([k, v]) => `${JSON.stringify(k)}:${freeText.includes(k) ? `"${surrogate(spelled(k, v))}"` : wireJsonText(v)}`)
    .join(',')}}`;
  const first = freeText[0]!;
  const duplicated = `${wireJsonText(body).slice(0, -1)},${JSON.stringify(first)}:7}`;
  return [
    { ...valid, body: { kind: 'raw', text: escaped, contentType: 'application/json' } },
    {
      ...valid,
      body: { kind: 'raw', text: duplicated, contentType: 'application/json' },
      edge: {
        gap: 'duplicate-members',
        description: `the member "${first}" appears twice, the second time as a number`,
      },
    },
  ];
}

/**
 * JSON Schema counts `1e2` and `100.0` as the integer 100, and JSON allows both spellings. A server
 * may refuse them (a contract gap, `integer-spelling`), but not fail on them: one raw body per
 * spelling, with every integer body field written that way.
 */
function integerSpellings(operation: OperationModel, base: RequestParts): Case[] {
  const json = jsonObjectBody(operation, base);
  if (!json) return [];
  const { properties } = json;
  const integers = Object.keys(properties).filter((name) => mergeAllOf(properties[name]!).type === 'integer');
  if (integers.length === 0) return [];
  const valid = toValidCase(operation, base);
  return [
    ['1e2', 'an exponent'],
    ['100.0', 'a fraction of zero'],
  ].map(([spelling, how]) => {
    const body = Object.fromEntries(
      Object.entries(base.body as Obj).map(([k, v]) => [k, integers.includes(k) ? '\u0000INTEGER\u0000' : v]),
    );
    const text = wireJsonText(body).replaceAll('"\\u0000INTEGER\\u0000"', spelling!);
    return {
      ...valid,
      body: { kind: 'raw', text, contentType: 'application/json' },
      edge: { gap: 'integer-spelling', description: `integers written with ${how} (${spelling})` },
    } satisfies Case;
  });
}

/** A file name beyond US-ASCII, as a browser sends it: UTF-8 bytes in the quoted `filename`. */
export const UNICODE_FILE_NAME = 'Grüße-日本.png';

/**
 * RFC 7578 §4.2: deployed clients send a file name "directly encoded including octets outside the
 * US-ASCII range" (browsers send UTF-8, WHATWG HTML). A server may refuse such a name (a contract gap,
 * `file-names`), but not fail on it: the ordinary request once more, its file parts named so.
 * Nothing where the body has no file part.
 */
function fileNames(operation: OperationModel, base: RequestParts): Case[] {
  if (!/^multipart\//i.test(operation.requestBody?.preferredMediaType ?? '') || base.body === undefined) return [];
  const plain = toValidCase(operation, base);
  const named = toValidCase(operation, { ...base, filename: UNICODE_FILE_NAME });
  const text = (c: Case) => (c.body?.kind === 'raw' ? c.body.text : undefined);
  if (!text(named)?.includes(`filename="${UNICODE_FILE_NAME}"`) || text(plain) === undefined) return [];
  return [
    {
      ...named,
      edge: {
        gap: 'file-names',
        description: `a file part named "${UNICODE_FILE_NAME}" in UTF-8, as browsers send it (RFC 7578 §4.2)`,
      },
    },
  ];
}

/** The coverage phase of invalid input: every labelled mutation once, on an ordinary request. */
export function coverageInvalidCases(operation: OperationModel, known: KnownValues = {}, seed = 0): Case[] {
  const valid = toValidCase(operation, ordinaryParts(operation, known, seed));
  return mutationsOf(operation)
    .map((m) => applyMutation(valid, m))
    .filter((c) => isStillInvalid(c, operation))
    .slice(0, MAX_COVERAGE);
}
