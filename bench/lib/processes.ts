/**
 * Child processes for the benchmarks: free loopback ports, spawning in their own process group,
 * polling for the first 200, RSS from /proc, and killing every process the run started — on normal
 * exit, on error, and on SIGINT/SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';

/** The repository root (bench/lib/ is two levels down). */
export const ROOT = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

/** A process the benchmark started, in its own process group. */
export interface Spawned {
  readonly label: string;
  readonly child: ChildProcess;
  readonly pid: number;
  /** performance.now() just before spawn(). */
  readonly spawnedAt: number;
  /** The last few KiB the process wrote to stdout and stderr (for error messages). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  readonly exited: Promise<number | string>;
  /** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves once the leader exited. */
  stop(graceMs?: number): Promise<void>;
}

const live = new Set<Spawned>();
let handlersInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Kills what is still running, synchronously (SIGKILL): for exit paths that cannot wait. */
export function killAllNow(): void {
  for (const s of live) killGroup(s.pid, 'SIGKILL');
  live.clear();
}

/** Stops every process still running (SIGTERM, then SIGKILL). */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((s) => s.stop()));
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`\nbench: ${signal}, stopping ${live.size} child process(es)\n`);
    killAllNow();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', killAllNow);
}

export interface SpawnOptions {
  readonly label: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Keep stdout (default true). Off for chatty servers (raw Prism logs every request). */
  readonly captureStdout?: boolean;
}

/** Spawns a process in its own group (so the group can be killed whole: tsx runs a child node). */
export function spawnProcess(options: SpawnOptions): Spawned {
  installHandlers();
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4096);
  };
  const spawnedAt = performance.now();
  const child = spawn(options.command, [...options.args], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', options.captureStdout === false ? 'ignore' : 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
  });
  if (child.pid === undefined) throw new Error(`cannot spawn ${options.command}`);
  const pid = child.pid;
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  let stopping: Promise<void> | undefined;
  const spawned: Spawned = {
    label: options.label,
    child,
    pid,
    spawnedAt,
    output: () => tail,
    exited,
    stop(graceMs = 3_000) {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          killGroup(pid, 'SIGTERM');
          const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
          await exited;
          clearTimeout(timer);
        }
        // The leader is gone; make sure nothing of its group (a tsx child) outlives it.
        killGroup(pid, 'SIGKILL');
        live.delete(spawned);
      })();
      return stopping;
    },
  };
  live.add(spawned);
  void exited.then(() => {
    // A leader that died on its own: take its group down with it, and forget it (no stale pid).
    if (!stopping) killGroup(pid, 'SIGKILL');
    live.delete(spawned);
  });
  return spawned;
}

/** A free loopback TCP port (listen on 0, read it, close). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

export interface Ready {
  /** Milliseconds from spawn to the first 200. */
  readonly ms: number;
  readonly attempts: number;
  readonly body: string;
}

/**
 * Polls `url` until it answers 200, the process exits, or `timeoutMs` passes. Each attempt has a
 * short deadline; between failed attempts it yields 5 ms so the poller does not starve the child on
 * a 2-core machine.
 */
export async function waitFor200(
  proc: Spawned,
  url: string,
  headers: Readonly<Record<string, string>>,
  timeoutMs = 30_000,
): Promise<Ready> {
  let exitedWith: number | string | undefined;
  void proc.exited.then((code) => {
    exitedWith = code;
  });
  const deadline = proc.spawnedAt + timeoutMs;
  let attempts = 0;
  let last = '';
  while (performance.now() < deadline) {
    if (exitedWith !== undefined)
      throw new Error(`${proc.label} exited (${exitedWith}) before answering 200:\n${proc.output()}`);
    attempts++;
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(2_000) });
      const body = await res.text();
      if (res.status === 200) return { ms: performance.now() - proc.spawnedAt, attempts, body };
      last = `HTTP ${res.status} ${body.slice(0, 200)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${proc.label}: no 200 from ${url} within ${timeoutMs} ms (last: ${last})\n${proc.output()}`);
}

/** Direct children of a process (Linux). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * The process that actually serves: the deepest descendant of the spawned one (`tsx cli.ts` runs a
 * second node with the loader; node and Prism serve in the spawned process itself).
 */
export function servingPid(pid: number): number {
  let current = pid;
  for (let depth = 0; depth < 4; depth++) {
    const kids = childrenOf(current);
    if (kids.length === 0) return current;
    current = kids[kids.length - 1]!;
  }
  return current;
}

export interface Memory {
  /** Resident set size, MiB. */
  readonly rssMiB: number;
  /** Peak resident set size so far (VmHWM), MiB. */
  readonly peakMiB: number;
}

/** VmRSS and VmHWM of a process, from /proc/PID/status; undefined off Linux or once it is gone. */
export function memoryOf(pid: number): Memory | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kib = (field: string) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return m ? Number(m[1]) : NaN;
  };
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/** Runs a benchmark entry point: reports a failure with exit code 1, and always stops every child. */
export async function runMain(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    process.stderr.write(`${name}: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await stopAll();
  }
}
