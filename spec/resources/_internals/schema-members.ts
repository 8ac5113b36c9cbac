import type { JsonSchema } from '../../model.js';
import { isObject } from '../../json/index.js';
import { normalised, singular } from './naming.js';

/** A member of an object schema, with the facts inference and the mock need. */
export interface Member {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
}

/**
 * The members of an object schema, merged over `allOf` (and the first branch of `oneOf`/`anyOf`,
 * the shape a mock can always produce). Dereferenced documents only: `$ref`s are already resolved.
 */
export function membersOf(schema: JsonSchema | undefined, depth = 0): Map<string, Member> {
  const out = new Map<string, Member>();
  if (!schema || depth > 8) return out;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const parts: JsonSchema[] = [];
  for (const key of ['allOf'] as const) if (Array.isArray(schema[key])) parts.push(...(schema[key] as JsonSchema[]));
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(schema[key]) && isObject((schema[key] as unknown[])[0]))
      parts.push((schema[key] as JsonSchema[])[0]!);
  for (const part of parts) {
    for (const [name, member] of membersOf(part, depth + 1)) {
      const previous = out.get(name);
      out.set(
        name,
        previous
          ? {
              ...previous,
              required: previous.required || member.required,
              readOnly: previous.readOnly || member.readOnly,
            }
          : member,
      );
    }
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, member] of Object.entries(properties)) {
    if (!isObject(member)) continue;
    const previous = out.get(name);
    out.set(name, {
      name,
      schema: previous ? { allOf: [previous.schema, member] } : member,
      required: required.has(name) || (previous?.required ?? false),
      readOnly: member.readOnly === true || (previous?.readOnly ?? false),
      writeOnly: member.writeOnly === true || (previous?.writeOnly ?? false),
    });
  }
  for (const name of required) {
    const previous = out.get(name);
    if (previous && !previous.required) out.set(name, { ...previous, required: true });
  }
  return out;
}

/** The `type` of a schema, looking through `allOf` wrappers and 3.1 `type: [x, "null"]`. */
export function typeOf(schema: JsonSchema | undefined, depth = 0): string | undefined {
  if (!schema || depth > 8) return undefined;
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[key])) {
      for (const part of schema[key] as JsonSchema[]) {
        const found = typeOf(part, depth + 1);
        if (found) return found;
      }
    }
  }
  if (isObject(schema.properties)) return 'object';
  if (isObject(schema.items)) return 'array';
  return undefined;
}

/** A keyword of a schema, looking through `allOf`. */
export function keywordOf(schema: JsonSchema | undefined, keyword: string, depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  if (keyword in schema) return schema[keyword];
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf as JsonSchema[]) {
      const found = keywordOf(part, keyword, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The item schema of an array schema. */
export function itemsOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (isObject(schema.items)) return schema.items;
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf as JsonSchema[]) {
      const found = itemsOf(part);
      if (found) return found;
    }
  }
  return undefined;
}

/** Names an array member of an envelope typically has. */
const ENVELOPE_NAMES = [
  'data',
  'items',
  'results',
  'records',
  'entries',
  'values',
  'content',
  'list',
  'elements',
  'nodes',
  'edges',
];

/**
 * The array member of a list answer that wraps its items, if the schema is such an envelope: the only
 * array member, or the one named like one (`data`, `items`, `results`, ...).
 */
export function envelopeMemberOf(schema: JsonSchema | undefined, collectionName: string): string | undefined {
  if (typeOf(schema) !== 'object') return undefined;
  const arrays = [...membersOf(schema).values()].filter((m) => typeOf(m.schema) === 'array');
  if (arrays.length === 1) return arrays[0]!.name;
  return (
    arrays.find((m) => m.name === collectionName)?.name ??
    arrays.find((m) => ENVELOPE_NAMES.includes(m.name.toLowerCase()))?.name
  );
}

/** Names of an object member that wraps a list answer's envelope (`{success, data: {items, total}}`). */
const WRAPPER_NAMES = ['data', 'result', 'response', 'payload', 'body'];

/**
 * The members from a list answer's root to the array that holds its items: `['items']` for
 * `{items: [...]}` (see {@link envelopeMemberOf}), or, where the root has no array member, one
 * wrapper below it named like one (`data`, `result`) whose array is named like the collection or an
 * envelope (`{success, data: {todos: [...], total}}` → `['data', 'todos']`).
 */
export function envelopePathOf(schema: JsonSchema | undefined, collectionName: string): string[] | undefined {
  const member = envelopeMemberOf(schema, collectionName);
  if (member !== undefined) return [member];
  if (typeOf(schema) !== 'object') return undefined;
  const members = [...membersOf(schema).values()];
  if (members.some((m) => typeOf(m.schema) === 'array')) return undefined;
  for (const wrapper of members) {
    if (!WRAPPER_NAMES.includes(wrapper.name.toLowerCase()) || typeOf(wrapper.schema) !== 'object') continue;
    const arrays = [...membersOf(wrapper.schema).values()].filter((m) => typeOf(m.schema) === 'array');
    const inner =
      arrays.find((m) => m.name === collectionName) ??
      arrays.find((m) => ENVELOPE_NAMES.includes(m.name.toLowerCase()));
    if (inner) return [wrapper.name, inner.name];
  }
  return undefined;
}

/** Names of an object member that wraps one item of an answer (`{success, data: {...}}`, `{item: {...}}`). */
const ITEM_WRAPPER_NAMES = ['data', 'result', 'response', 'payload', 'body', 'item', 'record', 'entity', 'resource'];

/**
 * Whether a member name may wrap one item of a collection: a wrapper word (`data`, `item`) or the
 * collection's own name, singular or plural (`transaction` of `/transactions`), case, `_` and `-` aside.
 */
export function isItemWrapperName(name: string, collectionName: string): boolean {
  const plain = normalised(name);
  return (
    ITEM_WRAPPER_NAMES.includes(plain) ||
    plain === normalised(collectionName) ||
    plain === normalised(singular(collectionName))
  );
}

/**
 * The member of an answer about one item that wraps the item (`transaction` of `{transaction: {id,
 * ...}}`): the root names no id member, and exactly one object member named like a wrapper or like the
 * collection does. `holdsId` says whether a schema's members include the item's id.
 */
export function itemWrapperOf(
  schema: JsonSchema | undefined,
  collectionName: string,
  holdsId: (members: ReadonlyMap<string, Member>) => boolean,
): string | undefined {
  const members = membersOf(schema);
  if (holdsId(members)) return undefined;
  const wrappers = [...members.values()].filter(
    (m) => isItemWrapperName(m.name, collectionName) && holdsId(membersOf(m.schema)),
  );
  return wrappers.length === 1 ? wrappers[0]!.name : undefined;
}
