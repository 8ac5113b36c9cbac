import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, createMockServer } from '../server.js';

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const servers: MockServer[] = [];

async function mockOf(spec: string, extra: Parameters<typeof createMockServer>[0] = {}): Promise<MockServer> {
  const mock = await createMockServer({
    spec: fixture(spec),
    watch: false,
    quiet: true,
    log: () => undefined,
    ...extra,
  });
  servers.push(mock);
  return mock;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('stateful mock, uuid ids (notes.yaml: flat, merge patch, readOnly timestamps, limit and offset)', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await mockOf('notes.yaml');
  });

  it('create → read → list → replace → update → delete → not found', async () => {
    const created = await request(mock.server)
      .post('/api/notes')
      .send({
        text: 'Water plants',
        tag: 'home',
        id: '00000000-0000-4000-8000-000000000000',
        createdAt: '2000-01-01T00:00:00Z',
      })
      .expect(201);
    const note = created.body as { id: string; text: string; tag: string; createdAt: string };
    expect(note.id).toMatch(UUID);
    expect(note).toMatchObject({ text: 'Water plants', tag: 'home' });
    // readOnly members are the server's: what the client sent is not kept.
    expect(note.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(Date.parse(note.createdAt)).toBeGreaterThan(Date.parse('2026-01-01'));

    expect((await request(mock.server).get(`/api/notes/${note.id}`).expect(200)).body).toEqual(note);

    // Seeded from the spec's list example (2 notes); the default page size is 2.
    const page = await request(mock.server).get('/api/notes').expect(200);
    expect(page.body).toHaveLength(2);
    const all = await request(mock.server).get('/api/notes?limit=50').expect(200);
    expect(all.body.map((n: { text: string }) => n.text)).toEqual(['Buy milk', 'Call Ann', 'Water plants']);
    expect(
      (await request(mock.server).get('/api/notes?limit=50&tag=home').expect(200)).body.map(
        (n: { text: string }) => n.text,
      ),
    ).toEqual(['Buy milk', 'Water plants']);
    expect((await request(mock.server).get('/api/notes?limit=1&offset=2').expect(200)).body).toEqual([note]);

    const replaced = await request(mock.server)
      .put(`/api/notes/${note.id}`)
      .send({ text: 'Water all plants' })
      .expect(200);
    expect(replaced.body).toEqual({ id: note.id, text: 'Water all plants', createdAt: note.createdAt });

    const updated = await request(mock.server)
      .patch(`/api/notes/${note.id}`)
      .send({ tag: 'garden', id: '00000000-0000-4000-8000-000000000000' })
      .expect(200);
    expect(updated.body).toEqual({ id: note.id, text: 'Water all plants', createdAt: note.createdAt, tag: 'garden' });
    const removedTag = await request(mock.server).patch(`/api/notes/${note.id}`).send({ tag: null }).expect(200);
    expect(removedTag.body).not.toHaveProperty('tag');
    // A merge patch that breaks the item schema is refused and changes nothing.
    await request(mock.server).patch(`/api/notes/${note.id}`).send({ text: '' }).expect(400);
    expect((await request(mock.server).get(`/api/notes/${note.id}`).expect(200)).body.text).toBe('Water all plants');

    await request(mock.server).delete(`/api/notes/${note.id}`).expect(204, '');
    const gone = await request(mock.server).get(`/api/notes/${note.id}`).expect(404);
    expect(gone.body).toMatchObject({ code: 'not_found', status: 404 });
    await request(mock.server).delete(`/api/notes/${note.id}`).expect(404);
    await request(mock.server).put(`/api/notes/${note.id}`).send({ text: 'x' }).expect(404);
  });

  it('reset restores the seed', async () => {
    await request(mock.server).post('/api/notes').send({ text: 'temporary' }).expect(201);
    mock.reset();
    expect((await request(mock.server).get('/api/notes?limit=50').expect(200)).body).toHaveLength(2);
  });
});

