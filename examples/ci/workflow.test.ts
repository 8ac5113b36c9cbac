/**
 * The CI journey: examples/ci/conformance.yml calls the kit's GitHub Action (action.yml), which runs
 * action/run.sh. These tests check that the workflow and the action have the shape GitHub Actions
 * needs, that every input maps to a flag the kit's CLI accepts and documents, and run the action's
 * steps as GitHub would (inputs in the environment, GITHUB_OUTPUT) against a correct and a broken
 * target: reports written, outputs set, and the job failing only on violations.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseCli } from '../../conformance/cli.js';
import { type RunningMock, startMock } from '../../mock/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKFLOW_TEXT = readFileSync(new URL('conformance.yml', import.meta.url), 'utf8');
const ACTION_TEXT = readFileSync(join(ROOT, 'action.yml'), 'utf8');
const RUN_SCRIPT = readFileSync(join(ROOT, 'action/run.sh'), 'utf8');
const CLI_SOURCE = readFileSync(join(ROOT, 'conformance/cli.ts'), 'utf8');
const HELP = /const HELP = `([\s\S]*?)`;/.exec(CLI_SOURCE)?.[1] ?? '';

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Action {
  name: string;
  inputs: Record<string, { required?: boolean; default?: string; description: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const workflow = parse(WORKFLOW_TEXT) as {
  name: string;
  on: Record<string, unknown>;
  permissions: unknown;
  jobs: Record<string, { 'runs-on': string; steps: Step[] }>;
};
const action = parse(ACTION_TEXT) as Action;
const actionSteps = action.runs.steps;
const kitStep = actionSteps.find((s) => s.id === 'kit')!;
const failStep = actionSteps.at(-1)!;

/** Inputs handled by the action itself rather than passed to the kit as a flag of the same name. */
const NOT_FLAGS = new Set(['target', 'api-key', 'report-dir', 'artifact-name', 'node-version']);

describe('examples/ci/conformance.yml', () => {
  const jobs = Object.values(workflow.jobs);
  const steps = jobs.flatMap((job) => job.steps);

  it('is a GitHub Actions workflow: name, triggers, read-only permissions, one job on a runner', () => {
    expect(typeof workflow.name).toBe('string');
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'workflow_dispatch']));
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!['runs-on']).toMatch(/^ubuntu-/);
  });

  it('checks out, then runs the action of this repository with the STAGING_URL and API_KEY secrets', () => {
    expect(steps.map((s) => s.uses)).toEqual(['actions/checkout@v4', './']);
    const uses = steps[1]!;
    expect(uses.with).toMatchObject({ target: '${{ secrets.STAGING_URL }}', 'api-key': '${{ secrets.API_KEY }}' });
    for (const name of Object.keys(uses.with ?? {})) expect(action.inputs, `input ${name}`).toHaveProperty(name);
    expect(WORKFLOW_TEXT.match(/\$\{\{\s*secrets\.[A-Z_]+\s*\}\}/g)?.sort()).toEqual([
      '${{ secrets.API_KEY }}',
      '${{ secrets.STAGING_URL }}',
    ]);
  });
});

describe('action.yml', () => {
  it('is a composite action: Node, install, the kit, upload, then the verdict', () => {
    expect(action.runs.using).toBe('composite');
    expect(actionSteps.map((s) => s.uses?.replace(/@.*/, '') ?? s.id ?? s.name)).toEqual([
      'actions/setup-node',
      'Install the kit',
      'kit',
      'actions/upload-artifact',
      'Fail on violations',
    ]);
    for (const step of actionSteps) if (step.run) expect(step.shell, step.name).toBe('bash');
    expect(Object.keys(action.outputs)).toEqual(['exit-code', 'verdict', 'report-dir']);
  });

  it('requires the target and the key, and hands the key to the kit through the environment only', () => {
    expect(action.inputs['target']?.required).toBe(true);
    expect(action.inputs['api-key']?.required).toBe(true);
    expect(kitStep.env?.['API_KEY']).toBe('${{ inputs.api-key }}');
    expect(RUN_SCRIPT).not.toContain('--api-key');
    expect(RUN_SCRIPT).toContain('::add-mask::$API_KEY');
    // Scripts read inputs from the environment: `${{ }}` inside a script would let an input inject shell.
    for (const step of actionSteps) expect(step.run ?? '', step.name).not.toContain('${{');
  });

  it('passes every other input as a flag the kit accepts and documents in --help', () => {
    const flagInputs = Object.keys(action.inputs).filter((name) => !NOT_FLAGS.has(name));
    expect(flagInputs.length).toBeGreaterThan(5);
    for (const name of flagInputs) {
      const variable = `INPUT_${name.toUpperCase().replaceAll('-', '_')}`;
      expect(kitStep.env?.[variable], variable).toBe(`\${{ inputs.${name} }}`);
      expect(RUN_SCRIPT, `run.sh passes --${name}`).toContain(`--${name}`);
      expect(HELP, `--${name} documented in the kit's --help`).toMatch(new RegExp(`^\\s+--${name}\\b`, 'm'));
      const boolean = action.inputs[name]!.default === 'false';
      expect(() => parseCli(boolean ? [`--${name}`] : [`--${name}`, '1'], {}), `--${name}`).not.toThrow();
    }
  });

  it('uploads the reports also when the kit fails, and fails the job last', () => {
    const upload = actionSteps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.uses).toBe('actions/upload-artifact@v4');
    expect(upload.if).toMatch(/^always\(\)/);
    expect(upload.with?.['path']).toBe('${{ steps.kit.outputs.report-dir }}');
    expect(failStep.if).toBe('always()');
    expect(failStep.env).toEqual({ EXIT_CODE: '${{ steps.kit.outputs.exit-code }}' });
  });
});

