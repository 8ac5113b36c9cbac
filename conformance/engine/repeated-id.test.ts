// A creation whose body chooses the new item's id (`POST /users {"id": 4}` beside `GET /users/{id}`),
// sent again with an id the target took before: a correct server refuses it with 409 whether its
// document lists 409 or not, and that refusal is the target's state, not a valid request refused.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../findings/index.js';
import { runConformance } from './run-conformance.js';

const user = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string', minLength: 1 } },
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const document = {
  openapi: '3.0.3',
  info: { title: 'users', version: '1' },
  paths: {
    '/users': {
      post: {
        operationId: 'createUser',
        requestBody: { required: true, ...json(user) },
        responses: { '201': { description: 'made', ...json(user) }, '400': { description: 'invalid input' } },
      },
      get: {
        operationId: 'listUsers',
        responses: { '200': { description: 'all', ...json({ type: 'array', items: user }) } },
      },
    },
    '/users/{id}': {
      get: {
        operationId: 'getUser',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'one', ...json(user) }, '404': { description: 'not found' } },
      },
    },
  },
};

/** How the server answers a creation: `taken` refuses an id it holds with 409, `always` refuses every id, new ones too. */
async function run(conflict: 'taken' | 'always', dir: string): Promise<RunReport> {
  const rows = new Map<number, unknown>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const head = req.method === 'HEAD';
      const method = head ? 'GET' : req.method;
      const send = (status: number, value?: unknown) =>
        res
          .writeHead(status, value === undefined ? {} : { 'content-type': 'application/json' })
          .end(value === undefined || head ? undefined : JSON.stringify(value));
      const path = (req.url ?? '').split('?')[0]!;
      const item = /^\/users\/([^/]+)$/.exec(path);
      if (path === '/users' && method === 'GET') return send(200, [...rows.values()]);
      if (path === '/users' && method === 'POST') {
        let b: { id?: unknown; name?: unknown } | undefined;
        try {
          b = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof b;
        } catch {
          return send(400, { message: 'bad json' });
        }
        if (!b || typeof b !== 'object' || Array.isArray(b)) return send(400, { message: 'invalid' });
        const { id, name } = b;
        if (!Number.isSafeInteger(id) || (id as number) < 1 || typeof name !== 'string' || name.length < 1)
          return send(400, { message: 'invalid' });
        if (rows.has(id as number) || conflict === 'always')
          return send(409, { message: 'a user with this id exists' });
        const row = { id, name };
        rows.set(id as number, row);
        return send(201, row);
      }
      if (item && method === 'GET') {
        const row = rows.get(Number(item[1]));
        return row ? send(200, row) : send(404, { message: 'not found' });
      }
      res.setHeader('allow', item ? 'GET, HEAD' : 'GET, HEAD, POST');
      return send(item || path === '/users' ? 405 : 404, { message: 'no' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const spec = join(dir, 'users.json');
    writeFileSync(spec, JSON.stringify(document));
    return await runConformance({
      target: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      spec,
      seed: 1,
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('a creation that repeats an id the target took', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kit-repeated-id-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refused with an unlisted 409, is the target’s state: the server certifies', async () => {
    const report = await run('taken', dir);
    expect(report.findings.filter((f) => f.severity === 'failure')).toEqual([]);
    expect(report.verdict).toBe('certified');
  });

  it('a 409 to an id nothing holds still fails as a valid request refused', async () => {
    const report = await run('always', dir);
    const refused = report.findings.filter((f) => f.severity === 'failure' && f.code === 'positive_rejected');
    expect(refused.map((f) => f.operationId)).toContain('createUser');
  });
});
