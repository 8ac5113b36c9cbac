/**
 * The kit as a vitest suite for CI: `TARGET_URL=… API_KEY=… npm run conformance:test`.
 * One test per operation × check; a failing test prints its findings with their reproducers.
 * Without TARGET_URL it certifies the embedded mock. SEED, RUNS, STRICT=1 and READ_ONLY=1 are honoured.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from './index.js';
import { renderReproducer } from './report/index.js';

const env = process.env;
let target = env.TARGET_URL;
let apiKey = env.API_KEY ?? '';
let close: (() => Promise<void>) | undefined;
if (!target) {
  const { startMock } = await import('../mock/index.js');
  apiKey = randomBytes(16).toString('hex');
  const mock = await startMock({ port: 0, quiet: true, apiKeys: [apiKey] });
  target = mock.url;
  close = () => mock.close();
}

const report = await runConformance({
  target,
  apiKey,
  ...(env.SEED ? { seed: Number(env.SEED) } : {}),
  ...(env.RUNS ? { runs: Number(env.RUNS) } : {}),
  strict: env.STRICT === '1',
  readOnly: env.READ_ONLY === '1',
});
afterAll(async () => close?.());

describe(`conformance of ${report.target} (seed ${report.seed})`, () => {
  it('the target can be reached', () => {
    expect(report.error ?? '').toBe('');
  });
  const operations = [...new Set(report.tallies.map((t) => t.operationId))];
  for (const operationId of operations) {
    describe(operationId, () => {
      for (const tally of report.tallies.filter((t) => t.operationId === operationId)) {
        it(tally.check, () => {
          const failing = report.findings.filter(
            (f) => f.operationId === operationId && f.check === tally.check && (f.severity === 'failure' || (report.options.strict && f.severity === 'warning')),
          );
          const text = failing.map((f) => `${f.code}: ${f.message}\n${renderReproducer(f, report.target)}`).join('\n\n');
          expect(failing, text).toEqual([]);
        });
      }
    });
  }
});
