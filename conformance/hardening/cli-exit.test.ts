/**
 * The CLI's exit codes against targets that are not there (exit 2, one line saying why) and against
 * a hostile one (exit 1). Each run is a child process with a hard time limit; loopback only (the DNS
 * case uses a `.invalid` name, which never resolves).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, mkdtemp } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReferenceHandler, DEFAULT_API_KEY } from '../../fixtures/impls/index.js';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { type HostileTarget, resetsConnections } from './_hostile-targets.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'cli-key-3c9d1e5f7a2b4c6d';
// A run that hangs never ends; one that ends, however slowly on a loaded machine, is well inside this.
const LIMIT_MS = 60_000;

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts the CLI as a child process, gathering its output; the caller waits for it. */
function spawnCli(args: readonly string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'conformance/bin.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString('utf8')));
  return { child, output };
}

/** Runs the CLI (`--quiet`: no progress lines on stderr); a run still going after LIMIT_MS is killed, and fails on its exit code. */
async function cli(args: readonly string[]): Promise<Outcome> {
  const { child, output } = spawnCli(args);
  const killer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
  try {
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, ...output };
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

// One child at a time: each compiles the kit as it starts, and ten at once on two cores could pass
// the limit without any of them hanging.
describe('conformance CLI exit codes', () => {
  it('an unreachable target (closed port) exits 2 with one line saying why', {
    timeout: LIMIT_MS + 10_000,
  }, async () => {
    const port = await closedPort();
    const { code, stderr, stdout } = await cli([
      '--target',
      `http://127.0.0.1:${port}/v1`,
      '--api-key',
      KEY,
      '--timeout',
      '2000',
      '--seed',
      '1',
      '--quiet',
    ]);
    expect(code, stderr).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^contract-kit test: cannot reach the target: .*ECONNREFUSED/);
    expect(stdout).toMatch(/ERROR/);
    expect(stdout + stderr).not.toContain(KEY);
  });

  it('a DNS failure (.invalid host) exits 2 with one line saying why', { timeout: LIMIT_MS + 10_000 }, async () => {
    const { code, stderr, stdout } = await cli([
      '--target',
      'http://no-such-host.invalid/v1',
      '--api-key',
      KEY,
      '--timeout',
      '2000',
      '--seed',
      '1',
      '--quiet',
    ]);
    expect(code, stderr).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^contract-kit test: cannot reach the target: .*(ENOTFOUND|EAI_AGAIN)/);
    expect(stdout + stderr).not.toContain(KEY);
  });

  it('a target that resets every connection exits 1 with a transport finding', {
    timeout: LIMIT_MS + 10_000,
  }, async () => {
    const target = await resetsConnections();
    opened.push(target);
    const { code, stdout, stderr } = await cli([
      '--target',
      target.url,
      '--api-key',
      KEY,
      '--timeout',
      '500',
      '--runs',
      '2',
      '--seed',
      '1',
      '--quiet',
    ]);
    expect(code, stderr + stdout.slice(-2000)).toBe(1);
    expect(stdout).toMatch(/transport/);
    expect(stdout + stderr).not.toContain(KEY);
  });
});

