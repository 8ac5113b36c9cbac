/**
 * The validating proxy against `prism proxy`, in front of the same upstream (a bare node:http
 * server answering the Animal Store's list of five pets): throughput under load (autocannon, as for
 * the mock) and the latency each proxy adds, measured one request at a time with microsecond
 * timers against the upstream alone.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { type LoadSettings, type ThroughputResult, measureThroughput } from './mock-bench.js';
import { ROOT, type Spawned, freePort, spawnProcess, waitFor200 } from './processes.js';
import { BENCH_KEY, PRISM_CLI_PATH, type ServerSpec, bareServer } from './servers.js';
import { median, round } from './stats.js';

/** Sequential latency of one server, ms with microsecond resolution. */
export interface LatencyResult {
  readonly id: string;
  readonly label: string;
  readonly requests: number;
  readonly p50: number;
  readonly p99: number;
  /** p50 and p99 minus the upstream's own (what the proxy adds). */
  readonly addedP50?: number;
  readonly addedP99?: number;
}

export interface ProxyResults {
  readonly throughput: readonly ThroughputResult[];
  readonly latency: readonly LatencyResult[];
  /** The proxy's req/s over `prism proxy`'s. */
  readonly rpsRatio: number;
}

const headers = { Authorization: `Bearer ${BENCH_KEY}` };

function proxySpec(upstream: string): ServerSpec {
  return {
    id: 'proxy',
    label: 'proxy (this project)',
    how: `node --import tsx proxy/cli.ts spec/openapi.yaml ${upstream}/v1 --quiet --fail-on none`,
    route: '/v1/pets?limit=5',
    headers,
    start: (port) =>
      spawnProcess({
        label: 'proxy',
        command: process.execPath,
        args: [
          '--import',
          'tsx',
          `${ROOT}/proxy/cli.ts`,
          'spec/openapi.yaml',
          `${upstream}/v1`,
          '--port',
          String(port),
          '--quiet',
          '--fail-on',
          'none',
        ],
      }),
  };
}

function prismProxySpec(upstream: string): ServerSpec {
  return {
    id: 'prism-proxy',
    label: 'prism proxy',
    how: `node prism-cli/dist/index.js proxy spec/openapi.yaml ${upstream} (default logging, stdout to /dev/null)`,
    route: '/pets?limit=5',
    headers,
    start: (port) =>
      spawnProcess({
        label: 'prism proxy',
        command: process.execPath,
        args: [PRISM_CLI_PATH, 'proxy', 'spec/openapi.yaml', upstream, '-p', String(port), '-h', '127.0.0.1'],
        captureStdout: false,
      }),
  };
}

/** `n` requests one after another on one kept-alive connection; percentiles of their round trips. */
async function sequentialLatency(url: string, n: number): Promise<{ p50: number; p99: number }> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 1 });
  const times: number[] = [];
  try {
    for (let i = 0; i < n + 50; i++) {
      const t0 = performance.now();
      const res = await pool.request({ method: 'GET', path: `${target.pathname}${target.search}`, headers });
      await res.body.arrayBuffer();
      // The first 50 warm the connection and the JIT.
      if (i >= 50) times.push(performance.now() - t0);
    }
  } finally {
    await pool.close();
  }
  times.sort((a, b) => a - b);
  return { p50: median(times), p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]! };
}

/** Both proxies in front of one upstream, and the upstream alone, side by side. */
export async function runProxyBenchmarks(
  settings: LoadSettings & { readonly latencyRequests: number },
  log: (line: string) => void,
): Promise<ProxyResults> {
  const upstreamPort = await freePort();
  const upstream: Spawned = bareServer.start(upstreamPort);
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  try {
    await waitFor200(upstream, `${upstreamUrl}/v1/pets?limit=5`, headers);
    const specs = [bareServer, proxySpec(upstreamUrl), prismProxySpec(upstreamUrl)];
    const throughput = await measureThroughput(specs, settings, log);
    // Latency, one request at a time: the upstream alone, then through each proxy (started again: idle, warm).
    const latency: LatencyResult[] = [];
    const base = await sequentialLatency(`${upstreamUrl}/v1/pets?limit=5`, settings.latencyRequests);
    latency.push({ id: 'upstream', label: 'upstream alone', requests: settings.latencyRequests, ...base });
    for (const spec of specs.slice(1)) {
      const port = await freePort();
      const proc = spec.start(port);
      try {
        const url = `http://127.0.0.1:${port}${spec.route}`;
        await waitFor200(proc, url, spec.headers);
        const l = await sequentialLatency(url, settings.latencyRequests);
        latency.push({
          id: spec.id,
          label: spec.label,
          requests: settings.latencyRequests,
          p50: l.p50,
          p99: l.p99,
          addedP50: l.p50 - base.p50,
          addedP99: l.p99 - base.p99,
        });
        log(
          `latency ${spec.label.padEnd(22)} p50 ${round(l.p50, 3)} ms  p99 ${round(l.p99, 3)} ms  added p50 ${round(l.p50 - base.p50, 3)} ms  p99 ${round(l.p99 - base.p99, 3)} ms`,
        );
      } finally {
        await proc.stop();
      }
    }
    const ours = throughput.find((t) => t.id === 'proxy')?.load.rps ?? Number.NaN;
    const prism = throughput.find((t) => t.id === 'prism-proxy')?.load.rps ?? Number.NaN;
    return { throughput, latency, rpsRatio: ours / prism };
  } finally {
    await upstream.stop();
  }
}
