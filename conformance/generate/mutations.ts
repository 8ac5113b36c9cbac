import { isObject } from '../../spec/json/index.js';
import type { InvalidReason, WireJson } from '../cases/index.js';
import {
  type JsonSchema,
  type OperationModel,
  type ParameterModel,
  integerFormatRange,
  mergeAllOf,
  refusesMissingOnly,
  refusesStateOnly,
} from '../../spec/index.js';
import { LosslessNumber } from 'lossless-json';

/** A change that makes one part of a valid request invalid, labelled with why. */
export type Mutation =
  | { readonly target: 'body'; readonly reason: InvalidReason; apply(body: WireJson): WireJson }
  | {
      readonly target: 'raw-body';
      readonly reason: InvalidReason;
      render(bodyText: string): { text: string; contentType?: string };
    }
  | { readonly target: 'no-body'; readonly reason: InvalidReason }
  | {
      readonly target: 'parameter';
      readonly reason: InvalidReason;
      readonly parameter: ParameterModel;
      readonly text: string;
    };

/** Values of another JSON type than the schema's, per type (none where the schema admits several). */
function wrongTypeValues(schema: JsonSchema): WireJson[] {
  if (Array.isArray(schema.type) || schema.oneOf || schema.anyOf || schema.not) return [];
  if (Array.isArray(schema.enum)) {
    if (schema.enum.some((v) => typeof v !== 'string')) return [];
    const first = String(schema.enum[0]);
    return [first.toUpperCase() === first ? first.toLowerCase() : first.toUpperCase(), `${first}-x`, '', 7];
  }
  switch (schema.type) {
    case 'string':
      // The arrays stand for the valid value itself, once and twice (see `arrayOfValid` below).
      return [42, true, { value: 'x' }, ['x'], ['x', 'x']];
    case 'integer':
      return ['5', 1.5, true, 'abc', -0.5];
    case 'number':
      return ['5', true];
    case 'boolean':
      return ['true', 1];
    case 'array':
      return ['x', { a: 1 }];
    case 'object':
      return ['x', [1]];
    default:
      return [];
  }
}

/** The gap of a scalar spelled as a string, which lenient decoders coerce (Joi, ajv `coerceTypes`). */
export const TYPE_COERCION_GAP = 'type-coercion';

/**
 * Whether a wrong-type value is only another spelling of a valid one: a numeric-literal string for
 * a number or integer (`"5"`), `"true"`/`"false"` for a boolean, a number, boolean or one-string
 * array for a string. Decoders that coerce (Joi, ajv with
 * `coerceTypes`, form and query readers) take it as the value it spells; JSON Schema calls it
 * invalid, but a spec that only types the member does not oblige a server to refuse it, so an
 * acceptance is a contract gap (`type-coercion`), not a failure.
 */
export function isCoercibleSpelling(schema: JsonSchema, wrong: WireJson): boolean {
  // The other way, as ajv's coerceTypes (Fastify's default) reads it: a number or boolean for a
  // string is its text (42 → "42"), and a one-item array of a string is that string (["x"] → "x").
  if (schema.type === 'string' && !Array.isArray(schema.enum))
    return (
      typeof wrong === 'number' ||
      typeof wrong === 'boolean' ||
      (Array.isArray(wrong) && wrong.length === 1 && typeof wrong[0] === 'string')
    );
  if (typeof wrong !== 'string') return false;
  if (schema.type === 'integer' || schema.type === 'number')
    return /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(wrong);
  return schema.type === 'boolean' && (wrong === 'true' || wrong === 'false');
}

/**
 * Every way the spec's schemas say a request of this operation can be invalid. Firmness is `must`
 * where the operation documents a 400 for the location, `should` otherwise.
 */
