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
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fencedBlocks, freePort, matchesExcerpt, run, startServer, stop } from '../markdown-commands.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = fileURLToPath(new URL('README.md', import.meta.url));
const README_PORT = '4020';

/** Where the walkthrough's commands run: the repository root, the server on `port`. */
const options = (port: number) => ({
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), CI: 'true', NO_COLOR: '1', FORCE_COLOR: undefined },
});

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
      expect(['sh server', 'sh exit=0', 'sh exit=1', 'sh exit=2', 'sh exit=3', 'text output', 'text']).toContain(kind);
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
        const started = await startServer(substitute(block.body.trim()), options(port));
        server = started.child;
        expect(started.url).toBe(`http://127.0.0.1:${port}/v1`);
      } else if (block.lang === 'sh') {
        const expected = Number(/^exit=(\d)$/.exec(block.tags[0] ?? '')?.[1]);
        const command = substitute(block.body.trim());
        const result = await run(command, options(port));
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
