/**
 * `contract-kit test` (and `merge`, `replay`, `checks`, through cli/contract-kit.ts): certifies an
 * implementation of the spec, or shows where it breaks it.
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
import { COMMAND_NAME } from '../cli/name.js';
import { coverageShortfall } from './contract-coverage/uncovered.js';
import { withRecordedExamples } from './har/recorded-examples.js';
import { type HarEntry, readHar } from '../proxy/har.js';

/** How messages start: the command and its verb. */
const TEST = `${COMMAND_NAME} test`;
const MERGE = `${COMMAND_NAME} merge`;

/** The exit codes, as --help lists them. */
export const EXIT = {
  certified: 0,
  failed: 1,
  error: 2,
  'not-reproduced': 3,
  incomplete: 130,
} as const satisfies Record<RunReport['verdict'], number>;

const HELP = `Usage: ${COMMAND_NAME} test [spec.yaml] [--target <url>] [options]
       (from a clone: npm run conformance -- [spec.yaml] [options])

Certifies an implementation of an OpenAPI 3.0/3.1 API (the Animal Store's spec/openapi.yaml by
default). With no --target, it starts the embedded mock on the spec and certifies that.
Exit 0: certified. Exit 1: violations. Exit 2: usage error, or the target cannot be reached.

Target
  --target <url>        base URL including /v1 [TARGET_URL]
  --api-key <key>       token or API key the target accepts, sent where each operation's
                        scheme puts it (bearer, OAuth 2.0/OIDC token, apiKey header/query/cookie) [API_KEY]
  --basic <user:pass>   HTTP Basic credentials [CONFORMANCE_BASIC]
  -H, --header <h>      'Name: value', repeatable: a header a scheme declares is its credential,
                        others go on every request [CONFORMANCE_HEADERS, one per line]
  --auth-command <cmd>  shell command printing the token or key; run again when a working
                        one starts getting 401 [CONFORMANCE_AUTH_COMMAND]
  --spec <file>         the spec, as an option instead of the first argument: OpenAPI 3.0/3.1,
                        YAML or JSON (Swagger 2.0 is converted; default: the Animal Store's)
Generation
  --seed <n>            fast-check seed (default: random, always printed)
  --runs <n>            cases per property (default 50)
  --replay <id>         replay one shrunk counterexample, as printed in a reproducer
  --from-har <file>     also replay a HAR file's requests (recorded by the proxy or the mock, or a
                        browser) with the current credentials, every answer judged by every check
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
  --min-coverage <pct>  fail the run when contract coverage (responses x media types, parameters and
                        body members reached) is below this percentage
  --shard <i/n>         run shard i of n: operations dealt to n jobs in turn (join with ${COMMAND_NAME} merge)
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
  const { values, positionals } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: true,
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
      'from-har': { type: 'string' },
      'run-id': { type: 'string' },
      timeout: { type: 'string' },
      concurrency: { type: 'string' },
      rate: { type: 'string' },
      'read-only': { type: 'boolean' },
      shard: { type: 'string' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      strict: { type: 'boolean' },
      'min-coverage': { type: 'string' },
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
  if (positionals.length > 1)
    throw new UsageError(`one spec at a time, got ${positionals.map((p) => JSON.stringify(p)).join(' ')}`);
  if (positionals.length === 1 && values.spec !== undefined)
    throw new UsageError(`the spec is given twice: ${positionals[0]} and --spec ${values.spec}`);
  return {
    help: values.help === true,
    listChecks: values['list-checks'] === true,
    target: values.target ?? env.TARGET_URL,
    apiKey: values['api-key'] ?? env.API_KEY,
    basic: values.basic ?? env.CONFORMANCE_BASIC,
    headers: values.header ?? (env.CONFORMANCE_HEADERS ?? '').split(/\r?\n/).filter((h) => h.trim() !== ''),
    authCommand: values['auth-command'] ?? env.CONFORMANCE_AUTH_COMMAND,
    spec: positionals[0] ?? values.spec,
    seed: int('seed', values.seed, 0),
    runs: int('runs', values.runs, 1),
    replay: values.replay,
    fromHar: values['from-har'],
    runId: values['run-id'] ?? env.CONFORMANCE_RUN_ID,
    timeoutMs: int('timeout', values.timeout, 1),
    concurrency: int('concurrency', values.concurrency, 1),
    rate: int('rate', values.rate, 1),
    readOnly: values['read-only'] === true,
    shard: shardOf(values.shard),
    only: list(values.only),
    skip: list(values.skip),
    strict: values.strict === true,
    minCoverage: percentOf(values['min-coverage']),
    junit: values.junit,
    json: values.json,
    html: values.html,
    quiet: values.quiet === true,
    verbose: values.verbose === true,
  };
}

/** `--min-coverage` as a number from 0 to 100 (a trailing `%` allowed). */
function percentOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text.replace(/%$/, ''));
  if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100)
    throw new UsageError(`--min-coverage expects a percentage from 0 to 100, got ${JSON.stringify(text)}`);
  return n;
}

/** `--shard i/n` as numbers, 1 ≤ i ≤ n. */
function shardOf(text: string | undefined): { index: number; count: number } | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2]))
    throw new UsageError(`--shard expects i/n with 1 ≤ i ≤ n, got ${JSON.stringify(text)}`);
  return { index: Number(m[1]), count: Number(m[2]) };
}

/** The help of `merge`. */
export const MERGE_HELP = `Usage: ${COMMAND_NAME} merge <report.json>... [--junit f] [--json f] [--html f] [--quiet]

