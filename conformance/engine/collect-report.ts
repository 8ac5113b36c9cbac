import { COMMAND_NAME } from '../../cli/name.js';
import { createHash } from 'node:crypto';
import type { Execution } from '../domain/rules.js';
import type { Exchange } from '../cases/index.js';
import {
  cutFindingBodies,
  type CarriedValue,
  type Finding,
  type RequestRecord,
  type RunReport,
  type Verdict,
} from '../findings/index.js';
import type { SpecModel } from '../../spec/index.js';
import { shellWord } from '../report/index.js';
import type { ResolvedOptions } from './options.js';

/**
 * The kit's command as a user who installed the package runs it. Every command line the kit prints
 * (replays, hints) starts with it; the command's name itself lives in cli/name.ts.
 */
export const KIT_COMMAND = `npx ${COMMAND_NAME} test`;

/** How to replay a failure of this run: the command line around the `--replay` or `--only` argument. */
export interface ReplayCommand {
  readonly target: string;
  /** The `--spec` argument when the run used a spec other than the shipped one. */
  readonly spec?: string;
  readonly seed: number;
  /** The run's `--only`, `--skip` and `--read-only` arguments, which bound the replay's state too. */
  readonly selection?: readonly string[];
}

/**
 * A finding with its reproducer: the request that shows it, the requests that set it up (those before
 * it in the same execution), the seed and the command that sends exactly that case again.
 */
export function withReproducer(
  finding: Finding,
  execution: Execution,
  command: ReplayCommand,
  replayArg: readonly ['--only' | '--replay', string],
  path?: string,
): Finding {
  const index = execution.exchanges.findIndex((e) => e.request === finding.request);
  const before = index > 0 ? execution.exchanges.slice(0, index) : [];
  const setup = before.map((e) => e.request);
  const request = finding.request ?? execution.exchanges.at(-1)?.request;
  if (!request) return finding;
  const carry = carriedValues(before, [...setup, request]);
  return {
    ...finding,
    reproducer: {
      request,
      ...(setup.length > 0 ? { setup } : {}),
      ...(carry.length > 0 ? { carry } : {}),
      seed: command.seed,
      ...(path ? { path } : {}),
      replay: replayLine(command, replayArg),
    },
  };
}

/**
 * The command that replays a failure, each argument one shell word (an operationId without one of
 * its own is `get /data`, held-out set 160: unquoted, the shell split it and the replay ran nothing).
 * A `--replay` stands on the state the run built, so it keeps the run's selection.
 */
function replayLine(command: ReplayCommand, replayArg: readonly ['--only' | '--replay', string]): string {
  const words = [
    '--target',
    command.target,
    ...(command.spec !== undefined ? ['--spec', command.spec] : []),
    '--seed',
    String(command.seed),
    ...(replayArg[0] === '--replay' ? (command.selection ?? []) : []),
    ...replayArg,
  ];
  return `${KIT_COMMAND} ${words.map(shellWord).join(' ')}`;
}

/** A member that names an item: `id`, `petId`, `user_id`, `uuid`. */
const ID_MEMBER = /^(?:id|uuid|[A-Za-z0-9]*(?:Id|_id|ID))$/;
/** A value a path segment or query value can hold as it is, and a shell variable can stand for. */
const PLAIN_VALUE = /^[A-Za-z0-9._~-]+$/;

/** The pieces of a path and query: segments, and query values. */
function namedValues(r: RequestRecord): string[] {
  const [path = '', query = ''] = r.path.split('?', 2);
  return [...path.split('/'), ...query.split('&').map((pair) => pair.slice(pair.indexOf('=') + 1))];
}

/**
 * The ids later steps take from earlier answers: each top-level id member of a setup step's JSON
 * answer whose value a later request names in its path or query. A reproducer run against a target
 * started afresh gets other ids: it captures them from each answer (POSIX tools, `reproducer.ts`).
 */
export function carriedValues(setup: readonly Exchange[], requests: readonly RequestRecord[]): CarriedValue[] {
  const carry: CarriedValue[] = [];
  const taken = new Set<string>();
  setup.forEach((exchange, from) => {
    const r = exchange.response;
    if (
      !r ||
      r.status < 200 ||
      r.status >= 300 ||
      r.json === null ||
      typeof r.json !== 'object' ||
      Array.isArray(r.json)
    )
      return;
    for (const [member, raw] of Object.entries(r.json as Record<string, unknown>)) {
      if (!ID_MEMBER.test(member) || (typeof raw !== 'string' && typeof raw !== 'number')) continue;
      const value = String(raw);
      if (!PLAIN_VALUE.test(value) || taken.has(value)) continue;
      if (!requests.slice(from + 1).some((later) => namedValues(later).includes(value))) continue;
      // The same split the reproducer's `tr | sed` makes: which `"member":` holds the value.
      const occurrences = r.bodyText
        .split(/[,{}[\]]/)
        .map((piece) => new RegExp(`^\\s*"${member}"\\s*:\\s*"?([^"\\s]*)"?\\s*$`).exec(piece)?.[1]);
      const occurrence = occurrences.filter((v) => v !== undefined).indexOf(value) + 1;
      if (occurrence === 0) continue;
      taken.add(value);
      carry.push({ variable: `ITEM_${carry.length + 1}`, from, member, occurrence, value });
    }
  });
  return carry;
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
    spec: {
      title: spec.title,
      version: spec.version,
      file: spec.file,
      ...(spec.repairs ? { repairs: spec.repairs } : {}),
    },
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