export function mutationsOf(operation: OperationModel): Mutation[] {
  // A 400 documented only for states of the server ("User already exists") documents no refusal of input.
  const documents400 =
    (operation.responses['400'] !== undefined || operation.responses['4XX'] !== undefined) &&
    !refusesStateOnly(operation);
  const firmness = documents400 ? 'must' : 'should';
  // A 400 whose own words refuse a parameter alone ("Invalid user ID") documents no refusal of bodies.
  const refusedParameters = parametersRefused(operation);
  const bodyFirmness = documents400 && !refusedParameters ? 'must' : 'should';
  // A 400 documented for members left out ("Missing required fields") is firm for those only: other
  // faults of a body, a value of another type or a broken syntax, it does not speak of.
  const missingOnly = refusesMissingOnly(operation);
  const faultFirmness = missingOnly ? 'should' : bodyFirmness;
  const mutations: Mutation[] = [];
  // Body mutations are written for JSON bodies; a form or multipart body keeps its parameters' ones.
  const body =
    operation.requestBody && isJsonMedia(operation.requestBody.preferredMediaType) ? operation.requestBody : undefined;
  if (body) {
    const schema = mergeAllOf(body.schema.schema);
    // A read-only member may be sent and ignored (OpenAPI): breaking it proves nothing.
    const properties = Object.fromEntries(
      Object.entries((schema.properties as Record<string, JsonSchema>) ?? {}).filter(
        ([, p]) => typeof p === 'object' && p !== null && mergeAllOf(p).readOnly !== true,
      ),
    );
    const required = new Set((schema.required as string[]) ?? []);
    const reason = (
      pointer: string,
      keyword: string,
      description: string,
      f: 'must' | 'should' = keyword === 'required' ? bodyFirmness : faultFirmness,
      gap?: string,
    ): InvalidReason => ({
      layer: 'schema',
      location: 'body',
      pointer,
      keyword,
      description,
      firmness: f,
      ...(gap === undefined ? {} : { gap }),
    });
    for (const name of required) {
      mutations.push({
        target: 'body',
        reason: reason(`/${name}`, 'required', `required property '${name}' is missing`),
        apply: (v) => omit(v, name),
      });
    }
    if (required.size > 1) {
      // The empty object: every required property missing at once (handlers that read one field
      // after another without checking often fail only here).
      const first = [...required][0]!;
      mutations.push({
        target: 'body',
        reason: reason(`/${first}`, 'required', 'the body is an empty object'),
        apply: () => ({}),
      });
    }
    for (const [name, propertySchema] of Object.entries(properties)) {
      const s = mergeAllOf(propertySchema);
      for (const wrong of wrongTypeValues(s)) {
        const keyword = Array.isArray(s.enum) && typeof wrong === 'string' ? 'enum' : 'type';
        const coercible = isCoercibleSpelling(s, wrong);
        // A string member sent as an array of its own valid value (`url: ["https://a.example"]`, what
        // `?url=a&url=b` parses to): its format and length still hold, so only the type is at fault
        // (held-out set 161: two valid URLs answered 500; one answered 201 with an array stored).
        const arrayOfValid = s.type === 'string' && Array.isArray(wrong);
        mutations.push({
          target: 'body',
          reason: reason(
            `/${name}`,
            keyword,
            arrayOfValid
              ? `'${name}' is an array of ${wrong.length === 1 ? 'its valid value' : `its valid value ${wrong.length} times`}, not ${describe(s)}`
              : `'${name}' is ${JSON.stringify(wrong)}, not ${describe(s)}`,
            faultFirmness,
            coercible ? TYPE_COERCION_GAP : undefined,
          ),
          apply: (v) => {
            const body = asObject(v);
            const valid = body[name];
            return {
              ...body,
              [name]: arrayOfValid && typeof valid === 'string' ? (wrong as WireJson[]).map(() => valid) : wrong,
            };
          },
        });
      }
      if (!allowsNull(s)) {
        // null for a member that does not allow it: some servers read it as "absent", but it is an
        // invalid value, required member or not (held-out set 102: `PUT /users/{id}` with
        // `"firstName": null` answered 500 from a NOT NULL column).
        mutations.push({
          target: 'body',
          reason: reason(`/${name}`, 'type', `'${name}' is null`),
          apply: (v) => ({ ...asObject(v), [name]: null }),
        });
      }
      for (const breaker of keywordBreakers(s)) {
        mutations.push({
          target: 'body',
          reason: reason(
            `/${name}`,
            breaker.keyword,
            `'${name}' ${breaker.description}`,
            breaker.firm ? faultFirmness : 'should',
          ),
          apply: (v) => {
            const body = asObject(v);
            const broken = breaker.apply(body[name]);
            return broken === undefined ? body : { ...body, [name]: broken };
          },
        });
      }
      // An item of another type in an array member (`tags: [null]`): handlers that map over items
      // before validating them (`tags.map(t => t.trim())`) fail only here.
      const itemSchema = s.type === 'array' && isObject(s.items) ? mergeAllOf(s.items as JsonSchema) : undefined;
      if (itemSchema) {
        const wrongItems = [...(allowsNull(itemSchema) ? [] : [null]), ...wrongTypeValues(itemSchema).slice(0, 1)];
        for (const wrong of wrongItems) {
          mutations.push({
            target: 'body',
            reason: reason(
              `/${name}/0`,
              'type',
              `'${name}' holds ${JSON.stringify(wrong)}, not ${describe(itemSchema)}`,
            ),
            apply: (v) => {
              const body = asObject(v);
              const valid = Array.isArray(body[name]) ? (body[name] as WireJson[]) : [];
              return { ...body, [name]: [wrong, ...valid.slice(1)] };
            },
          });
        }
      }
      // One level down: a member of an object member, or of the first item of an array of objects
      // (`columns[0].order` as 1.5, held-out set 149), where the valid body has one to break.
      for (const inner of innerMutations(name, s)) {
        mutations.push({
          target: 'body',
          reason: reason(inner.pointer, inner.keyword, inner.description),
          apply: inner.apply,
        });
      }
      if (s.type === 'integer') {
        for (const [text, why] of integerRangeBreakers(s)) {
          mutations.push({
            target: 'body',
            reason: reason(
              `/${name}`,
              why.keyword,
              `'${name}' is ${text}, ${why.description}`,
              why.firm ? faultFirmness : 'should',
            ),
            apply: (v) => ({ ...asObject(v), [name]: new LosslessNumber(text) }),
          });
        }
      }
    }
    if (schema.additionalProperties === false && !schema.patternProperties) {
      // A member the schema forbids: refused where a 400 is documented, like any other invalid body.
      const extra = unusedName(Object.keys((schema.properties as Record<string, unknown>) ?? {}));
      mutations.push({
        target: 'body',
        reason: reason(
          `/${extra}`,
          'additionalProperties',
          `the body has a member '${extra}' the schema does not allow`,
        ),
        apply: (v) => ({ ...asObject(v), [extra]: 'x' }),
      });
    }
    if (
      schema.type === 'object' ||
      (schema.type === undefined && schema.properties !== undefined && !schema.oneOf && !schema.anyOf)
    ) {
      for (const wrong of [[], 'text', 42, null] as WireJson[]) {
        mutations.push({
          target: 'body',
          reason: reason('', 'type', `the body is ${JSON.stringify(wrong)}, not an object`),
          apply: () => wrong,
        });
      }
      mutations.push({
        target: 'body',
        reason: reason('', 'type', 'the body is an array holding a valid object'),
        apply: (v) => [v],
      });
    }
    const syntax = (keyword: string, description: string, f: 'must' | 'should'): InvalidReason => ({
      layer: 'syntax',
      location: 'body',
      pointer: '',
      keyword,
      description,
      firmness: f,
    });
    mutations.push(
      {
        target: 'raw-body',
        reason: syntax('json', 'the body is truncated JSON', faultFirmness),
        render: (t) => ({ text: t.slice(0, -1), contentType: 'application/json' }),
      },
      {
        target: 'raw-body',
        reason: syntax('json', 'the body has a trailing comma', faultFirmness),
        render: (t) => ({ text: `${t.slice(0, -1)},}`, contentType: 'application/json' }),
      },
      {
        target: 'raw-body',
        reason: syntax('json', 'the body uses single quotes', faultFirmness),
        render: (t) => ({ text: t.replaceAll('"', "'"), contentType: 'application/json' }),
      },
    );
    // An empty body is no body: wrong only where the body is required.
    if (body.required)
      mutations.push({
        target: 'raw-body',
        reason: syntax('json', 'the body is empty', bodyFirmness),
        render: () => ({ text: '', contentType: 'application/json' }),
      });
    if (body.required)
      mutations.push({ target: 'no-body', reason: syntax('required', 'the required body is missing', bodyFirmness) });
    // Another media type is only wrong where the operation does not take it, and its refusal is
    // firm where the operation documents 415 Unsupported Media Type (RFC 9110 §15.5.16).
    const mediaFirmness = operation.responses['415'] !== undefined ? 'must' : 'should';
    const accepts = (type: string) =>
      body.mediaTypes.some((m) => {
        const t = m.split(';')[0]!.trim().toLowerCase();
        return t === type || t === '*/*' || t === `${type.split('/')[0]}/*`;
      });
    if (!accepts('text/plain'))
      mutations.push({
        target: 'raw-body',
        reason: syntax('content-type', 'the body is sent as text/plain', mediaFirmness),
        render: (t) => ({ text: t, contentType: 'text/plain' }),
      });
    if (!accepts('application/x-www-form-urlencoded')) {
      mutations.push({
        target: 'raw-body',
        reason: syntax('content-type', 'the body is sent as a form', mediaFirmness),
        render: (t) => ({ text: formOf(t), contentType: 'application/x-www-form-urlencoded' }),
      });
    }
  }
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' && parameter.in !== 'path') continue;
    // A path parameter its path template does not hold (`/users/:id` declaring `id`, held-out set
    // 86) goes nowhere in the request: breaking it leaves the request as valid as it was.
    if (parameter.in === 'path' && !operation.path.includes(`{${parameter.name}}`)) continue;
    for (const [text, keyword, description, firm = true] of invalidParameterTexts(parameter)) {
      mutations.push({
        target: 'parameter',
        parameter,
        text,
        reason: {
          layer: 'schema',
          location: `${parameter.in}.${parameter.name}`,
          pointer: '',
          keyword,
          description: `${parameter.name}=${JSON.stringify(text)}: ${description}`,
          firmness:
            firm &&
            (keyword === 'required' || !missingOnly) &&
            (!refusedParameters || refusedParameters.has(parameter.name))
              ? firmness
              : 'should',
        },
      });
    }
  }
  return mutations;
}

