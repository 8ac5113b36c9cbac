import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_PATH } from '../spec/index.js';
import { startMock } from './index.js';
import type { ReloadEvent } from './options.js';
import { startTestMock } from './_test-support.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('startMock', () => {
  it('listens on a free port with port 0 and serves /v1/pets', async () => {
    const lines: string[] = [];
    const mock = await startMock({ port: 0, watch: false, log: (l) => lines.push(l) });
    cleanups.push(() => mock.close());
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(mock.port).toBeGreaterThan(0);
    const res = await fetch(`${mock.url}/pets?limit=1`, { headers: { Authorization: 'Bearer dev-key' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1, name: 'Rex', categoryId: 1, status: 'available' }]);
  });

  it('reset() restores the seed', async () => {
    const mock = await startMock({ port: 0, watch: false, quiet: true, apiKeys: ['k'] });
    cleanups.push(() => mock.close());
    const created = await request(mock.mock.server)
      .post('/v1/pets')
      .set('Authorization', 'Bearer k')
      .send({ name: 'T', categoryId: 1 });
    expect(created.status).toBe(201);
    mock.reset();
    expect(
      (await request(mock.mock.server).get(`/v1/pets/${created.body.id}`).set('Authorization', 'Bearer k')).status,
    ).toBe(404);
  });

  it('rejects when the port is taken', async () => {
    const first = await startMock({ port: 0, watch: false, quiet: true });
    cleanups.push(() => first.close());
    await expect(startMock({ port: first.port, watch: false, quiet: true })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });

  it('turns admin off by default when configured for a non-loopback host', async () => {
    // Configured for 0.0.0.0 but bound to loopback: tests never listen beyond this machine.
    const mock = await startTestMock({ host: '0.0.0.0' });
    cleanups.push(() => mock.close());
    expect(mock.mock.options.admin).toBe(false);
    expect((await request(mock.mock.server).post('/__mock/reset')).status).toBe(404);
  });
});

describe('spec hot reload', () => {
  it('reloads a changed spec and keeps the last good one after a bad edit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-spec-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = join(dir, 'openapi.yaml');
    await copyFile(DEFAULT_SPEC_PATH, file);
    const events: ReloadEvent[] = [];
    let notify: (() => void) | undefined;
    const nextReload = () => new Promise<void>((resolve) => (notify = resolve));
    const lines: string[] = [];
    const mock = await startMock({
      port: 0,
      spec: file,
      quiet: true,
      log: (l) => lines.push(l),
      onReload: (event) => {
        events.push(event);
        notify?.();
      },
    });
    cleanups.push(() => mock.close());
    const get = () => request(mock.mock.server).get('/v1/pets/1').set('Authorization', 'Bearer dev-key');
    const original = await readFile(file, 'utf8');

    let reloaded = nextReload();
    await writeFile(file, 'openapi: 3.1.0\npaths: [broken');
    await reloaded;
    expect(events.at(-1)?.ok).toBe(false);
    expect(lines.filter((l) => l.startsWith('spec reload failed'))).toHaveLength(1);
    const stillServing = await get();
    expect(stillServing.status).toBe(200);
    expect(stillServing.headers.sunset).toBe('Thu, 05 Dec 2030 00:00:00 GMT');

    reloaded = nextReload();
    await writeFile(file, original.replace("x-sunset: '2030-12-05'", "x-sunset: '2031-01-31'"));
    await reloaded;
    expect(events.at(-1)?.ok).toBe(true);
    expect((await get()).headers.sunset).toBe('Fri, 31 Jan 2031 00:00:00 GMT');
  });
});
