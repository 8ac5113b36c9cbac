import type { Exchange } from '../cases/index.js';
import type { RegisteredCheck } from '../checks/index.js';
import type { Finding } from '../findings/index.js';
import type { OperationModel } from '../../spec/index.js';
import type { Adaptation, DomainRules, Preparation, SequenceContext } from './rules.js';

/**
 * What a plug-in adds to the rules the resource model infers: only the meaning the spec does not
 * carry. {@link extendRules} runs it together with those rules, never instead of them.
 */
export interface RulesExtension {
  /** More per-exchange checks, by operationId: they run after the inferred ones. */
  readonly checks?: Readonly<Record<string, readonly RegisteredCheck[]>>;
  /** More path-parameter values learned from responses: merged with the inferred ones. */
  readonly harvest?: DomainRules['harvest'];
  /** More stateful properties: they run after the inferred ones. */
  readonly sequences?: DomainRules['sequences'];
  /** More requests of the first look, sent after the inferred ones. */
  readonly firstLook?: DomainRules['firstLook'];
  /**
   * Runs before the inferred preparation: what it learns of the target (its rewrite of valid
   * requests) shapes every later request, the inferred preparation's included.
   */
  readonly adapt?: Preparation;
  /** Runs after the inferred preparation (filling the store, say, once the probes that need it small are done). */
  readonly prepare?: Preparation;
  /** Another run-wide observer: its findings follow the inferred observer's. */
  readonly observer?: DomainRules['observer'];
  /** Judges the findings once more at the end of the run, after the inferred rules' own settling. */
  readonly settle?: DomainRules['settle'];
}

type Harvested = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/** Two harvests merged: per operation and parameter, the values of both, the base's first, each once. */
function mergeHarvests(a: Harvested, b: Harvested): Harvested {
  const out: Record<string, Record<string, string[]>> = {};
  for (const harvest of [a, b])
    for (const [operationId, params] of Object.entries(harvest)) {
      const perOperation = (out[operationId] ??= {});
      for (const [name, values] of Object.entries(params))
        perOperation[name] = [...new Set([...(perOperation[name] ?? []), ...values])];
    }
  return out;
}

/**
 * Preparations run one after another, each through the rewrites of those before it: the rewrites
 * compose in order, the failures add up, and the first gap reported is kept (an adaptation names one).
 */
function chainPreparations(steps: readonly (Preparation | undefined)[]): Preparation | undefined {
  const present = steps.filter((s): s is Preparation => s !== undefined);
  if (present.length === 0) return undefined;
  return async (context: SequenceContext) => {
    let rewrite: Adaptation['rewrite'];
    const failures: Finding[] = [];
    let gap: Adaptation['gap'];
    for (const step of present) {
      const through = rewrite;
      const adapted = through
        ? { ...context, send: (c: Parameters<SequenceContext['send']>[0]) => context.send(through(c)) }
        : context;
      const adaptation = await step(adapted);
      if (!adaptation) continue;
      const next = adaptation.rewrite;
      if (next) rewrite = through ? (c) => next(through(c)) : next;
      failures.push(...(adaptation.failures ?? []));
      gap ??= adaptation.gap;
    }
    if (!rewrite && failures.length === 0 && !gap) return undefined;
    return { ...(rewrite ? { rewrite } : {}), ...(failures.length > 0 ? { failures } : {}), ...(gap ? { gap } : {}) };
  };
}

/** Both settlings in order (the inferred rules', then the plug-in's), or whichever exists. */
function settleBoth(first: DomainRules['settle'], second: DomainRules['settle']): Pick<DomainRules, 'settle'> {
  if (first && second) return { settle: (findings) => second(first(findings)) };
  const only = first ?? second;
  return only ? { settle: only } : {};
}

/**
 * The inferred rules with a plug-in's extension: checks concatenated per operation (base first),
 * harvests merged, sequences and first looks concatenated (base first), preparation in the order
 * extension's `adapt` → base's `prepare` → extension's `prepare` (each through the rewrites before it),
 * both observers on every exchange (base first), and both settlings at the end (base first).
 */
export function extendRules(base: DomainRules, extension: RulesExtension): DomainRules {
  const checks: Record<string, RegisteredCheck[]> = {};
  for (const source of [base.checks, extension.checks ?? {}])
    for (const [operationId, list] of Object.entries(source))
      checks[operationId] = [...(checks[operationId] ?? []), ...list];
  const firstLooks = [base.firstLook, extension.firstLook].filter((f) => f !== undefined);
  const observers = [base.observer, extension.observer].filter((o) => o !== undefined);
  const prepare = chainPreparations([extension.adapt, base.prepare, extension.prepare]);
  const extraHarvest = extension.harvest;
  return {
    checks,
    harvest: extraHarvest
      ? (exchange: Exchange, operation: OperationModel) =>
          mergeHarvests(base.harvest(exchange, operation), extraHarvest(exchange, operation))
      : base.harvest,
    sequences: [...base.sequences, ...(extension.sequences ?? [])],
    ...settleBoth(base.settle, extension.settle),
    ...(firstLooks.length > 0 ? { firstLook: (spec) => firstLooks.flatMap((f) => f(spec)) } : {}),
    ...(prepare ? { prepare } : {}),
    ...(observers.length > 0
      ? {
          observer: () => {
            const made = observers.map((o) => o());
            return (exchange: Exchange, operation: OperationModel) => made.flatMap((o) => o(exchange, operation));
          },
        }
      : {}),
  };
}
