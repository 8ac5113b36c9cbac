/**
 * The mock and the kit on a large real-world description: GitHub's REST API
 * (fixtures/specs/large/api.github.com.json.gz, OpenAPI 3.0.3, 1,223 operations, 13 MB unpacked),
 * unpacked to a temporary file for the run.
 *
 * - Cold start (spawn → first 200 on `GET /gists`) of the mock bundle with `--spec <file>` against
 *   raw Prism's CLI on the same file.
 * - Throughput on `GET /gists` (gists/list, a collection the mock's resource model infers and seeds
 *   from the spec's example) in stateful and static mode against raw Prism on the same request.
 * - The kit's CLI over the description against the mock (stateful, its store reset between runs):
 *   one process, then four shards (`--shard i/4`) in parallel joined with `merge`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import {
  type ColdStartResult,
  type LoadSettings,
  type ThroughputResult,
  measureColdStarts,
  measureThroughput,
} from './mock-bench.js';
import { ROOT, type Spawned, spawnProcess, waitFor200 } from './processes.js';
import {
  BENCH_KEY,
  MOCK_BUNDLE_PATH,
  type MockMode,
  PRISM_CLI_PATH,
  type ServerSpec,
  ensureMockBundle,
  startOnFreePort,
} from './servers.js';

export const GITHUB_SPEC_GZ = 'fixtures/specs/large/api.github.com.json.gz';
/** The loaded collection: gists/list. */
export const GITHUB_ROUTE = '/gists';
/** The kit's default subset: every operation whose operationId starts with this (the gists tag). */
export const GITHUB_KIT_PREFIX = 'gists/';
const TSX_ESM = `file://${join(ROOT, 'node_modules/tsx/dist/esm/index.mjs')}`;
/** Spawn → first 200 on a 13 MB description takes tens of seconds on a loaded 2-core machine. */
const READY_TIMEOUT_MS = 240_000;
/** No kit run (one process or four shards and the merge) may take longer than this. */
const KIT_LIMIT_MS = 15 * 60_000;
const SHARDS = 4;
const SEED = 42;

const headers = { Authorization: `Bearer ${BENCH_KEY}` };

export function githubMockServer(mode: MockMode, file: string): ServerSpec {
  return {
    id: `github-mock-${mode}`,
    label: `mock ${mode} (GitHub)`,
    how: `node dist/mock.mjs --quiet --mode ${mode} --spec api.github.com.json --any-key (as \`npm start -- --spec … --any-key\` runs it)`,
    route: GITHUB_ROUTE,
    headers,
    mode,
    readyTimeoutMs: READY_TIMEOUT_MS,
    start: (port) => {
      ensureMockBundle();
      return spawnProcess({
        label: `mock ${mode} (GitHub)`,
        command: process.execPath,
        args: [MOCK_BUNDLE_PATH, '--quiet', '--port', String(port), '--mode', mode, '--spec', file, '--any-key'],
      });
    },
  };
}

export function githubPrismServer(file: string): ServerSpec {
  return {
    id: 'github-prism',
    label: 'raw Prism CLI (GitHub)',
    how: 'node prism-cli/dist/index.js mock api.github.com.json (default logging, stdout to /dev/null)',
    route: GITHUB_ROUTE,
    headers,
    readyTimeoutMs: READY_TIMEOUT_MS,
    start: (port) =>
      spawnProcess({
        label: 'raw Prism (GitHub)',
        command: process.execPath,
        args: [PRISM_CLI_PATH, 'mock', file, '-p', String(port), '-h', '127.0.0.1'],
        captureStdout: false,
      }),
  };
}

export interface GithubKitRun {
  /** 1 (one process) or the number of shards run in parallel. */
  readonly shards: number;
  /** Spawn of the first process → exit of the last (and of `merge`, when sharded), ms: what a CI job waits. */
  readonly wallMs: number;
  readonly requests: number;
  /** requests / wall time. */
  readonly rps: number;
  readonly verdict: string;
  /** Bugs of the kit itself (properties stopped by an exception): must be 0. */
  readonly internalErrors: number;
  readonly failures: number;
  readonly warnings: number;
  readonly error?: string;
  /** Exit code of each process (the shards, then merge). */
  readonly exitCodes: readonly (number | string)[];
  /** Per process: its wall time, the report's own durationMs (spec loading excluded) and requests. */
  readonly processes: readonly {
    readonly shard?: string;
    readonly wallMs: number;
    readonly durationMs: number;
    readonly requests: number;
    readonly internalErrors: number;
  }[];
}

