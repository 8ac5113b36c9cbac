import { parseArgs } from 'node:util';
import { COMMAND_NAME } from '../cli/name.js';
import { DEFAULT_SPEC_PATH } from '../spec/index.js';
import { FAIL_ON, type FailOn } from './session.js';

/** What `proxy` was asked to do, read from its command line. */
export interface ProxyCliOptions {
  readonly spec: string;
  readonly upstream: string;
  readonly port: number;
  readonly host: string;
  readonly basePath?: string;
  readonly errors: boolean;
  readonly mockMissing: boolean;
  readonly corsOrigins: readonly string[];
  readonly failOn: FailOn;
  readonly json?: string;
  readonly junit?: string;
  readonly html?: string;
  /** Write the exchanges seen as HAR 1.2 to this file. */
  readonly record?: string;
  /** Keep credentials in the HAR file. */
  readonly recordSecrets: boolean;
  /** Fail the session when contract coverage is below this percentage. */
  readonly minCoverage?: number;
  readonly quiet: boolean;
}

/** The parsed command line: options, a help request, or the error to print. */
export type ProxyCliResult =
  | { readonly kind: 'run'; readonly options: ProxyCliOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

/** The command-line help. */
export const PROXY_HELP = `Usage: ${COMMAND_NAME} proxy [spec.yaml] <upstream> [options]
       (from a clone: npm run proxy -- [spec.yaml] <upstream> [options])

Validating proxy: serves at the spec's base path, forwards every request to <upstream> (a base URL
carrying its own base path: http://staging/v1), and checks both directions against <spec>.

Options:
  --port <n>             TCP port, 0 for a free one [PORT] (default 4010)
  --host <addr>          interface to bind (default 127.0.0.1)
  --base-path <path>     serve under this path instead of the spec's servers[0] (/ for none)
  --errors               answer invalid requests with the spec's own error shape instead of forwarding them
  --mock-missing         answer from the mock when the upstream answers 404/501 on a documented route
  --cors-origin <o>      allowed browser origin, repeatable or comma-separated (default: any, with credentials, on loopback; * elsewhere)
  --fail-on <what>       none | request | response | any: which violations make the exit status 1 (default any)
  --json <file>          on exit (or POST /__proxy/report) write the kit's JSON report
  --junit <file>         ... the JUnit XML report
  --html <file>          ... the HTML report
  --record <file.har>    record the exchanges as HAR 1.2 (credentials left out)
  --record-secrets       keep credentials, cookies and Authorization in the HAR file
  --min-coverage <pct>   exit 1 when contract coverage is below this percentage
  --quiet                no request lines (violations are still printed)
  --help                 this text

Admin: GET/DELETE /__mock/requests (the exchanges, with their violations), POST /__proxy/report.
`;

/** Parses the proxy's command line. */
export function parseProxyCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ProxyCliResult {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'base-path': { type: 'string' },
        errors: { type: 'boolean' },
        'mock-missing': { type: 'boolean' },
        'cors-origin': { type: 'string', multiple: true },
        'fail-on': { type: 'string' },
        json: { type: 'string' },
        junit: { type: 'string' },
        html: { type: 'string' },
        record: { type: 'string' },
        'record-secrets': { type: 'boolean' },
        'min-coverage': { type: 'string' },
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  // With one argument it is the upstream, and the spec is the shipped one, as for mock and test.
  if (positionals.length !== 1 && positionals.length !== 2)
    return { kind: 'error', message: `expected [spec] <upstream>, got ${positionals.length} argument(s)` };
  const [spec, upstream] = (positionals.length === 2 ? positionals : [DEFAULT_SPEC_PATH, positionals[0]]) as [
    string,
    string,
  ];
  const portText = values.port ?? env.PORT ?? '4010';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535)
    return { kind: 'error', message: `--port must be a number from 0 to 65535, got "${portText}"` };
  const failOn = values['fail-on'] ?? 'any';
  if (!FAIL_ON.includes(failOn as FailOn))
    return { kind: 'error', message: `--fail-on must be one of ${FAIL_ON.join(', ')}, got "${failOn}"` };
  let minCoverage: number | undefined;
  if (values['min-coverage'] !== undefined) {
    minCoverage = Number(values['min-coverage'].replace(/%$/, ''));
    if (!Number.isFinite(minCoverage) || minCoverage < 0 || minCoverage > 100)
      return {
        kind: 'error',
        message: `--min-coverage must be a percentage from 0 to 100, got "${values['min-coverage']}"`,
      };
  }
  return {
    kind: 'run',
    options: {
      spec,
      upstream,
      port: Number(portText),
      host: values.host ?? '127.0.0.1',
      ...(values['base-path'] !== undefined ? { basePath: values['base-path'] } : {}),
      errors: values.errors === true,
      mockMissing: values['mock-missing'] === true,
      corsOrigins: (values['cors-origin'] ?? []).flatMap((o) => o.split(',').map((s) => s.trim())).filter(Boolean),
      failOn: failOn as FailOn,
      ...(values.json !== undefined ? { json: values.json } : {}),
      ...(values.junit !== undefined ? { junit: values.junit } : {}),
      ...(values.html !== undefined ? { html: values.html } : {}),
      ...(values.record !== undefined ? { record: values.record } : {}),
      recordSecrets: values['record-secrets'] === true,
      ...(minCoverage !== undefined ? { minCoverage } : {}),
      quiet: values.quiet === true,
    },
  };
}
