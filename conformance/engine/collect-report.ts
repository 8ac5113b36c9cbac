import { createHash } from 'node:crypto';
import type { Execution } from '../domain/rules.js';
import { cutFindingBodies, type Finding, type RunReport, type Verdict } from '../findings/index.js';
import type { SpecModel } from '../../spec/index.js';
import type { ResolvedOptions } from './options.js';

/**
 * The kit's command as a user who installed the package runs it. Every command line the kit prints
 * (replays, hints) starts with it, so that renaming the command touches this one place.
 */
export const KIT_COMMAND = 'npx animal-store-conformance';

/** How to replay a failure of this run: the command line around the `--replay` or `--only` argument. */
export interface ReplayCommand {
  readonly target: string;
  /** The `--spec` argument when the run used a spec other than the shipped one. */
  readonly spec?: string;
  readonly seed: number;
  /** The run's `--only`, `--skip` and `--read-only` arguments, which bound the replay's state too. */
  readonly selection?: string;
}

/**
 * A finding with its reproducer: the request that shows it, the requests that set it up (those before
 * it in the same execution), the seed and the command that sends exactly that case again.
 */
export function withReproducer(
  finding: Finding,
  execution: Execution,
  command: ReplayCommand,
  replayArg: string,
  path?: string,
): Finding {
  const index = execution.exchanges.findIndex((e) => e.request === finding.request);
  const setup = index > 0 ? execution.exchanges.slice(0, index).map((e) => e.request) : [];
  const request = finding.request ?? execution.exchanges.at(-1)?.request;
  if (!request) return finding;
  return {
    ...finding,
    reproducer: {
      request,
      ...(setup.length > 0 ? { setup } : {}),
      seed: command.seed,
      ...(path ? { path } : {}),
      replay: `${KIT_COMMAND} --target ${command.target}${command.spec !== undefined ? ` --spec ${command.spec}` : ''} --seed ${command.seed}${command.selection && replayArg.startsWith('--replay') ? ` ${command.selection}` : ''} ${replayArg}`,
    },
  };
}

/** The verdict the findings give: a failure fails the run, and so does a warning under `--strict`. */
export function verdictOf(findings: readonly Finding[], strict: boolean): Extract<Verdict, 'failed' | 'certified'> {
  return findings.some((f) => f.severity === 'failure' || (strict && f.severity === 'warning'))
    ? 'failed'
    : 'certified';
}

/** Everything a report is made of, gathered by the run. */
export interface RunOutcome
  extends Pick<RunReport, 'tool' | 'target' | 'requests' | 'verdict' | 'error' | 'notes' | 'tallies' | 'findings'> {
  readonly spec: SpecModel;
  readonly options: ResolvedOptions;
  readonly startedAt: number;
  readonly finishedAt: number;
}

/** The run as data: a pure function of what the run gathered. */
export function collectReport(outcome: RunOutcome): RunReport {
  const { options, spec } = outcome;
  return {
    schemaVersion: 1,
    tool: outcome.tool,
    target: outcome.target,
    spec: { title: spec.title, version: spec.version, file: spec.file },
    runId: options.runId ?? runIdOf(outcome),
    seed: options.seed,
    options: {
      runs: options.runs,
      strict: options.strict,
      readOnly: options.readOnly,
      only: options.only,
      skip: options.skip,
      ...(options.shard ? { shard: options.shard } : {}),
    },
    startedAt: new Date(outcome.startedAt).toISOString(),
    durationMs: outcome.finishedAt - outcome.startedAt,
    requests: outcome.requests,
    verdict: outcome.verdict,
    ...(outcome.error ? { error: outcome.error } : {}),
    ...(outcome.notes && outcome.notes.length > 0 ? { notes: [...outcome.notes] } : {}),
    tallies: [...outcome.tallies],
    // Evidence bodies cut to a few KiB, with size and hash: the whole ones stay with the run.
    findings: outcome.findings.map(cutFindingBodies),
  };
}

/**
 * The id the shards of one run share without talking to each other: a hash of what makes them one
 * run (the contract, the seed, the options that decide the work, the number of shards). Jobs of a
 * CI matrix may each start their own target, so the target is not part of it.
 */
function runIdOf({ spec, options }: RunOutcome): string {
  const { seed, runs, strict, readOnly, only, skip, shard } = options;
  const identity = JSON.stringify([
    spec.title,
    spec.version,
    spec.operations.map((o) => o.operationId),
    seed,
    runs,
    strict,
    readOnly,
    only,
    skip,
    shard?.count ?? 1,
  ]);
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}
