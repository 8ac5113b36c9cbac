/**
 * Runs the reference implementation (fixtures/impls/reference.ts) as its own process for the kit
 * benchmarks: `tsx bench/servers/reference.ts [--fault <flag>]...`. Prints `READY <url>` once it
 * listens on a free loopback port; exits on SIGTERM/SIGINT.
 */
import { parseArgs } from 'node:util';
import { FAULTS, type Fault } from '../../fixtures/impls/faults.js';
import { startReference } from '../../fixtures/impls/reference.js';

const { values } = parseArgs({ options: { fault: { type: 'string', multiple: true } }, allowPositionals: false });
const faults: Fault[] = [];
for (const name of values.fault ?? []) {
  const fault = FAULTS.find((f) => f === name);
  if (!fault) {
    process.stderr.write(`reference: unknown fault ${name}\n`);
    process.exit(2);
  }
  faults.push(fault);
}

const running = await startReference({ faults });
process.stdout.write(`READY ${running.url}\n`);
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
