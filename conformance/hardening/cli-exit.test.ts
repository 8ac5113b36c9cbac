/**
 * The CLI's exit codes against targets that are not there (exit 2, one line saying why) and against
 * a hostile one (exit 1). Each run is a child process with a hard time limit; loopback only (the DNS
 * case uses a `.invalid` name, which never resolves).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type HostileTarget, resetsConnections } from './_hostile-targets.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'cli-key-3c9d1e5f7a2b4c6d';
const LIMIT_MS = 30_000;

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI (`--quiet`: no progress lines on stderr); a run still going after LIMIT_MS is killed, and fails on its exit code. */
async function cli(args: readonly string[]): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'conformance/bin.ts', ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const killer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
  try {
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, stdout, stderr };
  } finally {
    clearTimeout(killer);
  }
}

/** A port nothing listens on: bound, read, released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const opened: HostileTarget[] = [];
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
});

describe.concurrent('conformance CLI exit codes', () => {
  it('an unreachable target (closed port) exits 2 with one line saying why', { timeout: LIMIT_MS + 10_000 }, async () => {
    const port = await closedPort();
    const { code, stderr, stdout } = await cli(['--target', `http://127.0.0.1:${port}/v1`, '--api-key', KEY, '--timeout', '2000', '--seed', '1', '--quiet']);
    expect(code, stderr).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^animal-store-conformance: cannot reach the target: .*ECONNREFUSED/);
    expect(stdout).toMatch(/ERROR/);
    expect(stdout + stderr).not.toContain(KEY);
  });

  it('a DNS failure (.invalid host) exits 2 with one line saying why', { timeout: LIMIT_MS + 10_000 }, async () => {
    const { code, stderr, stdout } = await cli(['--target', 'http://no-such-host.invalid/v1', '--api-key', KEY, '--timeout', '2000', '--seed', '1', '--quiet']);
    expect(code, stderr).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^animal-store-conformance: cannot reach the target: .*(ENOTFOUND|EAI_AGAIN)/);
    expect(stdout + stderr).not.toContain(KEY);
  });

  it('a target that resets every connection exits 1 with a transport finding', { timeout: LIMIT_MS + 10_000 }, async () => {
    const target = await resetsConnections();
    opened.push(target);
    const { code, stdout, stderr } = await cli(['--target', target.url, '--api-key', KEY, '--timeout', '500', '--runs', '2', '--seed', '1', '--quiet']);
    expect(code, stderr + stdout.slice(-2000)).toBe(1);
    expect(stdout).toMatch(/transport/);
    expect(stdout + stderr).not.toContain(KEY);
  });
});
