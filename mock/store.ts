/**
 * A JSON number kept as its exact source text, for integers a double cannot hold (int64 beyond 2^53).
 * Stored pets echo such numbers digit for digit.
 */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** A pet as stored: its id and the NewPet fields exactly as sent (no invented defaults). */
export interface StoredPet {
  readonly id: number;
  readonly fields: Readonly<Record<string, unknown>>;
}

interface Entry {
  readonly pet: StoredPet;
  // Serialized once on insert: list and get answers are string joins, not JSON.stringify per request.
  readonly json: string;
}

/** Distinct list texts (filter and limit) remembered between changes. */
const LISTS_REMEMBERED = 64;

/** Default bound on the number of pets held, seed included. */
export const DEFAULT_STORE_CAPACITY = 10_000;

/**
 * The stateful mode's in-memory pets, in id order. New pets get `max id + 1`; ids are never reused,
 * even after eviction. Memory is bounded: past `capacity` pets, the oldest created (non-seed) pet is
 * evicted first; seed pets are never evicted.
 */
export class PetStore {
  private entries: Entry[] = [];
  private byId = new Map<number, Entry>();
  private nextId = 1;
  /** List texts by filter key and limit, valid until the pets change. */
  private readonly lists = new Map<string, string>();
  private readonly seed: readonly StoredPet[];

  constructor(
    seed: readonly StoredPet[],
    readonly capacity: number = DEFAULT_STORE_CAPACITY,
  ) {
    this.seed = [...seed].sort((a, b) => a.id - b.id);
    this.reset();
  }

  /** Number of pets held. */
  get size(): number {
    return this.entries.length;
  }

  /** Restores the seed and the id counter, dropping every created pet. */
  reset(): void {
    this.entries = this.seed.map(toEntry);
    this.byId = new Map(this.entries.map((e) => [e.pet.id, e]));
    this.nextId = this.seed.reduce((max, p) => Math.max(max, p.id), 0) + 1;
    this.lists.clear();
  }

  /**
   * The JSON array of the first `limit` pets, in id order, that satisfy `keep`. With a `key` naming
   * the filter (the same key, the same filter), the text is remembered until the pets change: a
   * client polling a list gets the same string back, not a new join (issue 23).
   */
  listJson(keep: (pet: StoredPet) => boolean, limit: number, key?: string): string {
    if (key === undefined) return this.joinList(keep, limit);
    const remembered = `${key}|${limit}`;
    let json = this.lists.get(remembered);
    if (json === undefined) {
      json = this.joinList(keep, limit);
      if (this.lists.size >= LISTS_REMEMBERED) this.lists.clear();
      this.lists.set(remembered, json);
    }
    return json;
  }

  private joinList(keep: (pet: StoredPet) => boolean, limit: number): string {
    const parts: string[] = [];
    for (const entry of this.entries) {
      if (parts.length >= limit) break;
      if (keep(entry.pet)) parts.push(entry.json);
    }
    return `[${parts.join(',')}]`;
  }

  /** The JSON of one pet, or undefined. */
  getJson(id: number): string | undefined {
    return this.byId.get(id)?.json;
  }

  /** Stores a new pet under a fresh id and returns its JSON. */
  addJson(fields: Readonly<Record<string, unknown>>): string {
    const entry = toEntry({ id: this.nextId++, fields });
    this.lists.clear();
    this.entries.push(entry);
    this.byId.set(entry.pet.id, entry);
    if (this.entries.length > this.capacity) this.evictOldestCreated();
    return entry.json;
  }

  private evictOldestCreated(): void {
    // Created pets follow the seed pets in `entries` (ids only grow), so the first one after them is the oldest.
    const index = this.seed.length;
    const victim = this.entries[index];
    if (!victim) return;
    this.entries.splice(index, 1);
    this.byId.delete(victim.pet.id);
  }
}

/** Serializes a pet as `{"id":…, …fields}`, writing {@link RawNumber}s verbatim. */
export function petJson(pet: StoredPet): string {
  let out = `{"id":${pet.id}`;
  for (const [key, value] of Object.entries(pet.fields)) {
    if (value === undefined) continue;
    out += `,${JSON.stringify(key)}:${value instanceof RawNumber ? value.text : JSON.stringify(value)}`;
  }
  return `${out}}`;
}

function toEntry(pet: StoredPet): Entry {
  return { pet, json: petJson(pet) };
}
