import type { CompiledSchema, JsonSchema, OperationModel, SpecModel } from '../../spec/index.js';
import type {
  CollectionModel,
  OperationAssignment,
  ResourceModel,
  SingletonModel,
} from '../../spec/resources/index.js';
import type { Answer } from '../answer.js';
import type { RequestInput } from '../request-input.js';
import { CollectionStore, keyOf } from './collection-store.js';
import type { ExactDigits } from './exact-digits.js';
import { type SeedDataSource, seedSources } from './seed-items.js';

export type Obj = Record<string, unknown>;

/** Options of the stateful store (`createResourceMock`). */
export interface ResourceMockOptions {
  /** Most items one collection holds, seed included. */
  readonly capacity: number;
  /**
   * The spec's resource model (node: inferred and corrected by the config file beside the spec,
   * `resourceModelFor`; the browser: inferred only).
   */
  readonly modelFor: (spec: SpecModel) => { readonly model: ResourceModel };
  /** Seed data keyed by collection path or name (`--data`); collections it does not name are seeded from the spec's examples. */
  readonly data?: SeedDataSource;
  /**
   * Seed data in the same format for the collections `data` does not name (the domain plug-in's for
   * this spec, asked again on every reload); the spec's examples seed the rest.
   */
  readonly defaults?: (spec: SpecModel) => SeedDataSource | undefined;
  /** Where config issues go (one line each). */
  readonly log?: (line: string) => void;
}

/** One collection of the store: its model, its items, and the schemas its items and ids are checked against. */
export interface Collection {
  readonly model: CollectionModel;
  readonly store: CollectionStore;
  readonly item?: CompiledSchema;
  readonly id?: CompiledSchema;
  /** List answers by request (operation, scope, filters, page), valid while the store's version holds. */
  readonly lists: { version: number; readonly answers: Map<string, Answer | undefined> };
}

/** A singleton resource (`/users/{id}/settings`): its value per scope, `null` once deleted. */
export interface Singleton {
  readonly model: SingletonModel;
  readonly values: Map<string, Obj | null>;
}

/** A collection whose item an operation's path passes through, and the path parameters naming it (by position). */
export interface ItemAbove {
  readonly collection: Collection;
  readonly names: readonly string[];
}

/** Everything the store holds for one spec: rebuilt on reload, keeping the items of collections still at the same path. */
export interface Resources {
  readonly spec: SpecModel;
  readonly model: ResourceModel;
  readonly collections: ReadonlyMap<string, Collection>;
  readonly singletons: ReadonlyMap<string, Singleton>;
  readonly roles: ReadonlyMap<string, OperationAssignment>;
  /** Per operation, the collections whose items its path passes through (computed on first use). */
  readonly above: Map<OperationModel, ItemAbove[]>;
}

/**
 * The state every stage of the stateful store reads and changes: the resources of the current spec,
 * the exact digits of integers items were sent with, and compiled member schemas. One per mock.
 */
export class ResourceState {
  current: Resources;
  /** Integers beyond 2^53 a stored item was sent with, as their source digits (the item holds doubles). */
  readonly exactOf = new WeakMap<object, ExactDigits>();
  private readonly memberChecks = new WeakMap<JsonSchema, CompiledSchema>();

  constructor(
    spec: SpecModel,
    readonly options: ResourceMockOptions,
  ) {
    this.current = buildResources(spec, new Map(), options);
  }

  /** Takes a reloaded spec: collections still at the same path keep their items. */
  update(next: SpecModel): void {
    this.current = buildResources(next, this.current.collections, this.options);
  }

  /** A member's schema, compiled once. */
  compiledMember(schema: JsonSchema): CompiledSchema {
    let check = this.memberChecks.get(schema);
    if (!check) {
      check = this.current.spec.compile(schema);
      this.memberChecks.set(schema, check);
    }
    return check;
  }

  /** Where an item lives: its path, base path included, from its parents' ids and its own. */
  itemLocation(m: CollectionModel, ids: readonly string[]): string {
    return `${this.current.spec.basePath}${fillPath(m.itemPath!, ids)}`;
  }
}

/** The scope of a nested collection: its parents' ids, from the request's path values. */
export function scopeOf(names: readonly string[], input: RequestInput): string[] {
  return names.map((p) => keyOf(input.path[p]));
}

/** An item as answered: without its writeOnly members. */
export function visible(collection: Collection, value: Readonly<Obj>): Obj {
  if (collection.model.writeOnlyMembers.length === 0) return { ...value };
  const out: Obj = {};
  for (const [key, v] of Object.entries(value)) if (!collection.model.writeOnlyMembers.includes(key)) out[key] = v;
  return out;
}

function buildResources(
  next: SpecModel,
  previous: ReadonlyMap<string, Collection>,
  options: ResourceMockOptions,
): Resources {
  const { model } = options.modelFor(next);
  for (const issue of model.issues) options.log?.(`resource config: ${issue.message}`);
  // Seeds are taken on each collection's first use: GitHub's spec starts in half the time.
  const seeds = seedSources(next, model, options.data, options.defaults?.(next));
  const collections = new Map<string, Collection>();
  for (const c of model.collections) {
    const kept = previous.get(c.path);
    collections.set(c.path, {
      model: c,
      store: kept?.store ?? new CollectionStore(seeds.get(c.path) ?? [], options.capacity),
      ...(c.itemSchema ? { item: next.compile(c.itemSchema) } : {}),
      ...(c.id ? { id: next.compile(c.id.schema) } : {}),
      lists: { version: -1, answers: new Map() },
    });
  }
  const singletons = new Map(
    model.singletons.map((s) => [s.path, { model: s, values: new Map<string, Obj | null>() }]),
  );
  const roles = new Map(model.operations.map((a) => [a.operationId, a]));
  return { spec: next, model, collections, singletons, roles, above: new Map<OperationModel, ItemAbove[]>() };
}

function fillPath(template: string, values: readonly string[]): string {
  let i = 0;
  // A lone surrogate has no UTF-8 form (encodeURIComponent throws): it is written as U+FFFD.
  return template.replace(/\{[^{}]+\}/g, () =>
    encodeURIComponent(
      (values[i++] ?? '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
    ),
  );
}
