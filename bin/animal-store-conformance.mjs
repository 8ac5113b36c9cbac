#!/usr/bin/env node
// The kit's command. In a clone it runs the TypeScript sources through tsx (a dev
// dependency), so it never runs a stale build; in an install, which ships no sources, it runs the
// build that `npm pack` made (dist/lib), with no TypeScript loader.
import { existsSync } from 'node:fs';

const source = new URL('../conformance/bin.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/lib/conformance-cli.mjs', import.meta.url).href);
}
