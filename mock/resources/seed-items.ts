import { envelopeItems } from '../../spec/resources/envelope.js';
import type { CompiledSchema, SpecModel } from '../../spec/index.js';
import type { CollectionModel, ResourceModel } from '../../spec/resources/index.js';
import { type SeedItem, keyOf } from './collection-store.js';
import { isObject } from '../../spec/json/index.js';

type Obj = Record<string, unknown>;

/** Seed data as read from its source (`--data`): the parsed JSON, re-read on every spec reload. */
export interface SeedDataSource {
  /** The file (or other source) named in error messages. */
  readonly name: string;
  /** The parsed JSON. @throws when it cannot be read or parsed. */
  read(): unknown;
}

/** Seed items per collection path. */
export type SeedData = ReadonlyMap<string, readonly SeedItem[]>;

/**
 * Seed items for every collection: from `data` for the collections it names (keyed by collection
 * path, `/users/{userId}/repos`, or name, `repos`; or a plain array of items when the spec has one
 * top-level collection), then from `defaults` (a domain plug-in's seed, same format) for the
 * collections `data` leaves out, and from the spec's examples for the others (the list's and the
 * read's 2xx examples, else the item schema's own `examples` or `example`). Items that break the
 * item schema are refused with an Error naming the file and the key (data file) or skipped
 * (examples, which the spec's own tests judge).
 * Nested items find their scope in members named like the path parameters, else in the list
 * operation's parameter examples.
 *
 * @throws Error for a data file that cannot be read or holds invalid items.
 */
export function seedItems(
  spec: SpecModel,
  model: ResourceModel,
  data?: SeedDataSource,
  defaults?: SeedDataSource,
): SeedData {
  return new Map([...seedSources(spec, model, data, defaults)].map(([path, seed]) => [path, seed()]));
}

/**
 * The seed of every collection as {@link seedItems} gives it, each as a function the store calls on
 * its first use: a data file is read and checked at once (its errors belong to start-up), the spec's
 * examples only when the collection is first used (validating them compiles the item schema, which
 * on a large spec is most of the start-up time).
 *
 * @throws Error for a data file that cannot be read or holds invalid items.
 */
export function seedSources(
  spec: SpecModel,
  model: ResourceModel,
  data?: SeedDataSource,
  defaults?: SeedDataSource,
): ReadonlyMap<string, () => readonly SeedItem[]> {
  const fromFile = data === undefined ? new Map<string, SeedItem[]>() : readDataFile(spec, model, data);
  const fromDefaults = defaults === undefined ? new Map<string, SeedItem[]>() : readDataFile(spec, model, defaults);
  const out = new Map<string, () => readonly SeedItem[]>();
  for (const collection of model.collections) {
    const given = fromFile.get(collection.path) ?? fromDefaults.get(collection.path);
    out.set(collection.path, given ? () => given : () => fromExamples(spec, collection));
  }
  return out;
}

function readDataFile(spec: SpecModel, model: ResourceModel, data: SeedDataSource): Map<string, SeedItem[]> {
  const file = data.name;
  let raw: unknown;
  try {
    raw = data.read();
  } catch (error) {
    throw new Error(`Data file ${file} is not readable JSON: ${(error as Error).message}`);
  }
  const topLevel = model.collections.filter((c) => c.scope.length === 0);
  // A plain array seeds the one top-level collection (the format of a single collection's fixture file).
  if (Array.isArray(raw) && topLevel.length === 1) raw = { [topLevel[0]!.path]: raw };
  if (!isObject(raw))
    throw new Error(
      `Data file ${file} must hold an object keyed by collection path or name${Array.isArray(raw) ? ` (an array only seeds a spec with one top-level collection; this one has ${topLevel.length})` : ''}.`,
    );
  const out = new Map<string, SeedItem[]>();
  for (const [key, value] of Object.entries(raw)) {
    const matches = model.collections.filter((c) => c.path === key || c.name === key);
    if (matches.length !== 1) {
      const known = model.collections.map((c) => c.path).join(', ');
      throw new Error(
        `${file}: "${key}" ${matches.length === 0 ? 'names no collection' : 'names several collections; use the path'} (collections: ${known || 'none'}).`,
      );
    }
    const collection = matches[0]!;
    const check = collection.itemSchema ? spec.compile(collection.itemSchema) : undefined;
    const items: SeedItem[] = [];
    const take = (list: unknown, where: string, scope?: string[]) => {
      if (!Array.isArray(list)) throw new Error(`${file}: ${where} must be an array of items.`);
      list.forEach((item, index) => {
        const at = `${where}[${index}]`;
        if (!isObject(item)) throw new Error(`${file}: ${at} is not an object.`);
        const result = check?.validate(item);
        if (result && !result.ok)
          throw new Error(
            `${file}: ${at} is not a valid item of ${collection.path}: ${result.errors.map((e) => e.message).join('; ')}`,
          );
        const itemScope = scope ?? scopeFromMembers(collection, item);
        if (!itemScope)
          throw new Error(
            `${file}: ${at} needs the members ${collection.scope.join(', ')}, or list it under its parent ids ("${collection.scope.map((p) => `<${p}>`).join('/')}": [...]).`,
          );
        items.push(seedOf(collection, item, itemScope, items.length, check));
      });
    };
    if (Array.isArray(value)) take(value, `"${key}"`);
    else if (isObject(value) && collection.scope.length > 0) {
      for (const [scopeKey, list] of Object.entries(value)) {
        const scope = scopeKey.split('/');
        if (scope.length !== collection.scope.length)
          throw new Error(
            `${file}: "${key}"."${scopeKey}" must name ${collection.scope.length} parent id(s) separated by "/".`,
          );
        take(list, `"${key}"."${scopeKey}"`, scope);
      }
    } else
      throw new Error(
        `${file}: "${key}" must be an array of items${collection.scope.length > 0 ? ', or an object keyed by parent ids' : ''}.`,
      );
    out.set(collection.path, items);
  }
  return out;
}

