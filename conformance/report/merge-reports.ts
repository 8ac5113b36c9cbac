import { mergeCoverage } from '../contract-coverage/track-coverage.js';
import type { CheckTally, Finding, RunReport, Verdict } from '../findings/index.js';
import { describeFinding } from './describe-finding.js';

/** Why reports cannot be joined: they are not shards of one run. */
export class MergeError extends Error {
  override readonly name = 'MergeError';
}

/**
 * Joins the JSON reports of the shards of one run (`--shard i/n` on a CI matrix) into one report:
 * one verdict (`error` if any shard could not run, else `failed` if any failed), tallies summed per
 * operation × check, every finding once, requests summed, the longest duration. Reports of
 * different specs or seeds are not shards of one run (the target may differ: each job of a matrix
 * may start its own server, or the embedded mock).
 *
 * @throws {@link MergeError} when the reports disagree on spec or seed, or there are none.
 */
export function mergeReports(reports: readonly RunReport[]): RunReport {
  const first = reports[0];
  if (!first) throw new MergeError('no reports to merge');
  for (const r of reports) {
    for (const [what, a, b] of [
      ['spec', r.spec.file, first.spec.file],
      ['seed', String(r.seed), String(first.seed)],
    ] as const) {
      if (a !== b)
        throw new MergeError(
          `the reports are not shards of one run: ${what} ${JSON.stringify(a)} vs ${JSON.stringify(b)}`,
        );
    }
  }
  const tallies = new Map<string, { -readonly [K in keyof CheckTally]: CheckTally[K] }>();
  for (const tally of reports.flatMap((r) => r.tallies)) {
    const key = `${tally.operationId}\u0000${tally.check}`;
    const sum = tallies.get(key);
    if (sum) {
      sum.passed += tally.passed;
      sum.failed += tally.failed;
      sum.warnings += tally.warnings;
      if (tally.durationMs !== undefined) sum.durationMs = (sum.durationMs ?? 0) + tally.durationMs;
    } else tallies.set(key, { ...tally });
  }
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const finding of reports.flatMap((r) => r.findings)) {
    // Every shard runs the same preflight and preparation: a finding they share is one finding.
    const key = JSON.stringify([
      finding.code,
      finding.operationId,
      finding.check,
      describeFinding(finding),
      finding.request?.method,
      finding.request?.path,
    ]);
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  const verdicts = new Set<Verdict>(reports.map((r) => r.verdict));
  const verdict: Verdict = verdicts.has('error') ? 'error' : verdicts.has('failed') ? 'failed' : 'certified';
  const errors = reports.filter((r) => r.error).map((r) => r.error!);
  // Shards exercise disjoint operations of one spec: a cell any shard reached is reached.
  const coverages = reports.flatMap((r) => (r.coverage ? [r.coverage] : []));
  const { shard: _shard, ...options } = first.options as RunReport['options'] & { shard?: unknown };
  return {
    ...first,
    options,
    startedAt: reports.map((r) => r.startedAt).sort()[0]!,
    durationMs: Math.max(...reports.map((r) => r.durationMs)),
    requests: reports.reduce((n, r) => n + r.requests, 0),
    verdict,
    ...(errors.length > 0 ? { error: errors.join('; ') } : {}),
    tallies: [...tallies.values()],
    findings,
    ...(coverages.length === reports.length ? { coverage: coverages.reduce(mergeCoverage) } : {}),
  };
}
