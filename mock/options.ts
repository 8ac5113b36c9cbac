import { parseArgs } from 'node:util';
import { DEFAULT_SPEC_PATH } from '../spec/index.js';
import {
  type CoreMockOptions,
  type CoreOptions,
  MOCK_MODES,
  type MockMode,
  resolveCoreOptions,
} from './core-options.js';
import { DEFAULT_DEV_KEY, DEFAULT_DEV_USER } from './auth.js';
import type { LogSink } from './log.js';
import { COMMAND_NAME } from '../cli/name.js';

export { MOCK_MODES } from './core-options.js';
export type { MockMode } from './core-options.js';

/** The outcome of a spec reload, as data. */
export type ReloadEvent =
  | { readonly ok: true; readonly file: string }
  | { readonly ok: false; readonly file: string; readonly message: string };

/** Options of {@link startMock} and {@link createMockServer}; every field is optional. */
export interface MockOptions extends CoreMockOptions {
  /** TCP port; 0 picks a free one. Default 4010. */
  readonly port?: number;
  /** Interface to bind. Default `127.0.0.1`. */
  readonly host?: string;
  /** Path of the OpenAPI file (the `--spec` flag). Default: the project's `spec/openapi.yaml`. */
  readonly spec?: string;
  /** Serve under this base path instead of the one `servers[0]` names (`--base-path`; `/` for none). */
  readonly basePath?: string;
  /** Serve `POST /__mock/reset`. Default: only when bound to a loopback host. */
  readonly admin?: boolean;
  /** Reload the spec when its file changes. Default true for {@link startMock}. */
  readonly watch?: boolean;
  /**
   * Seed data for the stateful store (the `--data` flag): a JSON file holding an object keyed by
   * collection path or name (`{"/pets": [...], "owners": [...]}`), or a plain array of items when the
   * spec has one top-level collection. Each item is checked against its collection's item schema.
   * Collections it does not name take the domain plug-in's seed (the Animal Store's
   * `fixtures/pets.json`), else the spec's examples.
   */
  readonly dataFile?: string;
  /** Faults per route, a YAML or JSON file (the `--faults` flag; see mock/faults). Default: none. */
  readonly faultsFile?: string;
  /** Record the exchanges as HAR 1.2 to this file, written when the mock closes (`--record`). */
  readonly record?: string;
  /** Keep credentials, cookies and Authorization in the recording (`--record-secrets`). */
  readonly recordSecrets?: boolean;
  /** Where log lines go. Default standard output. */
  readonly log?: LogSink;
  /** Called after every spec reload attempt. */
  readonly onReload?: (event: ReloadEvent) => void;
}

/** Options with every default applied. */
export interface ResolvedOptions extends CoreOptions {
  readonly port: number;
  readonly host: string;
  readonly specFile: string;
  readonly basePath?: string;
  readonly watch: boolean;
  readonly dataFile: string | undefined;
  readonly faultsFile: string | undefined;
  readonly onReload: ((event: ReloadEvent) => void) | undefined;
}

/** Applies defaults and checks values; throws a plain Error naming the bad option. */
export function resolveOptions(options: MockOptions, log: LogSink): ResolvedOptions {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`port must be an integer from 0 to 65535, got ${port}`);
  const core = resolveCoreOptions(options, log, isLoopback(host));
  return {
    port,
    host,
    specFile: options.spec ?? DEFAULT_SPEC_PATH,
    ...(options.basePath !== undefined ? { basePath: options.basePath } : {}),
    ...core,
    watch: options.watch ?? true,
    dataFile: options.dataFile,
    faultsFile: options.faultsFile,
    onReload: options.onReload,
  };
}

