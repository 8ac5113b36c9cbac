/**
 * Every command in README.md runs here, as written (examples/markdown-commands.ts reads the blocks):
 *
 * - ```sh setup: `npm start` runs from the repository root on a free port and answers with the
 *   development key; `npm ci` and `npm test` are what CI runs (.ci/run), checked to be there, since a
 *   test cannot run the suite it belongs to;
 * - the journeys (```sh server, ```sh exit=N, ```text output) run in a project made here: the
 *   package's command linked in node_modules/.bin as npm links it, and the README's `api/openapi.yaml`
 *   a spec that is not the Animal Store (cli/__fixtures__/notes.yaml). The port 4010 becomes a free
 *   one, and the staging URL the URL of the mock the first journey started.
 *
 * A ```sh block of another kind, or a line no rule covers, fails the test: no README command goes unrun.
 */
import type { ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fencedBlocks, freePort, matchesExcerpt, run, startServer, stop } from '../examples/markdown-commands.js';
import { COMMAND_NAME } from './name.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const CI_SCRIPT = readFileSync(join(ROOT, '.ci/run'), 'utf8');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const README_PORT = '4010';
const STAGING = /https:\/\/staging\.example(\/\S*)?/;

const blocks = fencedBlocks(README);
const servers: ChildProcess[] = [];
const work = mkdtempSync(join(tmpdir(), 'readme-'));
afterAll(async () => {
  await Promise.all(servers.map((s) => stop(s)));
  rmSync(work, { recursive: true, force: true });
});

describe('README.md', () => {
  it('is short: at most about 200 lines', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('has only blocks this test runs', () => {
    const kinds = blocks.map((b) => `${b.lang} ${b.tags.join(' ')}`.trim());
    for (const kind of kinds) expect(['sh setup', 'sh server', 'sh exit=0', 'text output']).toContain(kind);
  });

  it('set-up: npm ci and npm test are what CI runs; npm start serves the Animal Store mock', {
    timeout: 120_000,
  }, async () => {
    const setup = blocks.filter((b) => b.tags[0] === 'setup');
    const lines = setup.flatMap((b) => b.body.trim().split('\n'));
    expect(lines).toEqual(['npm ci && npm start', 'npm test']);
    for (const command of ['npm ci', 'npm test']) expect(CI_SCRIPT).toMatch(new RegExp(`^${command}\\b`, 'm'));
    const port = await freePort();
    const started = await startServer('npm start', {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), NO_COLOR: '1' },
      timeoutMs: 90_000,
    });
    servers.push(started.child);
    expect(started.url).toBe(`http://127.0.0.1:${port}/v1`);
    expect((await fetch(`${started.url}/pets`, { headers: { Authorization: 'Bearer dev-key' } })).status).toBe(200);
  });

  it('names npm scripts that exist, and CI runs both test commands', () => {
    const named = [...README.matchAll(/`npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(named).toContain('conformance');
    expect(named).toContain('test:certify');
    expect(named.filter((name) => PACKAGE.scripts[name] === undefined)).toEqual([]);
    expect(CI_SCRIPT).toMatch(/^npm test$/m);
    expect(CI_SCRIPT).toMatch(/^RANDOM_SPECS=200 npm run test:certify$/m);
  });

  it('the three journeys run as written in a project of their own', { timeout: 300_000 }, async () => {
    const project = join(work, 'project');
    mkdirSync(join(project, 'api'), { recursive: true });
    mkdirSync(join(project, 'node_modules/.bin'), { recursive: true });
    cpSync(fileURLToPath(new URL('./__fixtures__/notes.yaml', import.meta.url)), join(project, 'api/openapi.yaml'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true }));
    const link = join(project, 'node_modules/.bin', COMMAND_NAME);
    writeFileSync(link, `#!/bin/sh\nexec "${process.execPath}" "${ROOT}bin/${COMMAND_NAME}.mjs" "$@"\n`);
    chmodSync(link, 0o755);

    const port = await freePort();
    const options = {
      cwd: project,
      env: {
        ...process.env,
        PORT: String(port),
        API_KEY: 'dev-key',
        CI: 'true',
        NO_COLOR: '1',
        FORCE_COLOR: undefined,
      },
      timeoutMs: 240_000,
    };
    let mockUrl: string | undefined;
    let last: { command: string; output: string } | undefined;
    const substitute = (text: string) =>
      text.replaceAll(README_PORT, String(port)).replace(STAGING, () => mockUrl ?? 'no-mock-started');
    for (const block of blocks.filter((b) => b.tags[0] !== 'setup')) {
      const command = substitute(block.body.trim());
      if (block.tags[0] === 'server') {
        const started = await startServer(command, options);
        servers.push(started.child);
        mockUrl = started.url;
        last = { command, output: started.output };
      } else if (block.tags[0] === 'output') {
        expect(last, 'an output excerpt follows a command').toBeDefined();
        expect(matchesExcerpt(last!.output, command), `output of ${last!.command}:\n${last!.output}`).toEqual({
          ok: true,
        });
      } else {
        const result = await run(command, options);
        expect({ command, code: result.code }, `${result.stdout}\n${result.stderr}`).toEqual({ command, code: 0 });
        last = { command, output: result.stdout };
        if (command.startsWith('curl ')) expect(Array.isArray(JSON.parse(result.stdout))).toBe(true);
        if (command.includes(`${COMMAND_NAME} init `)) {
          for (const file of ['api/openapi.resources.yaml', '.github/workflows/contract-kit.yml'])
            expect(existsSync(join(project, file)), file).toBe(true);
          expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).scripts.mock).toBe(
            `${COMMAND_NAME} mock api/openapi.yaml`,
          );
        }
        if (command.includes(`${COMMAND_NAME} test `)) expect(result.stdout).toContain('CERTIFIED');
      }
    }
    expect(mockUrl).toBeDefined();
  });
});
