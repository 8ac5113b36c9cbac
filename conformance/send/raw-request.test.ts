// HEAD goes over a plain socket so that content after its header block (RFC 9110 §9.3.2) shows;
// literal paths reach the target exactly as written.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadOperations, probeCase, validCase, type Operations } from '../checks/_test-support.js';
import { createHttpClient } from './http-client.js';
import { requestRaw } from './raw-request.js';

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

/** A target that records request lines; HEAD gets content after its headers when `leaky`. */
async function target(leaky: boolean): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? '-'}`);
    const body = '[{"id":1,"name":"Rex","categoryId":1}]';
    if (req.method === 'HEAD' && leaky) {
      req.socket.end(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) })
      .end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

describe('HEAD over a plain socket', () => {
  it('keeps the bytes a server wrongly sends after the header block of a HEAD answer', async () => {
    const t = await target(true);
    const client = createHttpClient({ baseUrl: t.url, apiKey: 'k', timeoutMs: 2000 });
    const exchange = await client.send(probeCase('listPets', { method: 'HEAD' }), ops.listPets);
    await client.close();
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.headers['content-length']).toBe('38');
    expect(exchange.response?.bodyText).toBe('[{"id":1,"name":"Rex","categoryId":1}]');
    expect(t.seen).toEqual(['HEAD /v1/pets Bearer k']);
  });

  it('reads nothing after a correct HEAD answer, and the credential goes as for any request', async () => {
    const t = await target(false);
    const client = createHttpClient({ baseUrl: t.url, apiKey: 'k', timeoutMs: 2000 });
    const exchange = await client.send(probeCase('listPets', { method: 'HEAD', auth: 'none' }), ops.listPets);
    await client.close();
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.bodyText).toBe('');
    expect(t.seen).toEqual(['HEAD /v1/pets -']);
  });
});

describe('literal paths', () => {
  it('sends path variants unnormalised, below the base URL or from the origin', async () => {
    const t = await target(false);
    const client = createHttpClient({ baseUrl: t.url, apiKey: 'k', timeoutMs: 2000 });
    for (const path of ['/./pets', '/kit-x/../pets', '//pets', '/pets%2F1', '/pets;jsessionid=kit']) {
      await client.send(validCase('listPets', { literalPath: { path, description: 'a variant' } }), ops.listPets);
    }
    await client.send(
      validCase('listPets', {
        auth: 'none',
        literalPath: { path: '/V1/pets', fromOrigin: true, description: 'the base path in upper case' },
      }),
      ops.listPets,
    );
    await client.close();
    expect(t.seen).toEqual([
      'GET /v1/./pets Bearer k',
      'GET /v1/kit-x/../pets Bearer k',
      'GET /v1//pets Bearer k',
      'GET /v1/pets%2F1 Bearer k',
      'GET /v1/pets;jsessionid=kit Bearer k',
      'GET /V1/pets -',
    ]);
  });
});

describe('bytes and Connection: close over a plain socket', () => {
  /** A target that keeps each request's raw body bytes and Connection header, and answers chunked. */
  async function recorder(): Promise<{ url: string; bodies: Buffer[]; connections: string[] }> {
    const bodies: Buffer[] = [];
    const connections: string[] = [];
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks));
        connections.push(req.headers.connection ?? '-');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[{"id":1,');
        res.end('"name":"Émile","categoryId":1}]');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, bodies, connections };
  }

  it('sends a body of bytes that are no UTF-8 as they are, and shows them escaped in the record', async () => {
    const t = await recorder();
    const client = createHttpClient({ baseUrl: t.url, apiKey: 'k', timeoutMs: 2000 });
    const text = '{"name":"Bad \u00ff\u00fe","categoryId":1}';
    const exchange = await client.send(
      probeCase('createPet', { body: { kind: 'raw', text, contentType: 'application/json', bytes: true } }),
      ops.createPet,
    );
    await client.close();
    expect(t.bodies[0]).toEqual(Buffer.from(text, 'latin1'));
    expect(exchange.request.body).toBe('{"name":"Bad \\xFF\\xFE","categoryId":1}');
    // The chunked answer is read whole and decoded.
    expect(exchange.response?.json).toEqual([{ id: 1, name: 'Émile', categoryId: 1 }]);
  });

  it('sends Connection: close as asked, and reads the chunked answer before the close', async () => {
    const t = await recorder();
    const client = createHttpClient({ baseUrl: t.url, apiKey: 'k', timeoutMs: 2000 });
    const exchange = await client.send(validCase('listPets', { headers: { connection: 'close' } }), ops.listPets);
    await client.close();
    expect(t.connections).toEqual(['close']);
    expect(exchange.request.headers.connection).toBe('close');
    expect(exchange.response?.headers['transfer-encoding']).toBe('chunked');
    expect(exchange.response?.json).toEqual([{ id: 1, name: 'Émile', categoryId: 1 }]);
  });
});

describe('requestRaw sends the target as given', () => {
  it('a path with a literal "#" (AWS specs: /#Action=AbortEnvironmentUpdate) reaches the target whole', async () => {
    // new URL() reads everything after "#" as a fragment: the path went out as "/" (issue 21,
    // amazonaws.com/elasticbeanstalk, a request with Connection: close got the mock's 404).
    const { url, seen } = await target(false);
    const origin = new URL(url).origin;
    const res = await requestRaw(
      `${origin}/#Action=AbortEnvironmentUpdate?Action=AbortEnvironmentUpdate&Version=2010-12-01`,
      'GET',
      {},
      new AbortController().signal,
    );
    expect(res.statusCode).toBe(200);
    expect(seen).toEqual(['GET /#Action=AbortEnvironmentUpdate?Action=AbortEnvironmentUpdate&Version=2010-12-01 -']);
  });
});
