/**
 * `npm start`: runs the mock from the command line. Flags and environment variables are listed in
 * `HELP` (options.ts) and in mock/README.md.
 * @module
 */
import { DEFAULT_DEV_KEY, DEFAULT_DEV_USER } from './auth.js';
import { HELP, parseCli } from './options.js';
import { startMock } from './start.js';

const parsed = parseCli(process.argv.slice(2), process.env);
if (parsed.kind === 'help') {
  process.stdout.write(HELP);
  process.exit(0);
}
if (parsed.kind === 'error') {
  process.stderr.write(`mock: ${parsed.message}\n\n${HELP}`);
  process.exit(2);
}

try {
  const running = await startMock(parsed.options);
  const { options } = running.mock;
  // Say how to present the key for the schemes this spec actually uses.
  const kinds = new Set([...running.mock.spec.securitySchemes.values()].map((s) => s.kind));
  const where = [...running.mock.spec.securitySchemes.values()].flatMap((s) =>
    s.kind === 'apiKey'
      ? [`${s.parameter} ${s.in === 'header' ? 'header' : s.in === 'query' ? 'query parameter' : 'cookie'}`]
      : [],
  );
  const bearer = kinds.has('bearer') || kinds.has('oauth2') || kinds.has('openIdConnect') || kinds.size === 0;
  const devHow = [
    ...(bearer ? [`Authorization: Bearer ${DEFAULT_DEV_KEY}`] : []),
    ...where.map((w) => `${DEFAULT_DEV_KEY} in the ${w}`),
    ...(kinds.has('basic') ? [`Basic ${DEFAULT_DEV_USER}`] : []),
  ].join(', or ');
  const users =
    options.keys.kind === 'keys' && !options.devKey && options.keys.users
      ? `, ${options.keys.users.length} Basic user(s)`
      : '';
  const keys =
    options.keys.kind === 'any'
      ? bearer && kinds.size <= 1
        ? 'any non-empty bearer token'
        : 'any well-formed credential'
      : options.devKey
        ? `the development key only: ${devHow}`
        : `${options.keys.keys.length} configured key(s)${users}`;
  // The admin routes live at the origin, above whatever base path the spec's servers give.
  const origin = new URL(running.url).origin;
  process.stdout.write(
    `${running.mock.spec.title} mock (${options.mode}) listening on ${running.url}\n` +
      `  accepting ${keys}\n` +
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
} catch (error) {
  const err = error as Error & { code?: string };
  const message = err.code === 'EADDRINUSE' ? `port already in use (${err.message})` : err.message;
  process.stderr.write(`mock: cannot start: ${message}\n`);
  process.exit(1);
}
