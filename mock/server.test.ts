import { once } from 'node:events';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, KEY, OTHER_KEY, type TestMock, isErrorBody, startTestMock } from './_test-support.js';

let t: TestMock;
const api = () => request(t.mock.server);

beforeAll(async () => {
  t = await startTestMock();
});
afterAll(() => t.close());
beforeEach(() => t.mock.reset());

function expectError(res: request.Response, status: number, code?: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(isErrorBody(res.body, status)).toBe(true);
  if (code) expect(res.body.code).toBe(code);
}

describe('base path and routing', () => {
  it('serves the spec under /v1 with JSON on every response', async () => {
    const res = await api().get('/v1/pets').set('Authorization', AUTH);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers 404 for paths outside the base path or not in the spec', async () => {
    for (const path of ['/pets', '/v1', '/v1/', '/v2/pets', '/v1/pets/1/extra', '/v1/orders', '/']) {
      expectError(await api().get(path).set('Authorization', AUTH), 404, 'not_found');
    }
  });

  it('answers 405 with Allow for a method the path does not have', async () => {
    const res = await api().delete('/v1/pets').set('Authorization', AUTH);
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET, POST');
    const one = await api().put('/v1/pets/1').set('Authorization', AUTH);
    expectError(one, 405, 'method_not_allowed');
    expect(one.headers.allow).toBe('GET');
  });

  it('accepts a trailing slash on a spec path', async () => {
    expect((await api().get('/v1/pets/').set('Authorization', AUTH)).status).toBe(200);
  });
});

