import { mergeCoverage } from '../contract-coverage/track-coverage.js';
import { settleTallies, type Finding, type RunReport, type Verdict } from '../findings/index.js';
import { describeFinding } from './describe-finding.js';

/** Why reports cannot be joined: they are not shards of one run. */
export class MergeError extends Error {
  override readonly name = 'MergeError';
}

/**
 * Joins the JSON reports of the shards of one run (`--shard i/n` on a CI matrix) into one report:
 * one verdict (`error` if any shard could not run, else `incomplete` if one was interrupted, else
 * `failed` if any failed), tallies summed per operation × check, every finding once, requests
 * summed, the longest duration. A merge is whole or refused: every shard 1..n exactly once, all of
 * one run (the same run id; reports without one, from older versions, the same spec and seed). The
 * target may differ: each job of a matrix may start its own server, or the embedded mock.
 *
 * @throws {@link MergeError} when a shard is missing or given twice, the reports are of different
 * runs, or there are none.
 */
export function mergeReports(reports: readonly RunReport[]): RunReport {
  const first = reports[0];
  if (!first) throw new MergeError('no reports to merge');
  for (const r of reports) {
    for (const [what, a, b] of [
      ['run id', r.runId ?? first.runId, first.runId ?? r.runId],
      ['spec', r.spec.file, first.spec.file],
      ['seed', String(r.seed), String(first.seed)],
    ] as const) {
      if (a !== b)
        throw new MergeError(
          `the reports are not shards of one run: ${what} ${JSON.stringify(a)} vs ${JSON.stringify(b)}`,
        );
    }
  }
  checkWhole(reports);
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
  const verdict: Verdict = verdicts.has('error')
    ? 'error'
    : verdicts.has('incomplete')
      ? 'incomplete'
      : verdicts.has('failed')
        ? 'failed'
        : verdicts.has('not-reproduced')
          ? 'not-reproduced'
          : 'certified';
  const errors = reports.filter((r) => r.error).map((r) => r.error!);
  // Shards exercise disjoint operations of one spec: a cell any shard reached is reached.
  const coverages = reports.flatMap((r) => (r.coverage ? [r.coverage] : []));
  const notes = [...new Set(reports.flatMap((r) => r.notes ?? []))];
  const { shard: _shard, ...options } = first.options as RunReport['options'] & { shard?: unknown };
  return {
    ...first,
    options,
    startedAt: reports.map((r) => r.startedAt).sort()[0]!,
    durationMs: Math.max(...reports.map((r) => r.durationMs)),
    requests: reports.reduce((n, r) => n + r.requests, 0),
    verdict,
    ...(errors.length > 0 ? { error: errors.join('; ') } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    // Passes summed per cell; failures and warnings counted from the merged findings, each once.
    tallies: settleTallies(
      reports.flatMap((r) => r.tallies),
      findings,
    ),
    findings,
    ...(coverages.length === reports.length ? { coverage: coverages.reduce(mergeCoverage) } : {}),
  };
}

/** Every shard 1..n exactly once; a report of a whole run (no shard) only on its own. */
function checkWhole(reports: readonly RunReport[]): void {
  const whole = reports.filter((r) => r.options.shard === undefined);
  if (whole.length > 0) {
    if (reports.length === 1) return;
    throw new MergeError(
      `${whole.length === reports.length ? 'these reports are' : 'a report is'} of a whole run, not a shard (--shard i/n): nothing to merge it with`,
    );
  }
  const counts = new Set(reports.map((r) => r.options.shard!.count));
  if (counts.size > 1)
    throw new MergeError(`the reports are not shards of one run: split in ${[...counts].join(' and ')} shards`);
  const count = [...counts][0]!;
  const given = reports.map((r) => r.options.shard!.index);
  const twice = [...new Set(given.filter((index, i) => given.indexOf(index) !== i))];
  if (twice.length > 0)
    throw new MergeError(`shard ${twice.map((i) => `${i}/${count}`).join(', ')} given twice: each shard counts once`);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !given.includes(i));
  if (missing.length > 0)
    throw new MergeError(
      `shard ${missing.map((i) => `${i}/${count}`).join(', ')} missing: a merge of part of a run would certify what was not tested`,
    );
}
