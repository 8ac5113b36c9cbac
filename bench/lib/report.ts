/** Targets of issue 7, and the markdown report. */
import type { GithubKitRun, GithubResults } from './github.js';
import type { KitResults } from './kit.js';
import type { Machine } from './machine.js';
import type { ProxyResults } from './proxy-bench.js';
import type { ColdStartResult, LoadSettings, ThroughputResult } from './mock-bench.js';
import type { ServerId } from './servers.js';

export interface BenchResults {
  readonly schemaVersion: 1;
  readonly date: string;
  readonly machine: Machine;
  readonly settings: LoadSettings & {
    readonly coldRuns: number;
    readonly seeds: readonly number[];
    readonly sections: readonly string[];
    /** The Animal Store servers measured (`BENCH_SERVERS`); absent in runs from before it existed. */
    readonly servers?: readonly string[];
  };
  readonly durationSeconds: number;
  readonly throughput?: readonly ThroughputResult[];
  readonly coldStart?: readonly ColdStartResult[];
  readonly kit?: KitResults;
  /** The mock and the kit on GitHub's REST description (section `github`). */
  readonly github?: GithubResults;
  /** The validating proxy against `prism proxy` (section `proxy`). */
  readonly proxy?: ProxyResults;
  readonly targets: readonly TargetResult[];
  readonly notes: readonly string[];
}

export interface TargetResult {
  readonly target: string;
  readonly measured: string;
  readonly verdict: 'PASS' | 'MISS' | 'n/a';
  readonly note?: string;
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits));
const ratio = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) || !Number.isFinite(n) ? '–' : `${n.toFixed(2)}×`;

export function evaluateTargets(
  throughput: readonly ThroughputResult[] | undefined,
  cold: readonly ColdStartResult[] | undefined,
  kit: KitResults | undefined,
): TargetResult[] {
  const targets: TargetResult[] = [];
  const rps = (id: ServerId) => throughput?.find((t) => t.id === id)?.load.rps;
  const prism = rps('prism');
  const tput = (id: ServerId, factor: number, label: string) => {
    const value = rps(id);
    if (value === undefined || prism === undefined) return;
    const r = value / prism;
    targets.push({
      target: `${label} ≥ ${factor}× raw Prism (req/s)`,
      measured: `${Math.round(value)} vs ${Math.round(prism)} req/s = ${ratio(r)}`,
      verdict: r >= factor ? 'PASS' : 'MISS',
    });
  };
  tput('mock-stateful', 5, 'stateful');
  tput('mock-static', 1, 'static');
  tput('mock-dynamic', 5, 'dynamic');

  const coldOf = (id: ServerId) => cold?.find((c) => c.id === id)?.medianMs;
  const prismCold = coldOf('prism');
  for (const mode of ['stateful', 'static', 'dynamic'] as const) {
    const value = coldOf(`mock-${mode}`);
    if (value === undefined || prismCold === undefined) continue;
    const r = value / prismCold;
    targets.push({
      target: `cold start ${mode} ≤ raw Prism (aim ≤ 0.5×)`,
      measured: `${fmt(value)} vs ${fmt(prismCold)} ms = ${ratio(r)}`,
      verdict: r <= 1 ? 'PASS' : 'MISS',
      note: r <= 0.5 ? 'aim met' : 'aim (≤ 0.5×) not met',
    });
  }

  if (kit) {
    targets.push({
      target: 'kit default run vs reference ≤ 15 s (programmatic)',
      measured: `${fmt(kit.defaultRun.wallMs / 1000, 1)} s, ${kit.defaultRun.requests} requests, ${kit.defaultRun.verdict}`,
      verdict: kit.defaultRun.wallMs <= 15_000 ? 'PASS' : 'MISS',
      ...(kit.defaultRun.verdict !== 'certified'
        ? { note: `the correct reference was not certified: ${kit.defaultRun.failureSummary.join('; ')}` }
        : {}),
    });
    targets.push({
      target: 'kit default run vs reference ≤ 15 s (CLI, start-up included)',
      measured: `${fmt(kit.cliRun.wallMs / 1000, 1)} s, exit ${kit.cliRun.exitCode}`,
      verdict: kit.cliRun.wallMs <= 15_000 ? 'PASS' : 'MISS',
      ...(kit.cliRun.exitCode !== 0 ? { note: 'exit code should be 0 (certified)' } : {}),
    });
    const p = kit.planted;
    const lengths = p.shrunkLengths.filter((n): n is number => n !== undefined);
    const notMinimal = lengths.filter((n) => n !== p.minimalLength).length;
    targets.push({
      target: `planted ${p.fault} found and shrunk with ${p.of} of ${p.of} seeds`,
      measured: `${p.found}/${p.of}, median ${fmt(p.medianMs / 1000, 2)} s, max ${fmt(p.maxMs / 1000, 2)} s`,
      verdict: p.found === p.of ? 'PASS' : 'MISS',
      note: `shrunk name length ${lengths.join(', ')} (minimal is ${p.minimalLength}${notMinimal ? `; ${notMinimal} seed(s) not shrunk to it` : ''})`,
    });
  }
  return targets;
}

