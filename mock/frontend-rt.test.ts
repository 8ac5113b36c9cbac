// A browser app's use of the mock on two specs that are not the Animal Store (`__fixtures__/frontend-rt/`):
// a 3.1 project tracker (bearer, nested tasks, page/pageSize envelope, merge patch, RFC 9457 problems)
// and a 3.0 catalogue (X-Api-Key, integer ids, offset/limit, readOnly/writeOnly, Location on 201).
// Each test is a behaviour a frontend team relies on; the error cases must come in the spec's own shape.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '../proxy/server.js';
import { KEY, type TestMock, startTestMock, tempSpecs } from './_test-support.js';

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/frontend-rt/${name}`, import.meta.url));
const ORIGIN = 'http://localhost:5173';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly body: unknown;
}

/** One request as a browser app on {@link ORIGIN} sends it: JSON in, the answer read as text and, when it parses, JSON. */
async function call(
  t: TestMock,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string | undefined } = {},
): Promise<Reply> {
  const res = await fetch(`${t.base}${path}`, {
    method,
    headers: { Origin: ORIGIN, ...init.headers },
    body: init.body ?? null,
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** The header names `Access-Control-Expose-Headers` lets a cross-origin script read, lower-cased. */
function exposed(headers: Headers): string[] {
  return (headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
}

/**
 * True for an RFC 9457 problem as the projects spec declares it. The mock's own problems name their
 * `type` as a URI (`about:blank`, never a sample such as `x`); a forced one (`Prefer: code=…`) is the
 * spec engine's sample of the schema, so `loose` takes any string there.
 */
function isProblem(body: unknown, status: number, loose = false): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const p = body as Record<string, unknown>;
  return (
    typeof p.type === 'string' &&
    (loose || p.type === 'about:blank' || /^[a-z][a-z0-9+.-]*:|^\//i.test(p.type)) &&
    typeof p.title === 'string' &&
    p.status === status
  );
}

describe('projects (3.1, bearer, nested, problem+json)', () => {
  let t: TestMock;
  const auth = { Authorization: `Bearer ${KEY}` };
  const json = { ...auth, 'Content-Type': 'application/json' };
  beforeAll(async () => {
    t = await startTestMock({ spec: fixture('projects.yaml') });
  });
  afterAll(() => t.close());

  async function project(name = 'Alpha'): Promise<Record<string, unknown>> {
    const r = await call(t, 'POST', '/api/projects', {
      headers: json,
      body: JSON.stringify({ name, ownerEmail: 'ana@example.com' }),
    });
    expect(r.status).toBe(201);
    return r.body as Record<string, unknown>;
  }

  it('creates, lists, pages, reads, patches and deletes a nested task', async () => {
    const p = await project();
    expect(p.id).toMatch(UUID);
    const base = `/api/projects/${p.id}/tasks`;
    const made: string[] = [];
    for (const title of ['one', 'two', 'three']) {
      const r = await call(t, 'POST', base, { headers: json, body: JSON.stringify({ title }) });
      expect(r.status).toBe(201);
      made.push((r.body as { id: string }).id);
    }
    const page = await call(t, 'GET', `${base}?page=2&pageSize=2`, { headers: auth });
    expect(page.body).toMatchObject({ total: 3, items: [{ id: made[2], title: 'three', projectId: p.id }] });
    const patched = await call(t, 'PATCH', `${base}/${made[0]}`, {
      headers: { ...auth, 'Content-Type': 'application/merge-patch+json' },
      body: '{"done":true}',
    });
    expect(patched.body).toMatchObject({ id: made[0], done: true, title: 'one' });
    // The id still leads the item, as on create (a client diffing JSON text sees only what changed).
    expect(Object.keys(patched.body as object)[0]).toBe('id');
    expect((await call(t, 'GET', `${base}?done=true`, { headers: auth })).body).toMatchObject({ total: 1 });
    const gone = await call(t, 'DELETE', `${base}/${made[0]}`, { headers: auth });
    expect(gone.status).toBe(204);
    const read = await call(t, 'GET', `${base}/${made[0]}`, { headers: auth });
    expect(read.status).toBe(404);
    expect(isProblem(read.body, 404)).toBe(true);
  });

  it('fills a left-out member with the default the request schema documents', async () => {
    // TaskInput: priority defaults to medium, done to false; Task requires both.
    const p = await project();
    const r = await call(t, 'POST', `/api/projects/${p.id}/tasks`, { headers: json, body: '{"title":"Call Ann"}' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: 'Call Ann', priority: 'medium', done: false, projectId: p.id });
  });

  it("answers every error the mock makes as the spec's problem, with a URI `type`", async () => {
    const cases: [number, Promise<Reply>][] = [
      [400, call(t, 'POST', '/api/projects', { headers: json, body: '{"name":"x"}' })],
      [400, call(t, 'POST', '/api/projects', { headers: json, body: '{"name":' })],
      [401, call(t, 'GET', '/api/projects')],
      [401, call(t, 'GET', '/api/projects', { headers: { Authorization: 'Bearer wrong' } })],
      [404, call(t, 'GET', '/api/nothing', { headers: auth })],
      [405, call(t, 'PUT', '/api/projects', { headers: json, body: '{}' })],
      [404, call(t, 'GET', '/api/projects/3fa85f64-5717-4562-b3fc-2c963f66afa7', { headers: auth })],
    ];
    for (const [status, pending] of cases) {
      const r = await pending;
      expect(r.status).toBe(status);
      expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(isProblem(r.body, status), r.text).toBe(true);
    }
  });

  it('forces a documented problem+json error with Prefer: code=…, never the success', async () => {
    const p = await project();
    for (const [method, path, code, body] of [
      ['GET', `/api/projects/${p.id}`, 404, undefined],
      ['POST', '/api/projects', 422, JSON.stringify({ name: 'x', ownerEmail: 'a@b.io' })],
      ['GET', '/api/projects', 401, undefined],
    ] as const) {
      const r = await call(t, method, path, { headers: { ...json, Prefer: `code=${code}` }, body });
      expect(r.status, `${method} ${path} Prefer: code=${code}`).toBe(code);
      expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(isProblem(r.body, code, true), r.text).toBe(true);
    }
  });

  it('names the media type the operation documents when it refuses another', async () => {
    const p = await project();
    const r = await call(t, 'PATCH', `/api/projects/${p.id}`, {
      headers: { ...auth, 'Content-Type': 'text/plain' },
      body: 'name=x',
    });
    expect(r.status).toBe(415);
    expect(isProblem(r.body, 415)).toBe(true);
    expect((r.body as { detail: string }).detail).toContain('application/merge-patch+json');
  });

  it('generates (Prefer: dynamic=true) a page with only the members the envelope declares', async () => {
    for (const seed of ['a', 'b', 'c']) {
      const r = await call(t, 'GET', '/api/projects?pageSize=2', {
        headers: { ...auth, Prefer: `dynamic=true, seed=${seed}` },
      });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body as object).sort(), r.text).toEqual(['items', 'total']);
      expect((r.body as { items: unknown[] }).items).toHaveLength(2);
    }
  });

  it('lets the preflight of a mistyped route or method through, so the app reads the 404 or 405', async () => {
    // Chromium turns a refused preflight into "Failed to fetch": the spec-shaped answer below is what
    // the developer needs to see.
    for (const [path, method, status] of [
      ['/api/projcts', 'GET', 404],
      ['/api/projects', 'PUT', 405],
    ] as const) {
      const pre = await call(t, 'OPTIONS', path, {
        headers: { 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'authorization' },
      });
      expect(pre.status, `${method} ${path}`).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(pre.headers.get('access-control-allow-methods')).toContain(method);
      const r = await call(t, method, path, { headers: json, body: method === 'GET' ? undefined : '{}' });
      expect(r.status).toBe(status);
      expect(isProblem(r.body, status)).toBe(true);
    }
    // Not a preflight (no Access-Control-Request-Method, or no Origin): the unknown route is still a 404.
    expect((await call(t, 'OPTIONS', '/api/projcts')).status).toBe(404);
    const bare = await fetch(`${t.base}/api/projcts`, {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'GET' },
    });
    expect(bare.status).toBe(404);
  });

  it('lets a cross-origin app through the preflight and read the answer', async () => {
    const pre = await call(t, 'OPTIONS', '/api/projects/3fa85f64-5717-4562-b3fc-2c963f66afa6', {
      headers: {
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(pre.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });
});

describe('catalogue (3.0, X-Api-Key, integer ids, Location)', () => {
  let t: TestMock;
  const key = { 'X-Api-Key': KEY };
  const json = { ...key, 'Content-Type': 'application/json' };
  beforeAll(async () => {
    t = await startTestMock({ spec: fixture('catalogue.yaml') });
  });
  afterAll(() => t.close());

  const product = (sku: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ sku, name: `Item ${sku}`, price: 9.5, category: 'books', inStock: true, ...extra });

  it('creates with a server id, fills readOnly members, hides writeOnly ones and says where the item lives', async () => {
    const r = await call(t, 'POST', '/catalogue/v2/products', {
      headers: json,
      body: product('BKS-0100', { id: 99, supplierToken: 's3cret', createdAt: '2000-01-01T00:00:00Z' }),
    });
    expect(r.status).toBe(201);
    const made = r.body as Record<string, unknown>;
    expect(made.id).toBeTypeOf('number');
    expect(made.id).not.toBe(99);
    expect(Date.parse(made.createdAt as string)).toBeGreaterThan(Date.parse('2020-01-01'));
    expect(made).not.toHaveProperty('supplierToken');
    expect(r.headers.get('location')).toBe(`/catalogue/v2/products/${made.id}`);
    const read = await call(t, 'GET', r.headers.get('location')!, { headers: key });
    expect(read.body).toEqual(made);
  });

  it('exposes the documented response headers (Location) to a cross-origin script', async () => {
    const r = await call(t, 'POST', '/catalogue/v2/products', { headers: json, body: product('BKS-0101') });
    expect(r.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(r.headers.get('location')).not.toBeNull();
    expect(exposed(r.headers)).toContain('location');
  });

  it('filters and pages with offset/limit', async () => {
    await call(t, 'POST', '/__mock/reset');
    for (const [i, category] of ['books', 'music', 'books', 'books'].entries())
      await call(t, 'POST', '/catalogue/v2/products', { headers: json, body: product(`BKS-020${i}`, { category }) });
    // The Product schema's own example (BKS-0001, a book) seeds the collection: books are BKS-0001,
    // then the three created here.
    const r = await call(t, 'GET', '/catalogue/v2/products?category=books&offset=2&limit=1', { headers: key });
    expect((r.body as { sku: string }[]).map((p) => p.sku)).toEqual(['BKS-0202']);
    // The documented X-Total-Count counts what the filters match, not the page, and a script may read it.
    expect(r.headers.get('x-total-count')).toBe('4');
    expect(exposed(r.headers)).toContain('x-total-count');
  });

  it('answers a 204 with no content type, so a client that parses by Content-Type does not choke', async () => {
    const made = await call(t, 'POST', '/catalogue/v2/products', { headers: json, body: product('BKS-0300') });
    const gone = await call(t, 'DELETE', `/catalogue/v2/products/${(made.body as { id: number }).id}`, {
      headers: key,
    });
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    expect(gone.headers.get('content-type')).toBeNull();
  });

  it('generates (Prefer: dynamic=true) the page size asked, each item valid', async () => {
    for (const seed of ['s0', 's1', 's2']) {
      const r = await call(t, 'GET', '/catalogue/v2/products?limit=3', {
        headers: { ...key, Prefer: `dynamic=true, seed=${seed}` },
      });
      expect(r.status).toBe(200);
      const items = r.body as { id: number; price: number }[];
      expect(
        items.map((p) => p.id),
        r.text,
      ).toEqual([1, 2, 3]);
      // 3.0's `minimum: 0, exclusiveMinimum: true`, which the generator does not honour by itself.
      for (const p of items) expect(p.price).toBeGreaterThan(0);
      // The documented count is a count, at least the items shown.
      expect(Number(r.headers.get('x-total-count'))).toBeGreaterThanOrEqual(3);
    }
  });

  it('names the created item in Location when the answer is generated or forced', async () => {
    for (const prefer of ['dynamic=true, seed=s1', 'code=201']) {
      const r = await call(t, 'POST', '/catalogue/v2/products', {
        headers: { ...json, Prefer: prefer },
        body: product('BKS-0500'),
      });
      expect(r.status).toBe(201);
      expect(r.headers.get('location'), prefer).toBe(`/catalogue/v2/products/${(r.body as { id: number }).id}`);
    }
  });

  it('says a forced error was forced, in the nested message the spec declares', async () => {
    const r = await call(t, 'GET', '/catalogue/v2/products/1', { headers: { ...key, Prefer: 'code=404' } });
    expect(r.status).toBe(404);
    const error = (r.body as { error: { code: string; message: string } }).error;
    expect(error.message).toMatch(/\(forced by Prefer: code=404\)$/);
  });

  it("answers errors in the spec's {error:{code,message}} shape", async () => {
    for (const [status, pending] of [
      [400, call(t, 'POST', '/catalogue/v2/products', { headers: json, body: '{"name":"x"}' })],
      [401, call(t, 'GET', '/catalogue/v2/products')],
      [404, call(t, 'GET', '/catalogue/v2/products/424242', { headers: key })],
      [404, call(t, 'GET', '/catalogue/v2/nope', { headers: key })],
      [503, call(t, 'GET', '/catalogue/v2/products', { headers: { ...key, 'X-Mock-Fault': 'status=503' } })],
    ] as const) {
      const r = await pending;
      expect(r.status).toBe(status);
      const error = (r.body as { error?: Record<string, unknown> }).error;
      expect(typeof error?.code, r.text).toBe('string');
      expect(typeof error?.message, r.text).toBe('string');
    }
  });
});

describe('projects seeded with --data (a project last changed in 2020)', () => {
  const specs = tempSpecs();
  const ID = '0b8d5f7e-2f6a-4c1e-9a51-7d3e8f0c1a22';
  const STAMP = '2020-02-02T10:00:00.000Z';
  let t: TestMock;
  beforeAll(async () => {
    const data = specs.write(
      'projects-data.json',
      JSON.stringify({
        '/projects': [
          { id: ID, name: 'Old', status: 'active', ownerEmail: 'ana@example.com', createdAt: STAMP, updatedAt: STAMP },
        ],
      }),
    );
    t = await startTestMock({ spec: fixture('projects.yaml'), dataFile: data });
  });
  afterAll(async () => {
    await t.close();
    specs.remove();
  });

  it('stamps a new item created and last changed at one instant', async () => {
    // The first create compiles the item schema between the two stamps: they must still agree, or a
    // UI showing "edited" when updatedAt differs from createdAt marks every new project edited.
    const r = await call(t, 'POST', '/api/projects', {
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'New', ownerEmail: 'ana@example.com' }),
    });
    expect(r.status).toBe(201);
    const p = r.body as Record<string, string>;
    expect(p.updatedAt).toBe(p.createdAt);
  });

  it('moves the readOnly updatedAt on a merge patch and keeps createdAt', async () => {
    const r = await call(t, 'PATCH', `/api/projects/${ID}`, {
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/merge-patch+json' },
      body: '{"name":"Renamed"}',
    });
    expect(r.status).toBe(200);
    const p = r.body as Record<string, string>;
    expect(p).toMatchObject({ id: ID, name: 'Renamed', createdAt: STAMP });
    expect(p.updatedAt).not.toBe(STAMP);
    expect(Date.parse(p.updatedAt!)).toBeGreaterThan(Date.parse(STAMP));
    const read = await call(t, 'GET', `/api/projects/${ID}`, { headers: { Authorization: `Bearer ${KEY}` } });
    expect(read.body).toEqual(p);
  });
});

describe('validating proxy on loopback, default CORS (projects)', () => {
  it('lets a credentialed cross-origin request through, as the mock does', async () => {
    const upstream = await startTestMock({ spec: fixture('projects.yaml') });
    const proxy = await startProxy({
      spec: fixture('projects.yaml'),
      upstream: `${upstream.base}/api`,
      port: 0,
      log: () => {},
    });
    try {
      // fetch(..., {credentials: 'include'}) needs the exact origin and Allow-Credentials on the preflight too.
      const pre = await fetch(`${proxy.url}/projects`, {
        method: 'OPTIONS',
        headers: {
          Origin: ORIGIN,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
      expect(pre.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
      const direct = await fetch(`${upstream.base}/api/projects`, {
        method: 'OPTIONS',
        headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET' },
      });
      expect(direct.headers.get('access-control-allow-origin')).toBe(pre.headers.get('access-control-allow-origin'));
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});

describe('validating proxy in front of a dead upstream (projects)', () => {
  it("answers the 502 in the spec's problem shape, not the Animal Store's Error", async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const proxy = await startProxy({
      spec: fixture('projects.yaml'),
      upstream: `http://127.0.0.1:${port}/api`,
      port: 0,
      log: () => {},
    });
    try {
      const res = await fetch(`${proxy.url}/projects`, { headers: { Authorization: `Bearer ${KEY}`, Origin: ORIGIN } });
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const body = (await res.json()) as Record<string, unknown>;
      expect(isProblem(body, 502), JSON.stringify(body)).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});

describe('validating proxy under another base path than its upstream (catalogue)', () => {
  it('hands out a Location the app can follow through the proxy', async () => {
    const upstream = await startTestMock({ spec: fixture('catalogue.yaml') });
    const proxy = await startProxy({
      spec: fixture('catalogue.yaml'),
      upstream: `${upstream.base}/catalogue/v2`,
      basePath: '/shop',
      port: 0,
      log: () => {},
    });
    try {
      const key = { 'X-Api-Key': KEY };
      const made = await fetch(`${proxy.url}/products`, {
        method: 'POST',
        headers: { ...key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ sku: 'BKS-0400', name: 'Via proxy', price: 3, category: 'books', inStock: true }),
      });
      expect(made.status).toBe(201);
      const location = made.headers.get('location')!;
      expect(location).toMatch(/^\/shop\/products\/\d+$/);
      const followed = await fetch(new URL(location, proxy.url), { headers: key });
      expect(followed.status).toBe(200);
      expect(await followed.json()).toEqual(await made.json());
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});