export interface GithubResults {
  readonly spec: {
    readonly file: string;
    readonly openapi: string;
    readonly operations: number;
    readonly megabytes: number;
  };
  readonly route: string;
  readonly loadAtStart: number;
  loadAtEnd?: number;
  readonly coldRuns: number;
  readonly coldStart?: readonly ColdStartResult[];
  readonly throughput?: readonly ThroughputResult[];
  readonly kit?: {
    readonly runs: number;
    readonly seed: number;
    /** The --only list (operationIds), or empty for every operation. */
    readonly only: readonly string[];
    readonly onlyRule: string;
    readonly single: GithubKitRun;
    readonly sharded: GithubKitRun;
  };
}

export interface GithubSettings {
  readonly coldRuns: number;
  readonly load: LoadSettings;
  /** Cases per property for the kit (`--runs`). */
  readonly kitRuns: number;
  /** Run the kit on every operation instead of the gists subset. */
  readonly kitAll: boolean;
}

interface RunReportLike {
  readonly requests: number;
  readonly durationMs: number;
  readonly verdict: string;
  readonly error?: string;
  readonly findings: readonly { readonly severity: string }[];
}

/** Internal errors a report names: `internal error in X … (and N more)`, or one outside any property. */
export function internalErrorsOf(report: { readonly error?: string }): number {
  const error = report.error ?? '';
  if (!/internal error/.test(error)) return 0;
  const more = /\(and (\d+) more\)/.exec(error);
  return 1 + (more ? Number(more[1]) : 0);
}

function operationIds(spec: { paths?: Record<string, Record<string, unknown>> }): string[] {
  const ids: string[] = [];
  for (const item of Object.values(spec.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) {
      const op = item[method] as { operationId?: string } | undefined;
      if (op?.operationId) ids.push(op.operationId);
    }
  }
  return ids;
}

function kitArgs(
  file: string,
  target: string,
  runs: number,
  only: readonly string[],
  json: string,
  shard?: string,
): string[] {
  return [
    '--import',
    TSX_ESM,
    'conformance/bin.ts',
    '--spec',
    file,
    '--target',
    target,
    '--api-key',
    BENCH_KEY,
    '--runs',
    String(runs),
    '--seed',
    String(SEED),
    '--quiet',
    '--json',
    json,
    ...(only.length > 0 ? ['--only', only.join(',')] : []),
    ...(shard ? ['--shard', shard] : []),
  ];
}

