/** One stored item: its id (as the API writes it) and its representation. */
export interface StoredItem {
  readonly id: unknown;
  readonly value: Readonly<Record<string, unknown>>;
}

/** A seed item with the scope (the values of the collection path's parameters) it lives in. */
export interface SeedItem extends StoredItem {
  readonly scope: readonly string[];
}

/** The key of an id or scope value: ids `5` and `"5"` name the same item, as they do in a path. */
export const keyOf = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const SCOPE_SEPARATOR = '\u0000';

/**
 * The items of one collection, scoped by the values of its path parameters (a nested collection keeps
 * one list per parent), in insertion order. Memory is bounded: past `capacity` items, the oldest item
 * created through the API is evicted first; seed items never are. Integer ids count up from the
 * largest seen and are never reused, even after eviction or deletion.
 *
 * The seed may be given as a function: it is then called on the store's first use (and its result
 * kept for resets), so that a spec with hundreds of collections (GitHub's: 300 and more) does not
 * validate every collection's examples before the mock can answer its first request.
 */
export class CollectionStore {
  private scopes = new Map<string, Map<string, StoredItem>>();
  // Created (non-seed) items, oldest first: a Map keeps insertion order and deletes in O(1).
  private created = new Map<string, { scope: string; key: string }>();
  private count = 0;
  private nextInteger = 1;
  private seedItems: readonly SeedItem[] | undefined;
  private loaded = false;
  private changes = 0;

  constructor(
    private readonly seed: readonly SeedItem[] | (() => readonly SeedItem[]),
    readonly capacity: number,
  ) {
    if (typeof seed !== 'function') this.reset();
  }

  /** Number of items held, all scopes together. */
  get size(): number {
    this.load();
    return this.count;
  }

  /** A number that changes whenever the items do (put, delete, eviction, reset): answers made before may be reused while it holds. */
  get version(): number {
    this.load();
    return this.changes;
  }

  /** Whether the store has been used (a lazy seed is taken); an unused store holds its seed untouched. */
  get used(): boolean {
    return this.loaded;
  }

  /** Restores the seed and the integer sequence. An unused store with a lazy seed stays unused. */
  reset(): void {
    if (typeof this.seed === 'function' && !this.loaded) return;
    this.loaded = true;
    this.seedItems ??= typeof this.seed === 'function' ? this.seed() : this.seed;
    this.changes++;
    this.scopes = new Map();
    this.created = new Map();
    this.count = 0;
    this.nextInteger = 1;
    for (const item of this.seedItems) this.put(item.scope, item.id, item.value, false);
  }

  /** Seeds the store on its first use. */
  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    this.reset();
  }

  /** The next integer id: one past the largest integer id ever stored. */
  mintInteger(): number {
    this.load();
    return this.nextInteger++;
  }

  /** The items of a scope, in insertion order. */
  list(scope: readonly string[]): StoredItem[] {
    this.load();
    return [...(this.scopes.get(scope.join(SCOPE_SEPARATOR))?.values() ?? [])];
  }

  get(scope: readonly string[], id: unknown): StoredItem | undefined {
    this.load();
    return this.scopes.get(scope.join(SCOPE_SEPARATOR))?.get(keyOf(id));
  }

  /** True when some item of a scope exists (a parent that has children, or any item at all). */
  has(scope: readonly string[], id: unknown): boolean {
    return this.get(scope, id) !== undefined;
  }

  /** Stores or replaces an item; `created` items may be evicted, replacing keeps an item's place and kind. */
  put(scope: readonly string[], id: unknown, value: Readonly<Record<string, unknown>>, created: boolean): StoredItem {
    this.load();
    const scopeKey = scope.join(SCOPE_SEPARATOR);
    const key = keyOf(id);
    let items = this.scopes.get(scopeKey);
    if (!items) this.scopes.set(scopeKey, (items = new Map()));
    const item: StoredItem = { id, value };
    this.changes++;
    const existed = items.has(key);
    items.set(key, item);
    if (typeof id === 'number' && Number.isSafeInteger(id) && id >= this.nextInteger) this.nextInteger = id + 1;
    if (!existed) {
      this.count++;
      if (created) this.created.set(`${scopeKey}${SCOPE_SEPARATOR}${SCOPE_SEPARATOR}${key}`, { scope: scopeKey, key });
      if (this.count > this.capacity) this.evictOldestCreated();
    }
    return item;
  }

  /** Removes an item; true when there was one. */
  delete(scope: readonly string[], id: unknown): boolean {
    this.load();
    const scopeKey = scope.join(SCOPE_SEPARATOR);
    const key = keyOf(id);
    const items = this.scopes.get(scopeKey);
    if (!items?.delete(key)) return false;
    this.changes++;
    this.count--;
    this.created.delete(`${scopeKey}${SCOPE_SEPARATOR}${SCOPE_SEPARATOR}${key}`);
    if (items.size === 0) this.scopes.delete(scopeKey);
    return true;
  }

  /** Drops every scope that starts with `prefix` (the children of a deleted parent). */
  dropScopesUnder(prefix: readonly string[]): void {
    this.load();
    const start = prefix.join(SCOPE_SEPARATOR);
    for (const [scopeKey, items] of [...this.scopes]) {
      if (scopeKey !== start && !scopeKey.startsWith(`${start}${SCOPE_SEPARATOR}`)) continue;
      for (const item of [...items.values()]) this.delete(scopeKey.split(SCOPE_SEPARATOR), item.id);
    }
  }

  private evictOldestCreated(): void {
    const oldest = this.created.entries().next();
    if (oldest.done) return;
    const [, { scope, key }] = oldest.value;
    const items = this.scopes.get(scope);
    this.created.delete(oldest.value[0]);
    if (items?.delete(key)) {
      this.changes++;
      this.count--;
      if (items.size === 0) this.scopes.delete(scope);
    }
  }
}
