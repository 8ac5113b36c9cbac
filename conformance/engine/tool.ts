import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_NAME } from '../../cli/name.js';

/**
 * The package's name and version, as reports and recordings name their producer. Read from the
 * nearest package.json above this file: the sources (conformance/engine/), the mock's bundle
 * (dist/mock.mjs) and the package's bundles (dist/lib/) sit at different depths below the root.
 */
export const TOOL: { readonly name: string; readonly version: string } = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = createRequire(import.meta.url)(file) as { name?: string; version?: string };
      if (pkg.name && pkg.version) return { name: pkg.name, version: pkg.version };
    }
    dir = dirname(dir);
  }
  return { name: PACKAGE_NAME, version: '0.0.0' };
})();
