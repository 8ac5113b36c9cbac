/**
 * The browser entry in a real browser: headless Chromium (Debian's `chromium`, driven by
 * playwright-core) loads a page that starts the mock with MSW's `setupWorker`, and the page's own
 * fetch calls are answered by the service worker. Skipped, with a note, where the browser is not
 * installed.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, hasChromium, launchChromium, type Browser } from '../../examples/frontend/browser.js';
import { bundleForBrowser } from './_browser-bundle.js';

const chromiumThere = hasChromium();
if (!chromiumThere) {
  console.warn(
    `mock/msw: no browser at ${CHROMIUM_PATH}, so the setupWorker test is skipped (apt-get install -y chromium, or set CHROMIUM_PATH).`,
  );
}

/** The page's files: the HTML, the bundled page script, and MSW's service worker script (what `npx msw init` copies). */
async function pageFiles(): Promise<Map<string, { type: string; body: string }>> {
  const script = await bundleForBrowser({
    entry: fileURLToPath(new URL('./__fixtures__/worker-page.ts', import.meta.url)),
  });
  const worker = await readFile(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
  return new Map([
    [
      '/',
      {
        type: 'text/html; charset=utf-8',
        body: '<!DOCTYPE html><html><head><meta charset="utf-8"><title>browser mock</title></head><body><script type="module" src="/page.js"></script></body></html>',
      },
    ],
    ['/page.js', { type: 'text/javascript; charset=utf-8', body: script.code }],
    ['/mockServiceWorker.js', { type: 'text/javascript; charset=utf-8', body: worker }],
  ]);
}

interface Answered {
  readonly status: number;
  readonly body: unknown;
  readonly challenge: string | null;
}

describe.sequential('the browser mock behind setupWorker, in headless Chromium', () => {
  let server: Server | undefined;
  let origin = '';
  let browser: Browser | undefined;
  let page: Page | undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!chromiumThere) return;
    const files = await pageFiles();
    server = createServer((req, res) => {
      const file = files.get(new URL(req.url ?? '/', 'http://localhost').pathname);
      if (!file) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' }).end(file.body);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  /** One fetch from the page, as the app would make it. */
  const call = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    page!.evaluate(
      async ({ url, init }): Promise<Answered> => {
        const response = await fetch(url, init);
        const text = await response.text();
        return {
          status: response.status,
          body: text === '' ? undefined : JSON.parse(text),
          challenge: response.headers.get('www-authenticate'),
        };
      },
      { url, init },
    );

  it.skipIf(!chromiumThere)(
    'creates, lists and reads a pet, refuses a wrong key (401) and answers 404, from the service worker',
    async () => {
      await page!.goto(`${origin}/`);
      await page!.waitForSelector('body[data-api]', { state: 'attached' });
      const api = await page!.getAttribute('body', 'data-api');
      // An origin no network answers: every answer below comes from the worker.
      expect(api).toBe('http://animal-store.mock/v1');
      expect(await page!.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
        `${origin}/mockServiceWorker.js`,
      );
      const headers = { Authorization: 'Bearer e2e-key', 'Content-Type': 'application/json' };
      const created = await call(`${api}/pets`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Worker Quokka', categoryId: 3 }),
      });
      expect(created.status).toBe(201);
      const pet = created.body as { id: number; name: string };
      expect(pet).toMatchObject({ name: 'Worker Quokka', categoryId: 3 });

      const listed = await call(`${api}/pets?limit=100`, { headers });
      expect(listed.status).toBe(200);
      const names = (listed.body as { name: string }[]).map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(['Rex', 'Worker Quokka']));

      expect(await call(`${api}/pets/${pet.id}`, { headers })).toEqual({ status: 200, body: pet, challenge: null });

      const refused = await call(`${api}/pets`, { headers: { Authorization: 'Bearer wrong-key' } });
      expect(refused.status).toBe(401);
      expect(refused.challenge).toMatch(/^Bearer/);
      expect(refused.body).toMatchObject({ status: 401, code: 'unauthorized' });

      const missing = await call(`${api}/pets/987654`, { headers });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ status: 404, code: 'not_found' });
      expect(pageErrors).toEqual([]);
    },
  );
});
