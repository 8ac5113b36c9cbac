import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConformanceOptions } from '../engine/options.js';
import { runConformance } from '../engine/run-conformance.js';
import { settleTallies, type Finding, type RunReport } from '../findings/index.js';
import { describeFinding, renderReproducer } from '../report/index.js';

/** {@link ConformanceOptions} with the target and key optional: they default to the environment. */
export type SuiteOptions = Omit<ConformanceOptions, 'target' | 'apiKey'> & {
  /** Base URL including the version prefix; `TARGET_URL` by default, else the embedded mock. */
  readonly target?: string | undefined;
  /** Key the target accepts; `API_KEY` by default (`undefined` too, so `process.env.X` can be passed). */
  readonly apiKey?: string | undefined;
};

/**
 * Runs the kit once, then registers one vitest test per operation × check (plus one that the
 * target could be reached), each failing with its findings and their reproducers. Call it with
 * `await` at the top level of a test file: vitest collects tests only after the run has ended,
 * because which tests exist depends on what the run found.
 *
 * Options left out are read from the environment, as `npm run conformance:test` does: `TARGET_URL`,
 * `API_KEY`, `SEED`, `RUNS`, `STRICT=1`, `READ_ONLY=1`. Without any target it certifies the
 * embedded mock with a throwaway key.
 *
 * @example
 * ```ts
 * // conformance.test.ts in your project
 * import { describeConformance } from 'openapi-contract-kit/vitest';
 * await describeConformance({ target: 'http://127.0.0.1:3000/v1', apiKey: process.env.API_KEY });
 * ```
 * @returns the run's report, for assertions of your own.
 */
export async function describeConformance(
  options: SuiteOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunReport> {
  let target = options.target ?? env.TARGET_URL;
  let apiKey = options.apiKey ?? env.API_KEY ?? '';
  if (!target) {
    // No target: the embedded mock, imported only then so that a run on a real target never loads Prism.
    const { startMock } = await import('../../mock/index.js');
    apiKey = randomBytes(16).toString('hex');
    const mock = await startMock({
      port: 0,
      quiet: true,
      watch: false,
      apiKeys: [apiKey],
      ...(options.spec ? { spec: options.spec } : {}),
    });
    target = mock.url;
    afterAll(() => mock.close());
  }
  const { target: _target, apiKey: _apiKey, ...rest } = options;
  const report = await runConformance({
    ...(env.SEED ? { seed: Number(env.SEED) } : {}),
    ...(env.RUNS ? { runs: Number(env.RUNS) } : {}),
    strict: env.STRICT === '1',
    readOnly: env.READ_ONLY === '1',
    ...rest,
    target,
    apiKey,
  });
  registerTests(report);
  return report;
}

/** One vitest test the helper registers: its describe (the operation), its name (the check), and what fails it. */
export interface ConformanceCase {
  readonly operationId: string;
  readonly check: string;
  /** The findings that fail the test (failures, and warnings under `--strict`); empty when it passes. */
  readonly failing: readonly Finding[];
}

/**
 * The tests the helper registers for a report: one per operation × check cell, counted as every
 * report counts them (`settleTallies`), so a finding has its test even when no exchange of its
 * check was judged alone (a read-back found by a sequence).
 */
export function conformanceCases(report: RunReport): ConformanceCase[] {
  return settleTallies(report.tallies, report.findings).map((tally) => ({
    operationId: tally.operationId,
    check: tally.check,
    failing: report.findings.filter(
      (f) =>
        f.operationId === tally.operationId &&
        f.check === tally.check &&
        (f.severity === 'failure' || (report.options.strict && f.severity === 'warning')),
    ),
  }));
}

/** One describe per operation, one test per check; a test fails with its findings' reproducers. */
function registerTests(report: RunReport): void {
  describe(`conformance of ${report.target} (seed ${report.seed})`, () => {
    it('the target can be reached', () => {
      expect(report.error ?? '').toBe('');
    });
    const cases = conformanceCases(report);
    for (const operationId of new Set(cases.map((c) => c.operationId))) {
      describe(operationId, () => {
        for (const { check, failing } of cases.filter((c) => c.operationId === operationId)) {
          it(check, () => {
            const text = failing
              .map((f) => `${f.code}: ${describeFinding(f)}\n${renderReproducer(f, report.target)}`)
              .join('\n\n');
            expect(failing, text).toEqual([]);
          });
        }
      });
    }
  });
}
