import { optionalBodySweeps } from './optional-body-sweep.js';
import { statedOrderSweeps } from './stated-order-sweep.js';
import { tokenResponseSweeps } from './token-response-sweep.js';
import type { Case } from '../cases/index.js';
import { isCheckName } from '../checks/registry.js';
import type { DomainRules } from '../domain/rules.js';
import type { SpecModel } from '../../spec/index.js';
import { mayEndSession } from '../../spec/resources/index.js';
import { authSweeps, caseProperties, probeSweeps, sequenceProperties, streams } from './build-properties.js';
import { clientHeaderSweeps } from './client-header-sweeps.js';
import { httpSweeps } from './http-sweeps.js';
import type { KitProperty, KitSweep, PropertyContext } from './kit-property.js';
import { rawInputSweeps } from './raw-input-sweeps.js';
import { RunError } from './run-error.js';
import { shapeSweeps } from './shape-sweeps.js';

/** What the user kept of the run: `--only`, `--skip`, `--shard`. */
export interface RunSelection {
  readonly only: readonly string[];
  readonly skip: readonly string[];
  readonly shard?: { readonly index: number; readonly count: number };
}

/**
 * The work of a run, in the order it is done: properties first (what they find shrinks, so they
 * should claim a defect before a sweep does), then the sweeps that only read or refuse, then the
 * stateful sequences, then the sweeps that write and judge the store, then undocumented methods.
 */
export interface RunPlan {
  readonly properties: readonly KitProperty<unknown>[];
  readonly quickSweeps: readonly KitSweep[];
  /** Sequences judge sizes and memory of the store: nothing else may write meanwhile. */
  readonly sequences: readonly KitProperty<unknown>[];
  /** Sweeps that write and then judge what the store shows (large bodies, ETags across a change). */
  readonly bodies: readonly KitSweep[];
  /** Undocumented methods may do something on the target (a DELETE that exists): they go late. */
  readonly methods: readonly KitSweep[];
  /**
   * The work on operations that may end the run's own session (a logout, `DELETE /sessions`, the
   * caller's account deleted), last of all: once one succeeds the credential may be gone, and every
   * other operation would only be refused from then on (held-out set 43).
   */
  readonly closing: { readonly properties: readonly KitProperty<unknown>[]; readonly sweeps: readonly KitSweep[] };
}

/** Whether the selection keeps something named by any of `names` (an id, a family, an operationId). */
export function keeps(
  selection: RunSelection,
  spec: SpecModel,
  names: readonly string[],
  operationId: string,
): boolean {
  const { only, skip, shard } = selection;
  return (
    (only.length === 0 || names.some((n) => only.includes(n))) &&
    !names.some((n) => skip.includes(n)) &&
    inShard(spec, shard, operationId)
  );
}

/**
 * The operations the selection lets the kit send requests to: those `--only` names (by operationId,
 * or by a property id: the property's operations) or, when it names none (only checks or
 * families), all; less those `--skip` names by operationId. Setup writes are requests too: a check
 * that needs an operation outside is skipped, not served by writing where the user said not to.
 *
 * @param properties the operations each property of the run sends to, by property id, where
 * they are more than its own (sequences).
 */
export function operationSelected(
  spec: SpecModel,
  selection: RunSelection,
  properties: ReadonlyMap<string, readonly string[]> = new Map(),
): (operationId: string) => boolean {
  const ids = new Set(spec.operations.map((o) => o.operationId));
  const operationsOf = (name: string): readonly string[] => {
    if (ids.has(name)) return [name];
    const declared = properties.get(name);
    if (declared) return declared;
    const slash = name.indexOf('/');
    return slash > 0 && ids.has(name.slice(0, slash)) ? [name.slice(0, slash)] : [];
  };
  const named = new Set(selection.only.flatMap(operationsOf));
  const skipped = new Set(selection.skip.filter((name) => ids.has(name)));
  return (operationId) => (named.size === 0 || named.has(operationId)) && !skipped.has(operationId);
}

/**
 * The first-look cases the domain asks for, as the selection keeps them. Not a request that may end
 * the session (`GET /logout`): the run sends those last, once nothing needs the credential.
 */