/** Targets of the proxy (issue 24): ≥ 5× `prism proxy`'s req/s, added p99 latency under 2 ms on loopback. */
export function evaluateProxyTargets(p: ProxyResults | undefined): TargetResult[] {
  if (!p) return [];
  const ours = p.throughput.find((t) => t.id === 'proxy')?.load.rps;
  const prism = p.throughput.find((t) => t.id === 'prism-proxy')?.load.rps;
  const added = p.latency.find((l) => l.id === 'proxy')?.addedP99;
  return [
    {
      target: 'proxy ≥ 5× prism proxy (req/s)',
      measured: `${fmt(ours)} vs ${fmt(prism)} req/s = ${ratio(p.rpsRatio)}`,
      verdict: Number.isFinite(p.rpsRatio) ? (p.rpsRatio >= 5 ? 'PASS' : 'MISS') : 'n/a',
    },
    {
      target: 'proxy adds < 2 ms p99 latency (one request at a time, loopback)',
      measured: `${fmt(added, 3)} ms`,
      verdict: added === undefined ? 'n/a' : added < 2 ? 'PASS' : 'MISS',
    },
  ];
}

/** The proxy section's tables. */
function proxyLines(p: ProxyResults): string[] {
  const out: string[] = [];
  out.push('### Proxy: `GET /v1/pets?limit=5` through each proxy to one bare upstream', '');
  out.push('| Server | req/s | p50 ms | p99 ms | errors | non-2xx |', '|---|---:|---:|---:|---:|---:|');
  for (const t of p.throughput)
    out.push(
      `| ${t.label} | ${fmt(t.load.rps)} | ${t.load.p50} | ${t.load.p99} | ${t.load.errors + t.load.timeouts} | ${t.load.non2xx} |`,
    );
  out.push('', `Proxy req/s over prism proxy: ${ratio(p.rpsRatio)}.`, '');
  out.push(
    '| One request at a time | requests | p50 ms | p99 ms | added p50 ms | added p99 ms |',
    '|---|---:|---:|---:|---:|---:|',
  );
  for (const l of p.latency)
    out.push(
      `| ${l.label} | ${l.requests} | ${fmt(l.p50, 3)} | ${fmt(l.p99, 3)} | ${fmt(l.addedP50, 3)} | ${fmt(l.addedP99, 3)} |`,
    );
  out.push('');
  return out;
}

