import type { OperationModel, SpecModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { Case, Exchange, WireJson } from '../../cases/index.js';
import type { ItemRef } from '../../findings/index.js';
import { mergeAllOf, ordinaryParts, toValidCase, type KnownValues } from '../../generate/index.js';
import type { SequenceContext } from '../rules.js';
import { createdId, itemsOf } from './items.js';
import { isObject } from '../../../spec/json/index.js';

/** The operations of a collection the probes use, resolved in the spec. */
export interface CollectionOperations {
  readonly list: OperationModel | undefined;
  readonly create: OperationModel | undefined;
  readonly read: OperationModel | undefined;
  readonly replace: OperationModel | undefined;
  readonly update: OperationModel | undefined;
  readonly delete: OperationModel | undefined;
}

/** The operations the resource model assigned to a collection, by role, resolved in the spec. */
export function operationsOf(spec: SpecModel, collection: CollectionModel): CollectionOperations {
  const op = (role: keyof CollectionOperations) => {
    const id = collection.operations[role]?.operationId;
    return id ? spec.operation(id) : undefined;
  };
  return {
    list: op('list'),
    create: op('create'),
    read: op('read'),
    replace: op('replace'),
    update: op('update'),
    delete: op('delete'),
  };
}

/**
 * Values of the collection's scope parameters (the parent ids of a nested collection) the run has
 * learned for an operation; undefined while one is unknown.
 */
export function scopeOf(
  context: SequenceContext,
  collection: CollectionModel,
  operation: OperationModel,
): Record<string, string> | undefined {
  const known = knownValues(context, operation.operationId);
  const scope: Record<string, string> = {};
  for (const name of collection.scope) {
    const value = known[name]?.[0];
    if (value === undefined) return undefined;
    scope[name] = value;
  }
  return scope;
}

/** A 2xx answer. */
export const is2xx = (e: Exchange): boolean =>
  e.response !== undefined && e.response.status >= 200 && e.response.status < 300;

/**
 * The ordinary list request at its largest page (the page-size parameter at its documented maximum),
 * and whether its answer, shorter than that page, holds the whole collection: not when another
 * parameter narrows it, nor when no maximum is documented.
 */
export function largestPage(
  list: OperationModel,
  collection: CollectionModel,
  scope: Record<string, string>,
  family: string,
  known: KnownValues = {},
): { readonly testCase: Case; readonly cap: number | undefined } {
  const ordinary = toValidCase(list, ordinaryParts(list, known, 0));
  const size = collection.pageSize;
  const cap = size?.maximum;
  const query =
    size && cap !== undefined
      ? [...ordinary.query.filter(([k]) => k !== size.parameter), [size.parameter, String(cap)] as [string, string]]
      : ordinary.query;
  return { testCase: { ...ordinary, family, query, pathParams: { ...ordinary.pathParams, ...scope } }, cap };
}

/** Whether the answer says more items follow on another page (RFC 8288 `Link: <...>; rel="next"`). */
export function announcesNextPage(exchange: Exchange): boolean {
  const link = exchange.response?.headers.link;
  return link !== undefined && /;\s*rel\s*=\s*"?[^"]*\bnext\b/i.test(link);
}

/**
 * Whether a list answer holds everything the collection has: shorter than the documented largest page
 * it asked for, no other parameter narrowing it, no `Link: rel="next"` (RFC 8288) saying more follows, and no `Age`
 * (RFC 9111 §5.1: a cached copy may predate the items looked for).
 */
export function holdsEverything(exchange: Exchange, collection: CollectionModel, cap: number | undefined): boolean {
  const r = exchange.response;
  if (!r || !is2xx(exchange) || r.headers.age !== undefined) return false;
  const items = itemsOf(collection, r.exactJson ?? r.json);
  if (!items) return false;
  const size = collection.pageSize;
  if (exchange.case.query.some(([name]) => name !== size?.parameter)) return false;
  if (announcesNextPage(exchange)) return false;
  // Without a documented largest page a server may still page by a size of its own: no verdict.
  return size !== undefined && cap !== undefined && items.length < cap;
}

