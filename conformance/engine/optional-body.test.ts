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
  answer: (body: string, framed: boolean) => [number, unknown],
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
      // Framed: the request carried a Content-Length or Transfer-Encoding (RFC 9112 §6: it has content).
      const framed = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
      const [status, value] = answer(body, framed);
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

  it('a refusal of `Content-Length: 0` is not judged when the same request with no framing is served', async () => {
    // LoopBack 4 (held-out set 129): a body framed with a length of 0 is empty JSON, 422 "should be
    // object"; with no framing at all (curl's spelling of "no body") the write succeeds.
    const spellings: boolean[] = [];
    const { url, spec } = await serve((body, framed) => {
      if (body !== '') return stored(body);
      spellings.push(framed);
      return framed ? [422, { message: 'should be object' }] : [201, { id: 'x', name: 'unnamed' }];
    });
    const report = await run(url, spec);
    expect(spellings).toEqual([true, false]);
    expect(judged(report)).toEqual([]);
  });

  it('a refusal of both spellings of no body still fails, reproduced with the framing the kit sent', async () => {
    const spellings: boolean[] = [];
    const { url, spec } = await serve((body, framed) => {
      if (body !== '') return stored(body);
      spellings.push(framed);
      return [422, { message: 'payload required' }];
    });
    const report = await run(url, spec);
    expect(spellings).toEqual([true, false]);
    expect(judged(report)).toEqual(['failure positive positive_rejected']);
    const failure = report.findings.find((f) => f.severity === 'failure');
    expect(failure?.request?.headers).toMatchObject({ 'content-length': '0' });
  });

  it('a server that serves it as the spec says passes', async () => {
    const { url, spec } = await serve((body) => (body === '' ? [201, { id: 'x', name: 'unnamed' }] : stored(body)));
    expect(judged(await run(url, spec))).toEqual([]);
  });
});