/** Targets on GitHub's description: cold start ≤ 0.5× raw Prism, stateful ≥ 10×, static ≥ 1×, kit without internal errors. */
export function evaluateGithubTargets(g: GithubResults | undefined): TargetResult[] {
  if (!g) return [];
  const targets: TargetResult[] = [];
  const cold = (id: ServerId) => g.coldStart?.find((c) => c.id === id)?.medianMs;
  const mockCold = cold('github-mock-stateful');
  const prismCold = cold('github-prism');
  if (mockCold !== undefined && prismCold !== undefined) {
    const r = mockCold / prismCold;
    targets.push({
      target: 'GitHub: cold start of the mock ≤ 0.5× raw Prism',
      measured: `${fmt(mockCold)} vs ${fmt(prismCold)} ms = ${ratio(r)}`,
      verdict: r <= 0.5 ? 'PASS' : 'MISS',
    });
  }
  const rps = (id: ServerId) => g.throughput?.find((t) => t.id === id)?.load.rps;
  const prism = rps('github-prism');
  for (const [mode, factor] of [
    ['stateful', 10],
    ['static', 1],
  ] as const) {
    const value = rps(`github-mock-${mode}`);
    if (value === undefined || prism === undefined) continue;
    const r = value / prism;
    targets.push({
      target: `GitHub: ${mode} ≥ ${factor}× raw Prism (req/s, GET ${g.route})`,
      measured: `${Math.round(value)} vs ${Math.round(prism)} req/s = ${ratio(r)}`,
      verdict: r >= factor ? 'PASS' : 'MISS',
    });
  }
  if (g.kit) {
    for (const run of [g.kit.single, g.kit.sharded]) {
      targets.push({
        // The mock is the spec's own implementation: the kit certifies it, with no internal error.
        target: `GitHub: kit against the mock, ${run.shards === 1 ? 'one process' : `${run.shards} shards + merge`}, internal errors = 0, certified`,
        measured: `${run.internalErrors} internal error(s); ${run.requests} requests in ${fmt(run.wallMs / 1000, 1)} s, verdict ${run.verdict}`,
        verdict: run.internalErrors === 0 && run.verdict === 'certified' ? 'PASS' : 'MISS',
        ...(run.error ? { note: run.error.slice(0, 200) } : {}),
      });
    }
  }
  return targets;
}

function githubKitRow(label: string, run: GithubKitRun): string {
  return `| ${label} | ${run.requests} | ${fmt(run.wallMs / 1000, 1)} | ${fmt(run.rps)} | ${run.processes.map((p) => fmt(p.durationMs / 1000, 1)).join(' / ')} | ${run.verdict} (${run.failures} failures, ${run.warnings} warnings) | ${run.internalErrors} | ${run.exitCodes.join(', ')} |`;
}

function renderGithub(g: GithubResults): string[] {
  const out: string[] = [];
  out.push(
    `### GitHub's REST description (\`${g.spec.file}\`: OpenAPI ${g.spec.openapi}, ${g.spec.operations} operations, ${g.spec.megabytes} MiB unpacked)`,
    '',
  );
  out.push(`Load average (1 min) over this section: ${g.loadAtStart} at start, ${g.loadAtEnd ?? '–'} at end.`, '');
  if (g.coldStart) {
    const prism = g.coldStart.find((c) => c.id === 'github-prism');
    out.push(
      `Cold start: spawn → first 200 on \`GET ${g.route}\`, median of ${g.coldRuns} spawns, servers taken in turn.`,
      '',
    );
    out.push('| Server | median ms | min ms | max ms | × raw Prism | RSS at first 200, MiB |');
    out.push('|---|---:|---:|---:|---:|---:|');
    for (const c of g.coldStart)
      out.push(
        `| ${c.label} | ${fmt(c.medianMs)} | ${fmt(c.minMs)} | ${fmt(c.maxMs)} | ${prism ? ratio(c.medianMs / prism.medianMs) : '–'} | ${fmt(c.rssAtReadyMiB)} |`,
      );
    out.push('');
  }
  if (g.throughput) {
    const prism = g.throughput.find((t) => t.id === 'github-prism')?.load;
    out.push(`Throughput: \`GET ${g.route}\` (gists/list) with a bearer token, same load settings as above.`, '');
    out.push(
      '| Server | req/s | × raw Prism | p50 ms | p97.5 ms | p99 ms | errors | non-2xx | RSS ready → after warm-up → after load (peak), MiB | body bytes |',
    );
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|---|---:|');
    for (const t of g.throughput) {
      const l = t.load;
      const m = t.memory;
      out.push(
        `| ${t.label} | ${fmt(l.rps)} | ${prism ? ratio(l.rps / prism.rps) : '–'} | ${l.p50} | ${l.p975} | ${l.p99} | ${l.errors + l.timeouts} | ${l.non2xx} | ` +
          `${fmt(m.ready?.rssMiB)} → ${fmt(m.afterWarmup?.rssMiB)} → ${fmt(m.afterLoad?.rssMiB)} (${fmt(m.afterLoad?.peakMiB)}) | ${t.bodyBytes ?? '–'} |`,
      );
    }
    out.push('', 'How each server was started:', '');
    for (const t of g.throughput) out.push(`- ${t.label}: ${t.how}`);
    out.push('');
  }
  if (g.kit) {
    const k = g.kit;
    out.push(
      `Kit over the description against the mock (stateful, \`--any-key\`; its store reset between the two runs): the CLI with \`--runs ${k.runs} --seed ${k.seed}\`` +
        `${k.only.length > 0 ? ` and \`--only\` ${k.onlyRule}` : ', every operation'}. Wall time is spawn → last exit (merge included), spec loading included; requests/s = requests / wall time.`,
      '',
    );
    out.push(
      '| Run | requests | wall s | req/s | kit durationMs per process, s | verdict | internal errors | exit codes |',
    );
    out.push('|---|---:|---:|---:|---|---|---:|---|');
    out.push(githubKitRow('one process', k.single));
    out.push(
      githubKitRow(`${k.sharded.shards} shards in parallel (\`--shard i/${k.sharded.shards}\`) + \`merge\``, k.sharded),
    );
    out.push('');
    if (k.only.length > 0) out.push(`Operations: ${k.only.join(', ')}.`, '');
  }
  return out;
}