/** A usage or setup error: exit 2, one line on stderr that names the fault. */
function expectUsageError(outcome: Outcome, pattern: RegExp): void {
  expect(outcome.code, outcome.stderr + outcome.stdout.slice(-1000)).toBe(2);
  const lines = outcome.stderr.trim().split('\n');
  expect(lines, outcome.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(outcome.stdout + outcome.stderr).not.toContain(KEY);
}

describe('usage and setup errors exit 2 with one line', () => {
  let mock: Awaited<ReturnType<typeof startMock>> | undefined;
  const target = async () => {
    mock ??= await startMock({ port: 0, quiet: true, apiKeys: [KEY] });
    return mock.url;
  };
  afterAll(async () => {
    await mock?.close();
  });

  it('a name in --only that names nothing (a typo) is refused, not certified', {
    timeout: LIMIT_MS + 10_000,
  }, async () => {
    expectUsageError(
      await cli(['--target', await target(), '--api-key', KEY, '--only', 'listPetz', '--seed', '1', '--quiet']),
      /--only names nothing in this run: "listPetz"/,
    );
    expectUsageError(
      await cli(['--target', await target(), '--api-key', KEY, '--skip', 'shcema', '--seed', '1', '--quiet']),
      /--skip names nothing in this run: "shcema"/,
    );
  });

  it('a key the target refuses on the first valid request', { timeout: LIMIT_MS + 10_000 }, async () => {
    expectUsageError(
      await cli(['--target', await target(), '--api-key', 'not-the-key', '--seed', '1', '--quiet']),
      /refused the credentials on the first valid request \(GET \/pets answered 401\)/,
    );
  });

  it('a target without the base path the spec names', { timeout: LIMIT_MS + 10_000 }, async () => {
    const withoutBase = (await target()).replace(/\/v1$/, '');
    expectUsageError(
      await cli(['--target', withoutBase, '--api-key', KEY, '--seed', '1', '--quiet']),
      /the spec's servers say the API is under \/v1; add it to --target/,
    );
  });

  it('a target under another base path than the spec names (/v2 for /v1) gets the same hint', {
    timeout: LIMIT_MS + 10_000,
  }, async () => {
    const url = await target();
    const wrong = url.replace(/\/v1$/, '/v2');
    expectUsageError(
      await cli(['--target', wrong, '--api-key', KEY, '--seed', '1', '--quiet']),
      new RegExp(`the spec's servers say the API is under /v1; use --target ${url.replace(/[.]/g, '\\.')}$`),
    );
  });

  it('--replay without --seed, or with another seed than the run it comes from', {
    timeout: LIMIT_MS + 10_000,
  }, async () => {
    expectUsageError(
      await cli(['--target', await target(), '--api-key', KEY, '--replay', 'listPets/valid@7#0:1', '--quiet']),
      /--replay needs the --seed/,
    );
    expectUsageError(
      await cli([
        '--target',
        await target(),
        '--api-key',
        KEY,
        '--replay',
        'listPets/valid@7#0:1',
        '--seed',
        '8',
        '--quiet',
      ]),
      /seed 7.*pass --seed 7/,
    );
  });

  it('a --spec file that does not exist, with or without --target', { timeout: LIMIT_MS + 10_000 }, async () => {
    expectUsageError(
      await cli(['--spec', 'no/such/openapi.yaml', '--quiet']),
      /^contract-kit test: spec no\/such\/openapi.yaml: no such file/,
    );
    expectUsageError(
      await cli(['--target', await target(), '--api-key', KEY, '--spec', 'no/such/openapi.yaml', '--quiet']),
      /no such file/,
    );
  });
});

describe('Ctrl-C', () => {
  it('writes the reports gathered so far, marked incomplete, prints one line and exits 130', {
    timeout: LIMIT_MS + 10_000,
  }, async () => {
    // The target says when the run is well under way (it has answered 100 requests): no sleep.
    const handler = createReferenceHandler({});
    let seen = 0;
    let underWay!: () => void;
    const busy = new Promise<void>((resolve) => (underWay = resolve));
    const server = createHttpServer((req, res) => {
      if (++seen === 100) underWay();
      handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const dir = await mkdtemp(join(tmpdir(), 'kit-sigint-'));
    const { child, output } = spawnCli([
      '--target',
      `http://127.0.0.1:${port}/v1`,
      '--api-key',
      DEFAULT_API_KEY,
      '--seed',
      '3',
      '--runs',
      '400',
      '--quiet',
      '--json',
      join(dir, 'run.json'),
      '--junit',
      join(dir, 'run.xml'),
    ]);
    const killer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
    try {
      const exited = once(child, 'exit') as Promise<[number | null]>;
      await Promise.race([busy, exited]);
      child.kill('SIGINT');
      const [code] = await exited;
      expect(code, output.stderr + output.stdout.slice(-1000)).toBe(130);
      const lines = output.stderr.trim().split('\n');
      expect(lines, output.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^contract-kit test: interrupted after [\d,]+ requests, \d+ failures? so far; reports marked incomplete: /,
      );
      const report = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as { verdict: string; requests: number };
      expect(report.verdict).toBe('incomplete');
      expect(report.requests).toBeGreaterThanOrEqual(100);
      expect(await readFile(join(dir, 'run.xml'), 'utf8')).toContain('name="verdict" value="incomplete"');
    } finally {
      clearTimeout(killer);
      server.closeAllConnections();
      server.close();
    }
  });
});