function bounded<T>(label: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} took longer than ${KIT_LIMIT_MS / 60_000} min`)), KIT_LIMIT_MS);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

async function runKitProcesses(
  dir: string,
  file: string,
  target: string,
  runs: number,
  only: readonly string[],
  shards: number,
  log: (line: string) => void,
): Promise<GithubKitRun> {
  const started = performance.now();
  const jobs = Array.from({ length: shards }, (_, i) => {
    const shard = shards > 1 ? `${i + 1}/${shards}` : undefined;
    const json = join(dir, `kit-${shards}-${i + 1}.json`);
    const proc: Spawned = spawnProcess({
      label: `kit${shard ? ` shard ${shard}` : ''}`,
      command: process.execPath,
      args: kitArgs(file, target, runs, only, json, shard),
    });
    return {
      shard,
      json,
      proc,
      done: proc.exited.then((code) => ({ code, wallMs: performance.now() - proc.spawnedAt })),
    };
  });
  const ends = await bounded(`kit over GitHub (${shards} process(es))`, Promise.all(jobs.map((j) => j.done)));
  const read = (json: string, proc: Spawned): RunReportLike => {
    try {
      return JSON.parse(readFileSync(json, 'utf8')) as RunReportLike;
    } catch {
      throw new Error(
        `${proc.label} wrote no report (exit ${String(ends[jobs.findIndex((j) => j.proc === proc)]?.code)}):\n${proc.output()}`,
      );
    }
  };
  const reports = jobs.map((j) => read(j.json, j.proc));
  const exitCodes: (number | string)[] = ends.map((e) => e.code);
  let final: RunReportLike = reports[0]!;
  if (shards > 1) {
    const merged = join(dir, `kit-${shards}-merged.json`);
    const merge = spawnProcess({
      label: 'kit merge',
      command: process.execPath,
      args: [
        '--import',
        TSX_ESM,
        'conformance/bin.ts',
        'merge',
        ...jobs.map((j) => j.json),
        '--quiet',
        '--json',
        merged,
      ],
    });
    exitCodes.push(await bounded('kit merge', merge.exited));
    final = read(merged, merge);
  }
  const wallMs = performance.now() - started;
  const processes = jobs.map((j, i) => ({
    ...(j.shard ? { shard: j.shard } : {}),
    wallMs: ends[i]!.wallMs,
    durationMs: reports[i]!.durationMs,
    requests: reports[i]!.requests,
    internalErrors: internalErrorsOf(reports[i]!),
  }));
  const result: GithubKitRun = {
    shards,
    wallMs,
    requests: final.requests,
    rps: final.requests / (wallMs / 1000),
    verdict: final.verdict,
    internalErrors: processes.reduce((n, p) => n + p.internalErrors, 0),
    failures: final.findings.filter((f) => f.severity === 'failure').length,
    warnings: final.findings.filter((f) => f.severity === 'warning').length,
    ...(final.error ? { error: final.error.slice(0, 500) } : {}),
    exitCodes,
    processes,
  };
  log(
    `kit over GitHub, ${shards === 1 ? 'one process' : `${shards} shards in parallel + merge`}: ${(wallMs / 1000).toFixed(1)} s, ${result.requests} requests, ` +
      `${Math.round(result.rps)} req/s, ${result.verdict}, internal errors ${result.internalErrors}`,
  );
  return result;
}

/** Cold start, throughput and the kit on GitHub's description, in that order. */
export async function runGithubBenchmarks(
  settings: GithubSettings,
  log: (line: string) => void,
): Promise<GithubResults> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-github-'));
  try {
    const file = join(dir, 'api.github.com.json');
    const text = gunzipSync(readFileSync(join(ROOT, GITHUB_SPEC_GZ))).toString('utf8');
    writeFileSync(file, text);
    const parsed = JSON.parse(text) as { openapi: string; paths?: Record<string, Record<string, unknown>> };
    const ids = operationIds(parsed);
    const results: GithubResults = {
      spec: {
        file: GITHUB_SPEC_GZ,
        openapi: parsed.openapi,
        operations: ids.length,
        megabytes: Math.round((statSync(file).size / 1024 ** 2) * 10) / 10,
      },
      route: GITHUB_ROUTE,
      loadAtStart: Math.round(loadavg()[0]! * 100) / 100,
      coldRuns: settings.coldRuns,
    };
    log(
      `GitHub description: OpenAPI ${parsed.openapi}, ${ids.length} operations, ${results.spec.megabytes} MiB, unpacked to ${file}`,
    );

    log(`\n# GitHub cold start: ${settings.coldRuns} spawns each`);
    const coldStart = await measureColdStarts(
      [githubMockServer('stateful', file), githubPrismServer(file)],
      settings.coldRuns,
      log,
    );

    log(`\n# GitHub throughput on GET ${GITHUB_ROUTE}`);
    const throughput = await measureThroughput(
      [githubPrismServer(file), githubMockServer('stateful', file), githubMockServer('static', file)],
      settings.load,
      log,
    );

    log('\n# kit over GitHub against the mock (stateful)');
    const only = settings.kitAll ? [] : ids.filter((id) => id.startsWith(GITHUB_KIT_PREFIX));
    const mock = githubMockServer('stateful', file);
    const { proc, url } = await startOnFreePort(mock);
    let kit: GithubResults['kit'];
    try {
      await waitFor200(proc, url, mock.headers, mock.readyTimeoutMs);
      const target = url.slice(0, -GITHUB_ROUTE.length);
      const reset = async () => {
        const res = await fetch(`${target}/__mock/reset`, { method: 'POST' });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`POST /__mock/reset answered ${res.status}`);
      };
      const single = await runKitProcesses(dir, file, target, settings.kitRuns, only, 1, log);
      await reset();
      const sharded = await runKitProcesses(dir, file, target, settings.kitRuns, only, SHARDS, log);
      kit = {
        runs: settings.kitRuns,
        seed: SEED,
        only,
        onlyRule: settings.kitAll
          ? 'every operation'
          : `the ${only.length} operations whose operationId starts with "${GITHUB_KIT_PREFIX}" (the gists tag)`,
        single,
        sharded,
      };
    } finally {
      await proc.stop();
    }
    results.loadAtEnd = Math.round(loadavg()[0]! * 100) / 100;
    return { ...results, coldStart, throughput, kit };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
