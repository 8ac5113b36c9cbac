// The client obeys a target that asks it to slow down (429, 503 + Retry-After), within bounds, and
// judges every other answer as it came.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadOperations, validCase, type Operations } from '../checks/_test-support.js';
import { createHttpClient } from './http-client.js';
import { checkTransport } from '../checks/transport.js';
import { describeFinding } from '../report/describe-finding.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A target that answers the scripted statuses in turn, then 200; returns its base URL. */
async function scripted(
  answers: { status: number; headers?: Record<string, string> }[],
): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  server = createServer((req, res) => {
    req.resume();
    const answer = answers[hits++] ?? { status: 200 };
    const body = answer.status === 200 ? '[]' : JSON.stringify({ code: 'x', message: 'x', status: answer.status });
    res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers }).end(body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, hits: () => hits };
}

describe('rate limits', () => {
  it('waits as Retry-After asks after a 429 and sends again, counting the retries', async () => {
    const target = await scripted([{ status: 429, headers: { 'Retry-After': '0' } }, { status: 429 }]);
    const client = createHttpClient({ baseUrl: target.url, apiKey: 'k', timeoutMs: 2000 });
    const exchange = await client.send(validCase('listPets'), ops.listPets);
    expect(exchange.response?.status).toBe(200);
    expect(target.hits()).toBe(3);
    expect(client.sent).toBe(3);
    expect(client.backoff.retries).toBe(2);
    expect(client.backoff.firstOperationId).toBe('listPets');
    // 50 ms floor for Retry-After: 0, then 250 ms for a 429 without it.
    expect(client.backoff.pausedMs).toBeGreaterThanOrEqual(290);
    await client.close();
  });

  it('retries a 503 only when it carries Retry-After', async () => {
    const shedding = await scripted([{ status: 503, headers: { 'Retry-After': '0' } }]);
    const client = createHttpClient({ baseUrl: shedding.url, apiKey: 'k', timeoutMs: 2000 });
    expect((await client.send(validCase('listPets'), ops.listPets)).response?.status).toBe(200);
    await client.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    const broken = await scripted([{ status: 503 }]);
    const again = createHttpClient({ baseUrl: broken.url, apiKey: 'k', timeoutMs: 2000 });
    expect((await again.send(validCase('listPets'), ops.listPets)).response?.status).toBe(503);
    expect(again.backoff.retries).toBe(0);
    await again.close();
  });

  it('gives up after four retries, and does not wait for a Retry-After over 10 s', async () => {
    const always = await scripted(Array.from({ length: 10 }, () => ({ status: 429, headers: { 'Retry-After': '0' } })));
    const client = createHttpClient({ baseUrl: always.url, apiKey: 'k', timeoutMs: 2000 });
    expect((await client.send(validCase('listPets'), ops.listPets)).response?.status).toBe(429);
    expect(always.hits()).toBe(5);
    await client.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    const long = await scripted([{ status: 429, headers: { 'Retry-After': '3600' } }]);
    const patient = createHttpClient({ baseUrl: long.url, apiKey: 'k', timeoutMs: 2000 });
    expect((await patient.send(validCase('listPets'), ops.listPets)).response?.status).toBe(429);
    expect(long.hits()).toBe(1);
    await patient.close();
  });

  it('never retries other answers', async () => {
    const target = await scripted([{ status: 500, headers: { 'Retry-After': '0' } }, { status: 401 }]);
    const client = createHttpClient({ baseUrl: target.url, apiKey: 'k', timeoutMs: 2000 });
    expect((await client.send(validCase('listPets'), ops.listPets)).response?.status).toBe(500);
    expect((await client.send(validCase('listPets'), ops.listPets)).response?.status).toBe(401);
    expect(client.backoff.retries).toBe(0);
    await client.close();
  });
});

describe('connection resets', () => {
  it('sends a request again once when the connection was reset, and reports a reset that repeats', async () => {
    let hits = 0;
    let resets = 1;
    server = createServer((req, res) => {
      req.resume();
      hits++;
      if (resets-- > 0) return req.socket.destroy();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = createHttpClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      apiKey: 'k',
      timeoutMs: 2000,
    });
    expect((await client.send(validCase('listPets'), ops.listPets)).response?.status).toBe(200);
    expect(hits).toBe(2);
    resets = 2;
    const exchange = await client.send(validCase('listPets'), ops.listPets);
    expect(exchange.failure?.kind).toBe('connection_reset');
    expect(hits).toBe(4);
    await client.close();
  });
});

