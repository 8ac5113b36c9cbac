// A body member named for another collection (`categoryId` for `/categories/{id}`), against an
// in-process server that refuses, with 409, a todo whose category does not exist (held-out set 133).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import { runConformance } from '../engine/run-conformance.js';
import { referenceMembers } from './known-references.js';

const category = {
  type: 'object',
  required: ['name'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
};
const todo = {
  type: 'object',
  required: ['title'],
  properties: {
    id: { type: 'integer', readOnly: true },
    title: { type: 'string' },
    categoryId: { type: 'integer', nullable: true },
  },
};
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const document = {
  openapi: '3.0.3',
  info: { title: 'todos', version: '1' },
  paths: {
    '/todos': {
      post: {
        operationId: 'createTodo',
        requestBody: { required: true, ...json(todo) },
        responses: { '201': { description: 'created', ...json(todo) } },
      },
    },
    '/todos/{id}': {
      get: {
        operationId: 'getTodo',
        parameters: [idParameter],
        responses: { '200': { description: 'ok', ...json(todo) } },
      },
    },
    '/categories': {
      post: {
        operationId: 'createCategory',
        requestBody: { required: true, ...json(category) },
        responses: { '201': { description: 'created', ...json(category) } },
      },
    },
    '/categories/{id}': {
      get: {
        operationId: 'getCategory',
        parameters: [idParameter],
        responses: { '200': { description: 'ok', ...json(category) } },
      },
    },
  },
};

describe('a body member named for another collection', () => {
  const spec = specFromDocument(document as never);

  it('is a reference to that collection, learnt only from its item path', () => {
    expect(referenceMembers(spec.operation('createTodo')!, spec.operations)).toEqual([
      { member: 'categoryId', parameter: 'id', itemPath: '/categories/{id}' },
    ]);
    // The category's own id is no reference of the category.
    expect(referenceMembers(spec.operation('createCategory')!, spec.operations)).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'kit-collection-references-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refused with 409 when it names no category: not a valid request refused', async () => {
    const tables = { todos: new Map<number, object>(), categories: new Map<number, object>() };
    let next = 0;
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString('utf8')));
      req.on('end', () => {
        const send = (status: number, value: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
        const [, table, id] = (req.url ?? '').split('?')[0]!.split('/') as [string, 'todos' | 'categories', string?];
        const rows = tables[table];
        if (!rows) return send(404, { message: 'no route' });
        if (req.method === 'GET' && id !== undefined) {
          const row = rows.get(Number(id));
          return row ? send(200, row) : send(404, { message: 'not found' });
        }
        if (req.method !== 'POST' || id !== undefined) {
          res.setHeader('allow', id === undefined ? 'POST' : 'GET');
          return send(405, { message: 'method' });
        }
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return send(400, { message: 'bad json' });
        }
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return send(400, { message: 'object' });
        const name = table === 'todos' ? body.title : body.name;
        if (typeof name !== 'string') return send(400, { message: 'name' });
        const categoryId = body.categoryId;
        if (table === 'todos' && categoryId !== undefined && categoryId !== null) {
          if (typeof categoryId !== 'number' || !Number.isInteger(categoryId))
            return send(400, { message: 'category' });
          // A foreign key, as SQLite enforces it: the category must exist.
          if (!tables.categories.has(categoryId)) return send(409, { message: 'FOREIGN KEY constraint failed' });
        }
        const row =
          table === 'todos' ? { id: ++next, title: name, categoryId: categoryId ?? null } : { id: ++next, name };
        rows.set(row.id, row);
        return send(201, row);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const spec = join(dir, 'todos.json');
      writeFileSync(spec, JSON.stringify(document));
      const report = await runConformance({
        target: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        spec,
        seed: 1,
        runs: 10,
      });
      const failures = report.findings.filter((f) => f.severity === 'failure');
      expect(failures.map((f) => `${f.operationId} ${f.code} ${f.response?.status}`)).toEqual([]);
      // Todos were created with a category the target handed out.
      expect(report.requests).toBeGreaterThan(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
