/**
 * The sharded workflow `init --shards 3` writes, run locally as GitHub would run it: each job of the
 * matrix in a fresh workspace at the same path (a runner's checkout), its `run` steps with the step's
 * environment (secrets, `github.run_number`, `matrix.shard` filled in), artifacts uploaded by one job
 * and downloaded by the merge job. The merged verdict must equal a single run's with the same seed,
 * against a correct target and against one with a planted fault that only one shard meets.
 *
 * How a step runs: bash runs the script with `npx` defined as a function that records each
 * `npx contract-kit <args>` it is called with (so quoting, `$SEED` and `$SHARD` expand as in CI);
 * each recorded command then runs in this process through the command's verb table (what
 * bin/contract-kit.mjs calls), with the workspace as working directory. `checkout`, `setup-node` and
 * `npm ci` are the runner's business and are skipped; the package as installed is check:package's.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { RunReport } from '../../conformance/findings/index.js';
import { type RunningMock, startMock } from '../../mock/index.js';
import { VERBS } from '../contract-kit.js';
import { COMMAND_NAME } from '../name.js';
import { initMain, WORKFLOW_FILE } from './init-main.js';

const SPEC = fileURLToPath(new URL('../__fixtures__/notes.yaml', import.meta.url));
const KEY = 'workflow-test-key-7f3a';
const RUN_NUMBER = '7';
const SHARDS = 3;

interface Step {
  readonly id?: string;
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly env?: Record<string, string>;
  readonly with?: Record<string, string | boolean>;
}
interface Job {
  readonly needs?: string;
  readonly strategy?: { readonly matrix: { readonly shard: readonly number[] } };
  readonly steps: readonly Step[];
}
interface Workflow {
  readonly on: Record<string, unknown>;
  readonly jobs: Record<string, Job>;
}

const work = mkdtempSync(join(tmpdir(), 'init-workflow-'));
/** The project as committed: spec, the files init wrote. Each job starts from a copy of it. */
const project = join(work, 'project');
/** Where every job runs, as every runner checks out to the same path. */
const workspace = join(work, 'workspace');
let workflow: Workflow;

beforeAll(async () => {
  mkdirSync(join(project, 'api'), { recursive: true });
  cpSync(SPEC, join(project, 'api/notes.yaml'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'notes', private: true }));
  expect(await initMain(['api/notes.yaml', '--shards', String(SHARDS)], project)).toBe(0);
  workflow = parse(readFileSync(join(project, WORKFLOW_FILE), 'utf8')) as Workflow;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `${{ … }}` as GitHub fills it in for this run. */
function expand(text: string, vars: { target: string; shard?: number }): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
    const value = {
      'secrets.TARGET_URL': vars.target,
      'secrets.API_KEY': KEY,
      'github.run_number': RUN_NUMBER,
      'matrix.shard': vars.shard === undefined ? undefined : String(vars.shard),
    }[name];
    if (value === undefined) throw new Error(`the workflow uses \${{ ${name} }}, which this runner does not know`);
    return value;
  });
}

/** Runs one `contract-kit` command line in this process, in the workspace; resolves to its exit code. */
async function contractKit(argv: readonly string[], env: Record<string, string>): Promise<number> {
  const [verb, ...rest] = argv;
  const entry = VERBS[verb ?? ''];
  if (!entry) throw new Error(`unknown verb in the workflow: ${verb}`);
  const before = process.cwd();
  process.chdir(workspace);
  try {
    const code = await entry.run(rest, env);
    if (code === undefined) throw new Error(`${verb} kept running`);
    return code;
  } finally {
    process.chdir(before);
  }
}

/** The `npx contract-kit …` commands a step's script runs, each as its argv after expansion. */
function commandsOf(script: string, env: Record<string, string>): string[][] {
  const record = join(work, 'argv');
  rmSync(record, { force: true });
  const preamble = `npx() { [ "$1" = ${COMMAND_NAME} ] || { echo "npx $1: not the kit" >&2; return 127; }; shift; printf '%s\\0' "$@" >> "$RECORD"; printf '\\036\\0' >> "$RECORD"; }\n`;
  const bash = spawnSync('bash', ['-euo', 'pipefail', '-c', preamble + script], {
    cwd: workspace,
    env: { PATH: process.env.PATH ?? '', ...env, RECORD: record },
    encoding: 'utf8',
  });
  expect(bash.status, bash.stderr).toBe(0);
  if (!existsSync(record)) return [];
  const commands: string[][] = [[]];
  for (const arg of readFileSync(record, 'utf8').split('\0').slice(0, -1)) {
    if (arg === '\u001e') commands.push([]);
    else commands.at(-1)!.push(arg);
  }
  return commands.filter((c) => c.length > 0);
}