/** True for hosts only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** What the command line asked for. */
export type CliResult =
  | { readonly kind: 'run'; readonly options: MockOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

/** The command-line help, listing every flag and environment variable. */
export const HELP = `Usage: ${COMMAND_NAME} mock [spec.yaml] [options]
       (from a clone: npm start -- [spec.yaml] [options])

Serves a mock of an OpenAPI 3.0/3.1 API (YAML or JSON; Swagger 2.0 is converted), by default the
Animal Store's spec/openapi.yaml, at http://HOST:PORT plus the path of the spec's servers[0].
The banner says, per security scheme, where the credential goes and which one is accepted.

Options (environment variable in brackets; a flag wins over its variable):
  --port <n>            TCP port, 0 for a free one [PORT] (default 4010)
  --host <addr>         interface to bind (default 127.0.0.1)
  --spec <file>         the spec, as an option instead of the first argument
  --base-path <path>    serve under this path instead of the spec's servers[0] (/ for none) [MOCK_BASE_PATH]
  --mode <m>            stateful | static | dynamic [MOCK_MODE] (default stateful)
  --api-key <key>       accepted key, repeatable [MOCK_API_KEYS, comma-separated]: bearer token,
                        OAuth 2.0 / OpenID Connect token or API key, wherever the spec puts it
                        (default: the development key "${DEFAULT_DEV_KEY}")
  --user <name:pass>    accepted HTTP Basic user, repeatable [MOCK_USERS, comma-separated]
                        (default with no key nor user: "${DEFAULT_DEV_USER}")
  --any-key             accept any well-formed credential of the operation's scheme
  --cors-origin <o>     allowed browser origin, repeatable or comma-separated [MOCK_CORS_ORIGINS] (default: any, with credentials, on loopback; * elsewhere)
  --delay <ms>          delay added to every answer [MOCK_DELAY] (default 0)
  --seed <s>            seed for generated data and fault delays [MOCK_SEED]
  --data <file.json>    seed data for stateful mode: an object keyed by collection path or name, or an
                        array of items for a spec with one top-level collection (default: a domain
                        plug-in's seed, such as the Animal Store's fixtures/pets.json, else the spec's examples)
  --faults <file>       faults per route, YAML or JSON [MOCK_FAULTS] (default: none; the X-Mock-Fault
                        header works without it)
  --admin / --no-admin  serve POST /__mock/reset and GET /__mock/requests (default: on for loopback hosts only)
  --record <file.har>   record the exchanges as HAR 1.2, written on exit (credentials left out)
  --record-secrets      keep credentials, cookies and Authorization in the recording
  --no-watch            do not reload the spec, the files it $refs, nor the faults file when they change
  --quiet               no request log lines
  --help                this text
`;

/** Parses the command line and environment into {@link MockOptions} (no defaults applied yet). */
export function parseCli(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliResult {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        spec: { type: 'string' },
        'base-path': { type: 'string' },
        mode: { type: 'string' },
        'api-key': { type: 'string', multiple: true },
        'any-key': { type: 'boolean' },
        user: { type: 'string', multiple: true },
        'cors-origin': { type: 'string', multiple: true },
        delay: { type: 'string' },
        seed: { type: 'string' },
        data: { type: 'string' },
        faults: { type: 'string' },
        record: { type: 'string' },
        'record-secrets': { type: 'boolean' },
        // node:util parseArgs on Node 20 has no --no-* negation, so both spellings are declared.
        admin: { type: 'boolean' },
        'no-admin': { type: 'boolean' },
        'no-watch': { type: 'boolean' },
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  if (positionals.length > 1)
    return { kind: 'error', message: `one spec at a time, got ${positionals.map((p) => JSON.stringify(p)).join(' ')}` };
  if (positionals.length === 1 && values.spec !== undefined)
    return { kind: 'error', message: `the spec is given twice: ${positionals[0]} and --spec ${values.spec}` };
  const options: { -readonly [K in keyof MockOptions]: MockOptions[K] } = {};
  const port = values.port ?? env.PORT;
  if (port !== undefined && port !== '') {
    if (!/^\d+$/.test(port)) return { kind: 'error', message: `--port/PORT must be a number, got "${port}"` };
    options.port = Number(port);
  }
  if (values.host !== undefined) options.host = values.host;
  const spec = positionals[0] ?? values.spec;
  if (spec !== undefined) options.spec = spec;
  const basePath = values['base-path'] ?? env.MOCK_BASE_PATH;
  if (basePath !== undefined) options.basePath = basePath;
  const mode = values.mode ?? env.MOCK_MODE;
  if (mode !== undefined && mode !== '') {
    if (!MOCK_MODES.includes(mode as MockMode))
      return { kind: 'error', message: `--mode/MOCK_MODE must be one of ${MOCK_MODES.join(', ')}, got "${mode}"` };
    options.mode = mode as MockMode;
  }
  const keys = values['api-key'] ?? splitList(env.MOCK_API_KEYS);
  if (keys.length > 0) options.apiKeys = keys;
  const users = values.user ?? splitList(env.MOCK_USERS);
  if (users.length > 0) options.users = users;
  if (values['any-key']) options.anyKey = true;
  const origins = (values['cors-origin'] ?? []).flatMap((o) => splitList(o));
  const corsOrigins = origins.length > 0 ? origins : splitList(env.MOCK_CORS_ORIGINS);
  if (corsOrigins.length > 0) options.corsOrigins = corsOrigins;
  const delay = values.delay ?? env.MOCK_DELAY;
  if (delay !== undefined && delay !== '') {
    if (!/^\d+$/.test(delay))
      return { kind: 'error', message: `--delay/MOCK_DELAY must be a whole number of ms, got "${delay}"` };
    options.delayMs = Number(delay);
  }
  const seed = values.seed ?? env.MOCK_SEED;
  if (seed !== undefined && seed !== '') options.seed = seed;
  if (values.data !== undefined && values.data !== '') options.dataFile = values.data;
  const faults = values.faults ?? env.MOCK_FAULTS;
  if (faults !== undefined && faults !== '') options.faultsFile = faults;
  if (values.admin && values['no-admin'])
    return { kind: 'error', message: '--admin and --no-admin contradict each other' };
  if (values.admin) options.admin = true;
  if (values['no-admin']) options.admin = false;
  if (values['no-watch']) options.watch = false;
  if (values.quiet) options.quiet = true;
  if (values.record !== undefined && values.record !== '') options.record = values.record;
  if (values['record-secrets']) options.recordSecrets = true;
  return { kind: 'run', options };
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