/** Longest parameter text written to break a `maxLength` (the description shows the text). */
const LONGEST_PARAMETER_BREAKER = 200;

function invalidParameterTexts(parameter: ParameterModel): [string, string, string, boolean?][] {
  const s = mergeAllOf(parameter.schema.schema);
  const out: [string, string, string, boolean?][] = [];
  // Lengths, patterns, formats and non-integer bounds, as for body members; an empty path segment
  // would be another route, and a long text would fill the description.
  if ((s.type === 'string' && !Array.isArray(s.enum)) || s.type === 'number')
    for (const breaker of keywordBreakers(s)) {
      const value = breaker.apply(undefined);
      const text = typeof value === 'number' ? String(value) : value;
      if (typeof text !== 'string' || (text === '' && parameter.in === 'path')) continue;
      if (text.length > LONGEST_PARAMETER_BREAKER) continue;
      out.push([text, breaker.keyword, breaker.description, breaker.firm]);
    }
  if (Array.isArray(s.enum)) {
    const first = String(s.enum[0]);
    out.push(
      [first.toUpperCase(), 'enum', 'not one of the enum values (case differs)'],
      ['unknown', 'enum', 'not one of the enum values'],
    );
    if (parameter.in === 'query') out.push(['', 'enum', 'empty']);
  } else if (s.type === 'integer') {
    out.push(['abc', 'type', 'not an integer'], ['1.5', 'type', 'not an integer']);
    // What JavaScript's Number() reads as no finite number (held-out set 141: `/tasks/Infinity` and
    // `/tasks/1e400` reached SQLite as Infinity and answered 500).
    out.push(
      ['Infinity', 'type', 'not an integer (Number() reads Infinity)'],
      ['1e400', 'type', 'not an integer (past any double)'],
    );
    if (parameter.in === 'query') out.push(['', 'type', 'empty']);
    for (const [text, why] of integerRangeBreakers(s)) out.push([text, why.keyword, why.description]);
  }
  return out;
}

