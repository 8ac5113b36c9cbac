import { isObject } from '../../spec/json/index.js';
import { stringify as stringifyLossless } from 'lossless-json';
import type { EdgeReason, WireJson } from '../cases/index.js';
import { type JsonSchema, mergeAllOf } from '../../spec/index.js';

/**
 * One legal JSON text (RFC 8259) of a value the schema allows.
 *
 * What a server may do with it, decided here once:
 * - Whitespace (RFC 8259 §2: space, tab, LF, CR around any structural token, before and after the
 *   value), string escapes (§7: `\/`, `\uXXXX` in either case, escaped surrogate pairs, escapes in
 *   member names) and a plain integer token (`-0`, §6) spell the very value a JSON parser hands to
 *   the application: no parser may tell them apart, so a refusal (or a 5xx) is a failure.
 * - An integer written with a fraction or an exponent (`1e2`, `1.00e2`, `100.0`) is the integer 100
 *   to JSON Schema 2020-12 (an integer is any number whose fractional part is zero), which OpenAPI 3.1
 *   uses. But typed decoders (Go's encoding/json, serde, Jackson without coercion) refuse every such
 *   token for an integer field before any schema runs, and the contract shows no parser: refusing the
 *   whole family is a contract gap (`integer-spelling`). Refusing some of the family and accepting
 *   others is not a parser choice (every decoder reads them as the same float token): a failure,
 *   judged across the family by the sweep ({@link integerFormFamily}). Any of them read as another
 *   number is a failure too (the echo checks compare values exactly).
 */
export interface JsonSpelling {
  readonly text: string;
  readonly description: string;
  /** Set for the integer-with-fraction-or-exponent family (see above). */
  readonly edge?: EdgeReason;
  /** The member spelled differently, when one is. */
  readonly member?: string;
  /**
   * The same value written plainly (no escape, no extra white space, the shortest number): when a
   * spelling is refused, the kit sends this too, and excuses the refusal only if it is refused as
   * well (the value was refused, a limit or rule the contract leaves open, not its spelling).
   */
  readonly plain: string;
}

/** The family name of integer spellings with a fraction or an exponent. */
export const INTEGER_FORM_GAP = 'integer-spelling';

/** `\uXXXX` for one UTF-16 unit, in the case asked for. */
function escapeUnit(unit: string, upper: boolean): string {
  const hex = unit.charCodeAt(0).toString(16).padStart(4, '0');
  return `\\u${upper ? hex.toUpperCase() : hex}`;
}

/**
 * Spellings of an integer `n` (as decimal text) with a fraction or an exponent, all meaning `n`:
 * `1e2`, `1E+2`, `100.0`, `1.00e2`, `10000e-2` for 100.
 */
export function integerForms(n: bigint): { text: string; how: string }[] {
  const sign = n < 0n ? '-' : '';
  const digits = (n < 0n ? -n : n).toString();
  const exponent = digits.length - 1;
  const head = digits[0]!;
  const tail = digits.slice(1);
  const trimmed = tail.replace(/0+$/, '');
  const scientific = `${head}${trimmed ? `.${trimmed}` : ''}`;
  return [
    { text: `${sign}${scientific}e${exponent}`, how: 'a lower-case exponent' },
    { text: `${sign}${scientific}E+${exponent}`, how: 'an upper-case exponent with a sign' },
    { text: `${sign}${digits}.0`, how: 'a zero fraction' },
    { text: `${sign}${head}.${tail}0e${exponent}`, how: 'a fraction and an exponent' },
    { text: `${sign}${digits}00e-2`, how: 'a negative exponent' },
  ];
}

/** Free-text members (strings without enum, format or pattern) and integer members of an object schema. */
function membersOf(schema: JsonSchema): { text: string[]; integers: Map<string, JsonSchema>; instants: string[] } {
  const merged = mergeAllOf(schema);
  const properties = (merged.properties as Record<string, JsonSchema> | undefined) ?? {};
  const text: string[] = [];
  const integers = new Map<string, JsonSchema>();
  const instants: string[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    const p = mergeAllOf(raw);
    if (p.readOnly === true) continue;
    if (
      p.type === 'string' &&
      p.enum === undefined &&
      p.const === undefined &&
      p.format === undefined &&
      p.pattern === undefined
    )
      text.push(name);
    if (p.type === 'integer' && p.enum === undefined && p.const === undefined && p.multipleOf === undefined)
      integers.set(name, p);
    if (p.type === 'string' && p.format === 'date-time' && p.pattern === undefined && p.enum === undefined)
      instants.push(name);
  }
  return { text, integers, instants };
}

