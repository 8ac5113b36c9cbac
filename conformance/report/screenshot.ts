/**
 * Renders the sample reports to HTML and screenshots them in headless Chromium, to look at the HTML
 * report as a reader will. A script, not a test: `npx tsx conformance/report/screenshot.ts [outDir]`.
 * Needs Debian's chromium (`apt-get install -y chromium`); writes certificate.png,
 * certificate-failed.png and certificate-dark.png (the failed one, dark) to outDir (default docs/).
 * `--top` shoots only the first screen, at twice the pixel density.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { renderHtml } from './html.js';
import { sampleCertifiedReport, sampleFailedReport } from './__fixtures__/sample-report.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../examples/frontend/browser.js';

const outDir = resolve(process.argv[2] ?? 'docs');
// `--top` shoots the first screen only, at twice the density, to look at details.
const top = process.argv.includes('--top');
const shots = [
  { file: 'certificate.png', report: sampleCertifiedReport, scheme: 'light' },
  { file: 'certificate-failed.png', report: sampleFailedReport, scheme: 'light' },
  { file: 'certificate-dark.png', report: sampleFailedReport, scheme: 'dark' },
] as const;

await mkdir(outDir, { recursive: true });
// The same Debian Chromium setup as the example app's end-to-end test.
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  for (const shot of shots) {
    const page = await browser.newPage({
      viewport: { width: 1120, height: 900 },
      deviceScaleFactor: top ? 2 : 1,
      colorScheme: shot.scheme,
    });
    // Fail loudly should the page try to fetch anything: it must be self-contained.
    await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
    await page.setContent(renderHtml(shot.report), { waitUntil: 'load' });
    const path = join(outDir, shot.file);
    await page.screenshot({ path, fullPage: !top });
    await page.close();
    process.stdout.write(`${path}\n`);
  }
} finally {
  await browser.close();
}