describe('deadline', () => {
  it('does not blame the target for time the kit itself spent busy', async () => {
    server = createServer((req, res) => {
      req.resume();
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]'), 50);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = createHttpClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      apiKey: 'k',
      timeoutMs: 300,
    });
    const pending = client.send(validCase('listPets'), ops.listPets);
    // The kit's event loop stalls past the deadline (as a long shrink can) while the answer arrives.
    setTimeout(() => {
      const until = performance.now() + 700;
      while (performance.now() < until);
    }, 10);
    expect((await pending).response?.status).toBe(200);
    await client.close();
  });

  it('still ends a request the target never answers', async () => {
    server = createServer((req) => req.resume());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = createHttpClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      apiKey: 'k',
      timeoutMs: 200,
    });
    expect((await client.send(validCase('listPets'), ops.listPets)).failure?.kind).toBe('timeout');
    await client.close();
  });
});

describe('content codings', () => {
  it('decodes gzip, deflate and br bodies, and reports a body that does not decode as labelled or a coding the request refused', async () => {
    const { gzipSync, deflateSync, brotliCompressSync, deflateRawSync } = await import('node:zlib');
    const json = Buffer.from('[{"id":1,"name":"Rex","categoryId":1}]');
    const bodies: Record<string, [string, Buffer]> = {
      '/v1/gzip': ['gzip', gzipSync(json)],
      '/v1/deflate': ['deflate', deflateSync(json)],
      '/v1/raw-deflate': ['deflate', deflateRawSync(json)],
      '/v1/br': ['br', brotliCompressSync(json)],
      '/v1/liar': ['gzip', deflateSync(json)],
    };
    server = createServer((req, res) => {
      req.resume();
      const [coding, body] = bodies[req.url!.split('?')[0]!]!;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': coding }).end(body);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const at = (path: string) =>
      createHttpClient({ baseUrl: `http://127.0.0.1:${port}/v1/${path}`, apiKey: 'k', timeoutMs: 2000 });
    for (const path of ['gzip', 'deflate', 'raw-deflate', 'br']) {
      const client = at(path);
      const exchange = await client.send(validCase('listPets'), { ...ops.listPets, path: '' });
      expect(exchange.response?.json, path).toEqual([{ id: 1, name: 'Rex', categoryId: 1 }]);
      await client.close();
    }
    const liar = at('liar');
    expect((await liar.send(validCase('listPets'), { ...ops.listPets, path: '' })).failure?.message).toContain(
      'does not decode as gzip',
    );
    const identityOnly = at('gzip');
    const refused = await identityOnly.send(validCase('listPets', { headers: { 'accept-encoding': 'identity' } }), {
      ...ops.listPets,
      path: '',
    });
    // A coding the request ruled out is decoded and said, not a failure: RFC 9110 §12.5.3 asks for
    // the content uncoded with a SHOULD (the library zoo's gzip variant).
    expect(refused.failure).toBeUndefined();
    expect(refused.response?.json).toEqual([{ id: 1, name: 'Rex', categoryId: 1 }]);
    expect(refused.response?.codingNotAsked).toEqual({ coding: 'gzip', acceptEncoding: 'identity' });
    // gzip named with q=0 is ruled out too, not allowed for being named.
    const q0 = await identityOnly.send(
      validCase('listPets', { headers: { 'accept-encoding': 'gzip;q=0, identity' } }),
      { ...ops.listPets, path: '' },
    );
    expect(q0.response?.codingNotAsked).toEqual({ coding: 'gzip', acceptEncoding: 'gzip;q=0, identity' });
    const [note] = checkTransport({ exchange: q0, operation: ops.listPets });
    expect(note).toMatchObject({ code: 'transport_error', severity: 'advisory' });
    expect(describeFinding(note!)).toContain('did not allow; the kit decoded it');
    // Asked for, it is not said.
    const asked = await identityOnly.send(validCase('listPets', { headers: { 'accept-encoding': 'gzip' } }), {
      ...ops.listPets,
      path: '',
    });
    expect(asked.response?.codingNotAsked).toBeUndefined();
    await liar.close();
    await identityOnly.close();
  });
});

describe('Expect: 100-continue', () => {
  it('sends the header and the body (through node:http, as undici refuses the header) and reads the final answer', async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () =>
        res
          .writeHead(201, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ expect: req.headers.expect, body })),
      );
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = createHttpClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      apiKey: 'k',
      timeoutMs: 2000,
    });
    const c = validCase('createPet', {
      body: { kind: 'json', value: { name: 'Rex', categoryId: 1 } },
      headers: { expect: '100-continue' },
    });
    const exchange = await client.send(c, ops.createPet);
    expect(exchange.response?.status).toBe(201);
    expect(exchange.response?.json).toEqual({ expect: '100-continue', body: '{"name":"Rex","categoryId":1}' });
    expect(exchange.request.headers.expect).toBe('100-continue');
    await client.close();
  });
});

