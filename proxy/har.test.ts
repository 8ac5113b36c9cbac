import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTodos } from '../fixtures/apis/todos/server.js';
import { startMock } from '../mock/start.js';
import { type Har, harEntry, readHar } from './har.js';
import { TODOS_KEY, recordAppSession } from './_test-support.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

async function recordThroughProxy(recordSecrets: boolean): Promise<{ har: Har; text: string }> {
  const upstream = await startTodos({ gzip: true });
  open.push(upstream);
  const { har: file } = await recordAppSession(upstream.url, {
    recordSecrets,
    headers: { 'Accept-Encoding': 'gzip', Cookie: 'session=s3cr3t-cookie-value' },
    more: async (url) => {
      await fetch(`${url}/todos?api_key=${TODOS_KEY}`);
    },
  });
  const text = await readFile(file, 'utf8');
  return { har: JSON.parse(text) as Har, text };
}

describe('HAR recording', () => {
  it('records every exchange the proxy sees as HAR 1.2, credentials redacted', async () => {
    const { har, text } = await recordThroughProxy(false);
    expect(har.log.version).toBe('1.2');
    const entries = har.log.entries;
    expect(entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname} ${e.response.status}`)).toEqual([
      'POST /api/v2/todos 201',
      'POST /api/v2/todos 201',
      'GET /api/v2/todos 200',
      expect.stringMatching(/^GET \/api\/v2\/todos\/[0-9a-f-]{36} 200$/),
      expect.stringMatching(/^DELETE \/api\/v2\/todos\/[0-9a-f-]{36} 204$/),
      expect.stringMatching(/^GET \/api\/v2\/todos\/[0-9a-f-]{36} 404$/),
      'GET /api/v2/todos/00000000-0000-4000-8000-000000000000 404',
      'GET /api/v2/todos 401',
    ]);
    const first = entries[0]!;
    expect(JSON.parse(first.request.postData!.text)).toEqual({ title: 'Water the plants', priority: 3 });
    // The answer was gzip on the wire: the HAR holds its text.
    expect(first.response.headers.find((h) => h.name === 'content-encoding')?.value).toBe('gzip');
    expect(JSON.parse(first.response.content.text!)).toMatchObject({ title: 'Water the plants', priority: 3 });
    expect(entries[2]!.request.queryString).toEqual([{ name: 'limit', value: '10' }]);
    expect(first.request.headers.find((h) => h.name === 'x-api-key')?.value).toBe('[redacted]');
    expect(first.request.cookies).toEqual([{ name: 'session', value: '[redacted]' }]);
    expect(entries.at(-1)!.request.queryString).toEqual([{ name: 'api_key', value: '[redacted]' }]);
    expect(text).not.toContain(TODOS_KEY);
    expect(text).not.toContain('s3cr3t-cookie-value');
    // A file that is not HAR is a clear error.
    expect(() => readHar(join(tmpdir(), 'no-such-file.har'))).toThrow(/is not a HAR file/);
  });

  it('keeps credentials only with recordSecrets', async () => {
    const { har, text } = await recordThroughProxy(true);
    expect(har.log.entries[0]!.request.headers.find((h) => h.name === 'x-api-key')?.value).toBe(TODOS_KEY);
    expect(text).toContain('s3cr3t-cookie-value');
  });

  it('records the mock’s exchanges too (--record)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-har-'));
    const file = join(dir, 'mock.har');
    const mock = await startMock({ port: 0, watch: false, quiet: true, record: file, apiKeys: ['mock-key-123456'] });
    await fetch(`${mock.url}/pets?limit=2`, { headers: { Authorization: 'Bearer mock-key-123456' } });
    await fetch(`${mock.url}/pets`, {
      method: 'POST',
      headers: { Authorization: 'Bearer mock-key-123456', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    });
    await mock.close();
    const text = await readFile(file, 'utf8');
    const entries = readHar(file);
    expect(entries.map((e) => `${e.request.method} ${e.response.status}`)).toEqual(['GET 200', 'POST 201']);
    expect(JSON.parse(entries[1]!.request.postData!.text)).toEqual({ name: 'Rex', categoryId: 1 });
    expect(entries[1]!.request.headers.find((h) => h.name === 'authorization')?.value).toBe('Bearer [redacted]');
    expect(text).not.toContain('mock-key-123456');
  });

  it('masks the body members the spec marks writeOnly (a password), unless secrets are kept', () => {
    const exchange = {
      startedAt: 0,
      method: 'POST',
      url: 'http://127.0.0.1/signup',
      requestHeaders: { 'content-type': 'application/json' },
      requestBody: new TextEncoder().encode('{"email":"a@b.co","password":"hunter2-long"}'),
      status: 201,
      responseHeaders: {},
      responseBody: new Uint8Array(),
      ms: 1,
      requestSchema: {
        type: 'object',
        properties: { email: { type: 'string' }, password: { type: 'string', writeOnly: true } },
      },
    };
    const masked = harEntry(exchange, { schemes: [] }).request.postData!.text;
    expect(JSON.parse(masked)).toEqual({ email: 'a@b.co', password: '[redacted]' });
    const kept = harEntry(exchange, { schemes: [], keepSecrets: true }).request.postData!.text;
    expect(JSON.parse(kept)).toEqual({ email: 'a@b.co', password: 'hunter2-long' });
  });
});
