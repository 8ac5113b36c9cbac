/**
 * The mock's command line (`contract-kit mock`, `npm start`): parses flags and environment, starts the
 * mock, prints the banner, and stops on SIGINT/SIGTERM. Flags and environment variables are listed in
 * `HELP` (options.ts) and in docs/mock.md.
 * @module
 */
import { COMMAND_NAME } from '../cli/name.js';
import { describeAuth } from './banner.js';
import { HELP, parseCli } from './options.js';
import { startMock } from './start.js';

/**
 * Runs the mock from `argv`. Resolves to an exit code when it does not start (0 after `--help`,
 * 2 on a usage error, 1 when it cannot start), or to `undefined` once it serves: it then runs until
 * a signal stops it, and exits the process itself.
 */
export async function mockMain(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<number | undefined> {
  const parsed = parseCli(argv, env);
  if (parsed.kind === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`${COMMAND_NAME} mock: ${parsed.message}\nRun with --help for usage.\n`);
    return 2;
  }
  try {
    const running = await startMock(parsed.options);
    const { options, spec } = running.mock;
    // The admin routes live at the origin, above whatever base path the spec's servers give.
    const origin = new URL(running.url).origin;
    process.stdout.write(
      `${spec.title} mock (${options.mode}) listening on ${running.url}\n` +
        describeAuth(spec.securitySchemes.values(), options)
          .map((line, i) => `${i === 0 ? '  auth  ' : '        '}${line}\n`)
          .join('') +
        `  admin ${options.admin ? `POST ${origin}/__mock/reset, GET ${origin}/__mock/requests` : 'off'}\n` +
        `  spec  ${origin}/__mock/openapi.json\n` +
        (options.faultsFile ? `  faults from ${options.faultsFile}\n` : ''),
    );
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) process.exit(1); // A second signal forces the exit.
      stopping = true;
      process.stdout.write(`${signal}: shutting down\n`);
      void running.close().then(() => process.exit(0));
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    return undefined;
  } catch (error) {
    const err = error as Error & { code?: string };
    const message = err.code === 'EADDRINUSE' ? `port already in use (${err.message})` : err.message;
    process.stderr.write(`${COMMAND_NAME} mock: cannot start: ${message}\n`);
    return 1;
  }
}