describe('stateful mock, integer ids (books.yaml: envelope, page numbers, JSON Patch, Location, problem+json)', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await mockOf('books.yaml');
  });

  it('create → read → list → update → delete → not found', async () => {
    // The seed is the read example, id 7: new ids count on from it.
    const created = await request(mock.server)
      .post('/v2/books')
      .send({ title: 'Ficciones', genre: 'novel' })
      .expect(201);
    expect(created.body).toEqual({ id: 8, title: 'Ficciones', genre: 'novel', isbn: '9780000000002' });
    expect(created.headers.location).toBe('/v2/books/8');
    const second = await request(mock.server).post('/v2/books').send({ title: 'Odes', genre: 'poetry' }).expect(201);
    expect(second.body.id).toBe(9);

    expect((await request(mock.server).get('/v2/books/8').expect(200)).body).toEqual(created.body);

    const list = await request(mock.server).get('/v2/books').expect(200);
    expect(list.body).toEqual({
      data: [expect.objectContaining({ id: 7, title: 'Dune' }), created.body, second.body],
      total: 3,
    });
    expect((await request(mock.server).get('/v2/books?genre=novel&per_page=1&page=2').expect(200)).body).toEqual({
      data: [created.body],
      total: 2,
    });

    // The operation takes application/json-patch+json: the body is applied as RFC 6902 operations.
    const patched = await request(mock.server)
      .patch('/v2/books/8')
      .set('Content-Type', 'application/json-patch+json')
      .send([
        { op: 'test', path: '/title', value: 'Ficciones' },
        { op: 'replace', path: '/genre', value: 'essay' },
        { op: 'replace', path: '/id', value: 99 },
      ])
      .expect(200);
    expect(patched.body).toEqual({ id: 8, title: 'Ficciones', genre: 'essay', isbn: '9780000000002' });
    // Sent as plain application/json, an array body to an operation that only takes JSON Patch is one too.
    await request(mock.server)
      .patch('/v2/books/8')
      .send([{ op: 'test', path: '/title', value: 'Other' }])
      .expect(400);
    // A JSON-based type the operation does not declare is still a 415.
    await request(mock.server)
      .patch('/v2/books/8')
      .set('Content-Type', 'application/merge-patch+json')
      .send('{}')
      .expect(415);

    // DELETE documents 200 with the book: the removed book is the answer.
    expect((await request(mock.server).delete('/v2/books/8').expect(200)).body).toEqual(patched.body);
    const gone = await request(mock.server).get('/v2/books/8').expect(404);
    // The spec's 404 is a problem+json Problem, not the mock's Error: the answer fits the spec.
    expect(gone.headers['content-type']).toMatch(/^application\/problem\+json/);
    // RFC 9457: the title names the status, the detail says what was not found.
    expect(gone.body).toMatchObject({ title: 'Not Found', detail: expect.stringContaining('8'), status: 404 });
  });

  it('leaves actions (not CRUD) to Prism', async () => {
    const borrowed = await request(mock.server).post('/v2/books/7/actions/borrow').expect(202);
    expect(borrowed.body).toEqual({ queued: true });
  });
});

