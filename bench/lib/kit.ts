/**
 * Kit benchmarks, with the kit driven programmatically from this process and every target in its
 * own process: the reference implementation (correct, or with one planted defect) and the bare
 * fixed-body server.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runConformance, type RunReport } from '../../conformance/index.js';
import { DEFAULT_API_KEY } from '../../fixtures/impls/reference.js';
import type { Fault } from '../../fixtures/impls/faults.js';
import { ROOT, type Spawned, spawnProcess, waitFor200 } from './processes.js';
import { bareServer, startOnFreePort } from './servers.js';
import { median, max } from './stats.js';

const TSX_CLI = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** The seed of the single default runs (fixed so runs compare; the defaults are otherwise untouched). */
export const KIT_SEED = 42;
/** The planted defect: a 500 on names longer than 30 UTF-16 units. */
export const PLANTED: Fault = 'long-name-500';
const PLANTED_MIN_LENGTH = 31;

export interface KitRun {
  readonly target: string;
  readonly seed: number;
  readonly wallMs: number;
  readonly requests: number;
  readonly rps: number;
  readonly verdict: RunReport['verdict'];
  readonly failures: number;
  /** One line per failure: code, operation, check. */
  readonly failureSummary: readonly string[];
}

export interface CliRun {
  readonly wallMs: number;
  readonly exitCode: number | string;
}

export interface SeedResult {
  readonly seed: number;
  readonly found: boolean;
  /** Run start → the planted failure recorded (found and shrunk), ms. */
  readonly foundMs: number | undefined;
  /** True when other failures were recorded too, so `foundMs` is the time the last of them was (an upper bound). */
  readonly foundMsUpperBound: boolean;
  readonly runMs: number;
  readonly requests: number;
  /** Name length, in UTF-16 units, in the final reproducer's request body (31 is minimal). */
  readonly shrunkNameLength: number | undefined;
  readonly otherFailures: readonly string[];
}

export interface KitResults {
  readonly defaultRun: KitRun;
  readonly cliRun: CliRun;
  readonly bareRun: KitRun;
  readonly seeds: readonly SeedResult[];
  readonly planted: {
    readonly fault: Fault;
    readonly found: number;
    readonly of: number;
    readonly medianMs: number;
    readonly maxMs: number;
    readonly shrunkLengths: readonly (number | undefined)[];
    readonly minimalLength: number;
  };
}

/** Starts the reference implementation in its own process and waits for its URL. */
async function startReferenceProcess(faults: readonly Fault[]): Promise<{ proc: Spawned; url: string }> {
  const args = [TSX_CLI, 'bench/servers/reference.ts', ...faults.flatMap((f) => ['--fault', f])];
  const proc = spawnProcess({
    label: `reference${faults.length ? ` (${faults.join(', ')})` : ''}`,
    command: process.execPath,
    args,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`reference did not start in 30 s:\n${proc.output()}`)), 30_000);
    proc.child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const m = /^READY (\S+)$/m.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    void proc.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`reference exited (${code}):\n${proc.output()}`));
    });
  });
  return { proc, url };
}

function summarize(target: string, report: RunReport, wallMs: number): KitRun {
  const failures = report.findings.filter((f) => f.severity === 'failure');
  return {
    target,
    seed: report.seed,
    wallMs,
    requests: report.requests,
    rps: report.requests / (wallMs / 1000),
    verdict: report.verdict,
    failures: failures.length,
    failureSummary: failures.map((f) => `${f.code} ${f.operationId} ${f.check}`),
  };
}

/** No single kit run may take longer than this (the benchmark is bounded). */
const RUN_LIMIT_MS = 120_000;

