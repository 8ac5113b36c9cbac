/**
 * Starts an implementation of the Animal Store API to certify: the project's reference server with
 * one defect from the catalogue switched on, or without it (`--fixed`). For the walkthrough in
 * README.md beside this file.
 *
 *   npx tsx examples/certify/serve.ts --fault limit-plus-one   # a server with a bug
 *   npx tsx examples/certify/serve.ts --fixed                  # the same server, bug fixed
 *   npx tsx examples/certify/serve.ts --list                   # the defects to choose from
 *
 * Port: --port, else PORT, else 4020. Key: --api-key, else animal-store-test-key.
 */
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { DEFAULT_API_KEY, DEFECTS, FAULTS, createReferenceHandler, type Fault } from '../../fixtures/impls/index.js';

const USAGE =
  'usage: npx tsx examples/certify/serve.ts (--fault <name> ... | --fixed | --list) [--port <n>] [--api-key <key>]\n';

function fail(message: string): never {
  process.stderr.write(`serve: ${message}\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      fault: { type: 'string', multiple: true },
      fixed: { type: 'boolean' },
      list: { type: 'boolean' },
      port: { type: 'string' },
      'api-key': { type: 'string' },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}

if (values.list) {
  for (const entry of DEFECTS) {
    if ((FAULTS as readonly string[]).includes(entry.id))
      process.stdout.write(`${entry.id.padEnd(36)} ${entry.description}\n`);
  }
  process.exit(0);
}

const faults = values.fault ?? [];
if ((values.fixed === true) === faults.length > 0)
  fail('choose --fault <name> (a server with that defect) or --fixed (the correct server)');
for (const name of faults) {
  if (!(FAULTS as readonly string[]).includes(name)) fail(`unknown fault ${JSON.stringify(name)}; --list shows them`);
}
const portText = values.port ?? process.env['PORT'] ?? '4020';
if (!/^\d+$/.test(portText) || Number(portText) > 65535) fail(`bad port ${JSON.stringify(portText)}`);
const apiKey = values['api-key'] ?? DEFAULT_API_KEY;

const server = createServer(createReferenceHandler({ apiKeys: [apiKey], faults: faults as Fault[] }));
const sockets = new Set<Socket>();
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
server.once('error', (error) => fail(error.message));
server.listen(Number(portText), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : Number(portText);
  const what = faults.length > 0 ? `with defect ${faults.join(', ')}` : 'fixed (no defect)';
  process.stdout.write(
    `Animal Store API ${what} listening on http://127.0.0.1:${port}/v1 (key ${apiKey}); Ctrl-C to stop\n`,
  );
});

function stop(): void {
  server.close(() => process.exit(0));
  for (const socket of sockets) socket.destroy();
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
