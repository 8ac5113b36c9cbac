import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api as todos } from '../fixtures/apis/todos/index.js';
import { startTodos, type TodoDefect } from '../fixtures/apis/todos/server.js';
import type { RunningServer } from '../fixtures/apis/types.js';
import { runProxyCli } from './cli.js';
import { type PassedExchange, type ProxyOptions, type RunningProxy, startProxy } from './server.js';
import { TODOS_KEY, todoAppTraffic } from './_test-support.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

async function proxyTo(upstream: RunningServer, options: Partial<ProxyOptions> = {}, lines: string[] = []) {
  open.push(upstream);
  const proxy = await startProxy({
    spec: todos.specFile,
    upstream: upstream.url,
    port: 0,
    log: (line) => lines.push(line),
    ...options,
  });
  open.push(proxy);
  return proxy;
}

function summary(proxy: RunningProxy): string[] {
  return proxy.session
    .findings()
    .map((f) => `${f.code} ${f.operationId} ${f.basis?.kind === 'spec' ? f.basis.pointer : ''}`)
    .sort();
}

describe('proxy in front of the todos API', () => {
  it('passes a correct server’s answers through unchanged and finds nothing in valid traffic', async () => {
    const lines: string[] = [];
    const proxy = await proxyTo(await startTodos({ gzip: true, extraHeaders: true }), {}, lines);
    const statuses = await todoAppTraffic(proxy.url, { 'Accept-Encoding': 'gzip' });
    expect(statuses).toEqual([201, 201, 200, 200, 204, 404, 404]);
    expect(summary(proxy)).toEqual([]);
    const report = proxy.session.report();
    expect(report.verdict).toBe('certified');
    expect(report.requests).toBe(7);
    expect(report.target).toMatch(/\/api\/v2$/);
    // The upstream's own headers arrive (gzip answers decoded by fetch, X-Request-Id kept).
    const r = await fetch(`${proxy.url}/todos`, { headers: { 'X-API-Key': TODOS_KEY, Origin: 'http://app.test' } });
    expect(r.headers.get('x-request-id')).not.toBeNull();
    // On loopback, as the mock: the app's origin echoed back (with credentials).
    expect(r.headers.get('access-control-allow-origin')).toBe('http://app.test');
    // ... and a cross-origin app may read them.
    expect(r.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-request-id');
    expect(lines.some((l) => l.includes('violation'))).toBe(false);
  });

  // Each planted defect the app's traffic reaches, and every finding it must give (a wrong member
  // type shows in every answer that carries the todo: the creation, the list and the read).
  const schema = (op: string, path: string, status: number) =>
    `schema_mismatch ${op} /paths/${path}/responses/${status}/content/application~1json/schema`;
  const reached: [TodoDefect, string[]][] = [
    ['status-create-200', ['undocumented_status createTodo /paths/~1todos/post/responses']],
    [
      'status-500-unknown-id',
      [
        'server_error getTodo /paths/~1todos~1{todoId}/get/responses',
        'undocumented_status getTodo /paths/~1todos~1{todoId}/get/responses',
      ],
    ],
    ['schema-list-missing-createdAt', [schema('listTodos', '~1todos/get', 200)]],
    [
      'schema-priority-string',
      [
        schema('createTodo', '~1todos/post', 201),
        schema('getTodo', '~1todos~1{todoId}/get', 200),
        schema('listTodos', '~1todos/get', 200),
      ],
    ],
    ['protocol-missing-location', ['schema_mismatch createTodo /paths/~1todos/post/responses/201/headers']],
    ['protocol-item-text-plain', ['content_type getTodo /paths/~1todos~1{todoId}/get/responses/200/content']],
  ];
  it.each(reached)('reports the planted defect %s, and nothing else', async (defect, expected) => {
    const proxy = await proxyTo(await startTodos({ defect }));
    await todoAppTraffic(proxy.url);
    expect(summary(proxy)).toEqual(expected);
    expect(proxy.session.report().verdict).toBe('failed');
  });

  it('names the operation, the spec pointer, what was sent and what the spec wants; keeps secrets out', async () => {
    const lines: string[] = [];
    const proxy = await proxyTo(await startTodos(), {}, lines);
    await fetch(`${proxy.url}/todos?limit=500`, { headers: { 'X-API-Key': TODOS_KEY } });
    await fetch(`${proxy.url}/todos`);
    await fetch(`${proxy.url}/todos`, {
      method: 'POST',
      headers: { 'X-API-Key': TODOS_KEY, 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    await fetch(`${proxy.url}/todos`, {
      method: 'POST',
      headers: { 'X-API-Key': TODOS_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: '', priority: 9 }),
    });
    await fetch(`${proxy.url}/elsewhere?api_key=${TODOS_KEY}`, { headers: { 'X-API-Key': TODOS_KEY } });
    const violations = lines.filter((l) => l.startsWith('  violation: '));
    expect(violations).toEqual([
      '  violation: listTodos: The query parameter limit is 500; the spec says: must be <= 100 (maximum). Basis: the spec at /paths/~1todos/get/parameters/0 says must be <= 100.',
      '  violation: listTodos: The request credential is missing; the spec says: the operation needs a credential of ApiKeyAuth (security). Basis: the spec at /security says the operation needs a credential of ApiKeyAuth.',
      '  violation: createTodo: The request Content-Type is "text/plain"; the spec says: one of application/json (media-type). Basis: the spec at /paths/~1todos/post/requestBody says one of application/json.',
      '  violation: createTodo: The request body at /title is ""; the spec says: must NOT have fewer than 1 characters (minLength). Basis: the spec at /paths/~1todos/post/requestBody says must NOT have fewer than 1 characters.',
      '  violation: createTodo: The request body at /priority is 9; the spec says: must be <= 5 (maximum). Basis: the spec at /paths/~1todos/post/requestBody says must be <= 5.',
    ]);
    expect(lines.filter((l) => l.includes('unknown route'))).toEqual([
      'proxy: GET /api/v2/elsewhere: unknown route, not in the spec (not judged)',
    ]);
    const report = proxy.session.report();
    const unknown = report.findings.filter((f) => f.code === 'unknown_route');
    expect(unknown.map((f) => f.severity)).toEqual(['advisory']);
    expect(report.findings.filter((f) => f.code === 'request_violation')).toHaveLength(5);
    // The admin log carries the exchange and its violations, credentials redacted.
    const listed = (await (await fetch(new URL('/__mock/requests', proxy.url))).json()) as {
      requests: { path: string; status: number; headers: Record<string, string>; violations?: string[] }[];
    };
    expect(listed.requests[0]!.violations).toEqual([violations[0]!.replace('  violation: ', '')]);
    expect(listed.requests[0]!.headers['x-api-key']).toBe('[redacted]');
    const everything = JSON.stringify({ report, listed, lines });
    expect(everything).not.toContain(TODOS_KEY);
  });

  it('--errors answers invalid requests in the spec’s own error shape without forwarding them', async () => {
    const seen: PassedExchange[] = [];
    const proxy = await proxyTo(await startTodos(), { errors: true, onExchange: (e) => seen.push(e) });
    const r = await fetch(`${proxy.url}/todos?limit=0`, { headers: { 'X-API-Key': TODOS_KEY } });
    expect(r.status).toBe(400);
    const body = (await r.json()) as Record<string, unknown>;
    // The spec's own error shape for that status (the todos spec's Error is `{ message }`).
    expect(proxy.spec.operation('listTodos')!.responses['400']!.schema!.validate(body)).toEqual({ ok: true });
    expect(String(body.message)).toContain('limit');
    const noKey = await fetch(`${proxy.url}/todos`);
    expect(noKey.status).toBe(401);
    expect(seen.map((e) => e.answeredBy)).toEqual(['proxy', 'proxy']);
    const ok = await fetch(`${proxy.url}/todos`, { headers: { 'X-API-Key': TODOS_KEY } });
    expect(ok.status).toBe(200);
    expect(seen.at(-1)!.answeredBy).toBe('upstream');
  });

  it('--mock-missing serves a documented route from the mock when the upstream answers 404', async () => {
    const bare = createServer((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"message":"not here"}');
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const port = (bare.address() as AddressInfo).port;
    const upstream = {
      url: `http://127.0.0.1:${port}/api/v2`,
      close: () => new Promise<void>((resolve) => bare.close(() => resolve())),
    };
    const seen: PassedExchange[] = [];
    const proxy = await proxyTo(upstream, { mockMissing: true, onExchange: (e) => seen.push(e) });
    const r = await fetch(`${proxy.url}/todos`, { headers: { 'X-API-Key': TODOS_KEY } });
    expect(r.status).toBe(200);
    expect(Array.isArray(await r.json())).toBe(true);
    expect(seen.map((e) => e.answeredBy)).toEqual(['mock']);
    // An unknown route is not the mock's: the upstream's 404 goes through.
    expect((await fetch(`${proxy.url}/unknown`)).status).toBe(404);
  });

  it('writes the kit’s reports on POST /__proxy/report and on stop; --fail-on decides the exit status', async () => {
    const upstream = await startTodos({ defect: 'status-create-200' });
    open.push(upstream);
    const dir = await mkdtemp(join(tmpdir(), 'proxy-report-'));
    const out: string[] = [];
    const run = (failOn: string, file: string) =>
      runProxyCli(
        [todos.specFile, upstream.url, '--port', '0', '--json', join(dir, file), '--fail-on', failOn, '--quiet'],
        {},
        {
          stdout: (t) => out.push(t),
          stderr: (t) => out.push(t),
          stopped: async (proxy) => {
            await todoAppTraffic(proxy.url);
            const posted = await fetch(new URL('/__proxy/report', proxy.url), { method: 'POST' });
            expect(((await posted.json()) as { verdict: string }).verdict).toBe('failed');
            return 'test';
          },
        },
      );
    expect(await run('any', 'any.json')).toBe(1);
    expect(await run('request', 'request.json')).toBe(0);
    expect(await run('none', 'none.json')).toBe(0);
    const json = JSON.parse(await readFile(join(dir, 'any.json'), 'utf8')) as {
      verdict: string;
      findings: { code: string; basis?: { pointer?: string }; message: string }[];
    };
    expect(json.verdict).toBe('failed');
    expect(json.findings.map((f) => [f.code, f.basis?.pointer])).toEqual([
      ['undocumented_status', '/paths/~1todos/post/responses'],
    ]);
    expect(out.join('')).toContain('Got 200; createTodo documents 201 for success.');
    expect(await runProxyCli(['only-one-argument'], {}, { stdout: () => {}, stderr: (t) => out.push(t) })).toBe(2);
  });
});