export function planFirstLook(spec: SpecModel, rules: DomainRules, selection: RunSelection): Case[] {
  const closes = (c: Case) => {
    const operation = spec.operation(c.operationId);
    return operation !== undefined && mayEndSession(operation.method, operation.path, operation.operationId);
  };
  return (
    rules
      .firstLook?.(spec)
      .filter((c) => !closes(c) && keeps(selection, spec, [c.operationId, 'first-look'], c.operationId)) ?? []
  );
}

/**
 * Turns the spec and the domain's rules into the run's properties and sweeps, as the selection keeps
 * them.
 *
 * @throws {@link RunError} when `--only` or `--skip` names nothing in this run (a typo would
 * otherwise certify by testing something else than was asked, or nothing).
 */
export function planRun(
  spec: SpecModel,
  rules: DomainRules,
  context: PropertyContext & { readonly target: string },
  selection: RunSelection,
): RunPlan {
  const { readOnly } = context;
  const allProperties = caseProperties(spec, context, readOnly);
  const allSweeps = [
    ...authSweeps(spec, context, readOnly),
    ...probeSweeps(spec, context, readOnly),
    ...shapeSweeps(spec, context, readOnly),
    ...clientHeaderSweeps(spec, context, readOnly),
    ...httpSweeps(spec, context, readOnly),
    ...rawInputSweeps(spec, context, readOnly),
    ...optionalBodySweeps(spec, context, readOnly),
    ...statedOrderSweeps(spec, context),
    ...tokenResponseSweeps(spec, context, readOnly),
  ];
  const allSequences = sequenceProperties(spec, rules, context, readOnly);
  const names = new Set<string>([
    'first-look',
    ...spec.operations.map((o) => o.operationId),
    ...[...allProperties, ...allSweeps, ...allSequences].flatMap((p) => [p.id, p.family]),
  ]);
  for (const [flag, list] of [
    ['--only', selection.only],
    ['--skip', selection.skip],
  ] as const) {
    const unknown = list.filter((name) => !names.has(name) && !isCheckName(name));
    if (unknown.length > 0) {
      const operations = spec.operations
        .slice(0, 3)
        .map((o) => o.operationId)
        .join(', ');
      throw new RunError(
        `${flag} names nothing in this run: ${unknown.map((n) => JSON.stringify(n)).join(', ')} (give operationIds such as ${operations}, property ids such as ${allProperties[0]?.id ?? 'none'}, or checks such as schema, auth, semantics.*)`,
      );
    }
  }
  const kept = <T extends { id: string; family: string; operationId: string }>(p: T) =>
    keeps(selection, spec, [p.id, p.family, p.operationId], p.operationId);
  const closes = (p: { operationId: string }) => {
    const operation = spec.operation(p.operationId);
    return operation !== undefined && mayEndSession(operation.method, operation.path, operation.operationId);
  };
  const sweeps = allSweeps.filter(kept);
  const opening = sweeps.filter((s) => !closes(s));
  const bodies = opening.filter((s) => /\/(large-bodies|body-sizes|conditional)$/.test(s.id));
  const methods = opening.filter((s) => /\/(methods(-without-auth)?|allow-methods)$/.test(s.id));
  const properties = allProperties.filter(kept);
  return {
    properties: properties.filter((p) => !closes(p)),
    quickSweeps: opening.filter((s) => !bodies.includes(s) && !methods.includes(s)),
    sequences: allSequences.filter(kept),
    bodies,
    methods,
    closing: { properties: properties.filter(closes), sweeps: sweeps.filter(closes) },
  };
}

/**
 * `--shard i/n`: operations sorted by id are dealt to the shards in turn. Server-sent events never
 * complete: such operations are in no shard (the README says so).
 */
function inShard(spec: SpecModel, shard: RunSelection['shard'], operationId: string): boolean {
  const operation = spec.operation(operationId);
  if (!operation || streams(operation)) return false;
  if (!shard) return true;
  let order = SORTED.get(spec);
  if (!order) {
    order = new Map(
      spec.operations
        .map((o) => o.operationId)
        .sort()
        .map((id, i) => [id, i]),
    );
    SORTED.set(spec, order);
  }
  return order.get(operationId)! % shard.count === shard.index - 1;
}

/** Each spec's operationIds with their place in sorted order (GitHub's has 1,223: sorted once). */
const SORTED = new WeakMap<SpecModel, Map<string, number>>();