/**
 * The instant an RFC 3339 date-time names, written in the UTC offset +05:30 (RFC 3339 §5.6: a
 * `time-offset` is `Z` or `±hh:mm`); undefined for a value that is not a date-time.
 */
export function inOtherOffset(value: string): string | undefined {
  const time = Date.parse(value);
  if (Number.isNaN(time) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i.test(value))
    return undefined;
  const shifted = new Date(time + (5 * 60 + 30) * 60_000).toISOString();
  const fraction = /\.\d+/.exec(value)?.[0] ?? '';
  return `${shifted.slice(0, 19)}${fraction ? shifted.slice(19, 23) : ''}+05:30`;
}

const inBounds = (schema: JsonSchema, n: bigint) =>
  (typeof schema.minimum !== 'number' || n >= BigInt(Math.ceil(schema.minimum))) &&
  (typeof schema.maximum !== 'number' || n <= BigInt(Math.floor(schema.maximum))) &&
  (typeof schema.exclusiveMinimum !== 'number' || n > BigInt(Math.floor(schema.exclusiveMinimum))) &&
  (typeof schema.exclusiveMaximum !== 'number' || n < BigInt(Math.ceil(schema.exclusiveMaximum)));

/** A string the schema's lengths allow, as close to `wanted` as they let it be. */
function fitted(wanted: string, schema: JsonSchema): string | undefined {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const text = wanted.length > max ? wanted.slice(0, max) : wanted.padEnd(min, 'a');
  return text.length >= min && text.length <= max ? text : undefined;
}

/**
 * Other legal spellings of a valid JSON object body: whitespace where RFC 8259 allows it, every
 * escape form, integers written with a fraction, an exponent or as `-0`. Each spelling changes one
 * thing, so a refusal names its cause. `body` is a valid value of `schema`; every spelling parses to
 * a value the schema allows (the free-text values chosen here fit its lengths).
 */
