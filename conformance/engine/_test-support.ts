// Helpers of the engine's tests (not shipped).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Serves a handler on a free loopback port, recording every request line it sees. */
export async function recording(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes an OpenAPI document to a temporary file and serves `handler` on a free loopback port, with
 * each request's body read as text first: the spec path and target URL a kit run takes.
 */
export async function servingDocument(
  name: string,
  document: object,
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{ url: string; spec: string; seen: string[]; close(): Promise<void> }> {
  const spec = join(mkdtempSync(join(tmpdir(), `kit-${name}-`)), `${name}.json`);
  writeFileSync(spec, JSON.stringify(document));
  const served = await recording((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => handler(req, res, body));
  });
  return { ...served, url: served.url.replace(/\/v1$/, ''), spec };
}

/** Writes a JSON answer. */
export function answerJson(
  res: ServerResponse,
  status: number,
  value?: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, value === undefined ? headers : { 'content-type': 'application/json', ...headers });
  res.end(value === undefined ? undefined : JSON.stringify(value));
}
