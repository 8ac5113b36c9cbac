import { mergeCoverage } from '../contract-coverage/index.js';
import { verdictOf } from '../engine/collect-report.js';
import type { CheckTally, RunReport } from '../findings/index.js';
import type { HarReplay } from './replay-har.js';

/**
 * A run's report with a HAR replay's requests, tallies and findings added, and the verdict the
 * findings together give (a run that could not be carried out stays `error`).
 */
export function withHarReplay(report: RunReport, replay: HarReplay): RunReport {
  const cells = new Map<string, CheckTally>();
  for (const t of [...report.tallies, ...replay.tallies]) {
    const key = `${t.operationId}\u0000${t.check}`;
    const kept = cells.get(key);
    cells.set(
      key,
      kept
        ? {
            ...kept,
            passed: kept.passed + t.passed,
            failed: kept.failed + t.failed,
            warnings: kept.warnings + t.warnings,
            durationMs: (kept.durationMs ?? 0) + (t.durationMs ?? 0),
          }
        : t,
    );
  }
  const findings = [...report.findings, ...replay.findings];
  return {
    ...report,
    requests: report.requests + replay.requests,
    tallies: [...cells.values()],
    findings,
    coverage: report.coverage ? mergeCoverage(report.coverage, replay.coverage) : replay.coverage,
    verdict: report.verdict === 'error' ? 'error' : verdictOf(findings, report.options.strict),
  };
}
