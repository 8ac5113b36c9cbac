#!/usr/bin/env node
// The old name of `contract-kit test` (and `merge`), kept as an alias: a one-line notice on stderr,
// then the same flags as before.
import { loadCli } from './load-cli.mjs';

const argv = process.argv.slice(2);
await (await loadCli()).run(argv[0] === 'merge' ? argv : ['test', ...argv], process.env, {
  alias: 'animal-store-conformance',
});
