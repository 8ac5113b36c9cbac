// An update naming no member (`PATCH {}`), sent by the lifecycle to an item it made, against an
// in-process things API (held-out set 133: objection's patch of no columns answered 404).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../findings/index.js';
import { runConformance } from '../../engine/run-conformance.js';

const thing = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, colour: { type: 'string' } },
};
const change = { type: 'object', properties: { name: { type: 'string' }, colour: { type: 'string' } } };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const idParameter = { name: 'thingId', in: 'path', required: true, schema: { type: 'integer' } };
const document = {
  openapi: '3.0.3',
  info: { title: 'things', version: '1' },
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: { required: true, ...json({ ...thing, required: ['name'] }) },
        responses: { '201': { description: 'created', ...json(thing) }, '400': { description: 'invalid input' } },
      },
    },
    '/things/{thingId}': {
      get: {
        operationId: 'getThing',
        parameters: [idParameter],
        responses: { '200': { description: 'ok', ...json(thing) }, '404': { description: 'no such thing' } },
      },
      patch: {
        operationId: 'updateThing',
        parameters: [idParameter],
        requestBody: { required: true, ...json(change) },
        responses: {
          '200': { description: 'updated', ...json(thing) },
          '400': { description: 'invalid input' },
          '404': { description: 'no such thing' },
        },
      },
    },
  },
};

type EmptyPatch = 'applied' | 'not-found' | 'refused';

async function run(emptyPatch: EmptyPatch, dir: string): Promise<RunReport> {
  const things = new Map<number, Record<string, unknown>>();
  let next = 0;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      const send = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const [path] = (req.url ?? '').split('?') as [string];
      const id = /^\/things\/(\d+)$/.exec(path)?.[1];
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        return send(400, { message: 'bad json' });
      }
      const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as object) : undefined;
      const strings = fields && Object.values(fields).every((v) => typeof v === 'string');
      if (path === '/things' && req.method === 'POST') {
        if (!fields || !strings || typeof (fields as { name?: unknown }).name !== 'string')
          return send(400, { message: 'invalid' });
        const { name, colour } = fields as Record<string, string>;
        const row = { id: ++next, name, ...(colour !== undefined ? { colour } : {}) };
        things.set(row.id, row);
        return send(201, row);
      }
      if (id === undefined) return send(404, { message: 'no route' });
      const row = things.get(Number(id));
      if (req.method === 'GET') return row ? send(200, row) : send(404, { message: 'not found' });
      if (req.method !== 'PATCH') {
        res.setHeader('allow', 'GET, PATCH');
        return send(405, { message: 'method' });
      }
      if (!fields || !strings) return send(400, { message: 'invalid' });
      const { name, colour } = fields as Record<string, string | undefined>;
      if (name === undefined && colour === undefined) {
        // objection's patchAndFetchById with no columns updates no row and finds none.
        if (emptyPatch === 'not-found') return send(404, { message: 'not found' });
        if (emptyPatch === 'refused') return send(400, { message: 'nothing to update' });
      }
      if (!row) return send(404, { message: 'not found' });
      Object.assign(row, name !== undefined ? { name } : {}, colour !== undefined ? { colour } : {});
      return send(200, row);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const spec = join(dir, 'things.json');
    writeFileSync(spec, JSON.stringify(document));
    return await runConformance({
      target: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      spec,
      seed: 1,
      runs: 5,
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('an update that names no member', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kit-empty-update-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const failures = (report: RunReport) =>
    report.findings.filter((f) => f.severity === 'failure').map((f) => `${f.operationId} ${f.code}`);

  it('answered 404 for an item the run made fails: the item exists', async () => {
    const report = await run('not-found', dir);
    expect(failures(report)).toContain('updateThing positive_rejected');
    const found = report.findings.find((f) => f.code === 'positive_rejected');
    expect(found?.request?.body).toBe('{}');
  });

  it('refused with a status the operation documents is a gap; applied as nothing, it passes', async () => {
    const refused = await run('refused', dir);
    expect(failures(refused)).toEqual([]);
    expect(refused.findings.some((f) => f.gap === 'empty-update')).toBe(true);
    expect(failures(await run('applied', dir))).toEqual([]);
  });
});
