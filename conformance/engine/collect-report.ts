import type { Execution } from '../domain/rules.js';
import type { Finding, RunReport, Verdict } from '../findings/index.js';
import type { SpecModel } from '../../spec/index.js';
import type { ResolvedOptions } from './options.js';

/** How to replay a failure of this run: the command line around the `--replay` or `--only` argument. */
export interface ReplayCommand {
  readonly target: string;
  /** The `--spec` argument when the run used a spec other than the shipped one. */
  readonly spec?: string;
  readonly seed: number;
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
      replay: `npm run conformance -- --target ${command.target}${command.spec !== undefined ? ` --spec ${command.spec}` : ''} --seed ${command.seed} ${replayArg}`,
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
  extends Pick<RunReport, 'tool' | 'target' | 'requests' | 'verdict' | 'error' | 'tallies' | 'findings'> {
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
    tallies: [...outcome.tallies],
    findings: [...outcome.findings],
  };
}
