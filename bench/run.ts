/**
 * `npm run bench`: the mock against raw Prism and a bare node:http server (throughput, latency,
 * memory, cold start) and the conformance kit (pace, default run, time to find a planted defect),
 * side by side in one run. Prints a markdown table and writes bench/results/latest.{md,json}.
 *
 * Environment (all optional):
 *   BENCH_DURATION     seconds of measured load per server (default 10)
 *   BENCH_ROUNDS       the measured seconds are split into this many rounds, servers taken in turn
 *                      each round, so drift in the machine's load spreads over all (default 2)
 *   BENCH_WARMUP       seconds of warm-up load per server (default min(3, duration/3), at least 1)
 *   BENCH_CONNECTIONS  concurrent connections (default 50)
 *   BENCH_COLD_RUNS    spawns per server for the cold start median (default 5)
 *   BENCH_SEEDS        seeds for the planted defect: "1-10" (default) or "1,2,3"
 *   BENCH_GITHUB_COLD_RUNS  spawns per server for the cold start on GitHub's description (default 3)
 *   BENCH_GITHUB_RUNS  the kit's --runs over GitHub's description (default 1)
 *   BENCH_GITHUB_ALL   1: the kit over every GitHub operation instead of the gists subset (slow)
 *   BENCH_PROXY_LATENCY_REQUESTS  requests one at a time per proxy for the added latency (default 2000)
 *   BENCH_ONLY         sections to run: comma list of throughput, cold, kit, github, proxy (default all).
 *                      A partial run writes bench/results/partial.{md,json} and leaves latest alone.
 *   BENCH_SERVERS      servers of the throughput and cold sections: comma list of bare, prism,
 *                      mock-stateful, mock-static, mock-dynamic (default all; fewer makes a partial run)
 *
 * Not a test: nothing here asserts a time, and `npm test` does not run it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { type GithubResults, runGithubBenchmarks } from './lib/github.js';
import { type KitResults, runKitBenchmarks } from './lib/kit.js';
import { describeMachine } from './lib/machine.js';
import { type ColdStartResult, type ThroughputResult, measureColdStarts, measureThroughput } from './lib/mock-bench.js';
import { ROOT, runMain } from './lib/processes.js';
import { type ProxyResults, runProxyBenchmarks } from './lib/proxy-bench.js';
import {
  type BenchResults,
  evaluateGithubTargets,
  evaluateProxyTargets,
  evaluateTargets,
  renderMarkdown,
} from './lib/report.js';
import { MOCK_MODES, type ServerSpec, bareServer, mockServer, prismServer } from './lib/servers.js';

const SECTIONS = ['throughput', 'cold', 'kit', 'github', 'proxy'] as const;
type Section = (typeof SECTIONS)[number];

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
  return value;
}

function parseSeeds(raw: string | undefined): number[] {
  const text = raw && raw.trim() !== '' ? raw.trim() : '1-10';
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range) {
    const from = Number(range[1]);
    const to = Number(range[2]);
    if (to < from || to - from > 99) throw new Error(`BENCH_SEEDS range too large or reversed: ${text}`);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  const seeds = text.split(',').map((s) => Number(s.trim()));
  if (seeds.some((s) => !Number.isInteger(s)))
    throw new Error(`BENCH_SEEDS must be "a-b" or a comma list of integers, got ${JSON.stringify(text)}`);
  return seeds;
}

function parseSections(raw: string | undefined): Section[] {
  if (!raw || raw.trim() === '') return [...SECTIONS];
  const names = raw.split(',').map((s) => s.trim());
  const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: unknown section(s) ${unknown.join(', ')}; use ${SECTIONS.join(', ')}`);
  return SECTIONS.filter((s) => names.includes(s));
}

const ANIMAL_STORE_SERVERS: readonly ServerSpec[] = [bareServer, prismServer, ...MOCK_MODES.map(mockServer)];

/** The Animal Store servers `BENCH_SERVERS` names (all of them when unset), in the table's order. */
function parseServers(raw: string | undefined): ServerSpec[] {
  if (!raw || raw.trim() === '') return [...ANIMAL_STORE_SERVERS];
  const names = raw.split(',').map((s) => s.trim());
  const known = ANIMAL_STORE_SERVERS.map((s) => s.id as string);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0)
    throw new Error(`BENCH_SERVERS: unknown server(s) ${unknown.join(', ')}; use ${known.join(', ')}`);
  return ANIMAL_STORE_SERVERS.filter((s) => names.includes(s.id));
}

const README_START = '<!-- bench:latest:start -->';
const README_END = '<!-- bench:latest:end -->';

/** Replaces the latest table in bench/README.md (between the markers), if the markers are there. */
function updateReadme(markdown: string): void {
  const file = join(ROOT, 'bench/README.md');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start === -1 || end < start) return;
  writeFileSync(file, `${text.slice(0, start + README_START.length)}\n${markdown}\n${text.slice(end)}`);
}

