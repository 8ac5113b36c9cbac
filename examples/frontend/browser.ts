/**
 * Headless Chromium for the example's end-to-end test and screenshots: Debian's `chromium` package
 * driven by playwright-core, no browser download. `CHROMIUM_PATH` overrides the executable.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** True when the browser executable is there. */
export function hasChromium(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export interface Browser {
  readonly context: BrowserContext;
  /** Closes the browser and removes its profile directory. */
  close(): Promise<void>;
}

/** Launches Chromium with a fresh, temporary profile (--user-data-dir). */
export async function launchChromium(
  options: { viewport?: { width: number; height: number }; deviceScaleFactor?: number } = {},
): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'animal-store-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS],
      viewport: options.viewport ?? { width: 1200, height: 800 },
      deviceScaleFactor: options.deviceScaleFactor ?? 1,
    });
    return {
      context,
      async close() {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}
