import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import type { Case, WireJson } from '../cases/index.js';
import type { OperationModel } from '../../spec/index.js';
import { edgeOf } from './edge.js';
import { mergeAllOf, schemaArbitrary } from './schema-arbitrary.js';
import { parameterText } from './wire.js';

/** Values of path parameters known to exist on the target (ids harvested from its responses). */
export type KnownValues = Readonly<Record<string, readonly string[]>>;

/** A parameter value the target itself returned (an id from its list), as opposed to a generated one. */
export class ExistingValue {
  constructor(readonly text: string) {}
}

/** Spellings of the JSON media type a client may send; all mean the same (RFC 8259 has no charset, UTF-8 is implied). */
// Media types are case-insensitive (RFC 9110 §8.3.1).
export const JSON_CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'Application/JSON'] as const;

/** Accept headers a client may send, or none at all ('' removes the kit's default): all must get JSON. */
export const ACCEPT_HEADERS = ['application/json', '', '*/*', 'application/json, text/plain, */*', 'application/*'] as const;

/** The parts of a request, before they are labelled as a case. */
export interface RequestParts {
  readonly pathParams: Record<string, WireJson | ExistingValue>;
  readonly query: [string, WireJson][];
  readonly body?: WireJson;
  readonly contentType?: string;
  readonly accept?: string;
  /** Send the body with chunked transfer coding instead of Content-Length (RFC 9112 §7.1). */
  readonly chunked?: boolean;
  /** An Accept-Encoding header (none by default). */
  readonly acceptEncoding?: string;
  /** Send `Expect: 100-continue` (and the body at once). */
  readonly expectContinue?: boolean;
}

/** Arbitrary of the parameters and body of a valid request of an operation. */
export function requestPartsArbitrary(operation: OperationModel, known: KnownValues = {}): fc.Arbitrary<RequestParts> {
  const path: Record<string, fc.Arbitrary<WireJson | ExistingValue>> = {};
  const query: fc.Arbitrary<[string, WireJson] | null>[] = [];
  for (const parameter of operation.parameters) {
    const generated = schemaArbitrary(parameter.schema.schema);
    const pool = known[parameter.name] ?? [];
    if (parameter.in === 'path') {
      path[parameter.name] = pool.length > 0 ? fc.oneof(fc.constantFrom(...pool).map((text) => new ExistingValue(text)), generated) : generated;
    } else if (parameter.in === 'query') {
      const pair = generated.map((v): [string, WireJson] => [parameter.name, v]);
      query.push(parameter.required ? pair : fc.option(pair, { nil: null, freq: 3 }));
    }
  }
  const body = operation.requestBody ? schemaArbitrary(operation.requestBody.schema.schema, { extraProperties: true }) : fc.constant(undefined);
  const contentType = operation.requestBody ? fc.constantFrom(...JSON_CONTENT_TYPES) : fc.constant(undefined);
  const accept = fc.constantFrom(...ACCEPT_HEADERS);
  // Neither query parameters nor JSON members have an order a server may depend on: both are sent
  // in the spec's order or reversed.
  const reversed = fc.record({ query: fc.boolean(), members: fc.boolean() });
  // Content codings: none asked (any is then acceptable, and decoded), all three, or identity only.
  const acceptEncoding = fc.constantFrom(undefined, undefined, undefined, 'gzip, deflate, br', 'identity');
  // Every HTTP/1.1 server must read a chunked body: one request in four with a body uses it; and
  // one in eight says Expect: 100-continue (its body follows at once).
  const chunked = operation.requestBody ? fc.constantFrom(false, false, false, true) : fc.constant(false);
  const expectContinue = operation.requestBody ? fc.constantFrom(false, false, false, false, false, false, false, true) : fc.constant(false);
  return fc.record({ pathParams: fc.record(path), query: fc.tuple(...query), body, contentType, accept, reversed, chunked, acceptEncoding, expectContinue }).map(({ pathParams, query: q, body: b, contentType: t, accept: a, reversed: r, chunked: c, acceptEncoding: e, expectContinue: x }) => ({
    pathParams,
    query: orderedAs(q.filter((pair): pair is [string, WireJson] => pair !== null), r.query),
    ...(b !== undefined ? { body: r.members ? reverseMembers(b) : b } : {}),
    ...(t !== undefined && t !== JSON_CONTENT_TYPES[0] ? { contentType: t } : {}),
    ...(a !== ACCEPT_HEADERS[0] ? { accept: a } : {}),
    ...(c ? { chunked: true } : {}),
    ...(e !== undefined ? { acceptEncoding: e } : {}),
    ...(x ? { expectContinue: true } : {}),
  }));
}

function orderedAs<T>(items: T[], reversed: boolean): T[] {
  return reversed ? [...items].reverse() : items;
}

/** The same JSON object with its members in reverse order (anything else unchanged). */
function reverseMembers(value: WireJson): WireJson {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof LosslessNumber) return value;
  return Object.fromEntries(Object.entries(value).reverse());
}

/** Turns request parts into a valid, authenticated case, labelled with any edge a server may refuse. */
export function toValidCase(operation: OperationModel, parts: RequestParts, family = 'valid'): Case {
  const declared = operation.requestBody ? declaredProperties(operation) : undefined;
  const edge =
    (parts.body !== undefined ? edgeOf(parts.body, declared, '/body') : undefined) ??
    Object.entries(parts.pathParams).map(([k, v]) => (v instanceof ExistingValue ? undefined : edgeOf(v, undefined, `path.${k}`))).find(Boolean) ??
    parts.query.map(([k, v]) => edgeOf(v, undefined, `query.${k}`)).find(Boolean);
  const existing = Object.entries(parts.pathParams).filter(([, v]) => v instanceof ExistingValue).map(([k]) => k);
  return {
    operationId: operation.operationId,
    family,
    kind: 'valid',
    pathParams: Object.fromEntries(Object.entries(parts.pathParams).map(([k, v]) => [k, v instanceof ExistingValue ? v.text : parameterText(v)])),
    query: parts.query.map(([k, v]) => [k, parameterText(v)] as const),
    ...(parts.body !== undefined ? { body: { kind: 'json', value: parts.body } as const } : {}),
    auth: 'valid',
    ...(parts.contentType !== undefined || parts.accept !== undefined || parts.chunked || parts.acceptEncoding !== undefined || parts.expectContinue
      ? {
          headers: {
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
