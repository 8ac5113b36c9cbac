import { AsyncLocalStorage } from 'node:async_hooks';
import fc from 'fast-check';
import type { Execution } from '../domain/rules.js';
import type { Finding } from '../findings/index.js';
import { signatureOf } from './collector.js';
import type { KitProperty } from './kit-property.js';
import { propertySeed } from './pool.js';

/** Rounds per property: after a failure, the property runs again looking for a different defect. */
const MAX_ROUNDS = 3;
/** Executions allowed to shrink one counterexample; beyond it the smallest failure so far is reported. */
const SHRINK_BUDGET = 500;
/** Wall time allowed to shrink one counterexample, for the same reason. */
const SHRINK_TIME_MS = 15_000;

/** Where a replay starts: the round (and whether its refined search) and fast-check's path. */
export interface ReplayPoint {
  readonly round: number;
  readonly refined: boolean;
  readonly path: string;
}

/** One shrunk failure of a property, with what replays it. */
export interface Counterexample {
  /** The replay token, `<property>@<seed>#<round>:<path>`, as `--replay` takes it. */
  readonly replay: string;
  /** fast-check's path to the counterexample. */
  readonly path: string;
  /** The requests of the shrunk execution. */
  readonly execution: Execution;
  /** The failures it shows, explained (boundaries) where the property can. */
  readonly findings: readonly Finding[];
}

/** What became of one property: always with its seed, and every counterexample when it failed. */
export type PropertyOutcome =
  | { readonly kind: 'passed'; readonly id: string; readonly seed: number }
  | {
      readonly kind: 'failed';
      readonly id: string;
      readonly seed: number;
      readonly counterexamples: readonly Counterexample[];
    };

/** How to run a property within a run. */
export interface PropertyRun {
  readonly seed: number;
  /** Random executions per round, unless the property sets its own. */
  readonly runs: number;
  readonly replay?: ReplayPoint;
  /** True once the target is down: the search ends. */
  readonly stopped: () => boolean;
  /** Failures already reported (by this property or another): a later round looks past them. */
  readonly reported: (finding: Finding) => boolean;
  /** Called with each counterexample as soon as it is shrunk, so that other properties look past it too. */
  readonly onCounterexample: (counterexample: Counterexample) => void;
  /**
   * Called with each warning and advisory an execution of the search shows (not its shrink steps):
   * what a sequence concludes itself (a read-back the target has not confirmed yet) reaches the
   * report only so, and may be settled into a failure once the run confirms it.
   */
  readonly note?: (finding: Finding, execution: Execution) => void;
}

const shrinking = new AsyncLocalStorage<boolean>();

/**
 * Whether the code running now is a shrink step of some property (an execution that only looks for a
 * smaller failure). Tallies count the executions a search judges, not its shrink steps.
 */
export function inShrinkStep(): boolean {
  return shrinking.getStore() === true;
}

/**
 * Runs one property under fast-check: up to three rounds, each a coverage phase (round 0) then a
 * random search; a failure is shrunk within a budget, searched again by random values when it came
 * from a fixed example (those do not shrink), and explained. A replay runs exactly one recorded
 * counterexample.
 *
 * @throws the kit's own error when the property's code fails: that is a bug of the kit, not a
 * finding about the target.
 */
export async function executeProperty(property: KitProperty<unknown>, run: PropertyRun): Promise<PropertyOutcome> {
  const { replay } = run;
  const arbitrary = property.arbitrary();
  const runs = property.runs ?? run.runs;
  const counterexamples: Counterexample[] = [];
  for (let round = replay?.round ?? 0; round < (replay ? replay.round + 1 : MAX_ROUNDS); round++) {
    if (run.stopped()) break;
    const counts = (f: Finding) => replay !== undefined || !run.reported(f);
    // The coverage phase (examples) runs in round 0 only, before the random runs.
    const examples =
      round === 0 && property.examples && !replay?.refined ? property.examples().map((e) => [e] as [unknown]) : [];
    const seedKey = `${round}${replay?.refined ? 'r' : ''}`;
    let found = await search(property, arbitrary, run, {
      seedKey,
      numRuns: replay?.refined ? runs * 4 : runs,
      examples,
      ...(replay ? { path: replay.path } : {}),
      counts,
    });
    if (!found) break;
    let tag = seedKey;
    // Examples are fixed values fast-check cannot shrink: look for the same defect by random search,
    // whose counterexamples shrink, and report that one when it turns up.
    const fromExample = examples.length > 0 && Number(found.path.split(':')[0]) < examples.length;
    if (fromExample && !replay) {
      const signatures = new Set(found.fresh.map(signatureOf));
      const refined = await search(property, arbitrary, run, {
        seedKey: `${round}r`,
        numRuns: runs * 4,
        examples: [],
        counts: (f) => signatures.has(signatureOf(f)),
      });
      if (refined) {
        found = refined;
        tag = `${round}r`;
      }
    }
    const findings = property.explain && !replay ? await property.explain(found.execution, found.fresh) : found.fresh;
    // The seed travels inside the replay token too: a replay under another seed is refused, not misread.
    const counterexample: Counterexample = {
      replay: `${property.id}@${run.seed}#${tag}:${found.path}`,
      path: found.path,
      execution: found.execution,
      findings,
    };
    counterexamples.push(counterexample);
    run.onCounterexample(counterexample);
    const { original } = found;
    const unshown = original?.fresh.filter((f) => !run.reported(f)) ?? [];
    if (original && unshown.length > 0 && !replay) {
      const unshrunk: Counterexample = {
        replay: `${property.id}@${run.seed}#${tag}:${original.path}`,
        path: original.path,
        execution: original.execution,
        findings: unshown,
      };
      counterexamples.push(unshrunk);
      run.onCounterexample(unshrunk);
    }
  }
  return counterexamples.length > 0
    ? { kind: 'failed', id: property.id, seed: run.seed, counterexamples }
    : { kind: 'passed', id: property.id, seed: run.seed };
}

