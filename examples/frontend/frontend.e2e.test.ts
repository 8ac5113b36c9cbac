/**
 * The frontend journey, end to end: the example app, served from its own origin, on the mock, in
 * headless Chromium (Debian's `chromium`, driven by playwright-core). Skipped, with a note, where
 * the browser is not installed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startMock, type RunningMock } from '../../mock/index.js';
import { CHROMIUM_PATH, hasChromium, launchChromium, type Browser } from './browser.js';
import { startFrontend, type RunningFrontend } from './serve.js';

const chromiumThere = hasChromium();
if (!chromiumThere) {
  console.warn(
    `examples/frontend: no browser at ${CHROMIUM_PATH}, so the browser end-to-end test is skipped (apt-get install -y chromium, or set CHROMIUM_PATH).`,
  );
}

const KEY = 'dev-key';

describe.sequential('example app in headless Chromium', () => {
  let mock: RunningMock | undefined;
  let app: RunningFrontend | undefined;
  let browser: Browser | undefined;
  const extraMocks: RunningMock[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!chromiumThere) return;
    [app, mock] = await Promise.all([startFrontend({ port: 0 }), startMock({ port: 0, quiet: true, watch: false })]);
    // The stateful mock loads Prism on the first `Prefer` request (seconds): have it load while the
    // browser starts rather than in the middle of the test.
    const preferLoaded = fetch(`${mock.url}/pets/1`, {
      headers: { Authorization: `Bearer ${KEY}`, Prefer: 'code=404' },
    }).then((r) => r.arrayBuffer());
    browser = await launchChromium();
    await preferLoaded;
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([app?.close(), mock?.close(), ...extraMocks.map((m) => m.close())]);
  });

  async function openApp(api: string): Promise<Page> {
    const page = await browser!.context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${app!.url}?api=${encodeURIComponent(api)}&key=${KEY}`);
    return page;
  }

  const rowNames = (page: Page) => page.locator('#pets-table tbody tr td:nth-child(2)').allTextContents();
  const rowStatuses = (page: Page) => page.locator('#pets-table tbody tr .badge').allTextContents();

  it.skipIf(!chromiumThere)(
    'lists, filters, adds a pet, shows loading, 401 and 404, and forgets the pet on reset',
    async () => {
      expect(new URL(app!.url).origin).not.toBe(new URL(mock!.url).origin);
      const seeded = (await (
        await fetch(`${mock!.url}/pets?limit=100`, { headers: { Authorization: `Bearer ${KEY}` } })
      ).json()) as unknown[];
      const page = await openApp(mock!.url);

      // The list, across origins.
      await page.waitForSelector('#pets[data-state="ready"]');
      expect(await rowNames(page)).toHaveLength(seeded.length);
      expect(await rowNames(page)).toContain('Rex');

      // Add a pet: it is created (201) and listed, highlighted.
      const name = `Quokka ${process.pid}`;
      await page.fill('#new-name', name);
      await page.fill('#new-category', '3');
      await page.selectOption('#new-status', 'sold');
      await page.click('#add');
      await page.waitForSelector('#add-result[data-state="ok"]');
      expect(await page.textContent('#add-result')).toMatch(new RegExp(`^Added ${name} as #\\d+\\.$`));
      await page.waitForSelector(`#pets[data-state="ready"] tr.new:has-text("${name}")`);
      expect(await rowNames(page)).toHaveLength(seeded.length + 1);

      // The status filter.
      await page.selectOption('#filter', 'sold');
      await page.waitForSelector(`#pets[data-state="ready"] tr:has-text("${name}")`);
      expect(new Set(await rowStatuses(page))).toEqual(new Set(['sold']));
      await page.selectOption('#filter', 'available');
      await page.waitForSelector('#pets[data-state="ready"]');
      expect(await rowNames(page)).not.toContain(name);
      expect(new Set(await rowStatuses(page))).toEqual(new Set(['available']));
      await page.selectOption('#filter', '');
      await page.waitForSelector('#pets[data-state="ready"]');

      // Loading: X-Mock-Delay holds the answer back long enough to see the state.
      await page.fill('#delay', '1500');
      await page.click('#refresh');
      await page.waitForSelector('#pets[data-state="loading"][aria-busy="true"]');
      expect(await page.textContent('#pets-message')).toContain('Loading pets');
      await page.waitForSelector('#pets[data-state="ready"]:not([aria-busy])');
      await page.fill('#delay', '0');

      // 401: break the key.
      await page.check('#break-key');
      const unauthorised = page.locator('#pets[data-state="error"] .failure[data-status="401"]');
      await unauthorised.waitFor();
      expect(await unauthorised.textContent()).toContain('401 · Not authorised');
      expect(await page.locator('#pets-table').isVisible()).toBe(false);
      await page.uncheck('#break-key');
      await page.waitForSelector('#pets[data-state="ready"]');

      // 404: a missing id, and one forced with Prefer: code=404.
      await page.fill('#lookup-id', '987654321');
      await page.click('#lookup');
      const notFound = page.locator('#lookup-result[data-state="error"] .failure[data-status="404"]');
      await notFound.waitFor();
      expect(await notFound.textContent()).toContain('404 · Not found');
      await page.fill('#lookup-id', '1');
      await page.click('#lookup');
      await page.waitForSelector('#lookup-result[data-state="ok"]:has-text("Rex")');
      await page.check('#force-404');
      await page.click('#lookup');
      await notFound.waitFor();
      await page.uncheck('#force-404');

      // Reset the mock (POST /__mock/reset, from the page): the pet is gone.
      await page.click('#reset');
      await page.waitForSelector('#add-result[data-state="ok"]:has-text("Mock reset")');
      await page.waitForSelector('#pets[data-state="ready"]');
      expect(await rowNames(page)).not.toContain(name);
      expect(await rowNames(page)).toHaveLength(seeded.length);

      expect(pageErrors).toEqual([]);
      await page.close();
    },
  );

  it.skipIf(!chromiumThere)(
    'is subject to CORS: works where the mock allows its origin, fails where it does not',
    async () => {
      const appOrigin = new URL(app!.url).origin;
      const [allowing, refusing] = await Promise.all([
        startMock({ port: 0, quiet: true, watch: false, corsOrigins: [appOrigin] }),
        startMock({ port: 0, quiet: true, watch: false, corsOrigins: ['http://elsewhere.example'] }),
      ]);
      extraMocks.push(allowing, refusing);

      const page = await openApp(allowing.url);
      await page.waitForSelector('#pets[data-state="ready"]');
      expect(await rowNames(page)).toContain('Rex');

      await page.fill('#base-url', refusing.url);
      await page.click('#refresh');
      const blocked = page.locator('#pets[data-state="error"] .failure[data-status="network"]');
      await blocked.waitFor();
      expect(await blocked.textContent()).toContain('No answer from the API');
      // The same request from outside a browser succeeds: only the browser's CORS check stopped it.
      const direct = await fetch(`${refusing.url}/pets?limit=1`, { headers: { Authorization: `Bearer ${KEY}` } });
      expect(direct.status).toBe(200);
      await page.close();
    },
  );
});
