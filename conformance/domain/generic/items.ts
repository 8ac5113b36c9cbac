import { isLosslessNumber } from 'lossless-json';
import { isObject } from '../../../spec/json/index.js';
import type { OperationModel } from '../../../spec/index.js';
import { type CollectionModel, envelopeItems, isItemWrapperName } from '../../../spec/resources/index.js';
import type { ReceivedResponse } from '../../cases/index.js';

/**
 * An integer id as canonical decimal text, or undefined when the value is not an integer. JSON Schema
 * counts `1.0` and `1e3` as integers, so a server may write ids that way; paths and comparisons use
 * the canonical `1` and `1000`. Digits beyond 2^53 are kept (lossless-json numbers or text).
 */
export function integerText(value: unknown): string | undefined {
  if (isLosslessNumber(value) || typeof value === 'number') return canonicalInteger(String(value));
  return undefined;
}

/** JSON number text as canonical integer text (`1.0` → `1`), or undefined when it is not integral. */
export function canonicalInteger(text: string): string | undefined {
  if (/^-?\d+$/.test(text)) return BigInt(text).toString();
  // 1.0, 1.50e1, 2E3: integral when the exponent covers every fractional digit.
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  const digits = `${whole}${fraction}`;
  const point = whole!.length + exponent;
  if (point < 0 || Math.abs(exponent) > 400) return undefined;
  const integral = point >= digits.length ? digits + '0'.repeat(point - digits.length) : digits.slice(0, point);
  const rest = point >= digits.length ? '' : digits.slice(point);
  if (/[^0]/.test(rest)) return undefined;
  return BigInt(`${sign}${integral || '0'}`).toString();
}

/** The items of a list answer: the body itself, or the envelope member the resource model names. */
export function itemsOf(collection: CollectionModel, json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  return collection.envelope ? envelopeItems(collection.envelope, json) : undefined;
}

/**
 * The items of a list answer whose shape no collection model describes: a bare array, or the one
 * array member of an object (`{data: [...], total}`); undefined for anything else.
 */
export function listedArray(json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  if (json === null || typeof json !== 'object') return undefined;
  const arrays = Object.values(json).filter((v): v is unknown[] => Array.isArray(v));
  return arrays.length === 1 ? arrays[0] : undefined;
}

/** An id value as path text: integers canonical and exact (`1.0` → `1`), strings as they are. */
export function idText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || isLosslessNumber(value)) return canonicalInteger(String(value));
  return undefined;
}

/**
 * The item an answer about one item carries: the body itself where it names the id member (or no
 * id member is known), else the object the model's item envelope names (`{transaction: {...}}`),
 * else the one member named like a wrapper or like the collection that holds the id member. A
 * server may wrap its answers though its document does not say so; the id inside is what ties the
 * wrapped object to the item, so nothing is unwrapped without it.
 */
export function itemOf(collection: CollectionModel, body: unknown): unknown {
  const member = collection.id?.member;
  if (!isObject(body) || member === undefined || member in body) return body;
  const declared = collection.itemEnvelope?.member;
  if (declared !== undefined && isObject(body[declared]) && member in body[declared]) return body[declared];
  const holders = Object.entries(body).filter(
    ([name, value]) => isObject(value) && member in value && isItemWrapperName(name, collection.name),
  );
  return holders.length === 1 ? holders[0]![1] : body;
}

/** The item an answer about one item carries ({@link itemOf}), from its exact JSON where it has one. */
export function itemBody(collection: CollectionModel, response: ReceivedResponse | undefined): unknown {
  return response === undefined ? undefined : itemOf(collection, response.exactJson ?? response.json);
}

/**
 * Whether a documented answer schema is the item's: the item schema itself, or a wrapper whose
 * item envelope member is (`{transaction: Transaction}`).
 */
export function documentsItem(collection: CollectionModel, schema: unknown): boolean {
  if (schema === undefined || collection.itemSchema === undefined) return false;
  if (schema === collection.itemSchema) return true;
  const member = collection.itemEnvelope?.member;
  const properties = isObject(schema) ? schema.properties : undefined;
  return member !== undefined && isObject(properties) && properties[member] === collection.itemSchema;
}

/** The id of one item representation (or of an answer wrapping one, {@link itemOf}), by the id member the model inferred. */
export function idOfItem(collection: CollectionModel, item: unknown): string | undefined {
  const member = collection.id?.member;
  const unwrapped = itemOf(collection, item);
  if (!member || !isObject(unwrapped)) return undefined;
  return idText(unwrapped[member]);
}

/**
 * The id a create answer hands out: the id member of its body, else the last segment of its
 * `Location` (RFC 9110 §10.2.2: the created resource).
 */
export function createdId(
  collection: CollectionModel,
  response: ReceivedResponse,
  create?: OperationModel,
): string | undefined {
  // A 202 (or any answer whose documented body is not the item) acknowledges work to come: its
  // body describes a task, not the created item, and says nothing of the item's id.
  if (create && response.status !== 201) {
    const documented = create.responseFor(response.status)?.schema?.schema;
    if (
      response.status === 202 ||
      (documented !== undefined && collection.itemSchema !== undefined && !documentsItem(collection, documented))
    )
      return undefined;
  }
  const fromBody = idOfItem(collection, response.exactJson ?? response.json);
  if (fromBody !== undefined) return fromBody;
  const location = response.headers.location;
  if (!location) return undefined;
  const last = new URL(location, 'http://placeholder.invalid/').pathname.split('/').filter(Boolean).at(-1);
  try {
    return last === undefined ? undefined : decodeURIComponent(last);
  } catch {
    return undefined;
  }
}

/**
 * A create answer that is nothing but one token (`"3f9c…"`, `42`, or `text/plain` holding one word):
 * a server that hands out the new id as the whole body. Only a candidate: the caller adopts it once
 * a read of it is served, so the target itself confirms it names the item.
 */
export function bareIdToken(response: ReceivedResponse): string | undefined {
  const json = response.exactJson ?? response.json;
  const token = json !== undefined ? idText(json) : response.bodyText.trim().replace(/^"(.*)"$/, '$1');
  return token !== undefined && /^[A-Za-z0-9][\w.~:-]{0,127}$/.test(token) ? token : undefined;
}
