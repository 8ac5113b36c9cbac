import type { CheckName } from '../checks/registry.js';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../findings/index.js';
import { sampleFailedReport } from './__fixtures__/sample-report.js';
import { MergeError, mergeReports } from './merge-reports.js';

const shard = (fields: Partial<RunReport>): RunReport => ({ ...sampleFailedReport, ...fields });
const tally = (operationId: string, check: CheckName, passed: number, failed: number, warnings: number) => ({
  operationId,
  check,
  passed,
  failed,
  warnings,
});

describe('mergeReports', () => {
  it('sums tallies per operation × check, keeps every finding once, and takes the worst verdict', () => {
    const a = shard({
      verdict: 'certified',
      requests: 10,
      durationMs: 100,
      tallies: [tally('listPets', 'schema', 3, 0, 1)],
      findings: [],
    });
    const b = shard({
      requests: 5,
      durationMs: 300,
      tallies: [tally('listPets', 'schema', 2, 1, 0), tally('getPet', 'auth', 4, 0, 0)],
    });
    const c = shard({ requests: 1, durationMs: 200, tallies: [tally('getPet', 'auth', 1, 0, 0)] });
    const merged = mergeReports([a, b, c]);
    expect(merged.verdict).toBe('failed');
    expect(merged.requests).toBe(16);
    expect(merged.durationMs).toBe(300);
    expect(merged.tallies).toEqual([tally('listPets', 'schema', 5, 1, 1), tally('getPet', 'auth', 5, 0, 0)]);
    // b and c carry the same findings: each is kept once.
    expect(merged.findings).toHaveLength(sampleFailedReport.findings.length);
    expect(sampleFailedReport.findings.length).toBeGreaterThan(0);
  });

  it('is certified only when every shard is, and error when any shard could not run', () => {
    expect(
      mergeReports([shard({ verdict: 'certified', findings: [] }), shard({ verdict: 'certified', findings: [] })])
        .verdict,
    ).toBe('certified');
    const merged = mergeReports([
      shard({ verdict: 'certified' }),
      shard({ verdict: 'error', error: 'cannot reach the target' }),
    ]);
    expect(merged.verdict).toBe('error');
    expect(merged.error).toBe('cannot reach the target');
  });

  it('refuses reports of different runs', () => {
    expect(() => mergeReports([shard({}), shard({ seed: sampleFailedReport.seed + 1 })])).toThrow(MergeError);
    expect(() =>
      mergeReports([shard({}), shard({ spec: { ...sampleFailedReport.spec, file: '/elsewhere/openapi.yaml' } })]),
    ).toThrow(/spec/);
    expect(() => mergeReports([])).toThrow(MergeError);
  });
});
