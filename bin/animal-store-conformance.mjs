#!/usr/bin/env node
// The kit's command. In an install it runs the build (dist/lib, made at `npm pack`); in a clone that
// has not been built it runs the TypeScript sources through tsx, a dev dependency.
import { existsSync } from 'node:fs';

const built = new URL('../dist/lib/conformance-cli.mjs', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../conformance/bin.ts');
}