/** One fast-check search of a property: the shrunk failure it found, if any. */
async function search(
  property: KitProperty<unknown>,
  arbitrary: fc.Arbitrary<unknown>,
  run: PropertyRun,
  search: { seedKey: string; numRuns: number; examples: [unknown][]; path?: string; counts: (f: Finding) => boolean },
): Promise<
  | {
      execution: Execution;
      fresh: Finding[];
      path: string;
      /** Failures only the unshrunk execution showed, with its path. */
      original?: { execution: Execution; fresh: Finding[]; path: string };
    }
  | undefined
> {
  let lastFailing: { execution: Execution; fresh: Finding[] } | undefined;
  let firstFailing: { execution: Execution; fresh: Finding[] } | undefined;
  let kitError: unknown;
  let shrinkSteps = 0;
  let shrinkStarted = 0;
  const predicate = fc.asyncProperty(arbitrary, async (value: unknown) => {
    // Once the run stops (the target died, Ctrl-C) or the kit erred, nothing more is tried: the
    // search is interrupted, not walked to its end with every candidate passed untried (a shrink
    // tree of arrays walked so took 52 s of CPU after a target died).
    if (run.stopped() || kitError) throw new fc.PreconditionFailure(true);
    // Once a failure is found every call is a shrink step. Past the budget (steps or time) the
    // search is interrupted: fast-check then ends on the smallest failure found so far. (Merely
    // passing the remaining candidates untried still walks them: for a 2,000-character string
    // that walk alone took 44 s of CPU, long enough for the target's keep-alive sockets to close.)
    if (lastFailing && (++shrinkSteps > SHRINK_BUDGET || performance.now() - shrinkStarted > SHRINK_TIME_MS))
      throw new fc.PreconditionFailure(true);
    let execution: Execution;
    try {
      execution = await shrinking.run(lastFailing !== undefined, () => property.execute(value));
    } catch (error) {
      // A bug of the kit, not of the target: stop this property and surface it.
      kitError = error;
      return true;
    }
    if (property.stillQualifies && !property.stillQualifies(value)) return true;
    if (!lastFailing) for (const f of execution.findings) if (f.severity !== 'failure') run.note?.(f, execution);
    const fresh = execution.findings.filter((f) => f.severity === 'failure' && search.counts(f));
    if (fresh.length === 0) return true;
    if (!lastFailing) {
      shrinkStarted = performance.now();
      firstFailing = { execution, fresh };
    }
    lastFailing = { execution, fresh };
    return false;
  });
  const result = await fc.check(predicate, {
    seed: propertySeed(run.seed, property.id, search.seedKey),
    numRuns: search.numRuns + search.examples.length,
    examples: search.examples,
    // A replay runs exactly the recorded counterexample: no further shrinking.
    ...(search.path !== undefined ? { path: search.path, endOnFailure: true } : {}),
  });
  if (kitError) throw kitError;
  if (!result.failed || !lastFailing) return undefined;
  const found: { execution: Execution; fresh: Finding[] } = lastFailing;
  const path = result.counterexamplePath ?? '';
  // Failures of the first failing execution that the shrunk one no longer shows (a read-back of a
  // value shrinking replaced, behind a schema failure every execution shows): reported from the
  // execution as it failed, replayed by its unshrunk path, rather than lost.
  const kept = new Set(found.fresh.map(signatureOf));
  const lost = (firstFailing?.fresh ?? []).filter((f) => !kept.has(signatureOf(f)));
  const original =
    lost.length > 0 && firstFailing && firstFailing !== lastFailing
      ? { execution: firstFailing.execution, fresh: lost, path: path.split(':')[0]! }
      : undefined;
  return { ...found, path, ...(original ? { original } : {}) };
}
