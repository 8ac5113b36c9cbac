import { createHash } from 'node:crypto';
import { bodyNamesAnother, type Case, type Exchange } from '../cases/index.js';
import type { DomainRules } from '../domain/rules.js';
import { referenceMembers } from '../generate/known-references.js';
import { decodePercent } from '../../spec/parameters/index.js';
import type { OperationModel, SpecModel } from '../../spec/index.js';

/** Values kept per operation and parameter, at most: a pool to draw from, not a record of the run. */
const MOST_PER_PARAMETER = 200;

/**
 * What a run has learnt from the target, as a value the stages share: the ids and other values its
 * answers handed out (per operation and path parameter), the first created item with a `Location`
 * per operation, and every value a DELETE (or a write moving an item to another id) may have
 * removed. Properties generate from a snapshot frozen before they start, so that a seed means the
 * same requests whatever order concurrent work finishes in.
 */
export class RunMemory {
  private readonly known = new Map<string, Map<string, Set<string>>>();
  private readonly createdWithLocation = new Map<string, Exchange>();
  /**
   * Each value a DELETE (or a move) may have removed: the requests that may have removed it, by
   * {@link removalKey}, in the order they left.
   */
  private readonly removed = new Map<string, string[]>();
  private frozen: Map<string, Record<string, string[]>> | undefined;

  constructor(
    private readonly spec: SpecModel,
    private readonly rules: Pick<DomainRules, 'harvest'>,
  ) {}

  /**
   * Called as a request leaves: from that moment no value a DELETE names (its path's, and those of
   * the items below it) is claimed to exist, whatever it answers, nor the path's value of a PUT or
   * PATCH whose body gives the item another id.
   */
  sending(c: Case, operation: OperationModel): void {
    const method = (c.method ?? operation.method).toLowerCase();
    const renamed = method === 'put' || method === 'patch' ? bodyNamesAnother(c, operation) : undefined;
    const remove = (value: string) => {
      const by = this.removed.get(value) ?? [];
      by.push(removalKey(c));
      this.removed.set(value, by);
    };
    if (renamed) remove(renamed.pathValue);
    if (method !== 'delete') return;
    for (const value of Object.values(c.pathParams)) for (const read of leniently(value)) remove(read);
    for (const value of this.knownBelow(operation.path)) remove(value);
  }

  /** Learns from an answer: the values the domain rules harvest, and the first Location of a valid create. */
  learn(exchange: Exchange, operation: OperationModel): void {
    const r = exchange.response;
    if (!r) return;
    // A request refused for its credentials removed nothing (the lifecycle's DELETE sent bare first,
    // greenhouse zoo): it no longer stands between the item and the next request's claim that it exists.
    if (r.status === 401 || r.status === 403) this.refusedRemoval(exchange.case);
    if (r.status === 201 && r.headers.location !== undefined && exchange.case.kind === 'valid')
      if (!this.createdWithLocation.has(exchange.case.operationId))
        this.createdWithLocation.set(exchange.case.operationId, exchange);
    // Items made at a declared bound (capacity at its maximum, one less) are not handed to later
    // requests: a rule across resources (a ticket limit at most the venue's capacity) would then
    // refuse a bound for the value the kit itself chose.
    if (exchange.case.family === 'bounds') return;
    for (const [operationId, params] of Object.entries(this.rules.harvest(exchange, operation))) {
      const perOp = this.known.get(operationId) ?? new Map<string, Set<string>>();
      for (const [name, values] of Object.entries(params)) {
        const set = perOp.get(name) ?? new Set<string>();
        for (const v of values) if (set.size < MOST_PER_PARAMETER) set.add(v);
        perOp.set(name, set);
      }
      this.known.set(operationId, perOp);
    }
  }

  /**
   * Whether a DELETE (or a move) of the run may have removed the item this value names before
   * `request` left: the request that removed it first still addressed an item that existed (the
   * greenhouse zoo: a site the run made, refused on deletion with a status deleteSite does not document).
   */
  isRemoved(value: string, request?: Case): boolean {
    const by = this.removed.get(value);
    // Only a lone remover is known to be this request: two alike are not told apart.
    return by !== undefined && !(request !== undefined && by.length === 1 && by[0] === removalKey(request));
  }

  /** Forgets one removal by this request, wherever it was recorded. */
  private refusedRemoval(c: Case): void {
    const key = removalKey(c);
    for (const [value, by] of this.removed) {
      const at = by.indexOf(key);
      if (at < 0) continue;
      by.splice(at, 1);
      if (by.length === 0) this.removed.delete(value);
    }
  }

