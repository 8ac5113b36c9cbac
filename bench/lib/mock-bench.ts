/** Mock benchmarks: throughput and memory under load, and cold start. */
import { type LoadResult, load } from './load.js';
import { type Memory, type Spawned, memoryOf, servingPid, waitFor200 } from './processes.js';
import { type ServerId, type ServerSpec, startOnFreePort } from './servers.js';
import { median, min, max } from './stats.js';

export interface ThroughputResult {
  readonly id: ServerId;
  readonly label: string;
  readonly how: string;
  readonly route: string;
  /**
   * The measured load: req/s over all rounds; latency percentiles are the median of the rounds'
   * (autocannon reports percentiles per run, which cannot be merged exactly).
   */
  readonly load: LoadResult;
  /** Each measured round, in order. */
  readonly rounds: readonly LoadResult[];
  readonly warmup: LoadResult | undefined;
  /** RSS of the serving process: once it first answered, after the warm-up, after the measured load. */
  readonly memory: { readonly ready?: Memory; readonly afterWarmup?: Memory; readonly afterLoad?: Memory };
  /** The first 200's body, shortened: proof the load hit the intended answer. */
  readonly sample: string;
  /** Size of the first 200's body, bytes (servers may answer the same route with bodies of different sizes). */
  readonly bodyBytes?: number;
}

export interface LoadSettings {
  readonly connections: number;
  /** Measured seconds per server, over all rounds. */
  readonly seconds: number;
  readonly warmupSeconds: number;
  /** The measured seconds are split into this many rounds, taken server after server in turn. */
  readonly rounds: number;
}

/** Checks the answer is what the benchmark means to load: a JSON array of pets. */
function checkSample(spec: ServerSpec, body: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error(`${spec.label}: ${spec.route} did not answer JSON: ${body.slice(0, 200)}`);
  }
  // Dynamic mode generates the list, so it may be empty.
  if (!Array.isArray(parsed))
    throw new Error(`${spec.label}: ${spec.route} did not answer a list: ${body.slice(0, 200)}`);
}

function combine(rounds: readonly LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number) => rounds.reduce((acc, r) => acc + f(r), 0);
  const requests = sum((r) => r.requests);
  const seconds = sum((r) => r.seconds);
  return {
    rps: requests / seconds,
    requests,
    p50: median(rounds.map((r) => r.p50)),
    p975: median(rounds.map((r) => r.p975)),
    p99: median(rounds.map((r) => r.p99)),
    max: max(rounds.map((r) => r.max)),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    seconds,
  };
}

interface Running {
  readonly spec: ServerSpec;
  readonly proc: Spawned;
  readonly url: string;
  readonly pid: number;
  readonly sample: string;
  readonly bodyBytes?: number;
  readonly memory: { ready?: Memory; afterWarmup?: Memory; afterLoad?: Memory };
  warmup?: LoadResult;
  readonly rounds: LoadResult[];
}

/**
 * Starts every server (each its own process, all idle but one at a time), warms each up, then takes
 * the measured rounds server after server in turn, so drift in the machine's load spreads over all
 * of them instead of landing on one.
 */
export async function measureThroughput(
  specs: readonly ServerSpec[],
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<ThroughputResult[]> {
  const running: Running[] = [];
  try {
    for (const spec of specs) {
      const { proc, url } = await startOnFreePort(spec);
      const entry: Running = { spec, proc, url, pid: proc.pid, sample: '', memory: {}, rounds: [] };
      running.push(entry);
      const ready = await waitFor200(proc, url, spec.headers, spec.readyTimeoutMs);
      checkSample(spec, ready.body);
      const pid = servingPid(proc.pid);
      const memory = memoryOf(pid);
      running[running.length - 1] = {
        ...entry,
        pid,
        sample: ready.body.slice(0, 120),
        bodyBytes: Buffer.byteLength(ready.body),
        memory: memory ? { ready: memory } : {},
      };
    }
    for (const r of running) {
      if (settings.warmupSeconds > 0)
        r.warmup = await load(r.url, r.spec.headers, settings.connections, settings.warmupSeconds);
      const m = memoryOf(r.pid);
      if (m) r.memory.afterWarmup = m;
    }
    const perRound = settings.seconds / settings.rounds;
    for (let round = 0; round < settings.rounds; round++) {
      for (const r of running) {
        const result = await load(r.url, r.spec.headers, settings.connections, perRound);
        r.rounds.push(result);
        log(
          `round ${round + 1}/${settings.rounds} ${r.spec.label.padEnd(18)} ${Math.round(result.rps).toString().padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  errors ${result.errors + result.timeouts}  non-2xx ${result.non2xx}`,
        );
      }
    }
    return running.map((r) => {
      const m = memoryOf(r.pid);
      if (m) r.memory.afterLoad = m;
      return {
        id: r.spec.id,
        label: r.spec.label,
        how: r.spec.how,
        route: r.spec.route,
        load: combine(r.rounds),
        rounds: r.rounds,
        warmup: r.warmup,
        memory: r.memory,
        sample: r.sample,
        ...(r.bodyBytes !== undefined ? { bodyBytes: r.bodyBytes } : {}),
      };
    });
  } finally {
    await Promise.all(running.map((r) => r.proc.stop()));
  }
}

export interface ColdStartResult {
  readonly id: ServerId;
  readonly label: string;
  readonly how: string;
  /** Spawn → first 200 on the route, ms, one per spawn. */
  readonly samples: readonly number[];
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  /** RSS once the first 200 came back (median), MiB. */
  readonly rssAtReadyMiB: number;
}

/** Spawns every server `runs` times, round-robin (so machine noise spreads evenly), timing spawn → first 200. */
export async function measureColdStarts(
  specs: readonly ServerSpec[],
  runs: number,
  log: (line: string) => void,
): Promise<ColdStartResult[]> {
  const samples = new Map<ServerId, number[]>(specs.map((s) => [s.id, []]));
  const rss = new Map<ServerId, number[]>(specs.map((s) => [s.id, []]));
  for (let i = 0; i < runs; i++) {
    for (const spec of specs) {
      const { proc, url } = await startOnFreePort(spec);
      try {
        const ready = await waitFor200(proc, url, spec.headers, spec.readyTimeoutMs);
        samples.get(spec.id)!.push(ready.ms);
        const memory = memoryOf(servingPid(proc.pid));
        if (memory) rss.get(spec.id)!.push(memory.rssMiB);
      } finally {
        await proc.stop();
      }
    }
    log(
      `cold start round ${i + 1}/${runs}: ${specs.map((s) => `${s.label} ${Math.round(samples.get(s.id)!.at(-1)!)} ms`).join(', ')}`,
    );
  }
  return specs.map((spec) => {
    const values = samples.get(spec.id)!;
    return {
      id: spec.id,
      label: spec.label,
      how: spec.how,
      samples: values,
      medianMs: median(values),
      minMs: min(values),
      maxMs: max(values),
      rssAtReadyMiB: median(rss.get(spec.id)!),
    };
  });
}
