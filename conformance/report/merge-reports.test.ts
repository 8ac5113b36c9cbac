import type { CheckName } from '../checks/registry.js';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../findings/index.js';
import { sampleFailedReport } from './__fixtures__/sample-report.js';
import { MergeError, mergeReports } from './merge-reports.js';

/** Shard `index` of `count` of the sample run, with `fields` changed. */
const shardOf = (index: number, count: number, fields: Partial<RunReport> = {}): RunReport => ({
  ...sampleFailedReport,
  options: { ...sampleFailedReport.options, shard: { index, count } },
  ...fields,
});
/** The shards of one run of two, with `fields` changed in each. */
const pair = (a: Partial<RunReport>, b: Partial<RunReport>): RunReport[] => [shardOf(1, 2, a), shardOf(2, 2, b)];
const tally = (operationId: string, check: CheckName, passed: number, failed: number, warnings: number) => ({
  operationId,
  check,
  passed,
  failed,
  warnings,
});

describe('mergeReports', () => {
  it('sums passes per operation × check, counts failures from the findings once, and takes the worst verdict', () => {
    const a = shardOf(1, 3, {
      verdict: 'certified',
      requests: 10,
      durationMs: 100,
      tallies: [tally('listPets', 'schema', 3, 0, 1)],
      findings: [],
    });
    const b = shardOf(2, 3, {
      requests: 5,
      durationMs: 300,
      tallies: [tally('listPets', 'schema', 2, 1, 0), tally('getPet', 'auth', 4, 0, 0)],
    });
    const c = shardOf(3, 3, { requests: 1, durationMs: 200, tallies: [tally('getPet', 'auth', 1, 0, 0)] });
    const merged = mergeReports([a, b, c]);
    expect(merged.verdict).toBe('failed');
    expect(merged.requests).toBe(16);
    expect(merged.durationMs).toBe(300);
    expect(merged.options.shard).toBeUndefined();
    // The failures and warnings of the merged findings (each once), in their own cells.
    const cell = (op: string, check: string) => merged.tallies.find((t) => t.operationId === op && t.check === check);
    expect(cell('listPets', 'schema')).toEqual(tally('listPets', 'schema', 5, 0, 0));
    expect(cell('getPet', 'auth')).toEqual(tally('getPet', 'auth', 5, 0, 0));
    for (const f of sampleFailedReport.findings.filter((f) => f.severity === 'failure'))
      expect(cell(f.operationId, f.check)?.failed, `${f.operationId} ${f.check}`).toBe(1);
    // b and c carry the same findings: each is kept once.
    expect(merged.findings).toHaveLength(sampleFailedReport.findings.length);
    expect(sampleFailedReport.findings.length).toBeGreaterThan(0);
  });

  it('is certified only when every shard is, and error when any shard could not run', () => {
    expect(
      mergeReports(pair({ verdict: 'certified', findings: [] }, { verdict: 'certified', findings: [] })).verdict,
    ).toBe('certified');
    expect(
      mergeReports(pair({ verdict: 'certified', findings: [] }, { verdict: 'incomplete', findings: [] })).verdict,
    ).toBe('incomplete');
    const merged = mergeReports(pair({ verdict: 'certified' }, { verdict: 'error', error: 'cannot reach the target' }));
    expect(merged.verdict).toBe('error');
    expect(merged.error).toBe('cannot reach the target');
  });

  it('refuses reports of different runs', () => {
    expect(() => mergeReports(pair({}, { seed: sampleFailedReport.seed + 1 }))).toThrow(MergeError);
    expect(() => mergeReports(pair({}, { runId: 'another-run' }))).toThrow(/run id/);
    expect(() =>
      mergeReports(pair({}, { spec: { ...sampleFailedReport.spec, file: '/elsewhere/openapi.yaml' } })),
    ).toThrow(/spec/);
    expect(() => mergeReports([shardOf(1, 2), shardOf(2, 3)])).toThrow(/2 and 3 shards/);
    expect(() => mergeReports([])).toThrow(MergeError);
  });

  it('refuses a missing shard, a shard given twice, and a whole run among shards', () => {
    expect(() => mergeReports([shardOf(1, 2)])).toThrow('shard 2/2 missing');
    expect(() => mergeReports([shardOf(1, 3), shardOf(3, 3)])).toThrow('shard 2/3 missing');
    expect(() => mergeReports([shardOf(1, 2), shardOf(1, 2)])).toThrow('shard 1/2 given twice');
    expect(() => mergeReports([shardOf(1, 2), shardOf(1, 2), shardOf(2, 2)])).toThrow('given twice');
    expect(() => mergeReports([sampleFailedReport, shardOf(1, 1)])).toThrow(/whole run/);
    // A whole run on its own merges into itself.
    expect(mergeReports([sampleFailedReport]).verdict).toBe(sampleFailedReport.verdict);
  });
});
