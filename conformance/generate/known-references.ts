import { type JsonSchema, type OperationModel, mergeAllOf } from '../../spec/index.js';
import { singular } from '../../spec/resources/index.js';
import { isObject } from '../../spec/json/index.js';
import type { WireJson } from '../cases/index.js';
import type { KnownValues, RequestParts } from './request-parts.js';
import { toPlainJson } from './wire.js';

/** Lower case without `_`, `-` and `.`: `author_id` and `authorId` name one thing. */
const normal = (name: string) => name.toLowerCase().replace(/[_\-.]/g, '');

/**
 * Names of path parameters that identify an item (`warehouseId`, `author_id`, `uuid`, `slug`, `sku`,
 * `username`): a value path (`/data/age/{age}`, `/data/sex/{sex}`, held-out set 139) names no
 * resource, so a body member `age` is no reference to one.
 */
const IDENTIFIER_WORDS = new Set(['id', 'uuid', 'guid', 'slug', 'sku', 'key', 'code', 'name', 'username', 'number']);
const identifies = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((w) => w !== '');
  return IDENTIFIER_WORDS.has(words.at(-1)?.toLowerCase() ?? '');
};

/** A body member naming another resource, with the path parameter that resource's values are learnt under. */
export interface ReferenceMember {
  readonly member: string;
  readonly parameter: string;
  /**
   * The item path the member names an item of (`/categories/{id}` for `categoryId`), where the
   * member is named for the collection, not the parameter: only values learnt there fill it.
   */
  readonly itemPath?: string;
}

/**
 * The top-level body members of an operation that name another resource by its path parameter's name
 * (`warehouseId` in an item's body for `/warehouses/{warehouseId}`, `author_id` for `{authorId}`),
 * or by its collection's singular name and `Id` where the parameter is a bare `id` (`categoryId` for
 * `/categories/{id}`, held-out set 133), each with that parameter: a made-up value names nothing,
 * and the server rightly refuses it.
 */
export function referenceMembers(operation: OperationModel, operations: readonly OperationModel[]): ReferenceMember[] {
  const schema = operation.requestBody ? mergeAllOf(operation.requestBody.schema.schema) : undefined;
  const properties = isObject(schema?.properties) ? Object.keys(schema.properties) : [];
  // The operation's own resources are not references: `sku` in the body of POST /items names the
  // item it creates (/items/{sku}), and one in PUT /items/{sku} the item its path names.
  const own = `${operation.path.replace(/\/$/, '')}/`;
  const others = new Map<string, string>();
  const mine = new Set<string>();
  // `categoryid` → the item path `/categories/{id}` and its parameter.
  const byCollection = new Map<string, { parameter: string; itemPath: string }>();
  for (const o of operations) {
    const segments = o.path.split('/');
    for (const p of o.parameters)
      if (p.in === 'path') {
        if (o.path === operation.path || o.path.startsWith(own)) mine.add(normal(p.name));
        else if (!others.has(normal(p.name)) && identifies(p.name)) others.set(normal(p.name), p.name);
      }
    // An item path of another collection whose parameter is a bare id: `/categories/{id}`.
    const last = segments.length - 1;
    const parameter = /^\{([^}]+)\}$/.exec(segments[last] ?? '')?.[1];
    const collection = segments[last - 1];
    if (parameter === undefined || normal(parameter) !== 'id' || !collection || collection.startsWith('{')) continue;
    const itemPath = segments.join('/');
    if (operation.path.startsWith(segments.slice(0, last).join('/'))) continue;
    for (const name of new Set([singular(collection), collection.replace(/s$/, '')]))
      if (!byCollection.has(normal(`${name}id`))) byCollection.set(normal(`${name}id`), { parameter, itemPath });
  }
  return properties.flatMap((member): ReferenceMember[] => {
    const key = normal(member);
    if (mine.has(key)) return [];
    if (others.has(key)) return [{ member, parameter: others.get(key)! }];
    const named = byCollection.get(key);
    return named ? [{ member, ...named }] : [];
  });
}

/** A body member that names the operation's own item: `id` in `POST /users` beside `GET /users/{id}`. */
export interface OwnIdMember {
  readonly member: string;
  /** An operation on the item path, and its path parameter the member fills. */
  readonly operationId: string;
  readonly parameter: string;
}

/**
 * The body members that name the operation's own item, as the path parameter of an operation below
 * its path does (`id` of `POST /users` ↔ `GET /users/{id}`): a client that chooses the id of what it
 * creates sends it there. The counterpart of {@link referenceMembers}, which names other resources.
 */
export function ownIdMembers(operation: OperationModel, operations: readonly OperationModel[]): OwnIdMember[] {
  const schema = operation.requestBody ? mergeAllOf(operation.requestBody.schema.schema) : undefined;
  const properties = isObject(schema?.properties) ? Object.keys(schema.properties) : [];
  const own = `${operation.path.replace(/\/$/, '')}/`;
  const below = operations.filter((o) => o.path.startsWith(own));
  return properties.flatMap((member): OwnIdMember[] => {
    for (const o of below)
      for (const p of o.parameters)
        if (p.in === 'path' && normal(p.name) === normal(member) && o.path.endsWith(`{${p.name}}`))
          return [{ member, operationId: o.operationId, parameter: p.name }];
    return [];
  });
}

/**
 * Request parts with each reference member of the body (a member `known` holds a pool for, possibly
 * empty: see referenceMembers) set to a value the target handed out, the `pick`-th one, where the
 * body stays valid. Members left with the value the kit made up are listed in `madeUpReferences`.
 */
export function withKnownReferences(
  operation: OperationModel,
  parts: RequestParts,
  known: KnownValues,
  pick = 0,
): RequestParts {
  const body = parts.body;
  const schema = operation.requestBody?.schema;
  if (!schema || !isObject(body)) return parts;
  const properties = mergeAllOf(schema.schema).properties;
  if (!isObject(properties)) return parts;
  let next = body as Record<string, WireJson>;
  const madeUp: string[] = [];
  // The operation's own path values are its own resource's, not references (see referenceMembers).
  const ownPath = new Set(operation.parameters.filter((p) => p.in === 'path').map((p) => p.name));
  for (const name of Object.keys(properties)) {
    if (ownPath.has(name) || !(name in next)) continue;
    const pool = known[name];
    if (!pool) continue;
    const text = pool.length > 0 ? pool[pick % pool.length]! : undefined;
    const type = mergeAllOf(properties[name] as JsonSchema).type;
    const value: WireJson | undefined =
      text === undefined
        ? undefined
        : (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)
          ? Number(text)
          : text;
    const candidate = value === undefined ? undefined : { ...next, [name]: value };
    if (candidate && schema.validate(toPlainJson(candidate)).ok) next = candidate;
    else madeUp.push(name);
  }
  if (next === body && madeUp.length === 0) return parts;
  return { ...parts, body: next, ...(madeUp.length > 0 ? { madeUpReferences: madeUp } : {}) };
}
