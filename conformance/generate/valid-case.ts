import { wellFormedText } from './lone-surrogates.js';
import { withKnownReferences } from './known-references.js';
import { isObject } from '../../spec/json/index.js';
import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import type { Case, CaseBody, EdgeReason, WireJson } from '../cases/index.js';
import {
  checkParameterText,
  schemaNameOf,
  type CompiledSchema,
  type OperationModel,
  type ParameterModel,
  mergeAllOf,
  schemaArbitrary,
} from '../../spec/index.js';
import { encodeBody } from '../../spec/media/index.js';
import { serializeParameter } from '../../spec/parameters/index.js';
import { isPageSizeName, pageKindOf } from '../../spec/resources/index.js';
import { acceptFor } from '../send/build-request.js';
import { edgeOf } from './edge.js';
import { integerFaults } from './exact-integers.js';
import { parameterText, toPlainJson } from './wire.js';
import { ExistingValue, type KnownValues, type RequestParts } from './request-parts.js';

export { ExistingValue, type KnownValues, type RequestParts } from './request-parts.js';

/** Spellings of the JSON media type a client may send; all mean the same (RFC 8259 has no charset, UTF-8 is implied). */
// Media types are case-insensitive (RFC 9110 §8.3.1).
export const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'Application/JSON',
] as const;

/** Accept headers a client may send, or none at all ('' removes the kit's default): all must get JSON. */
export const ACCEPT_HEADERS = [
  'application/json',
  '',
  '*/*',
  'application/json, text/plain, */*',
  'application/*',
] as const;