export function jsonSpellings(body: WireJson, schema: JsonSchema): JsonSpelling[] {
  if (!isObject(body)) return [];
  const { text, integers, instants } = membersOf(schema);
  const plain = stringifyLossless(body) ?? '{}';
  const out: JsonSpelling[] = [];
  const entries = Object.entries(body);
  // Members written one by one, with one member's text replaced.
  const render = (replace: Record<string, string>, sep = { colon: ':', comma: ',', open: '{', close: '}' }) =>
    `${sep.open}${entries.map(([k, v]) => `${JSON.stringify(k)}${sep.colon}${replace[k] ?? stringifyLossless(v)}`).join(sep.comma)}${sep.close}`;

  out.push({
    plain,
    text: ` \n\t${plain}\r\n `,
    description: 'white space (space, LF, tab) before the value and CR LF after it',
  });
  out.push({
    plain,
    text: render({}, { open: '{\r\n\t', close: '\r\n}', colon: '\t:\t', comma: ',\r\n\t' }),
    description: 'tabs and CR LF between tokens (a pretty-printed body from a Windows tool)',
  });
  out.push({
    plain,
    text: render({}, { open: '{ ', close: ' }', colon: ' : ', comma: ' , ' }),
    description: 'spaces around every colon and comma',
  });
  if (entries.length > 0) {
    // Each member name with its first letter escaped: "n\u0061me" is "name" (RFC 8259 §7).
    const escapedKeys = `{${entries.map(([k, v]) => `"${k.length > 0 ? escapeUnit(k[0]!, false) : ''}${JSON.stringify(k).slice(2)}:${stringifyLossless(v)}`).join(',')}}`;
    out.push({
      plain,
      text: escapedKeys,
      description: 'member names with an escaped first letter ("\\u006eame" for "name")',
    });
  }
  const properties = (mergeAllOf(schema).properties as Record<string, JsonSchema> | undefined) ?? {};
  for (const name of text.filter((k) => k in body)) {
    const p = mergeAllOf(properties[name]!);
    const slashed = fitted('AC/DC', p);
    if (slashed?.includes('/')) {
      out.push({
        member: name,
        plain: render({ [name]: JSON.stringify(slashed) }),
        text: render({ [name]: JSON.stringify(slashed).replaceAll('/', '\\/') }),
        description: `"${name}" with "/" written as the escape "\\/" ("AC\\/DC" is "AC/DC")`,
      });
    }
    const accented = fitted('Émile Zoë', p);
    if (accented) {
      const lower = [...accented].map((ch) => (ch.charCodeAt(0) > 0x7e ? escapeUnit(ch, false) : ch)).join('');
      out.push({
        member: name,
        plain: render({ [name]: JSON.stringify(accented) }),
        text: render({ [name]: `"${lower}"` }),
        description: `"${name}" with its non-ASCII letters as lower-case \\u escapes ("\\u00c9mile")`,
      });
    }
    const astral = fitted('🐢 Shelly', p);
    if (astral) {
      const escaped = astral
        .split('')
        .map((unit) => (unit.charCodeAt(0) > 0x7e ? escapeUnit(unit, false) : unit))
        .join('');
      out.push({
        member: name,
        plain: render({ [name]: JSON.stringify(astral) }),
        text: render({ [name]: `"${escaped}"` }),
        description: `"${name}" with an astral character as an escaped surrogate pair ("\\ud83d\\udc22")`,
      });
    }
    const letters = fitted('Rex', p);
    if (letters)
      out.push({
        member: name,
        plain: render({ [name]: JSON.stringify(letters) }),
        text: render({ [name]: `"${escapeUnit(letters[0]!, true)}${letters.slice(1)}"` }),
        description: `"${name}" with an escaped ASCII letter ("\\u0052ex" for "Rex")`,
      });
  }
  for (const name of instants) {
    // An optional date-time the body left out is added: a leap day at noon, UTC.
    const value = name in body ? body[name] : '2024-02-29T12:00:00Z';
    const other = typeof value === 'string' ? inOtherOffset(value) : undefined;
    if (other === undefined || other === value) continue;
    const members: [string, unknown][] = name in body ? entries : [...entries, [name, value]];
    const write = (instant: string) =>
      `{${members.map(([k, v]) => `${JSON.stringify(k)}:${k === name ? JSON.stringify(instant) : stringifyLossless(v)}`).join(',')}}`;
    out.push({
      member: name,
      plain: write(value as string),
      text: write(other),
      description: `"${name}" written in another UTC offset ("${other}", the same instant as "${value}"; RFC 3339 §5.6)`,
    });
  }
  for (const [name, p] of integers) {
    if (!(name in body)) continue;
    if (inBounds(p, 0n))
      out.push({
        member: name,
        plain: render({ [name]: '0' }),
        text: render({ [name]: '-0' }),
        description: `"${name}" written -0 (the integer 0, RFC 8259 §6)`,
      });
    // 100 where the schema allows it (the spellings read best), else the value the body has.
    const current = body[name];
    const n = inBounds(p, 100n)
      ? 100n
      : typeof current === 'number' && Number.isSafeInteger(current)
        ? BigInt(current)
        : undefined;
    if (n === undefined || n === 0n) continue;
    for (const form of integerForms(n)) {
      out.push({
        member: name,
        plain: render({ [name]: n.toString() }),
        text: render({ [name]: form.text }),
        description: `"${name}" written ${form.text} (${n}, with ${form.how})`,
        edge: {
          gap: INTEGER_FORM_GAP,
          description: `"${name}" written ${form.text}: the integer ${n} with ${form.how}`,
        },
      });
    }
  }
  return out;
}

/** Statuses that refuse a request for how it is written, not for what its values name. */
const FORM_REFUSALS = new Set([400, 415, 422]);

/**
 * The verdict on one family of integer spellings, from the statuses they got (undefined: no answer):
 * refusing all is a gap the caller already noted, accepting all is right; accepting some and
 * refusing others (400, 415 or 422) is a failure. Returns the accepted and refused spellings when they disagree.
 */

export function integerFormFamily(
  results: readonly { spelling: JsonSpelling; status: number | undefined }[],
): { accepted: JsonSpelling[]; refused: JsonSpelling[] } | undefined {
  const forms = results.filter((r) => r.spelling.edge?.gap === INTEGER_FORM_GAP && r.status !== undefined);
  const accepted = forms.filter((r) => r.status! >= 200 && r.status! < 300).map((r) => r.spelling);
  // Only a refusal of the input's form counts (400, 422, 415): a 404 or 409 says what the value
  // names does not exist or conflicts (the integer 100 is no user), 429 and 5xx say nothing about
  // the spelling (a 5xx is failed on its own).
  const refused = forms.filter((r) => FORM_REFUSALS.has(r.status!)).map((r) => r.spelling);
  return accepted.length > 0 && refused.length > 0 ? { accepted, refused } : undefined;
}