function machineLines(m: Machine): string[] {
  return [
    `- CPU: ${m.cpu}, ${m.cores} cores; memory ${m.memoryGiB} GiB; ${m.platform}`,
    `- Node ${m.node}; commit ${m.commit}`,
    `- Load average (1 min): ${m.loadAtStart} at start, ${m.loadAtEnd ?? '–'} at end`,
  ];
}

export function renderMarkdown(r: BenchResults): string {
  const out: string[] = [];
  out.push(`## Benchmark results — ${r.date}`, '');
  out.push(...machineLines(r.machine));
  out.push(
    `- Settings: ${r.settings.connections} connections; per server a ${r.settings.warmupSeconds} s warm-up, then ${r.settings.seconds} s measured in ${r.settings.rounds} round(s), servers taken in turn; ` +
      `cold start median of ${r.settings.coldRuns} spawns; planted defect over seeds ${r.settings.seeds.join(', ')}; whole run ${Math.round(r.durationSeconds)} s`,
    '',
  );
  for (const note of r.notes) out.push(`> ${note}`, '');
  if (r.proxy) out.push(...proxyLines(r.proxy));

  if (r.throughput) {
    const prism = r.throughput.find((t) => t.id === 'prism')?.load;
    out.push('### Mock throughput: `GET /v1/pets?limit=5` (raw Prism: `/pets?limit=5`)', '');
    out.push(
      '| Server | req/s | × raw Prism | p50 ms | p97.5 ms | p99 ms | p99 × raw Prism | errors | non-2xx | RSS ready → after warm-up → after load (peak), MiB |',
    );
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const t of r.throughput) {
      const l = t.load;
      const m = t.memory;
      out.push(
        `| ${t.label} | ${fmt(l.rps)} | ${prism ? ratio(l.rps / prism.rps) : '–'} | ${l.p50} | ${l.p975} | ${l.p99} | ${prism && prism.p99 > 0 ? ratio(l.p99 / prism.p99) : '–'} | ${l.errors + l.timeouts} | ${l.non2xx} | ` +
          `${fmt(m.ready?.rssMiB)} → ${fmt(m.afterWarmup?.rssMiB)} → ${fmt(m.afterLoad?.rssMiB)} (${fmt(m.afterLoad?.peakMiB)}) |`,
      );
    }
    out.push('', 'How each server was started:', '');
    for (const t of r.throughput) out.push(`- ${t.label}: ${t.how}`);
    out.push('');
  }

  if (r.coldStart) {
    const prism = r.coldStart.find((c) => c.id === 'prism');
    out.push('### Cold start: spawn → first 200 on the API route', '');
    out.push('| Server | median ms | min ms | max ms | × raw Prism | RSS at first 200, MiB |');
    out.push('|---|---:|---:|---:|---:|---:|');
    for (const c of r.coldStart) {
      out.push(
        `| ${c.label} | ${fmt(c.medianMs)} | ${fmt(c.minMs)} | ${fmt(c.maxMs)} | ${prism ? ratio(c.medianMs / prism.medianMs) : '–'} | ${fmt(c.rssAtReadyMiB)} |`,
      );
    }
    out.push('', 'How each server was started:', '');
    for (const c of r.coldStart) out.push(`- ${c.label}: ${c.how}`);
    out.push('');
  }

  if (r.kit) {
    const k = r.kit;
    out.push('### Conformance kit', '');
    out.push('| Measure | Result |');
    out.push('|---|---|');
    out.push(
      `| Default run vs reference implementation (own process), programmatic, seed ${k.defaultRun.seed} | ${fmt(k.defaultRun.wallMs / 1000, 1)} s, ${k.defaultRun.requests} requests, ${fmt(k.defaultRun.rps)} req/s, ${k.defaultRun.verdict} |`,
    );
    out.push(
      `| Same through the CLI (\`node --import tsx/esm conformance/bin.ts\`, start-up included) | ${fmt(k.cliRun.wallMs / 1000, 1)} s, exit ${k.cliRun.exitCode} |`,
    );
    out.push(
      `| Requests/s the kit drives against the bare fixed-body server (every answer is the same list, so the kit also spends time shrinking its ${k.bareRun.failures} failures) | ${fmt(k.bareRun.rps)} req/s (${k.bareRun.requests} requests in ${fmt(k.bareRun.wallMs / 1000, 1)} s) |`,
    );
    out.push(
      `| Requests/s the kit drives against the reference implementation (a correct bare node:http server) | ${fmt(k.defaultRun.rps)} req/s |`,
    );
    out.push(
      `| Planted \`${k.planted.fault}\` (500 on names > 30 UTF-16 units), seeds ${k.seeds.map((s) => s.seed).join(',')} | found ${k.planted.found}/${k.planted.of}; found and shrunk in median ${fmt(k.planted.medianMs / 1000, 2)} s, max ${fmt(k.planted.maxMs / 1000, 2)} s |`,
    );
    out.push(
      `| Shrunk counterexample: name length in the reproducer body (minimal: ${k.planted.minimalLength}) | ${k.planted.shrunkLengths.map((n) => n ?? '–').join(', ')} |`,
    );
    out.push('');
    out.push('| Seed | found | found+shrunk s | whole run s | requests | name length | other failures |');
    out.push('|---:|---|---:|---:|---:|---:|---|');
    for (const s of k.seeds) {
      out.push(
        `| ${s.seed} | ${s.found ? 'yes' : 'NO'} | ${fmt(s.foundMs === undefined ? undefined : s.foundMs / 1000, 2)}${s.foundMsUpperBound ? ' (≤)' : ''} | ${fmt(s.runMs / 1000, 2)} | ${s.requests} | ${s.shrunkNameLength ?? '–'} | ${s.otherFailures.join('; ') || '–'} |`,
      );
    }
    out.push('');
  }

  if (r.github) out.push(...renderGithub(r.github));

  if (r.targets.length > 0) {
    out.push('### Targets (issue 7)', '');
    out.push('| Target | Measured | Result |');
    out.push('|---|---|---|');
    for (const t of r.targets)
      out.push(`| ${t.target} | ${t.measured} | **${t.verdict}**${t.note ? ` (${t.note})` : ''} |`);
    out.push('');
  }
  return out.join('\n');
}
