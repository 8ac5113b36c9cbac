/**
 * The mock's soak (`npm run soak`): in each mode, a mock in its own process takes 100,000 mixed
 * requests (`npm run soak -- --requests <n>` to change) over 50 keep-alive connections from autocannon. Prints, per
 * mode: requests answered, 5xx count, connection errors and timeouts, the mock process's RSS and heap
 * before and after (after a forced GC), and the duration. Exits 1 if any 5xx, error, timeout or crash.
 *
 * The load goes in rounds (`--rounds <n>`, default 4) with the memory read after each, so growth
 * that levels off (warm-up, the store filling to its bound) shows apart from a leak. `--mode <m>`
 * (repeatable) soaks only those modes. The mock runs in a child process so its memory is measured
 * apart from the load generator's.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MOCK_MODES, type MockMode, startMock } from '../index.js';
import { loadPrism } from '../prism-engine.js';
import { type LoadFigures, mixedRequests, runLoad } from './_load.js';

const KEY = 'soak-key-0123456789';
const CONNECTIONS = 50;

interface Memory {
  readonly rssMiB: number;
  readonly heapMiB: number;
  /** Memory outside the JS heap (buffers, Prism's native parts). */
  readonly externalMiB: number;
}
type FromChild =
  | { readonly type: 'listening'; readonly port: number }
  | { readonly type: 'memory'; readonly memory: Memory };

/** The child: a mock on a free loopback port that reports its memory when asked. */
async function serve(mode: MockMode): Promise<void> {
  const mock = await startMock({ port: 0, mode, apiKeys: [KEY], quiet: true, watch: false });
  // Stateful mode loads Prism (for Prefer) in the background after start-up; the baseline includes it.
  await loadPrism();
  const send = (message: FromChild) => process.send?.(message);
  process.on('message', async (message: string) => {
    if (message === 'memory') {
      // Two full collections a turn apart: the first can leave garbage the second frees.
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      await new Promise((resolve) => setImmediate(resolve));
      gc?.();
      send({ type: 'memory', memory: memory() });
    } else if (message === 'stop') {
      void mock.close().then(() => process.exit(0));
    }
  });
  send({ type: 'listening', port: mock.port });
}

function memory(): Memory {
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rssMiB: mib(rss), heapMiB: mib(heapUsed), externalMiB: mib(external) };
}

function mib(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

function next(child: ChildProcess, type: FromChild['type']): Promise<FromChild> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromChild) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the mock exited (${String(code)})`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function askMemory(child: ChildProcess): Promise<Memory> {
  child.send('memory');
  const reply = await next(child, 'memory');
  return reply.type === 'memory' ? reply.memory : { rssMiB: 0, heapMiB: 0, externalMiB: 0 };
}

interface ModeFigures {
  readonly mode: MockMode;
  readonly requests: number;
  readonly fiveXx: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly before: Memory;
  readonly after: Memory;
  /** Memory after each round. */
  readonly trail: readonly Memory[];
  readonly seconds: number;
  readonly stillServing: boolean;
  readonly crashed: boolean;
  readonly statuses: Readonly<Record<string, number>>;
}

async function soak(mode: MockMode, amount: number, rounds: number): Promise<ModeFigures> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', mode], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let crashed = false;
  child.once('exit', (code, signal) => {
    if (code !== 0 || signal) crashed = true;
  });
  try {
    const listening = await next(child, 'listening');
    const port = listening.type === 'listening' ? listening.port : 0;
    const base = `http://127.0.0.1:${port}`;
    const before = await askMemory(child);
    // In rounds, with the memory read after each: growth that levels off is warm-up, not a leak.
    const trail: Memory[] = [];
    const loads: LoadFigures[] = [];
    for (let round = 0; round < rounds; round++) {
      loads.push(await runLoad(base, mixedRequests(KEY), Math.ceil(amount / rounds), CONNECTIONS));
      trail.push(await askMemory(child));
    }
    const load = sumLoads(loads);
    const after = trail.at(-1) ?? before;
    const check = await fetch(`${base}/v1/pets?limit=1`, { headers: { Authorization: `Bearer ${KEY}` } });
    await check.arrayBuffer();
    return {
      mode,
      requests: load.requests,
      fiveXx: load.fiveXx,
      errors: load.errors,
      timeouts: load.timeouts,
      before,
      after,
      trail,
      seconds: load.durationSeconds,
      stillServing: check.status === 200,
      crashed,
      statuses: load.statuses,
    };
  } finally {
    if (child.exitCode === null) {
      child.send('stop');
      await once(child, 'exit');
    }
  }
}

function sumLoads(loads: readonly LoadFigures[]): LoadFigures {
  const statuses: Record<string, number> = {};
  for (const load of loads)
    for (const [code, count] of Object.entries(load.statuses)) statuses[code] = (statuses[code] ?? 0) + count;
  const sum = (pick: (load: LoadFigures) => number) => loads.reduce((total, load) => total + pick(load), 0);
  return {
    requests: sum((l) => l.requests),
    statuses,
    fiveXx: sum((l) => l.fiveXx),
    errors: sum((l) => l.errors),
    timeouts: sum((l) => l.timeouts),
    durationSeconds: Math.round(sum((l) => l.durationSeconds) * 100) / 100,
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      serve: { type: 'string' },
      requests: { type: 'string' },
      rounds: { type: 'string' },
      mode: { type: 'string', multiple: true },
    },
  });
  if (values.serve) {
    await serve(values.serve as MockMode);
    return -1;
  }
  const amount = Number(values.requests ?? 100_000);
  const rounds = Math.max(1, Number(values.rounds ?? 4));
  const modes = (values.mode ?? MOCK_MODES) as MockMode[];
  const rows: ModeFigures[] = [];
  process.stdout.write(
    `Soak: ${amount} mixed requests per mode, ${CONNECTIONS} connections, mock in its own process\n`,
  );
  for (const mode of modes) {
    const f = await soak(mode, amount, rounds);
    rows.push(f);
    process.stdout.write(
      `${mode.padEnd(9)} requests ${f.requests}  5xx ${f.fiveXx}  errors ${f.errors}  timeouts ${f.timeouts}  ` +
        `RSS ${f.before.rssMiB} -> ${f.after.rssMiB} MiB  heap ${f.before.heapMiB} -> ${f.after.heapMiB} MiB  ` +
        `${f.seconds} s (${Math.round(f.requests / f.seconds)} req/s)  serving ${f.stillServing ? 'yes' : 'NO'}  crashed ${f.crashed ? 'YES' : 'no'}\n` +
        `          RSS after each round ${f.trail.map((m) => m.rssMiB).join(', ')} MiB; external ${f.before.externalMiB} -> ${f.after.externalMiB} MiB\n` +
        `          statuses ${JSON.stringify(f.statuses)}\n`,
    );
  }
  const bad = rows.some(
    (f) => f.fiveXx > 0 || f.errors > 0 || f.timeouts > 0 || f.crashed || !f.stillServing || f.requests < amount,
  );
  process.stdout.write(bad ? 'Soak FAILED\n' : 'Soak passed: zero 5xx, zero errors, zero crashes\n');
  return bad ? 1 : 0;
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`soak: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