  /** Freezes what properties generate from: later answers still teach {@link live}, not {@link values}. */
  freeze(): void {
    this.frozen = new Map(this.spec.operations.map((op) => [op.operationId, this.live(op.operationId)]));
  }

  /** The values for an operation's parameters (and body members naming other resources): frozen once frozen. */
  values(operationId: string): Record<string, string[]> {
    return this.frozen?.get(operationId) ?? this.live(operationId);
  }

  /** Whether the target has handed out `value` for an operation's parameter so far (live, not frozen). */
  holds(operationId: string, parameter: string, value: string): boolean {
    return this.known.get(operationId)?.get(parameter)?.has(value) === true;
  }

  /** The first 201 with a Location of an operation, unless a DELETE of the run may have removed what it names. */
  created(operationId: string): Exchange | undefined {
    const made = this.createdWithLocation.get(operationId);
    const location = made?.response?.headers.location ?? '';
    const segments = location.split(/[?#]/)[0]!.split('/').map(decodePercent);
    return made && !segments.some((s) => this.removed.has(s)) ? made : undefined;
  }

  /** A short hash of what the properties generate from (the frozen values), for replay tokens. */
  statePrint(): string {
    const learnt = [...(this.frozen ?? new Map<string, Record<string, string[]>>()).entries()].filter(
      ([, params]) => Object.keys(params).length > 0,
    );
    return createHash('sha256').update(JSON.stringify(learnt)).digest('hex').slice(0, 8);
  }

  /** The values learnt now for an operation. */
  private live(operationId: string): Record<string, string[]> {
    const own = Object.fromEntries(
      [...(this.known.get(operationId) ?? new Map<string, Set<string>>()).entries()].map(([k, v]) => [
        k,
        [...v].sort(),
      ]),
    );
    // Body members that name another resource (`warehouseId`): the values the run learnt under
    // that name, for any operation, so that a valid request names something that exists.
    const operation = this.spec.operation(operationId);
    const references = operation ? referenceMembers(operation, this.spec.operations) : [];
    // An empty pool still marks the member as a reference: its made-up value may name nothing.
    for (const { member, parameter, itemPath } of references) {
      if (own[member]) continue;
      const values = new Set<string>();
      for (const [id, perOp] of this.known) {
        // A member named for its collection (`categoryId`) takes only ids learnt at that collection's
        // item path: a bare `{id}` is every collection's parameter.
        const path = itemPath === undefined ? undefined : this.spec.operation(id)?.path;
        if (itemPath !== undefined && path !== itemPath && !path?.startsWith(`${itemPath}/`)) continue;
        for (const v of perOp.get(parameter) ?? []) values.add(v);
      }
      own[member] = [...values].sort();
    }
    return own;
  }

  /**
   * The values learnt for the path parameters that lie below `path` (`/pets/{petId}` under `/pets`;
   * `{eventId}` but not `{venueId}` under `/venues/{venueId}`): what a DELETE of `path` may have removed.
   */
  private knownBelow(path: string): string[] {
    const prefix = `${path.replace(/\/$/, '')}/`;
    return this.spec.operations
      .filter((o) => o.path.startsWith(prefix))
      .flatMap((o) => {
        const below = [...o.path.slice(prefix.length).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
        const values = this.known.get(o.operationId);
        return below.flatMap((name) => [...(values?.get(name) ?? [])]);
      });
  }
}

/**
 * A path value and what a lenient server may read it as: its integer prefix (`parseInt`: `1.5`,
 * `1abc` and ` 1` name item 1), its number (`1e0`, `01`), its lower case. A DELETE the kit sent with
 * an invalid id may so have removed an item the run knows by its plain id (held-out set 27's
 * `DELETE /books/1.5` removed book 1).
 */
function leniently(value: string): string[] {
  const out = new Set([value, value.toLowerCase()]);
  const prefix = /^\s*([+-]?\d+)/.exec(value)?.[1];
  if (prefix !== undefined && Number.isSafeInteger(Number(prefix))) out.add(String(Number(prefix)));
  const number = Number(value);
  if (value.trim() !== '' && Number.isSafeInteger(number)) out.add(String(number));
  return [...out];
}

/** What tells one removing request from another: its operation, path values and body. */
function removalKey(c: Case): string {
  return JSON.stringify([c.operationId, c.method ?? '', c.pathParams, c.body ?? null]);
}