/** A value that breaks one keyword of a member's schema, made from the member's valid value. */
interface KeywordBreaker {
  readonly keyword: string;
  /** Words after the member's name: "is 51 characters long; maxLength 50". */
  readonly description: string;
  /** False where servers commonly leave the keyword unchecked (`format` is an annotation in JSON Schema 2020-12). */
  readonly firm: boolean;
  /** The broken value, or undefined when the valid one gives nothing to break (an empty array to duplicate). */
  apply(valid: WireJson | undefined): WireJson | undefined;
}

/** Longest string the kit writes to break a `maxLength` (a larger limit is left to the size sweeps). */
const LONGEST_BREAKER = 10_000;

/**
 * Values that break the declared constraints of a string, number or array member other than its type
 * and enum (those have their own breakers): lengths in code points, as JSON Schema counts them,
 * `pattern`, `format`, non-integer bounds, item counts and `uniqueItems`. Each is checked against
 * the spec's own validator before it is sent (isStillInvalid), so a breaker that misses is dropped.
 */
function keywordBreakers(input: JsonSchema): KeywordBreaker[] {
  // A nullable scalar (3.1's `type: [string, 'null']`) has its scalar's breakers: null is the one
  // value the list adds (the fleet zoo's nullable `format: date` got no bad date).
  const scalar = Array.isArray(input.type) ? (input.type as unknown[]).filter((t) => t !== 'null') : undefined;
  const s: JsonSchema = scalar?.length === 1 ? { ...input, type: scalar[0] as string } : input;
  const out: KeywordBreaker[] = [];
  const constant = (keyword: string, description: string, value: WireJson, firm = true): KeywordBreaker => ({
    keyword,
    description,
    firm,
    apply: () => value,
  });
  if (s.type === 'string' && !Array.isArray(s.enum)) {
    const filler = fillerFor(s);
    if (typeof s.minLength === 'number' && s.minLength > 0)
      out.push(
        constant(
          'minLength',
          `is ${s.minLength - 1} characters long; minLength ${s.minLength}`,
          filler.repeat(s.minLength - 1),
        ),
      );
    if (typeof s.maxLength === 'number' && s.maxLength < LONGEST_BREAKER)
      out.push(
        constant(
          'maxLength',
          `is ${s.maxLength + 1} characters long; maxLength ${s.maxLength}`,
          filler.repeat(s.maxLength + 1),
        ),
      );
    const unmatched = typeof s.pattern === 'string' ? breakPattern(s.pattern) : undefined;
    if (unmatched !== undefined)
      out.push(constant('pattern', `is ${JSON.stringify(unmatched)}, which does not match ${s.pattern}`, unmatched));
    for (const badFormat of typeof s.format === 'string' ? (BAD_FORMATS[s.format] ?? []) : [])
      out.push(constant('format', `is ${JSON.stringify(badFormat)}, not a ${s.format}`, badFormat, false));
  }
  if (s.type === 'number') {
    if (typeof s.minimum === 'number')
      out.push(constant('minimum', `is below the minimum ${s.minimum}`, s.minimum - 1));
    if (typeof s.maximum === 'number')
      out.push(constant('maximum', `is above the maximum ${s.maximum}`, s.maximum + 1));
  }
  if ((s.type === 'number' || s.type === 'integer') && typeof s.exclusiveMinimum === 'number')
    out.push(
      constant('exclusiveMinimum', `is ${s.exclusiveMinimum}, which exclusiveMinimum leaves out`, s.exclusiveMinimum),
    );
  if ((s.type === 'number' || s.type === 'integer') && typeof s.exclusiveMaximum === 'number')
    out.push(
      constant('exclusiveMaximum', `is ${s.exclusiveMaximum}, which exclusiveMaximum leaves out`, s.exclusiveMaximum),
    );
  if (s.type === 'array') {
    const { minItems, maxItems } = s;
    // The valid array's items, or one plain item of the items' schema when the member was left out.
    const itemsOf = (valid: WireJson | undefined): WireJson[] | undefined => {
      if (Array.isArray(valid) && valid.length > 0) return valid;
      const item = plainItem(s.items);
      return item === undefined ? undefined : [item];
    };
    if (typeof minItems === 'number' && minItems > 0)
      out.push({
        keyword: 'minItems',
        description: `has ${minItems - 1} items; minItems ${minItems}`,
        firm: true,
        apply: (valid) => (Array.isArray(valid) ? valid.slice(0, minItems - 1) : undefined),
      });
    if (typeof maxItems === 'number' && maxItems < 1_000)
      out.push({
        keyword: 'maxItems',
        description: `has ${maxItems + 1} items; maxItems ${maxItems}`,
        firm: true,
        apply: (valid) => {
          const items = itemsOf(valid);
          return items && Array.from({ length: maxItems + 1 }, (_, i) => items[i % items.length]!);
        },
      });
    if (s.uniqueItems === true)
      out.push({
        keyword: 'uniqueItems',
        description: 'repeats an item; uniqueItems',
        firm: true,
        apply: (valid) => {
          const items = itemsOf(valid);
          return items && [items[0]!, ...items];
        },
      });
  }
  return out;
}