describe('Expect: 100-continue target', () => {
  it('sends the path as every other request does, a fragment the spec writes into it included', async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify(req.url)));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = createHttpClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      apiKey: 'k',
      timeoutMs: 2000,
    });
    const c = validCase('createPet', {
      body: { kind: 'json', value: { name: 'Rex', categoryId: 1 } },
      headers: { expect: '100-continue' },
    });
    const exchange = await client.send(c, { ...ops.createPet, path: '/#Action=CreatePet' });
    expect(exchange.response?.json).toBe('/v1/#Action=CreatePet');
    await client.close();
  });
});

describe('Expect: 100-continue framing', () => {
  it('frames the body with Content-Length, as other requests', async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res.writeHead(201, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            length: req.headers['content-length'] ?? null,
            te: req.headers['transfer-encoding'] ?? null,
          }),
        ),
      );
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = createHttpClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      apiKey: 'k',
      timeoutMs: 2000,
    });
    const c = validCase('createPet', {
      body: { kind: 'json', value: { name: 'Rex', categoryId: 1 } },
      headers: { expect: '100-continue' },
    });
    expect((await client.send(c, ops.createPet)).response?.json).toEqual({ length: '29', te: null });
    await client.close();
  });
});

describe('expiring credentials', () => {
  it('runs the auth command again when a credential that worked gets 401, and sends once more', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createKitCredentials } = await import('./credentials.js');
    const file = join(mkdtempSync(join(tmpdir(), 'kit-token-')), 'token');
    writeFileSync(file, 'token-one\n');
    let current = 'token-one';
    const seen: string[] = [];
    server = createServer((req, res) => {
      req.resume();
      seen.push(req.headers.authorization ?? '');
      const ok = req.headers.authorization === `Bearer ${current}`;
      res
        .writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' })
        .end(ok ? '[]' : '{"code":"x","message":"x","status":401}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`;
    const credentials = createKitCredentials({ authCommand: `cat '${file}'` });
    await credentials.refresh();
    const client = createHttpClient({ baseUrl: url, credentials, timeoutMs: 2000 });
    expect((await client.send(validCase('listPets'), ops.listPets)).response?.status).toBe(200);
    // The token expires; the command now prints a new one.
    current = 'token-two';
    writeFileSync(file, 'token-two\n');
    const exchange = await client.send(validCase('listPets'), ops.listPets);
    expect(exchange.response?.status).toBe(200);
    expect(seen).toEqual(['Bearer token-one', 'Bearer token-one', 'Bearer token-two']);
    expect(credentials.secrets().sort()).toEqual(['token-one', 'token-two']);
    await client.close();
  });
});

describe('body bytes', () => {
  it('marks a body whose bytes (after content decoding) are not UTF-8, and no other', async () => {
    const bodies = [Buffer.from('[{"name":"Grüße"}]', 'latin1'), Buffer.from('[{"name":"Grüße \uFFFD"}]', 'utf8')];
    let hit = 0;
    server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(bodies[hit++]);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const client = createHttpClient({ baseUrl: url, apiKey: 'k', timeoutMs: 2000 });
    const latin1 = await client.send(validCase('listPets'), ops.listPets);
    expect(latin1.response?.notUtf8).toBe(true);
    expect(latin1.response?.bodyText).toContain('\uFFFD');
    // A U+FFFD the server sent itself is UTF-8 like any other character.
    expect((await client.send(validCase('listPets'), ops.listPets)).response?.notUtf8).toBeUndefined();
    await client.close();
  });
});

describe('large header blocks', () => {
  it('reads an answer whose headers pass Node’s 16 KiB default (json-server’s long Link header)', async () => {
    // jsonserver-shop (held-out set 18): a long `_sort` repeated three times in `Link` made 18,710 bytes of headers.
    const target = await scripted([
      { status: 200, headers: { Link: `</products?_sort=${'x'.repeat(40_000)}>; rel="next"` } },
    ]);
    const client = createHttpClient({ baseUrl: target.url, apiKey: 'k', timeoutMs: 2000 });
    const exchange = await client.send(validCase('listPets'), ops.listPets);
    await client.close();
    expect(exchange.failure).toBeUndefined();
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.headers.link?.length).toBeGreaterThan(40_000);
  });
});
