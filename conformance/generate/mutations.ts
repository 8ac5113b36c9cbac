import { isObject } from '../../spec/json/index.js';
import type { InvalidReason, WireJson } from '../cases/index.js';
import type { JsonSchema, OperationModel, ParameterModel } from '../../spec/index.js';
import { mergeAllOf } from './schema-arbitrary.js';
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
      return [42, true, { value: 'x' }, ['x']];
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
 * a number or integer (`"5"`), `"true"`/`"false"` for a boolean. Decoders that coerce (Joi, ajv with
 * `coerceTypes`, form and query readers) take it as the value it spells; JSON Schema calls it
 * invalid, but a spec that only types the member does not oblige a server to refuse it, so an
 * acceptance is a contract gap (`type-coercion`), not a failure.
 */
export function isCoercibleSpelling(schema: JsonSchema, wrong: WireJson): boolean {
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
  const documents400 = operation.responses['400'] !== undefined || operation.responses['4XX'] !== undefined;
  const firmness = documents400 ? 'must' : 'should';
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
      f: 'must' | 'should' = firmness,
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
        mutations.push({
          target: 'body',
          reason: reason(
            `/${name}`,
            keyword,
            `'${name}' is ${JSON.stringify(wrong)}, not ${describe(s)}`,
            firmness,
            coercible ? TYPE_COERCION_GAP : undefined,
          ),
          apply: (v) => ({ ...asObject(v), [name]: wrong }),
        });
      }
      if (!required.has(name) && !allowsNull(s)) {
        // null for an optional field: some servers read it as "absent", but it is an invalid value.
        mutations.push({
          target: 'body',
          reason: reason(`/${name}`, 'type', `'${name}' is null`),
          apply: (v) => ({ ...asObject(v), [name]: null }),
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
              why.firm ? firmness : 'should',
            ),
            apply: (v) => ({ ...asObject(v), [name]: new LosslessNumber(text) }),
          });
        }
      }
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
        reason: syntax('json', 'the body is truncated JSON', firmness),
        render: (t) => ({ text: t.slice(0, -1), contentType: 'application/json' }),
      },
      {
        target: 'raw-body',
        reason: syntax('json', 'the body has a trailing comma', firmness),
        render: (t) => ({ text: `${t.slice(0, -1)},}`, contentType: 'application/json' }),
      },
      {
        target: 'raw-body',
        reason: syntax('json', 'the body uses single quotes', firmness),
        render: (t) => ({ text: t.replaceAll('"', "'"), contentType: 'application/json' }),
      },
    );
    // An empty body is no body: wrong only where the body is required.
    if (body.required)
      mutations.push({
        target: 'raw-body',
        reason: syntax('json', 'the body is empty', firmness),
        render: () => ({ text: '', contentType: 'application/json' }),
      });
    if (body.required)
      mutations.push({ target: 'no-body', reason: syntax('required', 'the required body is missing', firmness) });
    // Another media type is only wrong where the operation does not take it.
    const accepts = (type: string) =>
      body.mediaTypes.some((m) => {
        const t = m.split(';')[0]!.trim().toLowerCase();
        return t === type || t === '*/*' || t === `${type.split('/')[0]}/*`;
      });
    if (!accepts('text/plain'))
      mutations.push({
        target: 'raw-body',
        reason: syntax('content-type', 'the body is sent as text/plain', 'should'),
        render: (t) => ({ text: t, contentType: 'text/plain' }),
      });
    if (!accepts('application/x-www-form-urlencoded')) {
      mutations.push({
        target: 'raw-body',
        reason: syntax('content-type', 'the body is sent as a form', 'should'),
        render: (t) => ({ text: formOf(t), contentType: 'application/x-www-form-urlencoded' }),
      });
    }
  }
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' && parameter.in !== 'path') continue;
    for (const [text, keyword, description] of invalidParameterTexts(parameter)) {
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
          firmness,
        },
      });
    }
  }
  return mutations;
}

function invalidParameterTexts(parameter: ParameterModel): [string, string, string][] {
  const s = mergeAllOf(parameter.schema.schema);
  const out: [string, string, string][] = [];
  if (Array.isArray(s.enum)) {
    const first = String(s.enum[0]);
    out.push(
      [first.toUpperCase(), 'enum', 'not one of the enum values (case differs)'],
      ['unknown', 'enum', 'not one of the enum values'],
    );
    if (parameter.in === 'query') out.push(['', 'enum', 'empty']);
  } else if (s.type === 'integer') {
    out.push(['abc', 'type', 'not an integer'], ['1.5', 'type', 'not an integer']);
    if (parameter.in === 'query') out.push(['', 'type', 'empty']);
    for (const [text, why] of integerRangeBreakers(s)) out.push([text, why.keyword, why.description]);
  }
  return out;
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