async function main(): Promise<void> {
  const seconds = positive('BENCH_DURATION', 10);
  const warmupSeconds = positive('BENCH_WARMUP', Math.min(3, Math.max(1, Math.round(seconds / 3))));
  const connections = Math.round(positive('BENCH_CONNECTIONS', 50));
  const rounds = Math.round(positive('BENCH_ROUNDS', 2));
  const coldRuns = Math.round(positive('BENCH_COLD_RUNS', 5));
  const seeds = parseSeeds(process.env.BENCH_SEEDS);
  const sections = parseSections(process.env.BENCH_ONLY);
  const servers = parseServers(process.env.BENCH_SERVERS);
  const settings = {
    connections,
    seconds,
    warmupSeconds,
    rounds,
    coldRuns,
    seeds,
    sections,
    servers: servers.map((s) => s.id),
  };
  const log = (line: string) => process.stderr.write(`${line}\n`);

  const machine = describeMachine();
  const started = performance.now();
  const date = new Date().toISOString();
  log(
    `bench: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAtStart}; sections ${sections.join(', ')}`,
  );

  let throughput: ThroughputResult[] | undefined;
  let coldStart: ColdStartResult[] | undefined;
  let kit: KitResults | undefined;
  let github: GithubResults | undefined;
  let proxy: ProxyResults | undefined;

  if (sections.includes('throughput')) {
    log(
      `\n# throughput: ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s per server in ${rounds} round(s)`,
    );
    throughput = await measureThroughput(servers, { connections, seconds, warmupSeconds, rounds }, log);
  }
  if (sections.includes('cold')) {
    log(`\n# cold start: ${coldRuns} spawns each`);
    // Mocks first, then raw Prism and the bare server, as the table has always listed them.
    const order: readonly ServerSpec[] = [...MOCK_MODES.map(mockServer), prismServer, bareServer];
    const cold = order.filter((spec) => servers.some((s) => s.id === spec.id));
    coldStart = await measureColdStarts(cold, coldRuns, log);
  }
  if (sections.includes('kit')) {
    log('\n# conformance kit');
    kit = await runKitBenchmarks(seeds, log);
  }
  if (sections.includes('github')) {
    log("\n# GitHub's REST description");
    github = await runGithubBenchmarks(
      {
        coldRuns: Math.round(positive('BENCH_GITHUB_COLD_RUNS', 3)),
        load: { connections, seconds, warmupSeconds, rounds },
        kitRuns: Math.round(positive('BENCH_GITHUB_RUNS', 1)),
        kitAll: process.env.BENCH_GITHUB_ALL === '1',
      },
      log,
    );
  }

  if (sections.includes('proxy')) {
    log("\n# proxy: this project's against prism proxy, one bare upstream");
    proxy = await runProxyBenchmarks(
      {
        connections,
        seconds,
        warmupSeconds,
        rounds,
        latencyRequests: Math.round(positive('BENCH_PROXY_LATENCY_REQUESTS', 2000)),
      },
      log,
    );
  }

  machine.loadAtEnd = Math.round(loadavg()[0]! * 100) / 100;
  const notes = [
    `Measured on ${machine.cores} cores${machine.cores <= 2 ? ': autocannon and the server under load share them, so absolute figures understate what a bigger machine does; the ratios are the point' : ''}. ` +
      'Figures from a machine with other work running are provisional; compare ratios within one run, not across runs.',
    'Latency percentiles are autocannon’s (whole milliseconds, 2xx answers only). req/s counts every completed answer.',
  ];
  const errored = [...(throughput ?? []), ...(github?.throughput ?? []), ...(proxy?.throughput ?? [])].filter(
    (t) => t.load.errors + t.load.timeouts + t.load.non2xx > 0,
  );
  if (errored.length > 0)
    notes.push(
      `Errors or non-2xx answers under load (these rows do not measure what they mean to): ${errored.map((t) => t.label).join(', ')}.`,
    );

  const results: BenchResults = {
    schemaVersion: 1,
    date,
    machine,
    settings,
    durationSeconds: (performance.now() - started) / 1000,
    ...(throughput ? { throughput } : {}),
    ...(coldStart ? { coldStart } : {}),
    ...(kit ? { kit } : {}),
    ...(github ? { github } : {}),
    ...(proxy ? { proxy } : {}),
    targets: [
      ...evaluateTargets(throughput, coldStart, kit),
      ...evaluateGithubTargets(github),
      ...evaluateProxyTargets(proxy),
    ],
    notes,
  };
  const markdown = renderMarkdown(results);
  process.stdout.write(`\n${markdown}\n`);

  const complete = sections.length === SECTIONS.length && servers.length === ANIMAL_STORE_SERVERS.length;
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const base = complete ? 'latest' : 'partial';
  writeFileSync(join(dir, `${base}.md`), `${markdown}\n`);
  writeFileSync(join(dir, `${base}.json`), `${JSON.stringify(results, null, 2)}\n`);
  if (complete) updateReadme(markdown);
  log(`\nbench: wrote bench/results/${base}.md and ${base}.json${complete ? ' and the table in bench/README.md' : ''}`);
}

await runMain('bench', main);
