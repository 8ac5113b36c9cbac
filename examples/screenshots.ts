/**
 * Takes the screenshot of the example app for the README: the mock and the app on two origins, a
 * pet added, then a PNG. A script, not a test:
 *
 *   npx tsx examples/screenshots.ts [out.png]      # default docs/frontend.png
 *
 * Needs Debian's chromium (`apt-get install -y chromium`), as the end-to-end test does. The HTML
 * certificate screenshots come from conformance/report/screenshot.ts.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { startMock } from '../mock/index.js';
import { CHROMIUM_PATH, hasChromium, launchChromium } from './frontend/browser.js';
import { startFrontend } from './frontend/serve.js';

const out = resolve(process.argv[2] ?? 'docs/frontend.png');
if (!hasChromium()) {
  process.stderr.write(`No browser at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)\n`);
  process.exit(2);
}

const mock = await startMock({ port: 0, quiet: true, watch: false });
const app = await startFrontend({ port: 0 });
const browser = await launchChromium({ viewport: { width: 1160, height: 760 } });
try {
  const page = await browser.context.newPage();
  await page.goto(`${app.url}?api=${encodeURIComponent(mock.url)}&key=dev-key`);
  await page.waitForSelector('#pets[data-state="ready"]');
  await page.fill('#new-name', 'Pancake');
  await page.fill('#new-category', '3');
  await page.selectOption('#new-status', 'pending');
  await page.click('#add');
  await page.waitForSelector('#add-result[data-state="ok"]');
  await page.waitForSelector('#pets[data-state="ready"] tr.new:has-text("Pancake")');
  // The pending ones only: a short list with the new pet in it.
  await page.selectOption('#filter', 'pending');
  await page.waitForSelector('#pets[data-state="ready"] tr.new:has-text("Pancake")');
  // The 404 state, to show it too.
  await page.click('#lookup');
  await page.waitForSelector('#lookup-result .failure');
  await page.mouse.move(0, 0);
  await page.evaluate(() => document.fonts.ready);
  await mkdir(dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: true });
  process.stdout.write(`${out}\n`);
} finally {
  await browser.close();
  await app.close();
  await mock.close();
}