function bounded<T>(label: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} took longer than ${RUN_LIMIT_MS / 1000} s`)), RUN_LIMIT_MS);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

async function timedRun(url: string, apiKey: string, seed: number, onFailure?: (count: number, at: number) => void) {
  const started = performance.now();
  let seen = 0;
  const report = await bounded(
    `kit run (seed ${seed})`,
    runConformance({
      target: url,
      apiKey,
      seed,
      onProgress: (p) => {
        if (p.failures > seen) {
          seen = p.failures;
          onFailure?.(p.failures, performance.now() - started);
        }
      },
    }),
  );
  return { report, wallMs: performance.now() - started };
}

/** The name in a request body, parsed leniently (large integers elsewhere in the body do not matter). */
function nameLength(body: string | undefined): number | undefined {
  if (body === undefined) return undefined;
  try {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed === 'object' && parsed !== null && 'name' in parsed && typeof parsed.name === 'string')
      return parsed.name.length;
  } catch {
    // Fall through.
  }
  return undefined;
}

export async function runKitBenchmarks(seeds: readonly number[], log: (line: string) => void): Promise<KitResults> {
  // 1. A default run against the correct reference: the first kit run of this process, so it pays
  // for loading and compiling the kit like a user's run does.
  let defaultRun: KitRun;
  {
    const ref = await startReferenceProcess([]);
    try {
      const { report, wallMs } = await timedRun(ref.url, DEFAULT_API_KEY, KIT_SEED);
      defaultRun = summarize('reference (correct)', report, wallMs);
      log(
        `kit default run vs reference: ${(wallMs / 1000).toFixed(1)} s, ${report.requests} requests, ${report.verdict}`,
      );
    } finally {
      await ref.proc.stop();
    }
  }

  // 2. The same through the CLI, as a user runs it (tsx start-up and spec loading included).
  let cliRun: CliRun;
  {
    const ref = await startReferenceProcess([]);
    try {
      const cli = spawnProcess({
        label: 'kit CLI',
        command: process.execPath,
        args: [
          '--import',
          `file://${join(ROOT, 'node_modules/tsx/dist/esm/index.mjs')}`,
          'conformance/bin.ts',
          '--target',
          ref.url,
          '--api-key',
          DEFAULT_API_KEY,
          '--seed',
          String(KIT_SEED),
          '--quiet',
        ],
      });
      const exitCode = await bounded('kit CLI run', cli.exited);
      const wallMs = performance.now() - cli.spawnedAt;
      await cli.stop();
      cliRun = { wallMs, exitCode };
      log(`kit CLI default run vs reference: ${(wallMs / 1000).toFixed(1)} s, exit ${exitCode}`);
    } finally {
      await ref.proc.stop();
    }
  }

  // 3. Against the bare fixed-body server: no work on the server side, so this is the kit's own pace
  // (and, as every answer is the same list, nearly every check fails and the kit spends time shrinking).
  let bareRun: KitRun;
  {
    const bare = await startOnFreePort(bareServer);
    try {
      await waitFor200(bare.proc, bare.url, bareServer.headers);
      const base = bare.url.replace(/\/pets\?.*$/, '');
      const { report, wallMs } = await timedRun(base, 'bench-key', KIT_SEED);
      bareRun = summarize('bare node:http (fixed body)', report, wallMs);
      log(`kit vs bare server: ${Math.round(bareRun.rps)} requests/s, ${report.requests} requests`);
    } finally {
      await bare.proc.stop();
    }
  }

  // 4. The planted defect, one fresh reference per seed.
  const results: SeedResult[] = [];
  for (const seed of seeds) {
    const ref = await startReferenceProcess([PLANTED]);
    try {
      const timeline: { count: number; at: number }[] = [];
      const { report, wallMs } = await timedRun(ref.url, DEFAULT_API_KEY, seed, (count, at) =>
        timeline.push({ count, at }),
      );
      const failures = report.findings.filter((f) => f.severity === 'failure');
      const planted = failures.find(
        (f) =>
          f.code === 'server_error' &&
          f.operationId === 'createPet' &&
          (nameLength(f.reproducer?.request.body ?? f.request?.body) ?? 0) >= PLANTED_MIN_LENGTH,
      );
      const others = failures.filter((f) => f !== planted).map((f) => `${f.code} ${f.operationId} ${f.check}`);
      // Failures are recorded once shrunk; with the planted one alone, the first increment is it.
      const at = planted ? (timeline.find((t) => t.count >= failures.length)?.at ?? wallMs) : undefined;
      const result: SeedResult = {
        seed,
        found: planted !== undefined,
        foundMs: at,
        foundMsUpperBound: planted !== undefined && others.length > 0,
        runMs: wallMs,
        requests: report.requests,
        shrunkNameLength: planted ? nameLength(planted.reproducer?.request.body ?? planted.request?.body) : undefined,
        otherFailures: others,
      };
      results.push(result);
      log(
        `kit planted ${PLANTED}, seed ${seed}: ${result.found ? `found in ${((at ?? 0) / 1000).toFixed(2)} s, name length ${result.shrunkNameLength}` : 'NOT found'}` +
          (others.length ? `, other failures: ${others.join('; ')}` : ''),
      );
    } finally {
      await ref.proc.stop();
    }
  }
  const foundTimes = results.flatMap((r) => (r.foundMs === undefined ? [] : [r.foundMs]));
  return {
    defaultRun,
    cliRun,
    bareRun,
    seeds: results,
    planted: {
      fault: PLANTED,
      found: results.filter((r) => r.found).length,
      of: results.length,
      medianMs: median(foundTimes),
      maxMs: max(foundTimes),
      shrunkLengths: results.map((r) => r.shrunkNameLength),
      minimalLength: PLANTED_MIN_LENGTH,
    },
  };
}
