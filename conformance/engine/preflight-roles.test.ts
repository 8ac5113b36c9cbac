// The first look at a target with a credential of one role (held-out set 154: a client's profile,
// where the first read the kit tries is an admin report answering 401): other secured reads tell a
// refused credential from one that is not allowed everywhere.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from './run-conformance.js';

const list = (operationId: string) => ({
  get: {
    operationId,
    responses: {
      '200': {
        description: 'ok',
        content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
      },
      '401': { description: 'who are you' },
    },
  },
});
const document = {
  openapi: '3.0.3',
  info: { title: 'jobs', version: '1' },
  components: { securitySchemes: { profile: { type: 'apiKey', in: 'header', name: 'profile_id' } } },
  security: [{ profile: [] }],
  paths: { '/admin/report': list('adminReport'), '/jobs': list('listJobs') },
};

async function run(clientServed: boolean, dir: string) {
  const server = createServer((req, res) => {
    const head = req.method === 'HEAD';
    const send = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(head ? undefined : JSON.stringify(value));
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' && !head) {
      res.setHeader('allow', 'GET, HEAD');
      return send(405, { message: 'method' });
    }
    if (req.headers.profile_id !== 'client-1') return send(401, { message: 'who are you' });
    if (path === '/jobs' && clientServed) return send(200, ['a']);
    if (path === '/admin/report' || path === '/jobs') return send(401, { message: 'admins only' });
    return send(404, { message: 'no route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const spec = join(dir, 'jobs.json');
    writeFileSync(spec, JSON.stringify(document));
    return await runConformance({
      target: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      spec,
      seed: 1,
      runs: 3,
      headers: ['profile_id: client-1'],
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('a credential the first read refuses', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kit-preflight-roles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('served by another secured read, is a credential of a role: the run goes on', async () => {
    const report = await run(true, dir);
    expect(report.verdict).not.toBe('error');
    expect(report.requests).toBeGreaterThan(10);
  });

  it('refused by every secured read tried, stops the run as a usage error', async () => {
    await expect(run(false, dir)).rejects.toThrow(
      /refused the credentials on the first valid request \(GET \/admin\/report answered 401, and 1 other secured read too\)/,
    );
  });
});
