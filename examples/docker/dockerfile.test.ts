/**
 * The container image (Dockerfile at the root), checked without a container engine: CI machines
 * here have none. Rules in the spirit of hadolint (pinned bases, exec-form commands, a non-root
 * user, a lockfile install, a health check), plus what makes this image work: the commands it runs
 * are the package's, the build context keeps what `npm pack` needs, and the health check command
 * itself, run here, is healthy on a running mock and unhealthy without one.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERBS } from '../../cli/contract-kit.js';
import { COMMAND_NAME } from '../../cli/name.js';
import { type RunningMock, startMock } from '../../mock/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCKERFILE = readFileSync(`${ROOT}Dockerfile`, 'utf8');
const DOCKERIGNORE = readFileSync(`${ROOT}.dockerignore`, 'utf8');
const PACKAGE = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
  bin: Record<string, string>;
  engines: { node: string };
};

interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

/** Instructions in order, continuation lines joined, comments dropped. */
function instructions(text: string): Instruction[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

const all = instructions(DOCKERFILE);
const stages: Instruction[][] = [];
for (const instruction of all) {
  if (instruction.keyword === 'FROM') stages.push([]);
  stages.at(-1)?.push(instruction);
}
const final = stages.at(-1)!;
const nodeVersion = /^ARG NODE_VERSION=(\S+)$/m.exec(DOCKERFILE)?.[1];
const healthcheck = final.find((i) => i.keyword === 'HEALTHCHECK')!;
const healthScript = (JSON.parse(/CMD (\[.*\])$/.exec(healthcheck.args)![1]!) as string[])[2]!;

describe('Dockerfile', () => {
  it('builds in two stages from one pinned Node version that package.json engines allow', () => {
    expect(stages).toHaveLength(2);
    expect(nodeVersion).toMatch(/^\d+\.\d+\.\d+$/);
    const [major, minor, patch] = nodeVersion!.split('.').map(Number) as [number, number, number];
    const [eMajor, eMinor, ePatch] = /\d+\.\d+\.\d+/.exec(PACKAGE.engines.node)![0].split('.').map(Number) as [
      number,
      number,
      number,
    ];
    expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(eMajor * 1e6 + eMinor * 1e3 + ePatch);
    const bases = all.filter((i) => i.keyword === 'FROM').map((i) => i.args);
    expect(bases).toEqual(['node:${NODE_VERSION}-bookworm-slim AS build', 'node:${NODE_VERSION}-alpine']);
  });

  it('installs with the lockfile, the local tools package included, before copying the sources', () => {
    const build = stages[0]!;
    const ci = build.findIndex((i) => i.keyword === 'RUN' && i.args.startsWith('npm ci'));
    const copies = build.map((i, index) => ({ ...i, index })).filter((i) => i.keyword === 'COPY');
    expect(copies[0]).toMatchObject({ args: 'package.json package-lock.json ./' });
    // package-lock.json records tools/openapi-types, a file: dependency: npm ci needs its package.json.
    expect(copies[1]).toMatchObject({ args: 'tools/openapi-types/package.json tools/openapi-types/' });
    expect(copies[1]!.index).toBeLessThan(ci);
    expect(copies.at(-1)).toMatchObject({ args: '. .' });
    expect(build.some((i) => i.keyword === 'RUN' && i.args.includes('npm pack'))).toBe(true);
  });

  it('runs as the unprivileged node user, with exec-form commands that are the package commands', () => {
    const user = final.findLastIndex((i) => i.keyword === 'USER');
    expect(final[user]?.args).toBe('node');
    expect(user).toBeLessThan(final.findIndex((i) => i.keyword === 'CMD'));
    const cmd = JSON.parse(final.find((i) => i.keyword === 'CMD')!.args) as string[];
    expect(Object.keys(PACKAGE.bin)).toContain(cmd[0]);
    expect(cmd).toEqual([COMMAND_NAME, 'mock', '--host', '0.0.0.0', '--no-watch']);
    expect(final.find((i) => i.keyword === 'EXPOSE')?.args).toBe('4010');
    const install = final.find((i) => i.keyword === 'RUN')!.args;
    expect(install).toMatch(/npm install --global --omit=dev .*\/tmp\/kit\.tgz/);
    expect(install).toContain('npm cache clean --force');
    // The commands in the header's docker run lines are the package's command and its verbs.
    const verbs = [...DOCKERFILE.matchAll(new RegExp(`(?<=\\s)${COMMAND_NAME} ([a-z]+)`, 'g'))].map((m) => m[1]!);
    expect(verbs.sort()).toEqual(['mock', 'test']);
    for (const verb of verbs) expect(Object.keys(VERBS)).toContain(verb);
  });

  it('keeps everything npm pack needs in the build context', () => {
    const ignored = DOCKERIGNORE.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['.git', '**/node_modules', 'dist']));
    for (const needed of [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'index.ts',
      'build',
      'spec',
      'mock',
      'conformance',
      'fixtures',
      'bin',
      'cli',
      'tools',
    ]) {
      for (const pattern of ignored)
        expect(needed === pattern || needed.startsWith(`${pattern}/`), `${needed} ignored by ${pattern}`).toBe(false);
    }
  });
});

describe('the health check command', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, quiet: true, watch: false, apiKeys: ['docker-key'] });
  });
  afterAll(() => mock.close());

  async function check(port: number): Promise<number | null> {
    const child = spawn(process.execPath, ['-e', healthScript], {
      env: { ...process.env, PORT: String(port) },
      stdio: 'ignore',
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    return code;
  }

  it('is healthy on a running mock whatever keys it accepts (a 401 is an answer)', async () => {
    expect(await check(mock.port)).toBe(0);
  });

  it('is unhealthy when nothing listens', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    expect(await check(port)).toBe(1);
  });
});
