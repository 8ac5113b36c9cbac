#!/usr/bin/env node
// contract-kit: the one command (verbs mock, test, proxy, merge, replay, init, checks).
import { loadCli } from './load-cli.mjs';

await (await loadCli()).run(process.argv.slice(2));
