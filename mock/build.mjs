/**
 * Compiles the mock's TypeScript into one ES module, `dist/mock.mjs`, which `npm start` runs
 * (`prestart` calls this). Why: loading TypeScript through tsx at start costs ~0.3 s of a ~0.6 s
 * cold start (bench/profile.ts); esbuild does the same transform once, in ~50 ms.
 *
 * Packages stay external (loaded from node_modules as usual). The bundle sits one folder below the
 * project root, like mock/ and spec/, so paths the sources resolve with `import.meta.url`
 * (`../spec/openapi.yaml`) hold in both. JSON the sources import (the Animal Store plug-in's
 * `fixtures/pets.json`) is bundled.
 *
 *   node mock/build.mjs [outfile]      default outfile: dist/mock.mjs
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Default output, relative to the project root. */
export const DEFAULT_MOCK_BUNDLE = 'dist/mock.mjs';

/** Bundles mock/cli.ts into `outfile` (relative to the project root); resolves to the absolute path. */
export async function buildMock(outfile = DEFAULT_MOCK_BUNDLE) {
  const absolute = fileURLToPath(new URL(outfile, `file://${ROOT}`));
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['mock/cli.ts'],
    outfile: absolute,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    keepNames: true,
    logLevel: 'warning',
    banner: { js: '// Built by mock/build.mjs from mock/*.ts and spec/*.ts: edit those, not this file.' },
  });
  return absolute;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildMock(process.argv[2]);
}