describe('auth', () => {
  it('accepts each configured key, with the scheme in any case', async () => {
    for (const header of [AUTH, `Bearer ${OTHER_KEY}`, `bearer ${KEY}`, `BEARER ${KEY}`]) {
      expect((await api().get('/v1/pets').set('Authorization', header)).status).toBe(200);
    }
  });

  it.each([
    ['missing header', undefined],
    ['another scheme', `Basic ${KEY}`],
    ['scheme only', 'Bearer'],
    ['empty token', 'Bearer    '],
    ['unknown key', 'Bearer not-a-key'],
    ['prefix of a key', `Bearer ${KEY.slice(0, -1)}`],
    ['key with a suffix', `Bearer ${KEY}x`],
    ['token with a space', `Bearer ${KEY} x`],
  ])('answers 401 with WWW-Authenticate for %s', async (_label, header) => {
    const req = api().get('/v1/pets/1');
    const res = await (header === undefined ? req : req.set('Authorization', header));
    expectError(res, 401, 'unauthorized');
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('checks the key before validating the request', async () => {
    expectError(await api().get('/v1/pets?limit=0'), 401);
    expectError(await api().post('/v1/pets').set('Content-Type', 'application/json').send('{bad'), 401);
  });

  it('accepts any non-empty token with anyKey', async () => {
    const any = await startTestMock({ anyKey: true });
    try {
      expect((await request(any.mock.server).get('/v1/pets').set('Authorization', 'Bearer whatever')).status).toBe(200);
      expectError(await request(any.mock.server).get('/v1/pets').set('Authorization', 'Bearer '), 401);
      expectError(await request(any.mock.server).get('/v1/pets').set('Authorization', 'Token abc'), 401);
    } finally {
      await any.close();
    }
  });

  it('accepts the development key when no key is configured', async () => {
    const dev = await startTestMock({ apiKeys: [] });
    try {
      expect((await request(dev.mock.server).get('/v1/pets').set('Authorization', 'Bearer dev-key')).status).toBe(200);
      expectError(await request(dev.mock.server).get('/v1/pets').set('Authorization', AUTH), 401);
    } finally {
      await dev.close();
    }
  });
});

describe('invalid requests', () => {
  it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'limit=', 'status=lost', 'status=', 'limit=1&limit=2'])(
    'answers 400 invalid_parameter for ?%s',
    async (query) => {
      expectError(await api().get(`/v1/pets?${query}`).set('Authorization', AUTH), 400, 'invalid_parameter');
    },
  );

  it('answers 400 for a petId that is not an int64', async () => {
    for (const id of ['abc', '1.5', '99999999999999999999', '%20']) {
      expectError(await api().get(`/v1/pets/${id}`).set('Authorization', AUTH), 400, 'invalid_parameter');
    }
  });

  it('ignores unknown query parameters', async () => {
    expect((await api().get('/v1/pets?foo=bar&limit=2').set('Authorization', AUTH)).body).toHaveLength(2);
  });

  it.each([
    ['a missing name', { categoryId: 1 }],
    ['a missing categoryId', { name: 'Rex' }],
    ['a wrong type', { name: 5, categoryId: 1 }],
    ['an unknown status', { name: 'Rex', categoryId: 1, status: 'lost' }],
    ['a categoryId beyond int64', { name: 'Rex', categoryId: 1e20 }],
    ['a non-object body', [1, 2]],
  ])('answers 400 invalid_body for %s', async (_label, body) => {
    expectError(
      await api()
        .post('/v1/pets')
        .set('Authorization', AUTH)
        .send(body as object),
      400,
      'invalid_body',
    );
  });

  it('answers 400 invalid_body for a missing body', async () => {
    expectError(await api().post('/v1/pets').set('Authorization', AUTH), 400, 'invalid_body');
  });

  it('answers 400 malformed_json for broken JSON', async () => {
    for (const text of ['{"name":', '{bad}', 'null x', '\u00ef\u00bb\u00bf{}']) {
      const res = await api()
        .post('/v1/pets')
        .set('Authorization', AUTH)
        .set('Content-Type', 'application/json')
        .send(text);
      expectError(res, 400, 'malformed_json');
    }
  });

  it('answers 415 for a body that is not application/json', async () => {
    const text = await api()
      .post('/v1/pets')
      .set('Authorization', AUTH)
      .set('Content-Type', 'text/plain')
      .send('{"name":"a","categoryId":1}');
    expectError(text, 415, 'unsupported_media_type');
    const latin = await api()
      .post('/v1/pets')
      .set('Authorization', AUTH)
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{"name":"a","categoryId":1}');
    expectError(latin, 415, 'unsupported_media_type');
  });

  it('undoes gzip, deflate and br on a body, and answers 415 with Accept-Encoding to other codings', async () => {
    const pet = Buffer.from('{"name":"Zipped","categoryId":1}');
    // Through fetch: supertest writes a Buffer sent as application/json as JSON text.
    const post = async (coding: string, bytes: Buffer) => {
      const res = await fetch(`${t.base}/v1/pets`, {
        method: 'POST',
        headers: { Authorization: AUTH, 'Content-Type': 'application/json', 'Content-Encoding': coding },
        body: new Uint8Array(bytes),
      });
      const text = await res.text();
      return {
        status: res.status,
        text,
        body: JSON.parse(text),
        headers: Object.fromEntries(res.headers),
      } as unknown as request.Response;
    };
    for (const [coding, bytes] of [
      ['gzip', gzipSync(pet)],
      ['deflate', deflateSync(pet)],
      ['br', brotliCompressSync(pet)],
      ['gzip, br', brotliCompressSync(gzipSync(pet))],
      ['identity', pet],
    ] as const) {
      const res = await post(coding, bytes);
      expect(res.status, `${coding} ${res.text}`).toBe(201);
      expect(res.body.name).toBe('Zipped');
    }
    const unknown = await post('zstd', pet);
    expectError(unknown, 415, 'unsupported_media_type');
    expect(unknown.headers['accept-encoding']).toBe('gzip, deflate, br');
    expectError(await post('gzip', pet), 400, 'invalid_body');
    // A small body that inflates past the body limit is refused like a large one.
    const bomb = gzipSync(Buffer.from(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), categoryId: 1 })));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expectError(await post('gzip', bomb), 413, 'payload_too_large');
  });

  it('answers 413 for a body over the limit', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024), categoryId: 1 });
    expectError(
      await api().post('/v1/pets').set('Authorization', AUTH).set('Content-Type', 'application/json').send(big),
      413,
      'payload_too_large',
    );
  });
});

describe('unparseable HTTP', () => {
  it('still answers with the contract Error body', async () => {
    const { port } = new URL(t.base);
    const socket = connect(Number(port), '127.0.0.1');
    socket.setEncoding('utf8');
    let raw = '';
    socket.on('data', (d: string) => (raw += d));
    await once(socket, 'connect');
    socket.write('NOT AN HTTP REQUEST\r\n\r\n');
    await once(socket, 'close');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('Content-Type: application/json; charset=utf-8');
    expect(isErrorBody(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)), 400)).toBe(true);
  });
});

