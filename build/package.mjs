/**
 * Builds what the npm package ships (`npm pack` runs it as `prepack`; `npm run build` by hand):
 *
 *   dist/lib/*.mjs      the public entries and the command (contract-kit), bundled by esbuild into ES modules
 *                       that share chunks, so no TypeScript loader runs in a user's install
 *   dist/lib/msw-browser.mjs
 *                       the browser entry (`./msw/browser`), bundled apart for `platform: 'browser'`:
 *                       the Animal Store spec and seed pets embedded, no Node built-in
 *   dist/types/**.d.ts  declarations of the public entries, emitted by tsc (tsconfig.build.json)
 *   dist/spec/openapi.yaml, dist/fixtures/pets.json
 *                       the contract and the seed pets, where the bundles look for them
 *
 * Why that layout: the sources find their data relative to their own file (`import.meta.url`):
 * `../spec/openapi.yaml` and `../fixtures/pets.json` from spec/ and mock/, and `../../package.json`
 * from conformance/engine/. Bundles one folder below dist/ resolve the first two inside dist/ and
 * the third to the package's own package.json, so the sources need no change to be packaged.
 *
 * dist/mock.mjs, which `npm start` runs, is built separately by mock/build.mjs and is not shipped.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Public entries (see package.json `exports`) and commands (`bin/`), by output name. */
export const ENTRIES = {
  index: 'index.ts',
  mock: 'mock/index.ts',
  conformance: 'conformance/index.ts',
  vitest: 'conformance/vitest/index.ts',
  msw: 'mock/msw/index.ts',
  // The one command (bin/contract-kit.mjs and the old names' aliases load it); its verbs are chunks.
  'contract-kit': 'cli/contract-kit.ts',
};

/** Entries for the browser (package.json `exports`), by output name: no Node built-in reaches them. */
export const BROWSER_ENTRIES = {
  'msw-browser': 'mock/msw/browser.ts',
};

/** Data files the bundles read at run time, copied under dist/. */
const DATA = [
  ['spec/openapi.yaml', 'dist/spec/openapi.yaml'],
  ['fixtures/pets.json', 'dist/fixtures/pets.json'],
];

/** Builds dist/lib, dist/types and the data files; `declarations: false` skips tsc (faster). */
export async function buildPackage({ declarations = true } = {}) {
  for (const dir of ['dist/lib', 'dist/types', 'dist/spec', 'dist/fixtures'])
    rmSync(`${ROOT}${dir}`, { recursive: true, force: true });
  // Packages (msw, yaml, ajv ...) stay imports, for the user's install or bundler to resolve.
  const common = {
    absWorkingDir: ROOT,
    outdir: 'dist/lib',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    packages: 'external',
    keepNames: true,
    logLevel: 'warning',
    banner: { js: '// Built by build/package.mjs from the TypeScript sources: edit those, not this file.' },
  };
  await build({
    ...common,
    entryPoints: ENTRIES,
    // Shared code goes to chunks beside the entries: same depth, so the relative paths above hold.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    platform: 'node',
    target: 'node20',
  });
  await build({
    ...common,
    entryPoints: BROWSER_ENTRIES,
    platform: 'browser',
    target: 'es2022',
    // The default spec is embedded as text (parsed at start), the seed pets as JSON: no file to read.
    loader: { '.yaml': 'text' },
  });
  for (const [from, to] of DATA) {
    mkdirSync(`${ROOT}${to.replace(/\/[^/]+$/, '')}`, { recursive: true });
    copyFileSync(`${ROOT}${from}`, `${ROOT}${to}`);
  }
  if (declarations) {
    execFileSync(
      process.execPath,
      [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.build.json'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildPackage({ declarations: !process.argv.includes('--no-declarations') });
}