/** Runs one job of the workflow; resolves to the exit codes of its kit commands. */
async function runJob(job: Job, vars: { target: string; shard?: number }, artifacts: string): Promise<number[]> {
  rmSync(workspace, { recursive: true, force: true });
  cpSync(project, workspace, { recursive: true });
  const codes: number[] = [];
  for (const step of job.steps) {
    const uses = step.uses?.replace(/@.*/, '');
    if (uses === 'actions/checkout' || uses === 'actions/setup-node' || step.id === 'install') continue;
    if (uses === 'actions/upload-artifact') {
      const from = join(workspace, String(step.with?.['path']));
      if (existsSync(from))
        cpSync(from, join(artifacts, expand(String(step.with?.['name']), vars)), { recursive: true });
      else expect(step.with?.['if-no-files-found'], `nothing to upload at ${from}`).not.toBe('error');
    } else if (uses === 'actions/download-artifact') {
      const pattern = new RegExp(`^${String(step.with?.['pattern']).replaceAll('*', '.*')}$`);
      expect(step.with?.['merge-multiple']).toBe(true);
      for (const name of readdirSync(artifacts).filter((n) => pattern.test(n)))
        cpSync(join(artifacts, name), join(workspace, String(step.with?.['path'])), { recursive: true });
    } else if (step.run) {
      const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(v, vars)]));
      expect(step.run, 'a script reads values from its env, never from ${{ }}').not.toContain('${{');
      for (const argv of commandsOf(step.run, env)) codes.push(await contractKit(argv, env));
    } else throw new Error(`a step this runner does not know: ${JSON.stringify(step)}`);
  }
  return codes;
}

/** Every job of the workflow, the matrix expanded, then the merge job; and a single run with the same seed. */
async function runWorkflow(target: string) {
  const artifacts = join(work, `artifacts-${Math.random().toString(36).slice(2)}`);
  mkdirSync(artifacts);
  const shard = workflow.jobs['shard']!;
  for (const n of shard.strategy!.matrix.shard) await runJob(shard, { target, shard: n }, artifacts);
  const mergeCodes = await runJob(workflow.jobs['merge']!, { target }, artifacts);
  const merged = JSON.parse(readFileSync(join(workspace, 'reports/report.json'), 'utf8')) as RunReport;
  const env = { TARGET_URL: target, API_KEY: KEY };
  const singleCode = await contractKit(
    ['test', 'api/notes.yaml', '--seed', RUN_NUMBER, '--json', 'single.json', '--quiet'],
    env,
  );
  const single = JSON.parse(readFileSync(join(workspace, 'single.json'), 'utf8')) as RunReport;
  return { merged, mergeCode: mergeCodes.at(-1), single, singleCode, artifacts: readdirSync(artifacts).sort() };
}

/** The operation × check cells that failed. */
const failing = (report: RunReport) =>
  report.tallies
    .filter((t) => t.failed > 0)
    .map((t) => `${t.operationId} ${t.check}`)
    .sort();

describe(`the workflow of ${COMMAND_NAME} init --shards ${SHARDS}`, () => {
  let correct: RunningMock;
  let faulty: RunningMock;
  beforeAll(async () => {
    // The project's own spec: the mock reads the resources file init wrote beside it.
    const spec = join(project, 'api/notes.yaml');
    correct = await startMock({ spec, port: 0, quiet: true, watch: false, apiKeys: [KEY] });
    const faults = join(work, 'faults.yaml');
    writeFileSync(faults, 'faults:\n  getNote: status=500\n');
    faulty = await startMock({ spec, port: 0, quiet: true, watch: false, apiKeys: [KEY], faultsFile: faults });
  });
  afterAll(async () => {
    await correct?.close();
    await faulty?.close();
  });

  it('is a matrix of 3 shard jobs, then a merge job that needs them, on every push', () => {
    expect(Object.keys(workflow.on)).toContain('push');
    expect(workflow.jobs['shard']!.strategy!.matrix.shard).toEqual([1, 2, 3]);
    expect(workflow.jobs['merge']!.needs).toBe('shard');
  });

  it('merges to the verdict of a single run with the same seed: a correct target is certified', {
    timeout: 600_000,
  }, async () => {
    const run = await runWorkflow(correct.url);
    expect(run.artifacts).toEqual(['contract-reports', 'contract-shard-1', 'contract-shard-2', 'contract-shard-3']);
    expect(run.single.verdict).toBe('certified');
    expect(run.merged.verdict).toBe(run.single.verdict);
    expect(run.mergeCode).toBe(run.singleCode);
    expect(run.merged.seed).toBe(Number(RUN_NUMBER));
    // Every operation × check of the single run is covered by one of the shards.
    const cells = (r: RunReport) => [...new Set(r.tallies.map((t) => `${t.operationId} ${t.check}`))].sort();
    expect(cells(run.merged)).toEqual(cells(run.single));
  });

  it('merges to the verdict of a single run: a fault only one shard meets fails the merged run', {
    timeout: 600_000,
  }, async () => {
    const run = await runWorkflow(faulty.url);
    expect(run.single.verdict).toBe('failed');
    expect(run.merged.verdict).toBe('failed');
    expect(run.mergeCode).toBe(1);
    expect(run.singleCode).toBe(1);
    expect(failing(run.merged)).toContain('getNote server_error');
    expect(failing(run.merged)).toEqual(failing(run.single));
  });
});
