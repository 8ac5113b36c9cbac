/**
 * Runs the shell commands of a Markdown file as written, so a README cannot drift from the code.
 * Fenced blocks are tagged after the language (words GitHub does not show):
 * - ```sh server     a long-running server, started in the background in its own process group;
 *                    ready when it prints its URL (`listening on http://…`)
 * - ```sh exit=N     commands run to completion, which must exit with N
 * - ```text output   an excerpt of the previous command's (or server's) output: each line must
 *                    appear, in order; `…` stands for anything (within a line or as whole lines)
 * Used by examples/certify/walkthrough.test.ts and cli/readme.test.ts.
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';

/** How long a command may run, or a server take to print its URL. */
export const COMMAND_TIMEOUT_MS = 45_000;

/** Where and how a command runs. */
export interface CommandOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs?: number;
}

/** One fenced block: its language, the tags after it, its text. */
export interface Block {
  readonly lang: string;
  readonly tags: readonly string[];
  readonly body: string;
}

/** The fenced code blocks of a Markdown text, in order. */
export function fencedBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const match of markdown.matchAll(/^```(\S*)[ \t]*([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm)) {
    blocks.push({ lang: match[1]!, tags: match[2]!.split(/\s+/).filter(Boolean), body: match[3]! });
  }
  return blocks;
}

/** True when every line of `excerpt` appears in `output`, in order; `…` matches anything. */
export function matchesExcerpt(output: string, excerpt: string): { ok: true } | { ok: false; missing: string } {
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

/** A free loopback port (bound, read, released). */
export function freePort(): Promise<number> {
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

/** Stops a process group started by this test, and waits for it. */
export function stop(child: ChildProcess): Promise<void> {
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

/** Runs `command` with bash in its own process group (so {@link stop} ends all it started). */
function shell(command: string, options: CommandOptions): ChildProcess & { stdout: Readable; stderr: Readable } {
  return spawn('bash', ['-c', command], {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts a server block in its own process group; resolves once it prints its URL, with what it printed. */
export function startServer(
  command: string,
  options: CommandOptions,
): Promise<{ child: ChildProcess; url: string; output: string }> {
  const limit = options.timeoutMs ?? COMMAND_TIMEOUT_MS;
  const child = shell(command, options);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop(child);
      reject(new Error(`${command}: no URL printed within ${limit} ms\n${output}`));
    }, limit);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve({ child, url, output });
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
export function run(
  command: string,
  options: CommandOptions,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const limit = options.timeoutMs ?? COMMAND_TIMEOUT_MS;
  const child = shell(command, options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop(child);
      reject(new Error(`${command}: still running after ${limit} ms\n${stdout}\n${stderr}`));
    }, limit);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
