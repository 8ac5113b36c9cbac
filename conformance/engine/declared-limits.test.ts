// Limits the spec declares are the contract's own: a value within them is no "size edge" a server
// may refuse, and lengths count characters (code points), as JSON Schema does. JavaScript's
// validators count UTF-16 units (zod, Joi): a value within the limit in characters but past it in
// units may be refused, with a status the operation documents (held-out sets 48, 49, 52).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../findings/index.js';
import { runConformance } from './run-conformance.js';

const NOTE = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 40 } },
};
const document = {
  openapi: '3.1.0',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: { required: true, content: { 'application/json': { schema: NOTE } } },
        responses: {
          '201': { description: 'created', content: { 'application/json': { schema: NOTE } } },
          '400': { description: 'invalid' },
        },
      },
    },
  },
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Serves createNote with `fits` deciding whether a title is short enough; a refusal gets `refusal`. */
async function notes(fits: (title: string) => boolean, refusal = 400): Promise<{ url: string; spec: string }> {
  const spec = join(mkdtempSync(join(tmpdir(), 'kit-limits-')), 'notes.json');
  writeFileSync(spec, JSON.stringify(document));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      let note: unknown;
      try {
        note = JSON.parse(body);
      } catch {
        return send(400, { message: 'bad json' });
      }
      const title = (note as { title?: unknown } | null)?.title;
      const keys = note !== null && typeof note === 'object' && !Array.isArray(note) ? Object.keys(note) : ['?'];
      if (typeof title !== 'string' || title.length === 0 || !fits(title) || keys.some((k) => k !== 'title'))
        return send(typeof title === 'string' && title.length > 0 && !fits(title) ? refusal : 400, {
          message: 'invalid note',
        });
      send(201, { title });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spec };
}

const refusals = (report: RunReport) =>
  report.findings.filter((f) => f.severity === 'failure' && f.code === 'positive_rejected');

describe('declared length limits', () => {
  it('certify a server that counts characters as JSON Schema does', async () => {
    const { url, spec } = await notes((t) => [...t].length <= 40);
    const report = await runConformance({ target: url, spec, seed: 1, runs: 10, concurrency: 1 });
    expect(report.findings.filter((f) => f.severity === 'failure')).toEqual([]);
  });

  it('take a server that counts UTF-16 units and refuses 40 turtles with its documented 400', async () => {
    const { url, spec } = await notes((t) => t.length <= 40);
    const report = await runConformance({ target: url, spec, seed: 1, runs: 10, concurrency: 1 });
    expect(refusals(report)).toEqual([]);
    expect(JSON.stringify(report.findings)).toContain('UTF-16 units');
  });

  it('fail a server that counts UTF-16 units and refuses them with a status it does not document', async () => {
    const { url, spec } = await notes((t) => t.length <= 40, 422);
    const report = await runConformance({ target: url, spec, seed: 1, runs: 10, concurrency: 1 });
    expect(refusals(report).length).toBeGreaterThan(0);
  });

  it('fail a server whose own limit is below the declared one, not a size gap', async () => {
    const { url, spec } = await notes((t) => [...t].length <= 32);
    const report = await runConformance({ target: url, spec, seed: 1, runs: 10, concurrency: 1 });
    expect(refusals(report).length).toBeGreaterThan(0);
  });
});