/** One value of a plain items schema (an enum's first value, a bare scalar), or undefined. */
function plainItem(items: unknown): WireJson | undefined {
  if (!isObject(items)) return undefined;
  const s = mergeAllOf(items as JsonSchema);
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0] as WireJson;
  if (s.pattern !== undefined || s.format !== undefined || s.minLength !== undefined) return undefined;
  switch (s.type) {
    case 'string':
      return 'x';
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

/** A character the member's pattern is likely to take, to write lengths with. */
function fillerFor(s: JsonSchema): string {
  if (typeof s.pattern !== 'string') return 'a';
  for (const c of ['a', 'A', '1', 'x']) {
    try {
      if (new RegExp(s.pattern, 'u').test(c.repeat(8))) return c;
    } catch {
      return 'a';
    }
  }
  return 'a';
}

/** A short string the pattern does not match, if one of a few candidates is such. */
function breakPattern(pattern: string): string | undefined {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  return ['!', ' ', '', 'a b', '@@', '0', 'a', 'A'].find((c) => !re.test(c));
}

/**
 * Values that are not of each format ajv-formats checks: a plain one, and where loose checks are
 * common, a near miss they let through (`/^[^\s@]+@[^\s@]+\.[^\s@]+$/` takes two dots in a row;
 * `\d{4}-\d{2}-\d{2}` takes 30 February): a server that stores it then serves a value its own
 * response schema refuses (held-out set 163: contacts answered with emails that are none).
 */
const BAD_FORMATS: Readonly<Record<string, readonly string[]>> = {
  'date-time': ['not-a-date-time', '2024-02-30T10:00:00Z'],
  date: ['2024-13-45', '2024-02-30'],
  time: ['25:61:00'],
  email: ['not-an-email', 'first..last@example.com'],
  uuid: ['not-a-uuid'],
  uri: ['not a uri'],
  ipv4: ['999.1.1.1'],
  ipv6: ['not-an-ipv6'],
  hostname: ['-not_a_host-'],
};

/** A member name the object does not declare. */
function unusedName(declared: readonly string[]): string {
  let name = 'unexpectedMember';
  while (declared.includes(name)) name = `${name}_`;
  return name;
}

function integerRangeBreakers(s: JsonSchema): [string, { keyword: string; description: string; firm: boolean }][] {
  const out: [string, { keyword: string; description: string; firm: boolean }][] = [];
  if (typeof s.minimum === 'number') {
    out.push([
      String(s.minimum - 1),
      { keyword: 'minimum', description: `below the minimum ${s.minimum}`, firm: true },
    ]);
    out.push([
      String(s.minimum - 1000),
      { keyword: 'minimum', description: `far below the minimum ${s.minimum}`, firm: true },
    ]);
  }
  if (typeof s.maximum === 'number') {
    out.push([
      String(s.maximum + 1),
      { keyword: 'maximum', description: `above the maximum ${s.maximum}`, firm: true },
    ]);
    out.push([
      String(s.maximum * 10),
      { keyword: 'maximum', description: `far above the maximum ${s.maximum}`, firm: true },
    ]);
  }
  // Past the bounds by every order of magnitude where integer types end (int32, uint32, double
  // precision, int64, uint64): a server that wraps or rounds there reads another, valid, value.
  const seen = new Set(out.map(([text]) => text));
  for (const [n, where] of [
    [2n ** 31n, 'int32'],
    [2n ** 32n + 1n, 'uint32'],
    [2n ** 53n + 1n, 'double precision'],
    [2n ** 63n, 'int64'],
    [2n ** 64n + 1n, 'uint64'],
  ] as const) {
    if (typeof s.maximum === 'number' && n > BigInt(Math.floor(s.maximum)) && !seen.has(n.toString())) {
      out.push([
        n.toString(),
        { keyword: 'maximum', description: `above the maximum ${s.maximum}, past ${where}`, firm: true },
      ]);
    }
    if (typeof s.minimum === 'number' && -n - 1n < BigInt(Math.ceil(s.minimum)) && !seen.has((-n - 1n).toString())) {
      out.push([
        (-n - 1n).toString(),
        { keyword: 'minimum', description: `below the minimum ${s.minimum}, past ${where}`, firm: true },
      ]);
    }
  }
  const range = integerFormatRange(s.format);
  if (range && s.format !== 'int64' && s.minimum === undefined && s.maximum === undefined) {
    // One past each end of the range the format names (`uint16`: -1 and 65536).
    const where = String(s.format);
    for (const [n, side] of [
      [range.hi + 1n, 'above'],
      [range.lo - 1n, 'below'],
    ] as const)
      if (!seen.has(n.toString()))
        out.push([n.toString(), { keyword: 'format', description: `one ${side} the ${where} range`, firm: false }]);
  }
  if (s.format === 'int64' && s.minimum === undefined && s.maximum === undefined) {
    // 2^64 and -5.7e22 are outside int64 even as doubles, so the verdict survives JSON.parse on the server.
    out.push(['18446744073709551616', { keyword: 'format', description: 'outside int64', firm: false }]);
    // One past each end: a double cannot tell them from the ends (the kit judges them exactly).
    out.push(['9223372036854775808', { keyword: 'format', description: 'one past the int64 maximum', firm: false }]);
    out.push(['-9223372036854775809', { keyword: 'format', description: 'one below the int64 minimum', firm: false }]);
    out.push(['-57000000000000000000000', { keyword: 'format', description: 'outside int64', firm: false }]);
  }
  return out;
}

function isJsonMedia(mediaType: string | undefined): boolean {
  return mediaType !== undefined && /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType);
}

