import { createRequire } from 'node:module';

/**
 * The package's name and version, as reports and recordings name their producer. Read from the
 * package's own package.json: this file sits two folders below the package root, as the bundles in
 * dist/lib do, so the same relative path finds it in the sources and in the package.
 */
export const TOOL: { readonly name: string; readonly version: string } = (() => {
  const pkg = createRequire(import.meta.url)('../../package.json') as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
})();