/** Arbitrary of the parameters and body of a valid request of an operation. */
export function requestPartsArbitrary(operation: OperationModel, known: KnownValues = {}): fc.Arbitrary<RequestParts> {
  const path: Record<string, fc.Arbitrary<WireJson | ExistingValue>> = {};
  const query: fc.Arbitrary<[string, WireJson] | null>[] = [];
  const others: Record<'header' | 'cookie', fc.Arbitrary<[string, WireJson] | null>[]> = { header: [], cookie: [] };
  // A parameter no value satisfies (a spec that says `type: number, enum: ["2"]`) cannot be sent
  // validly: an optional one is left out, a required one is sent as generated.
  for (const parameter of operation.parameters.filter(
    (p) => !isCredential(operation, p) && (p.required || satisfiable(p.schema)),
  )) {
    const generated = satisfiable(parameter.schema)
      ? parameterArbitrary(parameter)
      : schemaArbitrary(parameter.schema.schema, { ascii: parameter.in !== 'query' && parameter.in !== 'path' });
    // A value harvested under this name that the parameter's own schema refuses (an `id` of another
    // resource where the path wants 40 hex digits) names nothing here: it is no valid request.
    const pool = (known[parameter.name] ?? []).filter((text) => checkParameterText(parameter, text).ok);
    if (parameter.in === 'path') {
      path[parameter.name] =
        pool.length > 0
          ? fc.oneof(
              fc.constantFrom(...pool).map((text) => new ExistingValue(text)),
              generated,
            )
          : generated;
    } else {
      const pair = generated.map((v): [string, WireJson] => [parameter.name, v]);
      const optional = parameter.required ? pair : fc.option(pair, { nil: null, freq: 3 });
      if (parameter.in === 'query') query.push(optional);
      else others[parameter.in].push(optional);
    }
  }
  const headerParams = fc
    .tuple(...others.header)
    .map((pairs) => pairs.filter((p): p is [string, WireJson] => p !== null));
  const cookieParams = fc
    .tuple(...others.cookie)
    .map((pairs) => pairs.filter((p): p is [string, WireJson] => p !== null));
  const bodySchema = operation.requestBody?.schema;
  const body = bodySchema
    ? schemaArbitrary(bodySchema.schema, { extraProperties: true, nameOf: schemaNameOf })
        // Generation is constructive, but oneOf branches can overlap and formats can be stricter
        // than their generators: a valid case only ever carries what the spec's own validator takes.
        // (integers judged exactly too: the validator reads them as doubles).
        .filter(
          (value) =>
            !satisfiable(bodySchema) ||
            (bodySchema.validate(toPlainJson(value)).ok && integerFaults(value, bodySchema.schema).length === 0),
        )
    : fc.constant(undefined);
  // Spellings of the JSON media type only where the body is JSON; other bodies name their own type.
  // Spellings of application/json where that is the body's type; a +json type is sent as declared.
  const plainJson =
    operation.requestBody && sendsJson(operation) && !/\+json/i.test(operation.requestBody.preferredMediaType ?? '');
  // A `+json` type is sent as declared, and one time in four in other letter case: media type names
  // are case-insensitive (RFC 9110 §8.3.1), `Application/Vnd.Api+JSON` is the same type.
  const declaredType = operation.requestBody?.preferredMediaType;
  const suffixedJson = operation.requestBody && sendsJson(operation) && !plainJson ? declaredType : undefined;
  const contentType = plainJson
    ? fc.constantFrom(...JSON_CONTENT_TYPES)
    : suffixedJson
      ? fc.constantFrom<string | undefined>(undefined, undefined, undefined, otherCase(suffixedJson))
      : fc.constant(undefined);
  // JSON spellings of Accept where the operation answers JSON; otherwise its own types, none, or anything.
  const accept =
    acceptFor(operation) === 'application/json'
      ? fc.constantFrom(...ACCEPT_HEADERS)
      : fc.constantFrom(ACCEPT_HEADERS[0], '', '*/*');
  // Neither query parameters nor JSON members have an order a server may depend on: both are sent
  // in the spec's order or reversed.
  const reversed = fc.record({ query: fc.boolean(), members: fc.boolean() });
  // Content codings: none asked (any is then acceptable, and decoded), all three, or identity only.
  const acceptEncoding = fc.constantFrom(undefined, undefined, undefined, 'gzip, deflate, br', 'identity');
  // Every HTTP/1.1 server must read a chunked body: one request in four with a body uses it; and
  // one in eight says Expect: 100-continue (its body follows at once).
  const chunked = operation.requestBody ? fc.constantFrom(false, false, false, true) : fc.constant(false);
  const expectContinue = operation.requestBody
    ? fc.constantFrom(false, false, false, false, false, false, false, true)
    : fc.constant(false);
  return (
    fc
      .record({
        pathParams: fc.record(path),
        query: fc.tuple(...query),
        headerParams,
        cookieParams,
        body,
        contentType,
        accept,
        reversed,
        chunked,
        acceptEncoding,
        expectContinue,
      })
      .map(
        ({
          pathParams,
          query: q,
          headerParams: h,
          cookieParams: k,
          body: b,
          contentType: t,
          accept: a,
          reversed: r,
          chunked: c,
          acceptEncoding: e,
          expectContinue: x,
        }) => ({
          pathParams,
          query: orderedAs(
            q.filter((pair): pair is [string, WireJson] => pair !== null),
            r.query,
          ),
          ...(h.length > 0 ? { headerParams: h } : {}),
          ...(k.length > 0 ? { cookieParams: k } : {}),
          ...(b !== undefined ? { body: r.members ? reverseMembers(b) : b } : {}),
          ...(t !== undefined && t !== JSON_CONTENT_TYPES[0] ? { contentType: t } : {}),
          ...(a !== ACCEPT_HEADERS[0] ? { accept: a } : {}),
          ...(c ? { chunked: true } : {}),
          ...(e !== undefined ? { acceptEncoding: e } : {}),
          ...(x ? { expectContinue: true } : {}),
        }),
      )
      // A member naming another resource names one the target handed out (see withKnownReferences),
      // picked by the rest of the body, so no draw is added to the seed's sequence.
      .map((parts) => withKnownReferences(operation, parts, known, spread(parts.body)))
  );
}