/** At most this many members of one object member are broken one level down: big schemas stay bounded. */
const MOST_INNER_MEMBERS = 6;

/**
 * Faults one level inside a top-level member: a required member missing, a member of the wrong type
 * or null, inside the member's object or the first item of its array of objects. Each applies only
 * where the valid body holds that object (an empty array leaves the body valid, and the case is
 * dropped as no longer invalid). Coercible spellings (`"5"` for an integer) are left to the top level.
 */
function innerMutations(
  name: string,
  schema: JsonSchema,
): { pointer: string; keyword: string; description: string; apply: (v: WireJson) => WireJson }[] {
  const inArray = schema.type === 'array' && isObject(schema.items);
  const holder = inArray ? mergeAllOf(schema.items as JsonSchema) : schema;
  if (!isObject(holder.properties) || (holder.type !== undefined && holder.type !== 'object')) return [];
  const at = inArray ? `/${name}/0` : `/${name}`;
  const label = inArray ? `${name}[0]` : name;
  // The body with the inner object changed by `change`, where the valid body has it.
  const within =
    (change: (inner: Record<string, WireJson>) => WireJson) =>
    (v: WireJson): WireJson => {
      const body = asObject(v);
      const value = body[name];
      if (inArray) {
        if (!Array.isArray(value) || value.length === 0 || !isObject(value[0])) return body;
        return { ...body, [name]: [change(asObject(value[0]!)), ...value.slice(1)] };
      }
      return isObject(value) ? { ...body, [name]: change(asObject(value)) } : body;
    };
  const out: { pointer: string; keyword: string; description: string; apply: (v: WireJson) => WireJson }[] = [];
  const required = new Set(Array.isArray(holder.required) ? (holder.required as string[]) : []);
  const members = Object.entries(holder.properties as Record<string, JsonSchema>)
    .filter(([, p]) => isObject(p) && mergeAllOf(p).readOnly !== true)
    .slice(0, MOST_INNER_MEMBERS);
  for (const [member, propertySchema] of members) {
    const inner = mergeAllOf(propertySchema);
    if (required.has(member))
      out.push({
        pointer: `${at}/${member}`,
        keyword: 'required',
        description: `required property '${label}.${member}' is missing`,
        apply: within((o) => omit(o, member)),
      });
    const wrong = wrongTypeValues(inner).find((w) => !isCoercibleSpelling(inner, w));
    if (wrong !== undefined)
      out.push({
        pointer: `${at}/${member}`,
        keyword: Array.isArray(inner.enum) && typeof wrong === 'string' ? 'enum' : 'type',
        description: `'${label}.${member}' is ${JSON.stringify(wrong)}, not ${describe(inner)}`,
        apply: within((o) => ({ ...o, [member]: wrong })),
      });
    if (!allowsNull(inner) && inner.type !== undefined)
      out.push({
        pointer: `${at}/${member}`,
        keyword: 'type',
        description: `'${label}.${member}' is null`,
        apply: within((o) => ({ ...o, [member]: null })),
      });
  }
  return out;
}

