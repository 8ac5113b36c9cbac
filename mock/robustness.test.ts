import { Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CollectionStore } from './resources/collection-store.js';
import { AUTH, KEY, type TestMock, isErrorBody, startTestMock } from './_test-support.js';

let t: TestMock;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

beforeAll(async () => {
  t = await startTestMock();
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

/** Sends a raw request (no client-side normalising of paths or headers) and collects the answer. */
function send(r: Sent): Promise<{ status: number; contentType: string | undefined; text: string }> {
  const { port } = new URL(t.base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'],
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(r.body);
  });
}

const pathChar = fc.constantFrom(...'abcxyz019-._~%/?&=+ '.split(''), '%2F', '%00', '%zz', 'é', '..');
const segment = fc.oneof(
  fc.constantFrom('pets', 'v1', '1', '4294967296', '-1', '9'.repeat(25), '__mock', 'reset', ''),
  fc.string({ unit: pathChar, maxLength: 8 }),
);
const path = fc
  .oneof(
    fc.constantFrom('/v1/pets', '/v1/pets/1', '/v1/pets/999999', '/__mock/reset', '/v1', '/', '*'),
    fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
    fc
      .tuple(fc.constantFrom('/v1/pets', '/v1/pets/7'), fc.string({ unit: pathChar, maxLength: 20 }))
      .map(([p, q]) => `${p}?${q}`),
  )
  // Only what may appear on the request line raw; everything else goes percent-encoded (malformed escapes stay).
  .map((p) => p.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c)));
const authorization = fc.option(
  fc.oneof(
    fc.constant(AUTH),
    fc.constant(`bearer ${KEY}`),
    fc.constant('Bearer '),
    fc.constant('Basic abc'),
    fc.string({ unit: fc.constantFrom(...'Bearer xyz-0'.split('')), maxLength: 12 }),
  ),
  { nil: undefined },
);
const prefer = fc.option(
  fc.oneof(
    fc.integer({ min: 100, max: 599 }).map((c) => `code=${c}`),
    fc.constantFrom(
      'code=404',
      'code=401',
      'code=abc',
      'example=created',
      'example=nope',
      'dynamic=true',
      'dynamic=maybe',
      'seed=',
      'return=minimal',
      'constructor=1',
      ',;=',
    ),
  ),
  { nil: undefined },
);
const contentType = fc.option(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/xml',
    'application/json; charset=latin1',
    '',
  ),
  { nil: undefined },
);
const body = fc.option(
  fc.oneof(
    fc.json({ maxDepth: 2 }),
    fc
      .record(
        {
          name: fc.string(),
          categoryId: fc.oneof(fc.integer(), fc.double(), fc.string()),
          status: fc.constantFrom('available', 'sold', 'lost'),
        },
        { requiredKeys: [] },
      )
      .map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 40 }),
  ),
  { nil: undefined },
);
const request = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE'),
    path,
    authorization,
    prefer,
    contentType,
    delay: fc.option(fc.constantFrom('0', '1', 'x', '-1', '99999'), { nil: undefined }),
    origin: fc.option(fc.constantFrom('http://app.example', 'null'), { nil: undefined }),
    body,
  })
  .map((r): Sent => {
    const headers: Record<string, string> = {};
    if (r.authorization !== undefined) headers.Authorization = r.authorization;
    if (r.prefer !== undefined) headers.Prefer = r.prefer;
    if (r.contentType !== undefined) headers['Content-Type'] = r.contentType;
    if (r.delay !== undefined) headers['X-Mock-Delay'] = r.delay;
    if (r.origin !== undefined) headers.Origin = r.origin;
    // Without framing, node's client would send a GET/HEAD body as the start of the next request.
    if (r.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(r.body));
    return { method: r.method, path: r.path, headers, body: r.body };
  });

describe('robustness', () => {
  it('never answers 5xx, and every 4xx carries the contract Error body', async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const res = await send(r);
        seen.add(res.status);
        expect(res.status).toBeGreaterThanOrEqual(200);
        expect(res.status).toBeLessThan(500);
        expect(res.contentType).toBe('application/json; charset=utf-8');
        if (res.status >= 400 && r.method !== 'HEAD') expect(isErrorBody(JSON.parse(res.text), res.status)).toBe(true);
      }),
      { seed: 20301205, numRuns: 400 },
    );
    // The run reached every layer, not just the first one that refuses.
    for (const status of [200, 204, 400, 401, 404, 405, 415]) expect(seen).toContain(status);
    expect(t.lines.filter((l) => l.startsWith('mock error'))).toEqual([]);
  });

  it('turns an exception inside the mock into a 400 Error and logs it', async () => {
    const spy = vi.spyOn(CollectionStore.prototype, 'version', 'get').mockImplementation(() => {
      throw new Error('boom');
    });
    try {
      t.lines.length = 0;
      const res = await send({
        method: 'GET',
        path: '/v1/pets?api_key=x',
        headers: { Authorization: AUTH },
        body: undefined,
      });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'mock_error', status: 400 });
      expect(t.lines.some((l) => l.startsWith('mock error') && l.includes('boom'))).toBe(true);
      expect(t.lines.join('\n')).not.toContain(KEY);
    } finally {
      spy.mockRestore();
    }
  });
});
