// Answers about one item that wrap it (`{transaction: {...}}`, held-out set 138's Fastify
// transactions): the kit learns ids through the wrapper and judges what is inside it, against an
// in-process transactions API and against the project's own mock of the same document.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../findings/index.js';
import { runConformance } from '../../engine/run-conformance.js';
import { createMockServer } from '../../../mock/server.js';

const spec = fileURLToPath(new URL('../../../mock/resources/__fixtures__/wrapped-items.yaml', import.meta.url));

/** How the server under test departs from its document, if at all. */
type Defect = 'none' | 'update-lost' | 'delete-kept';

async function run(target: string): Promise<RunReport> {
  return runConformance({ target, spec, seed: 1, runs: 5 });
}

async function runAgainst(defect: Defect): Promise<RunReport> {
  const rows = new Map<string, { id: string; title: string; amount: number }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      // HEAD is GET without the body (RFC 9110 §9.3.2).
      const head = req.method === 'HEAD';
      const method = head ? 'GET' : req.method;
      const send = (status: number, value?: unknown) =>
        value === undefined
          ? res.writeHead(status).end()
          : res.writeHead(status, { 'content-type': 'application/json' }).end(head ? undefined : JSON.stringify(value));
      const [path] = (req.url ?? '').split('?') as [string];
      let body: Record<string, unknown> | undefined;
      try {
        const parsed: unknown = text === '' ? undefined : JSON.parse(text);
        body =
          parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
            ? (parsed as Record<string, unknown>)
            : undefined;
      } catch {
        return send(400, { message: 'bad json' });
      }
      const validTitle = (v: unknown) => typeof v === 'string' && v.length > 0;
      const validAmount = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 1;
      if (path === '/transactions') {
        if (method === 'GET') return send(200, { transactions: [...rows.values()] });
        if (req.method !== 'POST') {
          res.setHeader('allow', 'GET, HEAD, POST');
          return send(405, { message: 'method' });
        }
        if (!body || !validTitle(body.title) || !validAmount(body.amount) || Object.keys(body).length !== 2)
          return send(400, { message: 'invalid transaction' });
        const row = { id: randomUUID(), title: body.title as string, amount: body.amount as number };
        rows.set(row.id, row);
        return send(201, { message: 'created', transaction: row });
      }
      const id = /^\/transactions\/([^/]+)$/.exec(path)?.[1];
      const row = id === undefined ? undefined : rows.get(id);
      if (!row) return send(404, { message: 'not found' });
      if (method === 'GET') return send(200, { transaction: row });
      if (req.method === 'DELETE') {
        if (defect !== 'delete-kept') rows.delete(row.id);
        return send(204);
      }
      if (req.method !== 'PATCH') {
        res.setHeader('allow', 'GET, HEAD, PATCH, DELETE');
        return send(405, { message: 'method' });
      }
      if (!body || ('title' in body && !validTitle(body.title)) || ('amount' in body && !validAmount(body.amount)))
        return send(400, { message: 'invalid change' });
      // Members the change does not declare are ignored.
      const changed = {
        ...row,
        ...('title' in body ? { title: body.title as string } : {}),
        ...('amount' in body ? { amount: body.amount as number } : {}),
      };
      if (defect !== 'update-lost') rows.set(row.id, changed);
      return send(200, { transaction: changed });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const failures = (report: RunReport) =>
  report.findings.filter((f) => f.severity === 'failure').map((f) => `${f.operationId} ${f.check}`);

describe('answers that wrap the item', () => {
  it('certify a server that keeps what it is told, and the mock of the same document', async () => {
    expect(failures(await runAgainst('none'))).toEqual([]);
    const mock = await createMockServer({ spec, watch: false, quiet: true, log: () => undefined });
    try {
      const address = mock.server.listening ? mock.server.address() : undefined;
      const port =
        (address as AddressInfo | undefined)?.port ??
        (await new Promise<number>((resolve) =>
          mock.server.listen(0, '127.0.0.1', () => resolve((mock.server.address() as AddressInfo).port)),
        ));
      expect(failures(await run(`http://127.0.0.1:${port}`))).toEqual([]);
    } finally {
      await mock.close();
    }
  });

  it('fail an update the read inside the wrapper does not show', async () => {
    expect(failures(await runAgainst('update-lost'))).toContain('getTransaction semantics.read_back');
  });

  it('fail a delete after which the item is still read', async () => {
    expect(failures(await runAgainst('delete-kept'))).toContain('getTransaction semantics.delete');
  });
});
