/**
 * Runs the certification walkthrough in README.md beside this file, command by command, so the
 * README cannot drift from the kit.
 *
 * Fenced blocks the test understands (the words after the language are invisible on GitHub):
 * - ```sh server     a long-running server (terminal 1); started in the background, the previous one
 *                    stopped first; ready when it prints its URL
 * - ```sh exit=N     commands run to completion (terminal 2), which must exit with N
 * - ```text output   an excerpt of the previous command's output: each line must appear, in order;
 *                    `…` stands for anything (within a line or as whole lines)
 * Every other ```sh block fails the test, so that no command in the README goes unrun.
 * The port 4020 is replaced by a free one and `reports/` by a temporary directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = fileURLToPath(new URL('README.md', import.meta.url));
const README_PORT = '4020';
const COMMAND_TIMEOUT_MS = 45_000;

interface Block {
  readonly lang: string;
  readonly tags: readonly string[];
  readonly body: string;
}

/** The fenced code blocks of a Markdown text, in order. */
function fencedBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const match of markdown.matchAll(/^```(\S*)[ \t]*([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm)) {
    blocks.push({ lang: match[1]!, tags: match[2]!.split(/\s+/).filter(Boolean), body: match[3]! });
  }
  return blocks;
}

/** True when every line of `excerpt` appears in `output`, in order; `…` matches anything. */
function matchesExcerpt(output: string, excerpt: string): { ok: true } | { ok: false; missing: string } {
  const lines = output.split('\n');
  let at = 0;
  for (const wanted of excerpt.split('\n')) {
    const fragments = wanted
      .split('…')
      .map((f) => f.trim())
      .filter(Boolean);
    if (fragments.length === 0) continue;
    const found = lines.findIndex((line, i) => {
      if (i < at) return false;
      let from = 0;
      for (const fragment of fragments) {
        const index = line.indexOf(fragment, from);
        if (index < 0) return false;
        from = index + fragment.length;
      }
      return true;
    });
    if (found < 0) return { ok: false, missing: wanted };
    at = found + 1;
  }
  return { ok: true };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const env = (port: number): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(port),
  CI: 'true',
  NO_COLOR: '1',
  FORCE_COLOR: undefined,
});

/** Stops a process group started by this test, and waits for it. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

/** Starts a server block in its own process group; resolves once it prints its URL. */
function startServer(command: string, port: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn('bash', ['-c', command], {
    cwd: ROOT,
    env: env(port),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop(child);
      reject(new Error(`${command}: no URL printed within ${COMMAND_TIMEOUT_MS} ms\n${output}`));
    }, COMMAND_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve({ child, url });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command}: exited with ${code} before listening\n${output}`));
    });
  });
}

/** Runs commands to completion; resolves to the exit code and the output (stdout then stderr). */
function run(command: string, port: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('bash', ['-c', command], {
    cwd: ROOT,
    env: env(port),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop(child);
      reject(new Error(`${command}: still running after ${COMMAND_TIMEOUT_MS} ms\n${stdout}\n${stderr}`));
    }, COMMAND_TIMEOUT_MS);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('examples/certify/README.md', () => {
  const markdown = readFileSync(README, 'utf8');
  const blocks = fencedBlocks(markdown);
  let server: ChildProcess | undefined;
  let workDir: string | undefined;

  afterAll(async () => {
    if (server) await stop(server);
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('has only blocks the test knows how to run, with a failing run before the fix and a passing one after', () => {
    const kinds = blocks.map((b) => `${b.lang} ${b.tags.join(' ')}`.trim());
    for (const kind of kinds)
      expect(['sh server', 'sh exit=0', 'sh exit=1', 'sh exit=2', 'text output', 'text']).toContain(kind);
    const fix = kinds.lastIndexOf('sh server');
    expect(kinds.slice(0, fix)).toContain('sh exit=1');
    expect(kinds.slice(fix)).toContain('sh exit=0');
    const bodies = blocks.filter((b) => b.lang === 'sh').map((b) => b.body);
    expect(bodies.join('\n')).toContain('--seed 42');
    // The same seed before and after the fix.
    expect(new Set(bodies.flatMap((b) => [...b.matchAll(/--seed (\d+)/g)].map((m) => m[1])))).toEqual(new Set(['42']));
  });

  it('runs as written: exit 1 before the fix, 0 after, certificate written, output as shown', {
    timeout: 150_000,
  }, async () => {
    const port = await freePort();
    workDir = await mkdtemp(join(tmpdir(), 'certify-walkthrough-'));
    const substitute = (text: string) =>
      text.replaceAll(README_PORT, String(port)).replace(/(^|[\s='"])reports\//g, `$1${workDir}/reports/`);
    let last: { command: string; stdout: string } | undefined;
    for (const block of blocks) {
      if (block.lang === 'sh' && block.tags[0] === 'server') {
        if (server) await stop(server);
        const started = await startServer(substitute(block.body.trim()), port);
        server = started.child;
        expect(started.url).toBe(`http://127.0.0.1:${port}/v1`);
      } else if (block.lang === 'sh') {
        const expected = Number(/^exit=(\d)$/.exec(block.tags[0] ?? '')?.[1]);
        const command = substitute(block.body.trim());
        const result = await run(command, port);
        expect({ command, code: result.code }, `${result.stdout}\n${result.stderr}`).toEqual({
          command,
          code: expected,
        });
        for (const file of command.matchAll(/--(?:html|json|junit) (\S+)/g))
          expect(existsSync(file[1]!), file[1]).toBe(true);
        last = { command, stdout: result.stdout };
      } else if (block.tags[0] === 'output') {
        expect(last, 'an output excerpt follows a command').toBeDefined();
        const verdict = matchesExcerpt(last!.stdout, substitute(block.body));
        expect(verdict, `output of ${last!.command}:\n${last!.stdout}`).toEqual({ ok: true });
      }
    }
    expect(last).toBeDefined();
  });
});
