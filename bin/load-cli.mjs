// Loads the command's module (cli/contract-kit.ts). In a clone it runs the TypeScript sources through
// tsx (a dev dependency), so it never runs a stale build; in an install, which ships no sources, it
// runs the build that `npm pack` made (dist/lib), with no TypeScript loader.
import { existsSync } from 'node:fs';

/** The module exporting `run(argv, env?, { alias? })`. */
export async function loadCli() {
  const source = new URL('../cli/contract-kit.ts', import.meta.url);
  if (existsSync(source)) {
    const { register } = await import('tsx/esm/api');
    register();
    return import(source.href);
  }
  return import(new URL('../dist/lib/contract-kit.mjs', import.meta.url).href);
}