function fromExamples(spec: SpecModel, collection: CollectionModel): SeedItem[] {
  const check = collection.itemSchema ? spec.compile(collection.itemSchema) : undefined;
  const candidates: unknown[] = [];
  const list = collection.operations.list && spec.operation(collection.operations.list.operationId);
  const read = collection.operations.read && spec.operation(collection.operations.read.operationId);
  for (const [status, response] of Object.entries(list?.responses ?? {})) {
    if (!/^2/.test(status)) continue;
    for (const example of Object.values(response.examples)) {
      const items = envelopeItems(collection.envelope, example);
      if (items) candidates.push(...items);
    }
  }
  for (const [status, response] of Object.entries(read?.responses ?? {}))
    if (/^2/.test(status)) candidates.push(...Object.values(response.examples));
  // The item schema's own examples (`examples: [...]` in 3.1, `example` in 3.0): what one item looks
  // like, so that a list is not empty before the app has created anything.
  if (candidates.length === 0 && collection.itemSchema) {
    const schema = collection.itemSchema as { readonly examples?: unknown; readonly example?: unknown };
    if (Array.isArray(schema.examples)) candidates.push(...schema.examples);
    else if (schema.example !== undefined) candidates.push(schema.example);
  }
  const seen = new Set<string>();
  const out: SeedItem[] = [];
  for (const item of candidates) {
    if (!isObject(item)) continue;
    const scope = scopeFromMembers(collection, item) ?? scopeFromParameterExamples(spec, collection);
    if (!scope) continue;
    const seed = seedOf(collection, item, scope, out.length, check);
    // Judged with the id it is stored under: an example that leaves out only a required id still seeds.
    if (check && !check.validate(seed.value).ok) continue;
    const key = `${scope.join('/')}#${keyOf(seed.id)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    exampleValues.add(seed.value);
    out.push(seed);
  }
  return out;
}

// The values of seed items taken from the spec's examples (not from a data file), by identity.
const exampleValues = new WeakSet<object>();

/**
 * Whether a stored value is a seed taken from the spec's examples: an illustration, not state a
 * client made, so a create that chooses its id (a label's name) may take that id over.
 */
export function isExampleSeed(value: object): boolean {
  return exampleValues.has(value);
}

function seedOf(
  collection: CollectionModel,
  item: Obj,
  scope: readonly string[],
  index: number,
  check?: CompiledSchema,
): SeedItem {
  const member = collection.id?.member;
  if (member !== undefined && item[member] !== undefined) return { id: item[member], value: { ...item }, scope };
  const kind = collection.id?.kind;
  const id =
    kind === 'integer' || kind === undefined
      ? index + 1
      : kind === 'uuid'
        ? `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`
        : String(index + 1);
  // An example without its id (`{"title": "Dune"}`) is still an item a client reads by id: the id
  // it is stored under leads it, as a created item's does.
  const withId = member === undefined ? undefined : { [member]: id, ...item };
  return { id, value: withId && (check?.validate(withId).ok ?? true) ? withId : { ...item }, scope };
}

function scopeFromMembers(collection: CollectionModel, item: Obj): string[] | undefined {
  if (collection.scope.length === 0) return [];
  const values = collection.scope.map((p) => item[p]);
  return values.every((v) => v !== undefined && v !== null) ? values.map(keyOf) : undefined;
}

function scopeFromParameterExamples(spec: SpecModel, collection: CollectionModel): string[] | undefined {
  if (collection.scope.length === 0) return [];
  const op = collection.operations.list ?? collection.operations.read ?? collection.operations.create;
  const parameters = (op && spec.operation(op.operationId)?.parameters) ?? [];
  const values = collection.scope.map((p) => parameters.find((x) => x.in === 'path' && x.name === p)?.examples[0]);
  return values.every((v) => v !== undefined && v !== null) ? values.map(keyOf) : undefined;
}
