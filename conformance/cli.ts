#!/usr/bin/env node
/**
 * `animal-store-conformance`: certifies an implementation of the spec, or shows where it breaks it.
 * Exit codes: see {@link EXIT}.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { runConformance, RunError } from './engine/run-conformance.js';
import { createKitCredentials, type KitCredentials } from './send/index.js';
import type { RunReport } from './findings/index.js';
import { CHECK_NAMES, CHECKS } from './checks/registry.js';
import { createProgress, renderConsoleReport, secretsFromEnv, shouldUseColor, writeReports } from './report/index.js';
import { MergeError, mergeReports } from './report/merge-reports.js';

/** The exit codes, as --help lists them. */
export const EXIT = {
  certified: 0,
  failed: 1,
  error: 2,
  'not-reproduced': 3,
  incomplete: 130,
} as const satisfies Record<RunReport['verdict'], number>;

const HELP = `Usage: animal-store-conformance [options]
       animal-store-conformance merge <report.json>... [--junit f] [--json f] [--html f]

Certifies an implementation of an OpenAPI 3.0/3.1 API (the Animal Store's spec/openapi.yaml by
default). With no --target, it starts the embedded mock on the spec and certifies that.
merge joins the --json reports of the shards of one run into one verdict and one set of reports.

Target
  --target <url>        base URL including /v1 [TARGET_URL]
  --api-key <key>       token or API key the target accepts, sent where each operation's
                        scheme puts it (bearer, OAuth 2.0/OIDC token, apiKey header/query/cookie) [API_KEY]
  --basic <user:pass>   HTTP Basic credentials [CONFORMANCE_BASIC]
  -H, --header <h>      'Name: value', repeatable: a header a scheme declares is its credential,
                        others go on every request [CONFORMANCE_HEADERS, one per line]
  --auth-command <cmd>  shell command printing the token or key; run again when a working
                        one starts getting 401 [CONFORMANCE_AUTH_COMMAND]
  --spec <file>         OpenAPI 3.0/3.1 file, YAML or JSON (Swagger 2.0 is converted; default: the shipped spec)
Generation
  --seed <n>            fast-check seed (default: random, always printed)
  --runs <n>            cases per property (default 50)
  --replay <id>         replay one shrunk counterexample, as printed in a reproducer
  --run-id <id>         name the run in its reports (shards of one run share it; default: a
                        hash of spec, seed and options) [CONFORMANCE_RUN_ID]
Pace and safety
  --timeout <ms>        per-request deadline, body included (default 5000)
  --concurrency <n>     properties run at once (default 2)
  --rate <n>            at most n requests per second
  --read-only           send nothing that writes (no POST), for production
Selection
  --only <list>         comma-separated operationIds, property ids or checks to keep
                        (\`semantics\` stands for every semantics.* check)
  --skip <list>         comma-separated operationIds, property ids or checks to leave out
  --list-checks         print every check's name and what it verifies, then exit
  --strict              contract gaps fail the run too
  --shard <i/n>         run shard i of n: operations dealt to n jobs in turn (join with merge)
Reports
  --junit <file>        JUnit XML, one testcase per operation x check
  --json <file>         the whole run as JSON (schemaVersion 1)
  --html <file>         a self-contained HTML certificate
  --quiet               only failures and the verdict
  --verbose             every finding with full evidence
  -h, --help            this text
Exit codes
  0  certified            1  failures found (or contract gaps under --strict)
  2  usage error, or the run could not be carried out (target unreachable, bad spec)
  3  not reproduced: --replay's counterexample did not fail, or its state could not be rebuilt
  130  interrupted (Ctrl-C): the reports hold what was gathered so far, marked incomplete
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
      basic: { type: 'string' },
      header: { type: 'string', short: 'H', multiple: true },
      'auth-command': { type: 'string' },
      spec: { type: 'string' },
      seed: { type: 'string' },
      runs: { type: 'string' },
      replay: { type: 'string' },
      'run-id': { type: 'string' },
      timeout: { type: 'string' },
      concurrency: { type: 'string' },
      rate: { type: 'string' },
      'read-only': { type: 'boolean' },
      shard: { type: 'string' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      strict: { type: 'boolean' },
      junit: { type: 'string' },
      json: { type: 'string' },
      html: { type: 'string' },
      quiet: { type: 'boolean', short: 'q' },
      verbose: { type: 'boolean', short: 'v' },
      help: { type: 'boolean', short: 'h' },
      'list-checks': { type: 'boolean' },
    },
  });
  const int = (name: string, text: string | undefined, min: number): number | undefined => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < min)
      throw new UsageError(`--${name} expects a whole number of at least ${min}, got ${JSON.stringify(text)}`);
    return Number(text);
  };
  const list = (items: string[] | undefined) =>
    (items ?? [])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
  return {
    help: values.help === true,
    listChecks: values['list-checks'] === true,
    target: values.target ?? env.TARGET_URL,
    apiKey: values['api-key'] ?? env.API_KEY,
    basic: values.basic ?? env.CONFORMANCE_BASIC,
    headers: values.header ?? (env.CONFORMANCE_HEADERS ?? '').split(/\r?\n/).filter((h) => h.trim() !== ''),
    authCommand: values['auth-command'] ?? env.CONFORMANCE_AUTH_COMMAND,
    spec: values.spec,
    seed: int('seed', values.seed, 0),
    runs: int('runs', values.runs, 1),
    replay: values.replay,
    runId: values['run-id'] ?? env.CONFORMANCE_RUN_ID,
    timeoutMs: int('timeout', values.timeout, 1),
    concurrency: int('concurrency', values.concurrency, 1),
    rate: int('rate', values.rate, 1),
    readOnly: values['read-only'] === true,
    shard: shardOf(values.shard),
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

/** `--shard i/n` as numbers, 1 ≤ i ≤ n. */
function shardOf(text: string | undefined): { index: number; count: number } | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2]))
    throw new UsageError(`--shard expects i/n with 1 ≤ i ≤ n, got ${JSON.stringify(text)}`);
  return { index: Number(m[1]), count: Number(m[2]) };
}

/** `merge <report.json>...`: one verdict and one set of reports from the shards of a run. */
async function mergeMain(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: true,
    options: {
      junit: { type: 'string' },
      json: { type: 'string' },
      html: { type: 'string' },
      quiet: { type: 'boolean', short: 'q' },
    },
  });
  let report: RunReport;
  try {
    if (positionals.length === 0) throw new MergeError('give the --json reports of the shards');
    const reports = await Promise.all(
      positionals.map(async (file) => JSON.parse(await readFile(file, 'utf8')) as RunReport),
    );
    report = mergeReports(reports);
  } catch (error) {
    process.stderr.write(`animal-store-conformance merge: ${(error as Error).message.split('\n')[0]}\n`);
    return 2;
  }
  const secrets = secretsFromEnv(env);
  process.stdout.write(
    renderConsoleReport(report, {
      color: shouldUseColor(process.stdout, env),
      verbose: false,
      quiet: values.quiet === true,
      secrets,
    }),
  );
  await writeReports(report, {
    ...(values.junit ? { junit: values.junit } : {}),
    ...(values.json ? { json: values.json } : {}),
    ...(values.html ? { html: values.html } : {}),
    secrets,
  });
  return EXIT[report.verdict];
}

/** A problem with how the command was called: exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Runs the CLI; resolves to the exit code. */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (argv[0] === 'merge') return mergeMain(argv.slice(1), env);
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
  if (args.listChecks) {
    const width = Math.max(...CHECK_NAMES.map((name) => name.length));
    process.stdout.write(CHECK_NAMES.map((name) => `${name.padEnd(width)}  ${CHECKS[name]}\n`).join(''));
    return 0;
  }
  if (args.replay && args.seed === undefined) {
    process.stderr.write(
      'animal-store-conformance: --replay needs the --seed of the run it comes from (both are printed in the reproducer)\n',
    );
    return 2;
  }
  if (args.spec !== undefined && !existsSync(args.spec)) {
    process.stderr.write(`animal-store-conformance: --spec ${args.spec}: no such file\n`);
    return 2;
  }
  let target = args.target;
  let apiKey = args.apiKey;
  let basic = args.basic;
  let stopMock: (() => Promise<void>) | undefined;
  if (!target) {
    // No target: certify the embedded mock, with a throwaway key and Basic user.
    const { startMock } = await import('../mock/index.js');
    apiKey = randomBytes(16).toString('hex');
    basic = `kit:${randomBytes(12).toString('hex')}`;
    const mock = await startMock({
      port: 0,
      quiet: true,
      apiKeys: [apiKey],
      users: [basic],
      ...(args.spec ? { spec: args.spec } : {}),
    });
    target = mock.url;
    stopMock = () => mock.close();
    if (!args.quiet) process.stderr.write(`No --target: certifying the embedded mock at ${target}\n`);
  }
  let credentials: KitCredentials;
  try {
    credentials = createKitCredentials({
      ...(apiKey ? { apiKey } : {}),
      ...(basic ? { basic } : {}),
      headers: args.headers,
      ...(args.authCommand ? { authCommand: args.authCommand } : {}),
    });
    if (credentials.refreshable) await credentials.refresh();
  } catch (error) {
    await stopMock?.();
    process.stderr.write(`animal-store-conformance: ${(error as Error).message}\n`);
    return 2;
  }
  const progress = createProgress(args.quiet ? { mode: 'off' } : {});
  // Ctrl-C once: the run stops and writes what it gathered; a second one ends the process outright.
  const interrupt = new AbortController();
  const onInterrupt = () => interrupt.abort();
  process.once('SIGINT', onInterrupt);
  let report: RunReport;
  try {
    let started = false;
    report = await runConformance({
      target,
      credentials,
      ...(args.spec ? { spec: args.spec } : {}),
      ...(args.seed !== undefined ? { seed: args.seed } : {}),
      ...(args.runs !== undefined ? { runs: args.runs } : {}),
      ...(args.replay ? { replay: args.replay } : {}),
      ...(args.runId ? { runId: args.runId } : {}),
      signal: interrupt.signal,
      ...(args.timeoutMs !== undefined ? { timeoutMs: args.timeoutMs } : {}),
      ...(args.concurrency !== undefined ? { concurrency: args.concurrency } : {}),
      ...(args.rate !== undefined ? { rate: args.rate } : {}),
      readOnly: args.readOnly,
      ...(args.shard ? { shard: args.shard } : {}),
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
    process.removeListener('SIGINT', onInterrupt);
    progress.stop();
    await stopMock?.();
    if (error instanceof RunError) {
      process.stderr.write(`animal-store-conformance: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  process.removeListener('SIGINT', onInterrupt);
  progress.stop();
  await stopMock?.();
  // Every secret the run used, the auth command's successive tokens included, as the handlers list them.
  const secrets = credentials.secrets();
  const files = {
    ...(args.junit ? { junit: args.junit } : {}),
    ...(args.json ? { json: args.json } : {}),
    ...(args.html ? { html: args.html } : {}),
    secrets,
  };
  if (report.verdict === 'incomplete') {
    // Interrupted: one line, and the reports of what was gathered so far.
    const written = await writeReports(report, files);
    const failures = report.findings.filter((f) => f.severity === 'failure').length;
    process.stderr.write(
      `animal-store-conformance: interrupted after ${report.requests.toLocaleString('en-US')} requests, ${failures} failure${failures === 1 ? '' : 's'} so far${written.length > 0 ? `; reports marked incomplete: ${written.join(', ')}` : ''}\n`,
    );
    return EXIT.incomplete;
  }
  process.stdout.write(
    renderConsoleReport(report, {
      color: shouldUseColor(process.stdout, env),
      verbose: args.verbose,
      quiet: args.quiet,
      secrets,
    }),
  );
  await writeReports(report, files);
  if (report.verdict === 'error')
    process.stderr.write(`animal-store-conformance: ${report.error ?? 'the run could not be carried out'}\n`);
  return EXIT[report.verdict];
}
