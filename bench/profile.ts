/**
 * Profiling for the numbers `npm run bench` reports: where start-up time and per-request time go.
 *
 *   npx tsx bench/profile.ts [startup] [load] [cpu-start]     (default: all three)
 *
 * - startup: spawn → exit of bare node, node with tsx's loader, and tsx's CLI (the launcher cost),
 *   then the phases of the mock's start-up per mode (bench/startup-phases.ts), median of 3.
 * - cpu-start: `node --cpu-prof` over spawn → first 200 for each mode and raw Prism; self time by
 *   package, file and function.
 * - load: `node --cpu-prof` over BENCH_PROFILE_DURATION (default 5) s of autocannon load per server.
 *
 * Writes bench/results/profile.md. Bounded, loopback only, every process stopped in a finally.
 */
import { mkdtempSync, readdirSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { monotonicMicros, renderProfile, summarizeProfile } from './lib/cpuprofile.js';
import { load } from './lib/load.js';
import { ROOT, freePort, spawnProcess, runMain, waitFor200 } from './lib/processes.js';
import { BENCH_KEY, MOCK_MODES, type MockMode, ensureMockBundle } from './lib/servers.js';
import { median } from './lib/stats.js';

const TSX_CLI = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const TSX_LOADER = `file://${join(ROOT, 'node_modules/tsx/dist/esm/index.mjs')}`;
const PRISM_CLI = join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js');
const log = (line: string) => process.stderr.write(`${line}\n`);

async function spawnToExit(label: string, args: readonly string[]): Promise<{ ms: number; stdout: string }> {
  const proc = spawnProcess({ label, command: process.execPath, args });
  let stdout = '';
  proc.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  const timer = setTimeout(() => void proc.stop(), 60_000);
  const code = await proc.exited;
  clearTimeout(timer);
  const ms = performance.now() - proc.spawnedAt;
  await proc.stop();
  if (code !== 0) throw new Error(`${label} exited ${code}:\n${proc.output()}`);
  return { ms, stdout };
}

async function startup(): Promise<string> {
  const out: string[] = ['### Start-up: launchers and phases', ''];
  const launchers: [string, string[]][] = [
    ['node -e 0', ['-e', '0']],
    ['node --import tsx/loader -e 0', ['--import', TSX_LOADER, '-e', '0']],
    ['tsx CLI -e 0 (two node processes)', [TSX_CLI, '-e', '0']],
  ];
  out.push('| Launcher, spawn → exit | median ms (of 5) |', '|---|---:|');
  for (const [label, args] of launchers) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await spawnToExit(label, args)).ms);
    out.push(`| ${label} | ${median(times).toFixed(0)} |`);
    log(`${label}: ${median(times).toFixed(0)} ms`);
  }
  out.push('');
  const phases = [
    'scriptStart',
    'specModuleImported',
    'specLoaded',
    'mockModulesImported',
    'mockCreated',
    'listening',
    'prismLoaded',
    'firstAnswer',
    'secondAnswer',
  ];
  const labels: Record<string, string> = {
    scriptStart: 'node boot + tsx loader (until the script runs)',
    specModuleImported: 'import spec/ (transform + swagger-parser, ajv, yaml modules)',
    specLoaded: 'loadSpec(): parse, validate, dereference, compile schemas',
    mockModulesImported: 'import mock/ modules',
    mockCreated: 'createMockServer() (loads the spec again, seeds the store)',
    listening: 'listen',
    prismLoaded: 'warm(): load Prism modules (static/dynamic only)',
    firstAnswer: 'first GET /v1/pets?limit=5',
    secondAnswer: 'second GET (warm)',
  };
  out.push(
    `| Phase (ms, delta; median of 3, one process with tsx's loader) | ${MOCK_MODES.join(' | ')} |`,
    `|---|${MOCK_MODES.map(() => '---:').join('|')}|`,
  );
  const perMode = new Map<MockMode, Record<string, number>[]>();
  for (const mode of MOCK_MODES) {
    const runs: Record<string, number>[] = [];
    for (let i = 0; i < 3; i++) {
      const { stdout } = await spawnToExit(`startup-phases ${mode}`, [
        '--import',
        TSX_LOADER,
        'bench/startup-phases.ts',
        mode,
      ]);
      runs.push((JSON.parse(stdout.trim().split('\n').at(-1)!) as { marks: Record<string, number> }).marks);
    }
    perMode.set(mode, runs);
    log(`startup phases ${mode}: ${JSON.stringify(runs[0])}`);
  }
  for (const [i, phase] of phases.entries()) {
    const cells = MOCK_MODES.map((mode) => {
      const deltas = perMode.get(mode)!.map((m) => (m[phase] ?? NaN) - (i === 0 ? 0 : (m[phases[i - 1]!] ?? NaN)));
      return median(deltas).toFixed(0);
    });
    out.push(`| ${labels[phase]} | ${cells.join(' | ')} |`);
  }
  out.push(
    `| **total to second answer** | ${MOCK_MODES.map((mode) => median(perMode.get(mode)!.map((m) => m.secondAnswer ?? NaN)).toFixed(0)).join(' | ')} |`,
    '',
  );
  return out.join('\n');
}