/** A media type in other letter case: each word capitalised, the suffix upper-cased (`Application/Vnd.Api+JSON`). */
function otherCase(mediaType: string): string {
  const [essence = '', ...parameters] = mediaType.split(';');
  const [type = '', subtype = ''] = essence.trim().split('/');
  const words = (text: string) =>
    text.replace(/(^|[.-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
  const [name = '', suffix] = subtype.split('+');
  const cased = `${words(type)}/${words(name)}${suffix === undefined ? '' : `+${suffix.toUpperCase()}`}`;
  return [cased, ...parameters].join(';');
}

/** A small number that differs between bodies (which known value a body names). */
function spread(body: WireJson | undefined): number {
  const text = JSON.stringify(toPlainJson(body ?? null)) ?? '';
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}

/**
 * Values of one parameter: inside its schema, well-formed UTF-16 (a lone surrogate cannot be
 * percent-encoded), printable ASCII in headers and cookies, never an empty path segment.
 */
export function parameterArbitrary(parameter: ParameterModel): fc.Arbitrary<WireJson> {
  // A path segment is never empty, nor is a required header or cookie (an empty one is no value at all).
  const nonEmpty = parameter.in === 'path' || (parameter.required && parameter.in !== 'query');
  // An empty list is written as nothing (RFC 6570): a required array parameter holds at least one item.
  const base = parameter.schema.schema;
  const schema =
    nonEmpty && base.type === 'string' && base.minLength === undefined
      ? { ...base, minLength: 1 }
      : parameter.required && base.type === 'array' && (typeof base.minItems !== 'number' || base.minItems < 1)
        ? { ...base, minItems: 1 }
        : base;
  const ascii = parameter.in === 'header' || parameter.in === 'cookie';
  const onlyNull = base.type === 'null' || (Array.isArray(base.enum) && base.enum.every((v) => v === null));
  const drawn = schemaArbitrary(schema, { ascii, nameOf: schemaNameOf });
  return (
    countsAsText(parameter) ? fc.oneof({ arbitrary: COUNT_TEXT, weight: 3 }, { arbitrary: drawn, weight: 1 }) : drawn
  )
    .map(wellFormed)
    .filter(
      (value) =>
        // A parameter has no written form for null (OpenAPI serializes none): `?limit=null` is the
        // text "null", which a nullable number does not hold.
        (value !== null || onlyNull) &&
        parameter.schema.validate(toPlainJson(value)).ok &&
        integerFaults(value, parameter.schema.schema).length === 0 &&
        (parameter.in !== 'path' || !unsendableSegment(parameterText(value))),
    );
}

/**
 * A path parameter value no request can carry as itself: empty, or a dot segment, which URL
 * normalisation removes (RFC 3986 §5.2.4; the WHATWG URL parser reads `%2E` as `.` too), so that
 * the request reaches another path (the courses zoo: `/courses/./lessons` became `/courses/lessons`
 * and answered 405); or one holding a slash: sent as `%2F` it is data by RFC 3986, but many routers
 * decode it before they route (Starlette, proxies), so the request reaches no operation (held-out
 * set 114: a DELETE without a credential answered 404, not 401, and was judged as the operation's).
 */
export function unsendableSegment(text: string): boolean {
  return text === '' || text === '.' || text === '..' || text.includes('/');
}

/**
 * Counts written as text: a query parameter the schema leaves a bare string but whose name says it
 * is a page, an offset or a page size (`page`, `offset`, `limit`): servers parse it as a number, so
 * random text only meets their refusal. Small counts mostly, and one past 2^53 (an edge: any
 * refusal is fine, a 5xx is not; held-out set 89's 500 on `page=9007199254740993`).
 */
const COUNT_TEXT: fc.Arbitrary<WireJson> = fc.constantFrom('1', '2', '3', '5', '10', '20', '100', '9007199254740993');

function countsAsText(parameter: ParameterModel): boolean {
  const s = parameter.schema.schema;
  return (
    parameter.in === 'query' &&
    s.type === 'string' &&
    s.format === undefined &&
    s.pattern === undefined &&
    s.enum === undefined &&
    (isPageSizeName(parameter.name) || pageKindOf(parameter.name) !== undefined)
  );
}

/** The value with every lone surrogate replaced by U+FFFD, as a UTF-8 encoder would write it. */
function wellFormed(value: WireJson): WireJson {
  if (typeof value === 'string') return wellFormedText(value);
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object' && !(value instanceof LosslessNumber))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormedText(k), wellFormed(v)]));
  return value;
}

/** Whether the operation's request body goes as JSON (its preferred media type, or none named). */
export function sendsJson(operation: OperationModel): boolean {
  const type = operation.requestBody?.preferredMediaType;
  return type === undefined || /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
}

/** A body in the operation's preferred non-JSON media type (form, multipart, text, bytes), as raw text. */
function encodedBody(operation: OperationModel, value: WireJson, filename?: string): CaseBody {
  const body = operation.requestBody!;
  const media = body.content[body.preferredMediaType!];
  const encoded = encodeBody(
    body.preferredMediaType!,
    toPlainJson(value),
    body.schema.schema,
    media?.encoding as never,
    filename !== undefined ? { filename } : {},
  );
  const text = typeof encoded.body === 'string' ? encoded.body : Buffer.from(encoded.body).toString('utf8');
  return {
    kind: 'raw',
    // A form body goes as browsers and URLSearchParams write it: a space as `+` (WHATWG URL Standard,
    // application/x-www-form-urlencoded serializer), which every form parser reads as a space. A `+`
    // of the value itself is already `%2B` here.
    text: /^application\/x-www-form-urlencoded\b/i.test(encoded.contentType) ? text.replaceAll('%20', '+') : text,
    contentType: encoded.contentType,
  };
}

/** Whether a value goes on the wire as one plain text (a scalar in `form` or `simple` style). */
function isScalar(value: WireJson | ExistingValue): boolean {
  return (
    value instanceof ExistingValue || value === null || typeof value !== 'object' || value instanceof LosslessNumber
  );
}

/** The wire form of a parameter whose value or style is not plain text, per its style. */
function serialized(parameter: ParameterModel, value: WireJson) {
  return serializeParameter({ ...parameter, schema: parameter.schema.schema }, toPlainJson(value));
}

function orderedAs<T>(items: T[], reversed: boolean): T[] {
  return reversed ? [...items].reverse() : items;
}

/** The same JSON object with its members in reverse order (anything else unchanged). */
function reverseMembers(value: WireJson): WireJson {
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).reverse()) as WireJson;
}

/**
 * The gap of a form or multipart body that cannot say what the value says: an empty array (or an
 * empty object) has no field to go as, so it goes as nothing, and a body with no member at all is a
 * multipart with no part, which RFC 2046 §5.1.1 does not allow (one body part at least). Whether
 * such a body means `file: []` or a request that lacks its file is the server's reading, not the
 * spec's: a refusal of it is a contract gap (`form-encoding`), not a valid request refused.
 */
export const FORM_ENCODING_GAP = 'form-encoding';

function formEncodingEdge(operation: OperationModel, body: WireJson): EdgeReason | undefined {
  const type = operation.requestBody?.preferredMediaType ?? '';
  if (!/^(?:multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) return undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body) || body instanceof LosslessNumber)
    return undefined;
  const members = Object.entries(body);
  const empty = members.find(
    ([, v]) =>
      v !== null &&
      typeof v === 'object' &&
      !(v instanceof LosslessNumber) &&
      (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0),
  );
  if (empty)
    return {
      gap: FORM_ENCODING_GAP,
      description: `/body/${empty[0]} is empty, which ${type.split(';')[0]} can only send as no field at all`,
    };
  if (members.length === 0 && /^multipart\//i.test(type))
    return {
      gap: FORM_ENCODING_GAP,
      description: 'the body has no member, so the multipart has no part (RFC 2046 §5.1.1 asks for one at least)',
    };
  return undefined;
}

/** Turns request parts into a valid, authenticated case, labelled with any edge a server may refuse. */
export function toValidCase(operation: OperationModel, parts: RequestParts, family = 'valid'): Case {
  const declared = operation.requestBody ? declaredProperties(operation) : undefined;
  const parameterSchema = (where: string, name: string) =>
    operation.parameters.find((p) => p.in === where && p.name === name)?.schema.schema;
  // A form's own edge first: an empty array it cannot write at all says more than an empty list.
  const edge =
    (parts.body !== undefined ? formEncodingEdge(operation, parts.body) : undefined) ??
    (parts.body !== undefined
      ? edgeOf(parts.body, declared, '/body', operation.requestBody?.schema.schema)
      : undefined) ??
    Object.entries(parts.pathParams)
      .map(([k, v]) =>
        v instanceof ExistingValue ? undefined : edgeOf(v, undefined, `path.${k}`, parameterSchema('path', k)),
      )
      .find(Boolean) ??
    parts.query.map(([k, v]) => edgeOf(v, undefined, `query.${k}`, parameterSchema('query', k))).find(Boolean);
  // A value the target listed names an existing resource only on its own: two harvested values
  // (a parent's and a child's) need not belong together, so a path with several claims none.
  const existing =
    Object.keys(parts.pathParams).length === 1
      ? Object.entries(parts.pathParams)
          .filter(([, v]) => v instanceof ExistingValue)
          .map(([k]) => k)
      : [];
  const parameter = (where: ParameterModel['in'], name: string) =>
    operation.parameters.find((p) => p.in === where && p.name === name);
  // Scalars in the default styles travel as plain text (what the Animal Store's parameters are);
  // anything else is written by the spec's style rules.
  const plainPath = (name: string, v: WireJson | ExistingValue) =>
    isScalar(v) && (parameter('path', name)?.style ?? 'simple') === 'simple';
  const plainQuery = (name: string, v: WireJson) =>
    isScalar(v) &&
    (parameter('query', name)?.style ?? 'form') === 'form' &&
    !parameter('query', name)?.contentType &&
    !parameter('query', name)?.allowReserved;
  const rawPath = Object.fromEntries(
    Object.entries(parts.pathParams)
      .filter(([k, v]) => !plainPath(k, v) && parameter('path', k))
      .map(([k, v]) => [k, serialized(parameter('path', k)!, v as WireJson).path ?? '']),
  );
  const rawQuery = parts.query
    .filter(([k, v]) => !plainQuery(k, v) && parameter('query', k))
    .flatMap(([k, v]) => serialized(parameter('query', k)!, v).query ?? []);
  const headerParams = (parts.headerParams ?? []).flatMap(([k, v]) => {
    const text = serialized(parameter('header', k)!, v).header;
    return text === undefined ? [] : [[k, text] as const];
  });
  const cookies = (parts.cookieParams ?? []).flatMap(([k, v]) => serialized(parameter('cookie', k)!, v).cookie ?? []);
  return {
    operationId: operation.operationId,
    family,
    kind: 'valid',
    pathParams: Object.fromEntries(
      Object.entries(parts.pathParams).map(([k, v]) => [k, v instanceof ExistingValue ? v.text : parameterText(v)]),
    ),
    query: parts.query
      .filter(([k, v]) => plainQuery(k, v) || !parameter('query', k))
      .map(([k, v]) => [k, parameterText(v)] as const),
    ...(rawQuery.length > 0 ? { rawQuery } : {}),
    ...(Object.keys(rawPath).length > 0 ? { rawPath } : {}),
    ...(cookies.length > 0 ? { cookies } : {}),
    ...(parts.body !== undefined
      ? {
          body: sendsJson(operation)
            ? ({ kind: 'json', value: parts.body } as const)
            : encodedBody(operation, parts.body, parts.filename),
        }
      : {}),
    auth: 'valid',
    ...(parts.contentType !== undefined ||
    parts.accept !== undefined ||
    parts.chunked ||
    parts.acceptEncoding !== undefined ||
    parts.expectContinue ||
    headerParams.length > 0
      ? {
          headers: {
            ...Object.fromEntries(headerParams),
            ...(parts.contentType !== undefined ? { 'content-type': parts.contentType } : {}),
            ...(parts.accept !== undefined ? { accept: parts.accept } : {}),
            ...(parts.chunked ? { 'transfer-encoding': 'chunked' } : {}),
            ...(parts.acceptEncoding !== undefined ? { 'accept-encoding': parts.acceptEncoding } : {}),
            ...(parts.expectContinue ? { expect: '100-continue' } : {}),
          },
        }
      : {}),
    ...(edge ? { edge } : {}),
    ...(existing.length > 0 ? { existing } : {}),
    ...(parts.madeUpReferences?.length ? { madeUpReferences: parts.madeUpReferences } : {}),
  };
}

/** Arbitrary of valid cases of an operation. */
export function validCaseArbitrary(operation: OperationModel, known: KnownValues = {}): fc.Arbitrary<Case> {
  return requestPartsArbitrary(operation, known).map((parts) => toValidCase(operation, parts));
}

/** The top-level property names the body schema documents. */
export function declaredProperties(operation: OperationModel): ReadonlySet<string> {
  const schema = mergeAllOf(operation.requestBody!.schema.schema);
  return new Set(Object.keys((schema.properties as object | undefined) ?? {}));
}

/**
 * Whether a parameter is where an API-key scheme of the operation puts its key (a spec may declare
 * the key's header or query parameter as a parameter too): its value is the credential, never a
 * generated one.
 */
export function isCredential(operation: OperationModel, parameter: ParameterModel): boolean {
  return operation.security.alternatives.some((requirement) =>
    requirement.some(
      ({ scheme }) =>
        scheme.kind === 'apiKey' &&
        scheme.in === parameter.in &&
        (parameter.in === 'header'
          ? scheme.parameter.toLowerCase() === parameter.name.toLowerCase()
          : scheme.parameter === parameter.name),
    ),
  );
}

const satisfiableCache = new WeakMap<CompiledSchema, boolean>();

/**
 * Whether the generator finds values the schema's validator takes (one in 60 draws at least). A
 * contradictory schema has none: filtering generated values by it would never end.
 */
export function satisfiable(schema: CompiledSchema): boolean {
  const hit = satisfiableCache.get(schema);
  if (hit !== undefined) return hit;
  const found = fc
    .sample(schemaArbitrary(schema.schema, { nameOf: schemaNameOf }), { seed: 0, numRuns: 60 })
    .some((v) => schema.validate(toPlainJson(v)).ok);
  satisfiableCache.set(schema, found);
  return found;
}
