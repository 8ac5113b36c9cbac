#!/usr/bin/env node
// The old name of `contract-kit mock`, kept as an alias: a one-line notice on stderr, then the same.
import { loadCli } from './load-cli.mjs';

await (await loadCli()).run(['mock', ...process.argv.slice(2)], process.env, { alias: 'animal-store-mock' });
