// Writes whose body the spec leaves optional, sent without one (see optional-body-sweep.ts), against
// small in-process servers that answer as held-out set 9's and 10's did.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../findings/index.js';
import { runConformance } from './run-conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'kit-optional-body-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const user = {
  type: 'object',
  required: ['name', 'id'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'users', version: '1' },
  paths: {
    '/users': {
      post: {
        operationId: 'createUser',
        // No `required: true`: OpenAPI's default leaves the body optional.
        requestBody: { content: { 'application/json': { schema: user } } },
        responses: {
          '201': { description: 'created', content: { 'application/json': { schema: user } } },
        },
      },
    },
  },
};

/** Serves `answer(body)` for POST /users on a free port; records what it receives. */
async function serve(
  answer: (body: string) => [number, unknown],
  served: object = document,
): Promise<{ url: string; spec: string; bodies: string[] }> {
  const spec = join(dir, 'users.json');
  writeFileSync(spec, JSON.stringify(served));
  const bodies: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/users') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no route"}');
        return;
      }
      bodies.push(body);
      const [status, value] = answer(body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  open = {
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return { url: `http://127.0.0.1:${port}`, spec, bodies };
}

const run = (url: string, spec: string): Promise<RunReport> =>
  runConformance({ target: url, spec, seed: 1, runs: 5, only: ['createUser/optional-body'] });
const judged = (report: RunReport) =>
  report.findings.filter((f) => f.severity !== 'advisory').map((f) => `${f.severity} ${f.check} ${f.gap ?? f.code}`);

describe('a body the spec leaves optional, left out', () => {
  let next = 0;
  const stored = (body: string): [number, unknown] => {
    const sent = body === '' ? {} : (JSON.parse(body) as Record<string, unknown>);
    return [201, { ...sent, id: String(++next) }];
  };

  it('a 201 that breaks its schema fails (hono-zod: the created user lacks required members)', async () => {
    const { url, spec, bodies } = await serve(stored);
    const report = await run(url, spec);
    expect(bodies).toContain('');
    expect(judged(report)).toEqual(['failure schema schema_mismatch']);
  });

  const refuseEmpty = (body: string): [number, unknown] =>
    body === '' ? [400, { message: 'payload required' }] : stored(body);

  it('a refusal with a documented status is the unjudged-input gap (hapi: 400 without a body)', async () => {
    const post = document.paths['/users'].post;
    const documents400 = {
      ...document,
      paths: {
        '/users': {
          post: { ...post, responses: { ...post.responses, '400': { description: 'bad input' } } },
        },
      },
    };
    const { url, spec } = await serve(refuseEmpty, documents400);
    const report = await run(url, spec);
    expect(report.verdict).toBe('certified');
    expect(judged(report)).toEqual(['warning positive unjudged-input']);
  });

  it('a refusal with a status the operation does not document fails, as for any valid request', async () => {
    // koa-swagger-decorator's example (held-out set 48): POST without a body answered 400, only 200 documented.
    const { url, spec } = await serve(refuseEmpty);
    const report = await run(url, spec);
    expect(report.verdict).not.toBe('certified');
    expect(judged(report)).toEqual(['failure positive positive_rejected']);
  });

  it('a server that serves it as the spec says passes', async () => {
    const { url, spec } = await serve((body) => (body === '' ? [201, { id: 'x', name: 'unnamed' }] : stored(body)));
    expect(judged(await run(url, spec))).toEqual([]);
  });
});
