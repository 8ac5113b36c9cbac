import { isLosslessNumber } from 'lossless-json';
import type { OperationModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { ReceivedResponse } from '../../cases/index.js';
import { canonicalInteger } from '../animal-store/ids.js';

/** The items of a list answer: the body itself, or the envelope member the resource model names. */
export function itemsOf(collection: CollectionModel, json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  if (collection.envelope && json !== null && typeof json === 'object') {
    const items = (json as Record<string, unknown>)[collection.envelope.member];
    return Array.isArray(items) ? items : undefined;
  }
  return undefined;
}

/** An id value as path text: integers canonical and exact (`1.0` → `1`), strings as they are. */
export function idText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || isLosslessNumber(value)) return canonicalInteger(String(value));
  return undefined;
}

/** The id of one item representation, by the id member the model inferred. */
export function idOfItem(collection: CollectionModel, item: unknown): string | undefined {
  const member = collection.id?.member;
  if (!member || item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  return idText((item as Record<string, unknown>)[member]);
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
      (documented !== undefined && collection.itemSchema !== undefined && documented !== collection.itemSchema)
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