function allowsNull(schema: JsonSchema): boolean {
  return (
    (Array.isArray(schema.type) && schema.type.includes('null')) ||
    (Array.isArray(schema.enum) && schema.enum.includes(null)) ||
    schema.type === 'null' ||
    Boolean(schema.oneOf || schema.anyOf)
  );
}

/** The top-level scalar members of a JSON body, written as a form (what a browser form would send). */
function formOf(json: string): string {
  try {
    const value = JSON.parse(json) as unknown;
    if (!isObject(value)) return 'value=x';
    return (
      new URLSearchParams(
        Object.entries(value)
          .filter(([, v]) => v === null || typeof v !== 'object')
          .map(([k, v]) => [k, String(v)]),
      ).toString() || 'value=x'
    );
  } catch {
    return 'value=x';
  }
}

function describe(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`;
  return `of type ${String(schema.type)}`;
}

function asObject(value: WireJson): Record<string, WireJson> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof LosslessNumber)
    ? (value as Record<string, WireJson>)
    : {};
}

function omit(value: WireJson, key: string): WireJson {
  const { [key]: _, ...rest } = asObject(value);
  return rest;
}

/** Words of a refusal that speak of the request as a whole or its body, not of one parameter. */
const GENERAL_REFUSAL =
  /\b(?:body|payload|request|input|data|fields?|json|schema|validation|validate|parameters|values?|propert(?:y|ies)|members?|format)\b/i;

/**
 * The path and query parameters the operation's refusals (400, 4XX) name in their own words, when
 * every refusal names some and nothing else: "Invalid user ID" on `PUT /users/{id}`, "Invalid role"
 * on `GET /users` (held-out set 172). Its body faults then have no documented refusal, nor have the
 * other parameters' faults: accepting one is a contract gap, not a failure. Undefined otherwise.
 */
function parametersRefused(operation: OperationModel): ReadonlySet<string> | undefined {
  const refusals = ['400', '4XX'].map((s) => operation.responses[s]?.description).filter((d) => d !== undefined);
  if (refusals.length === 0) return undefined;
  const named = (text: string) =>
    operation.parameters
      .filter((p) => p.in === 'path' || p.in === 'query')
      .filter((p) => {
        const words = p.name
          .replace(/([a-z])([A-Z])/g, '$1 $2')
          .replace(/[_-]+/g, ' ')
          .toLowerCase();
        return (/\bid$/.test(words) ? [words, 'id'] : [words]).some((n) =>
          new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(text),
        );
      })
      .map((p) => p.name);
  const texts = refusals.map((d) => d.toLowerCase());
  if (texts.some((text) => GENERAL_REFUSAL.test(text) || named(text).length === 0)) return undefined;
  return new Set(texts.flatMap(named));
}