describe('stateful mock, nested collections (shops.yaml: string slugs → integer products → uuid reviews; --data)', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await mockOf('shops.yaml', { dataFile: fixture('shops-data.json') });
  });

  it('serves the --data seed, scoped to each parent', async () => {
    expect((await request(mock.server).get('/shops').expect(200)).body.map((s: { slug: string }) => s.slug)).toEqual([
      'corner',
      'market',
    ]);
    expect(
      (await request(mock.server).get('/shops/corner/products').expect(200)).body.map((p: { name: string }) => p.name),
    ).toEqual(['Tea', 'Jam']);
    expect(
      (await request(mock.server).get('/shops/market/products').expect(200)).body.map((p: { name: string }) => p.name),
    ).toEqual(['Bread']);
    expect(
      (await request(mock.server).get('/shops/corner/products?inStock=true').expect(200)).body.map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(['Tea']);
    await request(mock.server).get('/shops/market/products/1').expect(404);
  });

  it('create → read → list → replace → delete → not found, two levels deep', async () => {
    const shop = await request(mock.server).post('/shops').send({ slug: 'kiosk', name: 'Kiosk' }).expect(201);
    expect(shop.body).toEqual({ slug: 'kiosk', name: 'Kiosk' });
    // The client names its shops: a second one with the same slug is the documented 409.
    expect(
      (await request(mock.server).post('/shops').send({ slug: 'kiosk', name: 'Again' }).expect(409)).body,
    ).toMatchObject({ status: 409 });

    const product = await request(mock.server)
      .post('/shops/kiosk/products')
      .send({ name: 'Gum', price: 1 })
      .expect(201);
    expect(product.body).toEqual({ id: 4, slug: 'kiosk', name: 'Gum', price: 1 });
    expect((await request(mock.server).get('/shops/kiosk/products/4').expect(200)).body).toEqual(product.body);
    await request(mock.server).get('/shops/corner/products/4').expect(404);
    expect((await request(mock.server).get('/shops/kiosk/products').expect(200)).body).toEqual([product.body]);

    const review = await request(mock.server)
      .post('/shops/kiosk/products/4/reviews')
      .send({ stars: 5, text: 'Fresh' })
      .expect(201);
    expect(review.body.id).toMatch(UUID);
    expect(
      (await request(mock.server).get(`/shops/kiosk/products/4/reviews/${review.body.id}`).expect(200)).body,
    ).toEqual(review.body);
    expect((await request(mock.server).get('/shops/kiosk/products/4/reviews').expect(200)).body).toEqual([review.body]);

    const replaced = await request(mock.server)
      .put('/shops/kiosk/products/4')
      .send({ name: 'Mint gum', price: 1.5, inStock: true })
      .expect(200);
    expect(replaced.body).toEqual({ id: 4, slug: 'kiosk', name: 'Mint gum', price: 1.5, inStock: true });

    // Parents that do not exist: the documented 404.
    await request(mock.server).get('/shops/nowhere/products').expect(404);
    await request(mock.server).post('/shops/nowhere/products').send({ name: 'x', price: 1 }).expect(404);
    await request(mock.server).get('/shops/kiosk/products/77/reviews').expect(404);

    // Deleting the shop takes its products and their reviews with it.
    await request(mock.server).delete('/shops/kiosk').expect(204);
    await request(mock.server).get('/shops/kiosk').expect(404);
    await request(mock.server).get('/shops/kiosk/products/4').expect(404);
    await request(mock.server).post('/shops').send({ slug: 'kiosk', name: 'Kiosk again' }).expect(201);
    expect((await request(mock.server).get('/shops/kiosk/products').expect(200)).body).toEqual([]);
    await request(mock.server).get(`/shops/kiosk/products/4/reviews/${review.body.id}`).expect(404);
  });

  it('keeps a singleton: read from the example, then as updated', async () => {
    expect((await request(mock.server).get('/me').expect(200)).body).toEqual({ name: 'Ada', locale: 'en' });
    expect((await request(mock.server).patch('/me').send({ locale: 'fr' }).expect(200)).body).toEqual({
      name: 'Ada',
      locale: 'fr',
    });
    expect((await request(mock.server).get('/me').expect(200)).body).toEqual({ name: 'Ada', locale: 'fr' });
  });
});