/** An ordinary creation in the collection, with some members of its JSON body set. */
export function createCase(
  context: SequenceContext,
  create: OperationModel,
  scope: Record<string, string>,
  family: string,
  members: Readonly<Record<string, WireJson>> = {},
  seed = 0,
): Case {
  // With the run's values, a member naming another resource (`categoryId`) names one the target
  // handed out, or says it was made up (held-out set 133: a 409 for a category that did not exist).
  const ordinary = toValidCase(create, ordinaryParts(create, knownValues(context, create.operationId), seed));
  const body =
    ordinary.body?.kind === 'json' &&
    ordinary.body.value !== null &&
    typeof ordinary.body.value === 'object' &&
    !Array.isArray(ordinary.body.value)
      ? { kind: 'json' as const, value: { ...(ordinary.body.value as Record<string, WireJson>), ...members } }
      : ordinary.body;
  return { ...ordinary, family, pathParams: { ...ordinary.pathParams, ...scope }, ...(body ? { body } : {}) };
}

/** A request to one item by its id (read, replace, update, delete), otherwise ordinary; the id is not claimed to exist. */
export function itemCase(
  operation: OperationModel,
  collection: CollectionModel,
  scope: Record<string, string>,
  itemId: string,
  family: string,
): Case {
  const ordinary = toValidCase(operation, ordinaryParts(operation, {}, 0));
  return {
    ...ordinary,
    family,
    pathParams: { ...ordinary.pathParams, ...scope, [collection.id!.parameter]: itemId },
    existing: [],
  };
}

/** The item a creation made, as findings name it; undefined when its answer names no id. */
export function createdItem(
  collection: CollectionModel,
  create: OperationModel,
  exchange: Exchange,
): ItemRef | undefined {
  if (!collection.id || !exchange.response || !is2xx(exchange) || exchange.case.kind === 'invalid') return undefined;
  const id = createdId(collection, exchange.response, create);
  if (id === undefined) return undefined;
  return {
    parameter: collection.id.parameter,
    id,
    createdBy: create.operationId,
    ...(collection.id.member ? { idMember: collection.id.member } : {}),
    inference: collection.id.reason,
  };
}

/** The case without one member of its JSON body (as it is when `member` is undefined or absent). */
export function withoutMember(c: Case, member: string | undefined): Case {
  if (member === undefined || c.body?.kind !== 'json' || !isObject(c.body.value) || !(member in c.body.value)) return c;
  const { [member]: _, ...rest } = c.body.value as Record<string, WireJson>;
  return { ...c, body: { kind: 'json', value: rest } };
}

/** The members a write's JSON body schema requires (through `allOf`). */
export function requiredMembers(write: OperationModel): Set<string> {
  const schema = write.requestBody ? mergeAllOf(write.requestBody.schema.schema) : {};
  return new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
}

/**
 * A collection's actions: writes (POST, PUT, PATCH) to a literal path below its item
 * (`/orders/{id}/cancel`), not the CRUD of any collection.
 */
export function itemActions(spec: SpecModel, collection: CollectionModel): OperationModel[] {
  const itemPath = collection.itemPath;
  if (itemPath === undefined) return [];
  return collection.others
    .filter(
      (a) =>
        ['post', 'put', 'patch'].includes(a.method) &&
        a.path.startsWith(`${itemPath}/`) &&
        !a.path.slice(itemPath.length).includes('{'),
    )
    .map((a) => spec.operation(a.operationId))
    .filter((o): o is OperationModel => o !== undefined);
}

/**
 * The values the run has seen for an operation's parameters and reference members (ids the target
 * handed out, by parameter name), where the engine's context offers them; none otherwise.
 */
export function knownValues(context: SequenceContext, operationId: string): KnownValues {
  return (context as SequenceContext & { known?: (operationId: string) => KnownValues }).known?.(operationId) ?? {};
}