describe('stateful store', () => {
  it('lists seed pets in id order, 20 by default', async () => {
    const res = await api().get('/v1/pets').set('Authorization', AUTH);
    expect(res.body).toHaveLength(20);
    const ids = (res.body as { id: number }[]).map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('honours limit and status', async () => {
    const res = await api().get('/v1/pets?status=sold&limit=3').set('Authorization', AUTH);
    expect(res.body).toHaveLength(3);
    expect((res.body as { status: string }[]).every((p) => p.status === 'sold')).toBe(true);
    expect((await api().get('/v1/pets?limit=100').set('Authorization', AUTH)).body).toHaveLength(30);
  });

  it('stores a POST with id max+1 and returns exactly what was sent plus the id', async () => {
    const res = await api()
      .post('/v1/pets')
      .set('Authorization', AUTH)
      .send({ name: 'Nova', categoryId: 3, extra: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 4294967297, name: 'Nova', categoryId: 3 });
    const got = await api().get('/v1/pets/4294967297').set('Authorization', AUTH);
    expect(got.body).toEqual(res.body);
    const listed = await api().get('/v1/pets?limit=100').set('Authorization', AUTH);
    expect(listed.body).toContainEqual(res.body);
  });

  it('echoes int64 values a double cannot hold, digit for digit', async () => {
    const res = await api()
      .post('/v1/pets')
      .set('Authorization', AUTH)
      .set('Content-Type', 'application/json')
      .send('{"name":"Big","categoryId":9223372036854775807,"status":"sold"}');
    expect(res.status).toBe(201);
    expect(res.text).toBe('{"id":4294967297,"name":"Big","categoryId":9223372036854775807,"status":"sold"}');
  });

  it('answers 404 for an unknown pet, and reset restores the seed', async () => {
    expectError(await api().get('/v1/pets/999999').set('Authorization', AUTH), 404, 'not_found');
    await api().post('/v1/pets').set('Authorization', AUTH).send({ name: 'Tmp', categoryId: 1 });
    const reset = await api().post('/__mock/reset');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ reset: true, collections: { '/pets': 30 } });
    expectError(await api().get('/v1/pets/4294967297').set('Authorization', AUTH), 404);
    expectError(await api().get('/__mock/reset'), 405, 'method_not_allowed');
    const preflight = await api()
      .options('/__mock/reset')
      .set('Origin', 'http://app.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
  });

  it('bounds the store, evicting the oldest created pet first', async () => {
    const small = await startTestMock({ storeCapacity: 32 });
    try {
      const s = request(small.mock.server);
      for (let i = 0; i < 4; i++)
        await s
          .post('/v1/pets')
          .set('Authorization', AUTH)
          .send({ name: `P${i}`, categoryId: 1 });
      const all = (await s.get('/v1/pets?limit=100').set('Authorization', AUTH)).body as { name: string }[];
      expect(all).toHaveLength(32);
      expect(all.slice(-2).map((p) => p.name)).toEqual(['P2', 'P3']);
      expect(all.some((p) => p.name === 'Rex')).toBe(true);
    } finally {
      await small.close();
    }
  });
});

describe('deprecation headers', () => {
  it('marks getPet answers with Deprecation, Sunset from x-sunset and Link from x-replaced-by', async () => {
    for (const path of ['/v1/pets/1', '/v1/pets/999999']) {
      const res = await api().get(path).set('Authorization', AUTH);
      expect(res.headers.deprecation).toBe('true');
      expect(res.headers.sunset).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
      expect(res.headers.link).toBe('</v1/pets>; rel="successor-version"');
    }
    expect((await api().get('/v1/pets').set('Authorization', AUTH)).headers.deprecation).toBeUndefined();
  });
});

describe('CORS', () => {
  it('answers a preflight without a key, allowing Authorization and Content-Type, credentials for the origin', async () => {
    const res = await api()
      .options('/v1/pets')
      .set('Origin', 'http://app.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type');
    expect(res.status).toBe(204);
    // On loopback without --cors-origin, a browser app's cookies are taken: its origin is echoed with credentials.
    expect(res.headers['access-control-allow-origin']).toBe('http://app.example');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization, Content-Type/);
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
    expect(res.headers.vary).toBe('Origin');
  });

  it('echoes any origin with credentials on loopback by default; without an Origin (or a null one) it is *', async () => {
    const res = await api().get('/v1/pets?limit=1').set('Authorization', AUTH).set('Origin', 'http://localhost:5173');
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const none = await api().get('/v1/pets?limit=1').set('Authorization', AUTH);
    expect(none.headers['access-control-allow-origin']).toBe('*');
    expect(none.headers['access-control-allow-credentials']).toBeUndefined();
    const opaque = await api().get('/v1/pets?limit=1').set('Authorization', AUTH).set('Origin', 'null');
    expect(opaque.headers['access-control-allow-credentials']).toBeUndefined();
    const wildcard = await startTestMock({ corsOrigins: ['*'] });
    try {
      const w = await request(wildcard.mock.server)
        .get('/v1/pets?limit=1')
        .set('Authorization', AUTH)
        .set('Origin', 'http://x.example');
      expect(w.headers['access-control-allow-origin']).toBe('*');
      expect(w.headers['access-control-allow-credentials']).toBeUndefined();
    } finally {
      await wildcard.close();
    }
  });

  it('allows the headers a preflight asks for: tracing headers of a real app are not blocked', async () => {
    const res = await api()
      .options('/v1/pets')
      .set('Origin', 'http://app.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization, x-request-id, sentry-trace, baggage, bad header');
    expect(res.status).toBe(204);
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(', ');
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'x-request-id', 'sentry-trace', 'baggage', 'x-mock-fault']),
    );
    expect(allowed).not.toContain('bad header');
    expect(allowed.filter((h) => h === 'authorization')).toHaveLength(1);
    expect(res.headers.vary).toBe('Origin, Access-Control-Request-Headers');
  });

  it('exposes the deprecation headers on answers', async () => {
    const res = await api().get('/v1/pets/1').set('Authorization', AUTH).set('Origin', 'http://app.example');
    expect(res.headers['access-control-expose-headers']).toMatch(/Deprecation, Sunset, Link/);
  });

  it('echoes only configured origins, with credentials and Vary', async () => {
    const strict = await startTestMock({ corsOrigins: ['http://app.example'] });
    try {
      const s = request(strict.mock.server);
      const ok = await s.get('/v1/pets').set('Authorization', AUTH).set('Origin', 'http://app.example');
      expect(ok.headers['access-control-allow-origin']).toBe('http://app.example');
      expect(ok.headers['access-control-allow-credentials']).toBe('true');
      expect(ok.headers.vary).toBe('Origin');
      const other = await s
        .options('/v1/pets')
        .set('Origin', 'http://evil.example')
        .set('Access-Control-Request-Method', 'GET');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await strict.close();
    }
  });
});