interface Target {
  readonly label: string;
  readonly args: (port: number) => string[];
  readonly route: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly quietStdout?: boolean;
}

function targets(): Target[] {
  ensureMockBundle();
  const mock = (mode: MockMode): Target => ({
    label: `mock ${mode}`,
    args: (port) => [
      join(ROOT, 'dist/mock.mjs'),
      '--quiet',
      '--port',
      String(port),
      '--mode',
      mode,
      '--api-key',
      BENCH_KEY,
    ],
    route: '/v1/pets?limit=5',
    headers: { Authorization: `Bearer ${BENCH_KEY}` },
  });
  return [
    ...MOCK_MODES.map(mock),
    {
      label: 'raw Prism CLI',
      // Prism has no SIGTERM handler, and a process killed by a signal writes no profile: add one.
      args: (port) => [
        '--import',
        'data:text/javascript,process.on("SIGTERM",()=>process.exit(0))',
        PRISM_CLI,
        'mock',
        'spec/openapi.yaml',
        '-p',
        String(port),
        '-h',
        '127.0.0.1',
      ],
      route: '/pets?limit=5',
      headers: { Authorization: 'Bearer x' },
      quietStdout: true,
    },
  ];
}

/** Runs a server under `node --cpu-prof`, optionally loads it, stops it, and summarizes the profile. */
async function profiled(target: Target, loadSeconds: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-prof-'));
  try {
    const port = await freePort();
    const proc = spawnProcess({
      label: `${target.label} (profiled)`,
      command: process.execPath,
      args: ['--cpu-prof', '--cpu-prof-dir', dir, ...target.args(port)],
      ...(target.quietStdout ? { captureStdout: false } : {}),
    });
    try {
      const url = `http://127.0.0.1:${port}${target.route}`;
      const ready = await waitFor200(proc, url, target.headers, 60_000);
      let note = `first 200 after ${ready.ms.toFixed(0)} ms (under the profiler)`;
      let window: { from: number; to: number } | undefined;
      if (loadSeconds > 0) {
        // A short warm-up (Prism loads lazily in static/dynamic mode), then only the load window counts.
        await load(url, target.headers, 50, 1);
        const from = monotonicMicros();
        const result = await load(url, target.headers, 50, loadSeconds);
        window = { from, to: monotonicMicros() };
        note += `; then ${loadSeconds} s of load (profile restricted to it): ${result.rps.toFixed(0)} req/s under the profiler, p99 ${result.p99} ms`;
      }
      // SIGTERM: the mock and Prism exit through process.exit, which writes the profile.
      await proc.stop(10_000);
      const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) return `#### ${target.label}\n\nNo profile written (${note}).\n`;
      log(`${target.label}: ${note}`);
      return `${renderProfile(`${target.label}${loadSeconds > 0 ? ' under load' : ': spawn → first 200'}`, summarizeProfile(join(dir, file), 15, window))}\n${note}.\n`;
    } finally {
      await proc.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const all = wanted.length === 0;
  const seconds = Number(process.env.BENCH_PROFILE_DURATION ?? 5);
  const parts: string[] = [`## Profiles — ${new Date().toISOString()}`, ''];
  if (all || wanted.includes('startup')) parts.push(await startup());
  if (all || wanted.includes('cpu-start')) {
    parts.push('### CPU profile: spawn → first 200 (one process: node --cpu-prof --import tsx/loader)', '');
    for (const t of targets()) parts.push(await profiled(t, 0));
  }
  if (all || wanted.includes('load')) {
    parts.push(`### CPU profile under load (${seconds} s, 50 connections, after the first 200)`, '');
    for (const t of targets()) parts.push(await profiled(t, seconds));
  }
  const markdown = parts.join('\n');
  process.stdout.write(`${markdown}\n`);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/profile.md'), `${markdown}\n`);
  log('profile: wrote bench/results/profile.md');
}

await runMain('profile', main);