Joins the --json reports of the shards of one run (${COMMAND_NAME} test --shard i/n --json f, same
spec and seed) into one verdict and one set of reports: tallies summed, each finding once.
Exit 0: certified. Exit 1: violations. Exit 2: a shard could not run, or the reports are not shards
of one run.
`;

/** `merge <report.json>...`: one verdict and one set of reports from the shards of a run; resolves to the exit code. */
export async function mergeMain(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        junit: { type: 'string' },
        json: { type: 'string' },
        html: { type: 'string' },
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`${MERGE}: ${(error as Error).message}\nRun with --help for usage.\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(MERGE_HELP);
    return 0;
  }
  let report: RunReport;
  try {
    if (positionals.length === 0) throw new MergeError('give the --json reports of the shards');
    const reports = await Promise.all(
      positionals.map(async (file) => JSON.parse(await readFile(file, 'utf8')) as RunReport),
    );
    report = mergeReports(reports);
  } catch (error) {
    process.stderr.write(`${MERGE}: ${(error as Error).message.split('\n')[0]}\n`);
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
    process.stderr.write(`${TEST}: ${(error as Error).message}\nRun with --help for usage.\n`);
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
      `${TEST}: --replay needs the --seed of the run it comes from (both are printed in the reproducer)\n`,
    );
    return 2;
  }
  if (args.fromHar !== undefined && !existsSync(args.fromHar)) {
    process.stderr.write(`${TEST}: --from-har ${args.fromHar}: no such file\n`);
    return 2;
  }
  if (args.spec !== undefined && !existsSync(args.spec)) {
    process.stderr.write(`${TEST}: spec ${args.spec}: no such file\n`);
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
    process.stderr.write(`${TEST}: ${(error as Error).message}\n`);
    return 2;
  }
  // Recorded traffic seeds generation: what real clients sent is the ordinary request explored around.
  let recorded: HarEntry[] | undefined;
  if (args.fromHar !== undefined) {
    try {
      recorded = readHar(args.fromHar);
    } catch (error) {
      await stopMock?.();
      process.stderr.write(`${TEST}: --from-har: ${(error as Error).message}\n`);
      return 2;
    }
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
      ...(recorded ? { prepareSpec: (spec) => withRecordedExamples(spec, recorded) } : {}),
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
      process.stderr.write(`${TEST}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  process.removeListener('SIGINT', onInterrupt);
  progress.stop();
  if (args.fromHar !== undefined && report.verdict !== 'error') {
    try {
      report = await replayHarFile(args.fromHar, report, {
        target,
        credentials,
        spec: args.spec,
        timeoutMs: args.timeoutMs,
      });
    } catch (error) {
      await stopMock?.();
      process.stderr.write(`${TEST}: --from-har: ${(error as Error).message}\n`);
      return 2;
    }
  }
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
      `${TEST}: interrupted after ${report.requests.toLocaleString('en-US')} requests, ${failures} failure${failures === 1 ? '' : 's'} so far${written.length > 0 ? `; reports marked incomplete: ${written.join(', ')}` : ''}\n`,
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
  if (report.verdict === 'error') {
    process.stderr.write(`${TEST}: ${report.error ?? 'the run could not be carried out'}\n`);
    return EXIT.error;
  }
  const shortfall = coverageShortfall(report.coverage, args.minCoverage);
  if (shortfall !== undefined) process.stderr.write(`${TEST}: ${shortfall}\n`);
  return report.verdict === 'certified' && shortfall !== undefined ? EXIT.failed : EXIT[report.verdict];
}

/** Replays a HAR file against the target with the run's credentials and adds what it found to the report. */
async function replayHarFile(
  file: string,
  report: RunReport,
  run: { target: string; credentials: KitCredentials; spec: string | undefined; timeoutMs: number | undefined },
): Promise<RunReport> {
  const { loadSpec, DEFAULT_SPEC_PATH } = await import('../spec/index.js');
  const { replayHar, withHarReplay } = await import('./har/index.js');
  const { createHttpClient } = await import('./send/index.js');
  const spec = await loadSpec(run.spec ?? DEFAULT_SPEC_PATH);
  const client = createHttpClient({
    baseUrl: run.target,
    credentials: run.credentials,
    extraHeaders: run.credentials.extraHeaders(spec.securitySchemes.values()),
    timeoutMs: run.timeoutMs ?? 5_000,
  });
  try {
    const replay = await replayHar(spec, readHar(file), client);
    process.stderr.write(
      `--from-har: replayed ${replay.requests} recorded request(s), skipped ${replay.skipped.length}` +
        `${
          replay.skipped.length > 0
            ? ` (${replay.skipped
                .slice(0, 3)
                .map((s) => s.why)
                .join('; ')})`
            : ''
        }\n`,
    );
    return withHarReplay(report, replay);
  } finally {
    await client.close();
  }
}
