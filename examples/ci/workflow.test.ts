/**
 * The CI example (conformance.yml) is valid YAML, has the shape GitHub Actions needs, and calls the
 * kit only with flags the kit's CLI accepts and documents, so the workflow cannot drift from it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseCli } from '../../conformance/cli.js';

const WORKFLOW = readFileSync(new URL('conformance.yml', import.meta.url), 'utf8');
const CLI_SOURCE = readFileSync(new URL('../../conformance/cli.ts', import.meta.url), 'utf8');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

/** Splits a one-line shell command into words, honouring quotes and expanding $VAR / ${VAR}. */
function shellWords(command: string, vars: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | undefined;
  const expand = (text: string) => text.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name: string) => vars[name] ?? '');
  for (const match of command.matchAll(/\s+|'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"]+)/g)) {
    if (/^\s+$/.test(match[0])) {
      if (word !== undefined) words.push(word);
      word = undefined;
      continue;
    }
    const piece = match[1] ?? expand(match[2] ?? match[3] ?? '');
    word = (word ?? '') + piece;
  }
  if (word !== undefined) words.push(word);
  return words;
}

describe('examples/ci/conformance.yml', () => {
  const workflow = parse(WORKFLOW) as { name: string; on: Record<string, unknown>; permissions: unknown; jobs: Record<string, { 'runs-on': string; steps: Step[] }> };
  const jobs = Object.values(workflow.jobs ?? {});
  const steps = jobs.flatMap((job) => job.steps);
  const kitSteps = steps.filter((s) => s.run?.includes('npm run conformance'));

  it('is a GitHub Actions workflow: name, triggers, one job of steps on a runner', () => {
    expect(typeof workflow.name).toBe('string');
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'workflow_dispatch']));
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!['runs-on']).toMatch(/^ubuntu-/);
    for (const step of steps) expect(Boolean(step.uses) !== Boolean(step.run), JSON.stringify(step)).toBe(true);
  });

  it('checks out, sets up a Node the project supports, installs with npm ci, then runs the kit', () => {
    const order = steps.map((s) => s.uses?.replace(/@.*/, '') ?? s.run);
    expect(order.slice(0, 3)).toEqual(['actions/checkout', 'actions/setup-node', 'npm ci']);
    const node = steps.find((s) => s.uses?.startsWith('actions/setup-node'))!;
    const engines = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(Number(node.with?.['node-version'])).toBeGreaterThanOrEqual(Number(/\d+/.exec(engines)![0]));
    expect(kitSteps).toHaveLength(1);
    expect(steps.indexOf(kitSteps[0]!)).toBeGreaterThan(order.indexOf('npm ci'));
  });

  it('takes the target and the key from the STAGING_URL and API_KEY secrets, the key through the environment only', () => {
    const step = kitSteps[0]!;
    expect(step.env).toEqual({ STAGING_URL: '${{ secrets.STAGING_URL }}', API_KEY: '${{ secrets.API_KEY }}' });
    expect(step.run).not.toContain('secrets.');
    expect(step.run).not.toContain('--api-key');
    expect(WORKFLOW.match(/\$\{\{\s*secrets\.[A-Z_]+\s*\}\}/g)?.sort()).toEqual(['${{ secrets.API_KEY }}', '${{ secrets.STAGING_URL }}']);
  });

  it('calls the kit with flags its CLI accepts and documents, and the kit reads what the workflow means', () => {
    const vars = { STAGING_URL: 'https://staging.example/v1', API_KEY: 'k-from-secret' };
    const words = shellWords(kitSteps[0]!.run!.trim(), vars);
    expect(words.slice(0, 4)).toEqual(['npm', 'run', 'conformance', '--']);
    const args = words.slice(4);
    const help = /const HELP = `([\s\S]*?)`;/.exec(CLI_SOURCE)?.[1];
    expect(help, 'HELP text in conformance/cli.ts').toBeDefined();
    const flags = args.filter((a) => a.startsWith('--')).map((a) => a.replace(/=.*/, ''));
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) expect(help, `${flag} documented in the kit's --help`).toMatch(new RegExp(`^\\s+${flag}\\b`, 'm'));
    // parseCli is strict: an unknown flag or a missing value throws.
    const parsed = parseCli(args, { API_KEY: vars.API_KEY });
    expect(parsed).toMatchObject({
      target: vars.STAGING_URL,
      apiKey: vars.API_KEY,
      junit: 'reports/junit.xml',
      html: 'reports/certificate.html',
      json: 'reports/report.json',
    });
  });

  it('uploads the JUnit and HTML reports (and the JSON) as artifacts, also when the kit fails', () => {
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.uses).toBe('actions/upload-artifact@v4');
    expect(upload?.if).toBe('always()');
    expect(steps.indexOf(upload!)).toBeGreaterThan(steps.indexOf(kitSteps[0]!));
    const paths = String(upload?.with?.['path']).split('\n').map((p) => p.trim()).filter(Boolean);
    const parsed = parseCli(shellWords(kitSteps[0]!.run!.trim(), { STAGING_URL: 'x' }).slice(4), {});
    expect(paths).toEqual(expect.arrayContaining([parsed.junit, parsed.html, parsed.json]));
  });
});