describe('latency', () => {
  it('delays an answer by X-Mock-Delay and rejects bad values', async () => {
    const started = performance.now();
    expect((await api().get('/v1/pets').set('Authorization', AUTH).set('X-Mock-Delay', '120')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    expectError(
      await api().get('/v1/pets').set('Authorization', AUTH).set('X-Mock-Delay', '30001'),
      400,
      'invalid_header',
    );
    expectError(
      await api().get('/v1/pets').set('Authorization', AUTH).set('X-Mock-Delay', 'soon'),
      400,
      'invalid_header',
    );
  });

  it('applies the global delay, and close() cuts pending delays short', async () => {
    const slow = await startTestMock({ delayMs: 60_000 });
    const pending = request(slow.mock.server).get('/v1/pets').set('Authorization', AUTH);
    const answered = new Promise<request.Response>((resolve, reject) => pending.then(resolve, reject));
    await new Promise<void>((resolve) => slow.mock.server.once('request', () => resolve()));
    const closing = slow.close();
    expect((await answered).status).toBe(200);
    await closing;
  });
});

describe('admin and logging', () => {
  it('hides /__mock/reset when admin is off', async () => {
    const locked = await startTestMock({ admin: false });
    try {
      expectError(await request(locked.mock.server).post('/__mock/reset'), 404, 'not_found');
    } finally {
      await locked.close();
    }
  });

  it('logs one line per request with method, path, status and time', async () => {
    t.lines.length = 0;
    await api().get('/v1/pets?limit=2').set('Authorization', AUTH);
    expect(t.lines).toHaveLength(1);
    expect(t.lines[0]).toMatch(/^GET \/v1\/pets\?limit=2 200 \d+\.\dms$/);
  });

  it('never logs a key, wherever the client puts it', async () => {
    t.lines.length = 0;
    await api().get(`/v1/pets?api_key=${KEY}`).set('Authorization', AUTH);
    await api().get(`/v1/pets/${OTHER_KEY}`).set('Authorization', AUTH);
    await api().get('/v1/pets?limit=unknown-token-123').set('Authorization', 'Bearer unknown-token-123');
    await api()
      .get(`/v1/pets?x=${encodeURIComponent(`${KEY}/`)}`)
      .set('Authorization', AUTH);
    const log = t.lines.join('\n');
    expect(t.lines).toHaveLength(4);
    for (const secret of [KEY, OTHER_KEY, 'unknown-token-123']) expect(log).not.toContain(secret);
  });

  it('writes no request lines when quiet', async () => {
    const quiet = await startTestMock({ quiet: true });
    try {
      await request(quiet.mock.server).get('/v1/pets').set('Authorization', AUTH);
      expect(quiet.lines).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
