/**
 * `proxy <spec> <upstream>`: the validating proxy from the command line. {@link runProxyCli} is what
 * the product's command dispatches to; run directly (`npx tsx proxy/cli.ts`, `npm run proxy`) it is
 * the whole program.
 * @module
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { renderConsoleReport, shouldUseColor } from '../conformance/report/console.js';
import { writeReports } from '../conformance/report/write-reports.js';
import { coverageShortfall } from '../conformance/contract-coverage/uncovered.js';
import { COMMAND_NAME } from '../cli/name.js';
import { PROXY_HELP, parseProxyCli } from './options.js';
import { type RunningProxy, startProxy } from './server.js';

/** Where the CLI writes, and what stops it (the process's signals by default). */
export interface ProxyCliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Resolves when the proxy should stop; default: the first SIGINT or SIGTERM. */
  readonly stopped?: (proxy: RunningProxy) => Promise<string>;
}

const processIo: ProxyCliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/**
 * Runs the proxy until it is stopped, then writes the session's report (console, and the files
 * asked for) and returns the exit status: 0, 1 when `--fail-on` violations (or coverage under
 * `--min-coverage`) were seen, 2 for a bad command line or a proxy that cannot start.
 */
export async function runProxyCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: ProxyCliIo = processIo,
): Promise<number> {
  const parsed = parseProxyCli(argv, env);
  if (parsed.kind === 'help') {
    io.stdout(PROXY_HELP);
    return 0;
  }
  if (parsed.kind === 'error') {
    io.stderr(`${COMMAND_NAME} proxy: ${parsed.message}\n\n${PROXY_HELP}`);
    return 2;
  }
  const options = parsed.options;
  const files = {
    ...(options.json !== undefined ? { json: options.json } : {}),
    ...(options.junit !== undefined ? { junit: options.junit } : {}),
    ...(options.html !== undefined ? { html: options.html } : {}),
    secrets: [],
  };
  let proxy: RunningProxy;
  try {
    proxy = await startProxy({
      spec: options.spec,
      upstream: options.upstream,
      port: options.port,
      host: options.host,
      ...(options.basePath !== undefined ? { basePath: options.basePath } : {}),
      errors: options.errors,
      mockMissing: options.mockMissing,
      corsOrigins: options.corsOrigins,
      quiet: options.quiet,
      ...(options.record !== undefined ? { record: options.record, recordSecrets: options.recordSecrets } : {}),
      log: (line) => io.stdout(`${line}\n`),
      onReport: () => writeReports(proxy.session.report(), files),
    });
  } catch (error) {
    const err = error as Error & { code?: string };
    io.stderr(
      `${COMMAND_NAME} proxy: cannot start: ${err.code === 'EADDRINUSE' ? `port already in use (${err.message})` : err.message}\n`,
    );
    return 2;
  }
  io.stdout(
    `${proxy.spec.title} proxy listening on ${proxy.url}, forwarding to ${options.upstream}\n` +
      `  admin GET ${new URL(proxy.url).origin}/__mock/requests, POST ${new URL(proxy.url).origin}/__proxy/report\n`,
  );
  const reason = await (io.stopped ?? untilSignal)(proxy);
  io.stdout(`${reason}: stopping\n`);
  await proxy.close();
  const report = proxy.session.report();
  io.stdout(renderConsoleReport(report, { color: io === processIo && shouldUseColor(process.stdout, env) }));
  for (const file of await writeReports(report, files)) io.stdout(`report written: ${file}\n`);
  if (proxy.recorder) io.stdout(`HAR written: ${proxy.recorder.file}\n`);
  const shortfall = coverageShortfall(report.coverage, options.minCoverage);
  if (shortfall !== undefined) io.stderr(`${COMMAND_NAME} proxy: ${shortfall}\n`);
  return Math.max(proxy.session.exitCode(options.failOn), shortfall === undefined ? 0 : 1);
}

function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const on = (signal: string) => () => resolve(signal);
    process.once('SIGINT', on('SIGINT'));
    process.once('SIGTERM', on('SIGTERM'));
  });
}

const invoked = process.argv[1];
if (invoked !== undefined && import.meta.url === pathToFileURL(realpathSync(invoked)).href) {
  process.exitCode = await runProxyCli(process.argv.slice(2), process.env);
}