describe('stateful mock: answers that would break the spec (receipts.yaml: a 201 that only acknowledges, PUT that creates)', () => {
  it('stores the item, answers the documented acknowledgement, and points at the item with Location', async () => {
    const mock = await mockOf('receipts.yaml');
    const filed = await request(mock.server).post('/receipts').send({ amount: 12.5, currency: 'EUR' }).expect(201);
    expect(filed.body).toEqual({ accepted: true });
    expect(filed.headers.location).toBe('/receipts/1');
    const receipt = (await request(mock.server).get('/receipts/1').expect(200)).body;
    expect(receipt).toMatchObject({ id: 1, amount: 12.5, currency: 'EUR' });
    expect(Date.parse(receipt.filedAt)).not.toBeNaN();
    // PUT documents 201: an unknown id is created there; a known one is replaced (200), keeping what the server owns.
    expect(
      (await request(mock.server).put('/receipts/40').send({ amount: 1, currency: 'USD' }).expect(201)).body,
    ).toMatchObject({ id: 40, currency: 'USD' });
    expect(
      (await request(mock.server).put('/receipts/1').send({ amount: 13, currency: 'EUR' }).expect(200)).body,
    ).toEqual({ ...receipt, amount: 13 });
    expect(
      (await request(mock.server).post('/receipts').send({ amount: 2, currency: 'GBP' }).expect(201)).headers.location,
    ).toBe('/receipts/41');
  });
});

describe('stateful mock: bounds, data errors, modes', () => {
  it('holds at most storeCapacity items per collection, evicting the oldest created, never a seed', async () => {
    const mock = await mockOf('notes.yaml', { storeCapacity: 4 });
    const ids: string[] = [];
    for (const text of ['a', 'b', 'c'])
      ids.push((await request(mock.server).post('/api/notes').send({ text }).expect(201)).body.id);
    const texts = (await request(mock.server).get('/api/notes?limit=50').expect(200)).body.map(
      (n: { text: string }) => n.text,
    );
    expect(texts).toEqual(['Buy milk', 'Call Ann', 'b', 'c']);
    await request(mock.server).get(`/api/notes/${ids[0]}`).expect(404);
  });

  it('refuses a data file with an invalid item, naming the file and the key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'data-'));
    const bad = join(dir, 'data.json');
    await writeFile(bad, JSON.stringify({ '/shops/{slug}/products': { corner: [{ name: 'Tea', price: -1 }] } }));
    expect(String(await mockOf('shops.yaml', { dataFile: bad }).catch((e: Error) => e))).toContain(
      `${bad}: "/shops/{slug}/products"."corner"[0] is not a valid item of /shops/{slug}/products`,
    );
    await writeFile(bad, JSON.stringify({ stalls: [] }));
    expect(String(await mockOf('shops.yaml', { dataFile: bad }).catch((e: Error) => e))).toContain(
      `${bad}: "stalls" names no collection`,
    );
    // A plain array seeds the one top-level collection, checked like any other item.
    const error = await mockOf('shops.yaml', { dataFile: fixture('../../../fixtures/pets.json') }).catch(
      (e: Error) => e,
    );
    expect(String(error)).toMatch(/pets\.json: "\/shops"\[0\] is not a valid item of \/shops/);
  });

  it('answers the same requests from Prism in static mode (no state)', async () => {
    const mock = await mockOf('books.yaml', { mode: 'static' });
    await request(mock.server).post('/v2/books').send({ title: 'Ficciones' }).expect(201);
    // Static mode answers the spec's example whatever the id; nothing was stored.
    expect((await request(mock.server).get('/v2/books/8').expect(200)).body).toMatchObject({ title: 'Dune' });
  });
});

describe('stateful mock, a list one wrapper down (wrapped.yaml: `data.todos`)', () => {
  it('lists what was created inside the wrapper, with the total beside it', async () => {
    const mock = await mockOf('wrapped.yaml');
    const created = await request(mock.server).post('/todos').send({ title: 'Buy milk' }).expect(201);
    const list = await request(mock.server).get('/todos').expect(200);
    expect(list.body.success).toEqual(expect.any(Boolean));
    expect(list.body.data.todos).toContainEqual(created.body);
    expect(list.body.data.total).toBe(list.body.data.todos.length);
    expect((await request(mock.server).get('/todos?limit=1').expect(200)).body.data.todos).toHaveLength(1);
  });
});
