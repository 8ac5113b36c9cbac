// Test support: the browser entry bundled as a browser would get it (every package included, no
// Node built-in available), for browser.test.ts and browser.e2e.test.ts.
import { fileURLToPath } from 'node:url';
import { type Metafile, build } from 'esbuild';

/** The browser entry's source. */
export const BROWSER_ENTRY = fileURLToPath(new URL('./browser.ts', import.meta.url));

/** A bundle's text and its metafile. */
export interface BrowserBundle {
  readonly code: string;
  readonly metafile: Metafile;
}

/**
 * Bundles `entry` (default: the browser entry) for `platform: 'browser'`, packages included. `iife`
 * puts the entry's exports on `globalThis[globalName]`.
 */
export async function bundleForBrowser(
  options: { entry?: string; format?: 'esm' | 'iife'; globalName?: string } = {},
): Promise<BrowserBundle> {
  const result = await build({
    entryPoints: [options.entry ?? BROWSER_ENTRY],
    bundle: true,
    platform: 'browser',
    format: options.format ?? 'esm',
    ...(options.globalName === undefined ? {} : { globalName: options.globalName }),
    target: 'es2022',
    loader: { '.yaml': 'text' },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0]!.text, metafile: result.metafile };
}

/** Every module specifier of a Node built-in the bundle still imports or requires. */
export function nodeBuiltinsIn(bundle: BrowserBundle): string[] {
  const external = Object.values(bundle.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
  const spelled = [...bundle.code.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)["'](node:[^"']+)["']/g)].map(
    (m) => m[1]!,
  );
  return [...new Set([...external.filter((p) => p.startsWith('node:')), ...spelled])];
}
