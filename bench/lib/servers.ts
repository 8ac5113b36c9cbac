/**
 * The servers under load, each started as its own process the way people start it:
 * the mock's bundle `dist/mock.mjs` (what `npm start` runs, after its `prestart` build), raw Prism
 * through its CLI, and a bare `node:http` server (plain node, no loader) as the ceiling.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type Spawned, freePort, spawnProcess } from './processes.js';

export type MockMode = 'stateful' | 'static' | 'dynamic';
export const MOCK_MODES: readonly MockMode[] = ['stateful', 'static', 'dynamic'];

/** The key the benchmark gives the mock. Prism accepts any bearer token. */
export const BENCH_KEY = 'bench-key';

export type ServerId =
  | `mock-${MockMode}`
  | 'prism'
  | 'bare'
  | 'mock-stateful-node-import'
  | `github-mock-${MockMode}`
  | 'github-prism'
  | 'proxy'
  | 'prism-proxy';

export interface ServerSpec {
  readonly id: ServerId;
  /** Table label. */
  readonly label: string;
  /** How it is started, for the report. */
  readonly how: string;
  /** Path and query of the loaded route. */
  readonly route: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Mock modes only. */
  readonly mode?: MockMode;
  /** How long to wait for the first 200 after spawn (default 30 s; large descriptions need more). */
  readonly readyTimeoutMs?: number;
  start(port: number): Spawned;
}

const MOCK_BUNDLE = join(ROOT, 'dist/mock.mjs');
let bundleBuilt = false;

/** Builds dist/mock.mjs from the current sources, once per benchmark process, as `prestart` does. */
export function ensureMockBundle(): void {
  if (bundleBuilt) return;
  execFileSync(process.execPath, [join(ROOT, 'mock/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  bundleBuilt = true;
}
const PRISM_CLI = join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js');

/** What the mock answers to `GET /v1/pets?limit=5` in stateful mode: the first five seed pets. */
export function fixedBody(): string {
  const pets = JSON.parse(readFileSync(join(ROOT, 'fixtures/pets.json'), 'utf8')) as unknown[];
  return JSON.stringify(pets.slice(0, 5));
}

/**
 * The ceiling: node:http answering every request with a fixed JSON body. Run with `node -e`, so no
 * loader and no TypeScript stands between node and the socket.
 */
export function bareServerSource(): string {
  return [
    "const http = require('node:http');",
    'const body = Buffer.from(process.env.BENCH_BODY);',
    "const server = http.createServer((req, res) => { req.resume(); res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length }); res.end(body); });",
    "server.listen(Number(process.env.PORT), '127.0.0.1');",
    "for (const s of ['SIGTERM', 'SIGINT']) process.on(s, () => { server.close(); server.closeAllConnections(); process.exit(0); });",
  ].join('\n');
}

function mockArgs(mode: MockMode, port: number): string[] {
  return [MOCK_BUNDLE, '--quiet', '--port', String(port), '--mode', mode, '--api-key', BENCH_KEY];
}

const mockHeaders = { Authorization: `Bearer ${BENCH_KEY}` };

export function mockServer(mode: MockMode): ServerSpec {
  return {
    id: `mock-${mode}`,
    label: `mock ${mode}`,
    how: `node dist/mock.mjs --quiet --mode ${mode} (as \`npm start\` runs it)`,
    route: '/v1/pets?limit=5',
    headers: mockHeaders,
    mode,
    start: (port) => {
      ensureMockBundle();
      return spawnProcess({ label: `mock ${mode}`, command: process.execPath, args: mockArgs(mode, port) });
    },
  };
}

export const PRISM_CLI_PATH = PRISM_CLI;
export const MOCK_BUNDLE_PATH = MOCK_BUNDLE;

export const prismServer: ServerSpec = {
  id: 'prism',
  label: 'raw Prism CLI',
  how: 'node prism-cli/dist/index.js mock spec/openapi.yaml (default logging, stdout to /dev/null)',
  route: '/pets?limit=5',
  headers: { Authorization: 'Bearer anything' },
  start: (port) =>
    spawnProcess({
      label: 'raw Prism',
      command: process.execPath,
      args: [PRISM_CLI, 'mock', 'spec/openapi.yaml', '-p', String(port), '-h', '127.0.0.1'],
      // Prism logs several lines per request; a terminal would be slower than /dev/null.
      captureStdout: false,
    }),
};

export const bareServer: ServerSpec = {
  id: 'bare',
  label: 'bare node:http',
  how: 'node -e (node:http, fixed body, no loader)',
  route: '/v1/pets?limit=5',
  headers: mockHeaders,
  start: (port) =>
    spawnProcess({
      label: 'bare node:http',
      command: process.execPath,
      args: ['-e', bareServerSource()],
      env: { PORT: String(port), BENCH_BODY: fixedBody() },
    }),
};

/** Starts a server on a free port. */
export async function startOnFreePort(spec: ServerSpec): Promise<{ proc: Spawned; url: string }> {
  const port = await freePort();
  const proc = spec.start(port);
  return { proc, url: `http://127.0.0.1:${port}${spec.route}` };
}
