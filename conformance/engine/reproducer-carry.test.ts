// Multi-step reproducers carry ids from each answer into the next step, and run under POSIX sh:
// run against a target started afresh (which hands out other ids than the run saw), the printed
// steps still reach the item they created.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, startImplementation, type RunningServer } from '../../fixtures/impls/index.js';
import { POSIX_SH } from '../report/__fixtures__/posix-sh.js';
import { renderReproducer } from '../report/reproducer.js';
import { runConformance } from './run-conformance.js';

const run = promisify(execFile);
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe('a multi-step reproducer', () => {
  it('captures the id the creation hands out and reads it back, in dash, against a fresh target', async () => {
    const options = { faults: ['create-drops-status' as const] };
    const used = await startImplementation({ options });
    servers.push(used);
    const report = await runConformance({ target: used.url, apiKey: DEFAULT_API_KEY, seed: 7, runs: 10 });
    const finding = report.findings.find((f) => f.check === 'semantics.read_back')!;
    const carry = finding.reproducer!.carry!;
    expect(carry).toEqual([expect.objectContaining({ variable: 'ITEM_1', from: 0, member: 'id' })]);

    const fresh = await startImplementation({ options });
    servers.push(fresh);
    const script = renderReproducer(finding, fresh.url);
    expect(script).toContain('$ITEM_1');
    expect(script).not.toContain(`/pets/${carry[0]!.value}`);
    const [shell, ...flags] = POSIX_SH;
    const { stdout, stderr } = await run(shell, [...flags, '-c', `set -eu\n${script.split('\n# seed')[0]}\n`], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', API_KEY: DEFAULT_API_KEY },
    });
    expect(stderr).not.toContain('handed out no');
    // The creation's answer is shown, then the read of the item it created.
    const created = /"id"\s*:\s*"?(\w+)/.exec(stdout)![1]!;
    expect(created).not.toBe(carry[0]!.value);
    const statuses = [...stdout.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => m[1]);
    expect(statuses).toEqual(['200']);
    expect(stdout).toContain(`"id":${created}`);
  });
});
