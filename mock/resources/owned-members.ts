import type { JsonSchema, OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import {
  OWN_VALUE_KEYS,
  UPDATE_STAMP,
  declaredSchemas,
  exampleItem,
  nowIn,
  ownedValue,
  requiredNames,
  typedLike,
} from './item-schema.js';
import type { Collection, Obj, ResourceState } from './resource-state.js';
import { sampleValue } from '../../spec/generate/index.js';

// Which members of a stored item are the client's (what it sent, as the item declares it) and which
// the server's (ids, parent ids, readOnly members, timestamps, required members left out), on create
// and on every change.

/** The body's members the item declares (all of them when it declares none), readOnly ones dropped: the server owns those. */
export function clientMembers(collection: Collection, shape: JsonSchema | undefined, body: unknown): Obj {
  const source = isObject(body) ? body : {};
  const declared = shape ? declaredSchemas(shape) : new Map<string, JsonSchema>();
  const out: Obj = {};
  // Form fields often spell members otherwise (`ExtensionContext` for `extension_context`): matched once case, _ and - are ignored.
  const loose = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
  const byLoose = new Map([...declared.keys()].map((name) => [loose(name), name]));
  for (const [sent, value] of Object.entries(source)) {
    const key = declared.has(sent) ? sent : (byLoose.get(loose(sent)) ?? sent);
    if (key !== sent && Object.hasOwn(source, key)) continue;
    if (declared.size > 0 && !declared.has(key)) continue;
    if (collection.model.readOnlyMembers.includes(key) || declared.get(key)?.readOnly === true) continue;
    out[key] = value;
  }
  return out;
}

/**
 * Makes each member of an item fit the item's own schema for it: a value that breaks it is written
 * as its JSON text when that fits (a request's object where the item holds a string), else left
 * out (a required one is then filled like any other left out). True when anything changed.
 */
export function fitMembers(state: ResourceState, shape: JsonSchema | undefined, value: Obj): boolean {
  let changed = false;
  for (const [name, schema] of shape ? declaredSchemas(shape) : []) {
    if (value[name] === undefined) continue;
    const check = state.compiledMember(schema);
    if (check.validate(value[name]).ok) continue;
    const text = typeof value[name] === 'string' ? undefined : JSON.stringify(value[name]);
    if (text !== undefined && check.validate(text).ok) value[name] = text;
    else delete value[name];
    changed = true;
  }
  return changed;
}

/** Fills what the server owns: parent ids named like the path parameters, readOnly members, required members left out. */
export function fillOwned(
  state: ResourceState,
  collection: Collection,
  schema: JsonSchema | undefined,
  operation: OperationModel,
  value: Obj,
  scope: readonly string[],
  previous: Readonly<Obj> | undefined,
): void {
  const m = collection.model;
  const properties = schema ? declaredSchemas(schema) : new Map<string, JsonSchema>();
  const readOnly = new Set([
    ...m.readOnlyMembers,
    ...[...properties].filter(([, p]) => p.readOnly === true).map(([name]) => name),
  ]);
  m.scope.forEach((name, i) => {
    if (properties.has(name)) value[name] = typedLike(properties.get(name), scope[i]!);
  });
  const example = exampleItem(operation);
  // One instant for every timestamp this change writes: a new item's `createdAt` and `updatedAt` agree.
  const now = new Date();
  // A timestamp of now where the member would take one: a change moves the server's own "last changed"
  // stamp (`updatedAt`, `modified_at`, `updateTime`); a new item's date-time members with nothing
  // more specific to take (no value of their own in the schema, no example) are now.
  const stampOf = (name: string): unknown => {
    const member = properties.get(name);
    const wanted =
      previous !== undefined
        ? UPDATE_STAMP.test(name)
        : member !== undefined && !OWN_VALUE_KEYS.some((k) => k in member) && example?.[name] === undefined;
    const stamp = wanted ? nowIn(member, now) : undefined;
    // Only where it fits (a `pattern` may refuse the milliseconds): else the member is filled as before.
    return stamp !== undefined && state.compiledMember(member!).validate(stamp).ok ? stamp : undefined;
  };
  for (const name of readOnly) {
    if (name === m.id?.member || m.scope.includes(name) || (!properties.has(name) && properties.size > 0)) continue;
    value[name] = stampOf(name) ?? previous?.[name] ?? fittingOwnedValue(state, properties.get(name), example?.[name]);
  }
  for (const name of requiredNames(schema)) {
    if (value[name] !== undefined) continue;
    const kept = previous?.[name];
    value[name] = kept ?? stampOf(name) ?? fittingOwnedValue(state, properties.get(name), example?.[name]);
  }
}

/** {@link ownedValue}, unless it breaks the member's schema (a spec example often does): then one built from the schema. */
function fittingOwnedValue(state: ResourceState, schema: JsonSchema | undefined, example: unknown): unknown {
  const first = ownedValue(schema, example);
  if (!schema) return first;
  const check = state.current.spec.compile(schema);
  if (check.validate(first).ok) return first;
  const built = sampleValue(schema);
  if (check.validate(built).ok) return built;
  // The schema's own default or example breaks it (a `uri` default holding `{$INSTITUTION_ID}`): one from its type and format alone.
  const { default: _default, example: _example, examples: _examples, ...bare } = schema;
  const plain = sampleValue(bare);
  return check.validate(plain).ok ? plain : first;
}
