/**
 * A tiny static server for the example app, on its own origin (another port than the mock), so the
 * browser really makes cross-origin requests and the mock's CORS answers matter.
 *
 *   npm start                                   # the mock, http://127.0.0.1:4010/v1
 *   npx tsx examples/frontend/serve.ts          # the app, http://127.0.0.1:5500/
 *
 * The TypeScript is compiled once at start with esbuild (already installed with tsx), in memory.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

export interface RunningFrontend {
  /** The app's origin with a trailing slash, e.g. `http://127.0.0.1:5500/`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** Compiles app.ts (and what it imports) to one browser ES module. */
export async function compileApp(): Promise<string> {
  const result = await build({
    entryPoints: [here('app.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    sourcemap: 'inline',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Starts the static server; `port: 0` picks a free port. */
export async function startFrontend(options: { port?: number; host?: string } = {}): Promise<RunningFrontend> {
  const host = options.host ?? '127.0.0.1';
  const files = new Map<string, { type: string; body: string }>([
    ['/index.html', { type: 'text/html; charset=utf-8', body: await readFile(here('index.html'), 'utf8') }],
    ['/style.css', { type: 'text/css; charset=utf-8', body: await readFile(here('style.css'), 'utf8') }],
    ['/app.js', { type: 'text/javascript; charset=utf-8', body: await compileApp() }],
  ]);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = files.get(path === '/' ? '/index.html' : path);
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    res
      .writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' })
      .end(req.method === 'HEAD' ? undefined : file.body);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '5500' }, host: { type: 'string', default: '127.0.0.1' } },
  });
  const app = await startFrontend({ port: Number(values.port), host: values.host });
  process.stdout.write(
    `Example app at ${app.url} (API http://127.0.0.1:4010/v1, key dev-key: change them in the page)\n`,
  );
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