describe('the action, run as GitHub runs it', () => {
  let mock: RunningMock;
  let broken: Server;
  let brokenUrl: string;
  const work = mkdtempSync(join(tmpdir(), 'action-'));

  beforeAll(async () => {
    mock = await startMock({ port: 0, quiet: true, watch: false, apiKeys: ['ci-key'] });
    // Every answer a 500: the kit must find violations.
    broken = createServer((_req, res) => res.writeHead(500, { 'Content-Type': 'application/json' }).end('{}'));
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await mock.close();
    await new Promise((resolve) => broken.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  /** The value GitHub gives `${{ inputs.x }}` or `${{ github.action_path }}` (the checkout of the action). */
  function expression(value: string, inputs: Record<string, string>): string {
    return value.replace(/^\$\{\{ (inputs\.([\w-]+)|github\.action_path) \}\}$/, (_, _whole: string, input?: string) =>
      input ? (inputs[input] ?? '') : ROOT,
    );
  }

  /** The kit step (run.sh) with these inputs, then the last step with its output: both exit codes and the outputs. */
  async function runAction(name: string, target: string) {
    const workspace = join(work, name);
    const outputs = join(work, `${name}.out`);
    const env = {
      PATH: process.env.PATH ?? '',
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: outputs,
      KIT_DIR: ROOT,
      CI: 'true',
    };
    const inputs: Record<string, string> = {
      ...Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? ''])),
      target,
      'api-key': 'ci-key',
      seed: '7',
      runs: '3',
    };
    const stepEnv = Object.fromEntries(Object.entries(kitStep.env ?? {}).map(([k, v]) => [k, expression(v, inputs)]));
    spawnSync('mkdir', ['-p', workspace]);
    // Not spawnSync: the mock answers from this process, which must keep running meanwhile.
    const child = spawn('bash', ['-c', kitStep.run!], { cwd: workspace, env: { ...env, ...stepEnv } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const [status] = (await once(child, 'exit')) as [number | null];
    const kit = { status, stdout, stderr };
    if (!existsSync(outputs)) throw new Error(`run.sh wrote no outputs:\n${kit.stdout}${kit.stderr}`);
    const out = Object.fromEntries(
      readFileSync(outputs, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
    );
    const last = spawnSync('bash', ['-c', failStep.run!], {
      env: { ...env, EXIT_CODE: out['exit-code'] ?? '' },
      encoding: 'utf8',
    });
    return { kit, out, last, log: `${kit.stdout}${kit.stderr}` };
  }

  it('certifies a correct target: exit 0, verdict certified, three reports, job passes', async () => {
    const { kit, out, last, log } = await runAction('certified', mock.url);
    expect(kit.status, log).toBe(0);
    expect(out).toEqual({
      'exit-code': '0',
      verdict: 'certified',
      'report-dir': join(work, 'certified', 'conformance-reports'),
    });
    for (const file of ['junit.xml', 'certificate.html', 'report.json'])
      expect(existsSync(join(out['report-dir']!, file)), file).toBe(true);
    expect(last.status).toBe(0);
    // The one place the key appears is the mask command, which GitHub consumes and never prints.
    expect(log.replace('::add-mask::ci-key\n', '')).not.toContain('ci-key');
  });

  it('fails the job on a broken target, after the reports are written', async () => {
    const { kit, out, last, log } = await runAction('failed', brokenUrl);
    expect(kit.status, log).toBe(0);
    expect(out['exit-code']).toBe('1');
    expect(out['verdict']).toBe('failed');
    expect(readFileSync(join(out['report-dir']!, 'junit.xml'), 'utf8')).toContain('<failure');
    expect(last.status).toBe(1);
    expect(last.stdout).toContain('::error title=Conformance::the kit found violations');
  });
});
