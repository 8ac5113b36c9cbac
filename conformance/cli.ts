#!/usr/bin/env node
/**
 * `animal-store-conformance`: certifies an implementation of the spec, or shows where it breaks it.
 * Exit 0: certified. Exit 1: violations. Exit 2: usage error, or the target cannot be reached.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runConformance, RunError } from './engine/run-conformance.js';
import type { RunReport } from './findings/index.js';
import { createProgress, renderConsoleReport, shouldUseColor, writeReports } from './report/index.js';

const HELP = `Usage: animal-store-conformance [options]

Certifies an implementation of the Animal Store API against spec/openapi.yaml.
With no --target, it starts the embedded mock and certifies that.

Target
  --target <url>        base URL including /v1 [TARGET_URL]
  --api-key <key>       API key the target accepts [API_KEY]
  --spec <file>         OpenAPI 3.1 file (default: the shipped spec)
Generation
  --seed <n>            fast-check seed (default: random, always printed)
  --runs <n>            cases per property (default 50)
  --replay <id>         replay one shrunk counterexample, as printed in a reproducer
Pace and safety
  --timeout <ms>        per-request deadline, body included (default 5000)
  --concurrency <n>     properties run at once (default 2)
  --rate <n>            at most n requests per second
  --read-only           send nothing that writes (no POST), for production
Selection
  --only <list>         comma-separated operationIds, property ids or checks to keep
  --skip <list>         comma-separated operationIds, property ids or checks to leave out
  --strict              contract gaps fail the run too
Reports
  --junit <file>        JUnit XML, one testcase per operation x check
  --json <file>         the whole run as JSON (schemaVersion 1)
  --html <file>         a self-contained HTML certificate
  --quiet               only failures and the verdict
  --verbose             every finding with full evidence
  -h, --help            this text
`;

/** Parses argv; returns the options or a usage error message. */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv) {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      target: { type: 'string' },
      'api-key': { type: 'string' },
      spec: { type: 'string' },
      seed: { type: 'string' },
      runs: { type: 'string' },
      replay: { type: 'string' },
      timeout: { type: 'string' },
      concurrency: { type: 'string' },
      rate: { type: 'string' },
      'read-only': { type: 'boolean' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      strict: { type: 'boolean' },
      junit: { type: 'string' },
      json: { type: 'string' },
      html: { type: 'string' },
      quiet: { type: 'boolean', short: 'q' },
      verbose: { type: 'boolean', short: 'v' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const int = (name: string, text: string | undefined, min: number): number | undefined => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`--${name} expects a whole number of at least ${min}, got ${JSON.stringify(text)}`);
    return Number(text);
  };
  const list = (items: string[] | undefined) => (items ?? []).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
  return {
    help: values.help === true,
    target: values.target ?? env.TARGET_URL,
    apiKey: values['api-key'] ?? env.API_KEY,
    spec: values.spec,
    seed: int('seed', values.seed, 0),
    runs: int('runs', values.runs, 1),
    replay: values.replay,
    timeoutMs: int('timeout', values.timeout, 1),
    concurrency: int('concurrency', values.concurrency, 1),
    rate: int('rate', values.rate, 1),
    readOnly: values['read-only'] === true,
    only: list(values.only),
    skip: list(values.skip),
    strict: values.strict === true,
    junit: values.junit,
    json: values.json,
    html: values.html,
    quiet: values.quiet === true,
    verbose: values.verbose === true,
  };
}

/** A problem with how the command was called: exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Runs the CLI; resolves to the exit code. */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let args: ReturnType<typeof parseCli>;
  try {
    args = parseCli(argv, env);
  } catch (error) {
    process.stderr.write(`animal-store-conformance: ${(error as Error).message}\nRun with --help for usage.\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(HELP);
    return 0;
  }
  let target = args.target;
  let apiKey = args.apiKey;
  let stopMock: (() => Promise<void>) | undefined;
  if (!target) {
    // No target: certify the embedded mock, with a throwaway key.
    const { startMock } = await import('../mock/index.js');
    apiKey = randomBytes(16).toString('hex');
    const mock = await startMock({ port: 0, quiet: true, apiKeys: [apiKey], ...(args.spec ? { spec: args.spec } : {}) });
    target = mock.url;
    stopMock = () => mock.close();
    if (!args.quiet) process.stderr.write(`No --target: certifying the embedded mock at ${target}\n`);
  }
  if (!apiKey) {
    process.stderr.write('animal-store-conformance: no API key: pass --api-key or set API_KEY\n');
    return 2;
  }
  const progress = createProgress(args.quiet ? { mode: 'off' } : {});
  let report: RunReport;
  try {
    let started = false;
    report = await runConformance({
      target,
      apiKey,
      ...(args.spec ? { spec: args.spec } : {}),
      ...(args.seed !== undefined ? { seed: args.seed } : {}),
      ...(args.runs !== undefined ? { runs: args.runs } : {}),
      ...(args.replay ? { replay: args.replay } : {}),
      ...(args.timeoutMs !== undefined ? { timeoutMs: args.timeoutMs } : {}),
      ...(args.concurrency !== undefined ? { concurrency: args.concurrency } : {}),
      ...(args.rate !== undefined ? { rate: args.rate } : {}),
      readOnly: args.readOnly,
      only: args.only,
      skip: args.skip,
      strict: args.strict,
      onProgress: (p) => {
        if (!started) {
          progress.start(p.propertiesTotal || undefined);
          started = true;
        }
        progress.tick({ cases: p.propertiesDone, requests: p.requests, failures: p.failures });
      },
    });
  } catch (error) {
    progress.stop();
    await stopMock?.();
    if (error instanceof RunError) {
      process.stderr.write(`animal-store-conformance: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  progress.stop();
  await stopMock?.();
  const secrets = [apiKey];
  process.stdout.write(renderConsoleReport(report, { color: shouldUseColor(process.stdout, env), verbose: args.verbose, quiet: args.quiet, secrets }));
  await writeReports(report, { ...(args.junit ? { junit: args.junit } : {}), ...(args.json ? { json: args.json } : {}), ...(args.html ? { html: args.html } : {}), secrets });
  if (report.verdict === 'error') {
    process.stderr.write(`animal-store-conformance: ${report.error ?? 'the run could not be carried out'}\n`);
    return 2;
  }
  return report.verdict === 'certified' ? 0 : 1;
}
