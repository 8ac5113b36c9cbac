import { TOOL } from '../conformance/engine/tool.js';
import type { CheckName } from '../conformance/checks/index.js';
import { randomUUID } from 'node:crypto';
import { type CheckTally, type Finding, type RunReport, settleTallies } from '../conformance/findings/index.js';
import { verdictOf } from '../conformance/engine/collect-report.js';
import { describeFinding } from '../conformance/report/describe-finding.js';
import type { SpecModel } from '../spec/index.js';
import { type CoverageObservation, createCoverageTracker } from '../conformance/contract-coverage/index.js';

/** Which violations make the session fail (`--fail-on`). */
export type FailOn = 'none' | 'request' | 'response' | 'any';
export const FAIL_ON: readonly FailOn[] = ['none', 'request', 'response', 'any'];

/** The checks a judged live exchange is tallied under, in report order. */
const LIVE_CHECKS: readonly CheckName[] = [
  'request',
  'status',
  'server_error',
  'content_type',
  'schema',
  'response_headers',
  'error_status',
  'auth',
  'deprecation',
];
/** Distinct unknown routes kept (a scanner must not grow the report without bound). */
const MAX_UNKNOWN = 100;

const PROXY_TOOL = { name: `${TOOL.name} proxy`, version: TOOL.version };

/** What a proxy session saw, turned into the kit's `RunReport` on demand. */
export interface ProxySession {
  /** Adds the findings of one judged exchange of an operation (the empty list for a clean one). */
  judged(operationId: string, findings: readonly Finding[], durationMs: number): void;
  /** Adds what one exchange exercised of the contract. */
  observe(observation: CoverageObservation): void;
  /** Adds a request to a route the spec does not describe. */
  unknown(finding: Finding): void;
  /** Counts a request forwarded (judged or not). */
  forwarded(): void;
  /** Every finding so far, deduplicated (the same finding again counts as an occurrence). */
  findings(): Finding[];
  /** The session as a kit report. */
  report(): RunReport;
  /** The exit status `--fail-on` gives the findings so far: 1 when they fail the session, else 0. */
  exitCode(failOn: FailOn): number;
}

/** A new session of a proxy for `spec` in front of `upstream`. */
export function createSession(spec: SpecModel, upstream: string, now: () => number = Date.now): ProxySession {
  const startedAt = now();
  // A session is one run: its reports share an id of their own.
  const runId = `proxy-${randomUUID()}`;
  const byKey = new Map<string, Finding>();
  type Tally = {
    operationId: string;
    check: CheckName;
    passed: number;
    failed: number;
    warnings: number;
    durationMs: number;
  };
  // By operation, then in LIVE_CHECKS order: an exchange updates its operation's row without building keys.
  const tallies = new Map<string, Tally[]>();
  const coverage = createCoverageTracker(spec);
  let requests = 0;
  let unknownCount = 0;

  function keep(finding: Finding): void {
    const key = `${finding.code}\u0000${finding.operationId}\u0000${describeFinding(finding)}`;
    const kept = byKey.get(key);
    if (kept) byKey.set(key, { ...kept, occurrences: (kept.occurrences ?? 1) + 1 });
    else byKey.set(key, finding);
  }

  function talliesOf(operationId: string): Tally[] {
    let row = tallies.get(operationId);
    if (!row) {
      row = LIVE_CHECKS.map((check) => ({ operationId, check, passed: 0, failed: 0, warnings: 0, durationMs: 0 }));
      tallies.set(operationId, row);
    }
    return row;
  }

  const list = () => [...byKey.values()];
  return {
    judged(operationId, findings, durationMs) {
      for (const t of talliesOf(operationId)) {
        const mine = findings.length === 0 ? findings : findings.filter((f) => f.check === t.check);
        if (mine.some((f) => f.severity === 'failure')) t.failed++;
        else if (mine.some((f) => f.severity === 'warning')) t.warnings++;
        else t.passed++;
        t.durationMs += durationMs;
      }
      for (const f of findings) keep(f);
    },
    unknown(finding) {
      if (unknownCount >= MAX_UNKNOWN && !byKey.has(finding.code)) return;
      unknownCount++;
      keep(finding);
    },
    observe(observation) {
      coverage.observe(observation);
    },
    forwarded() {
      requests++;
    },
    findings: list,
    report() {
      const findings = list();
      // Failures and warnings are counted from the findings, as every kit report counts them.
      const tallyList: CheckTally[] = settleTallies(
        [...tallies.values()].flat().map((t) => ({ ...t, durationMs: Math.round(t.durationMs) })),
        findings,
      );
      return {
        schemaVersion: 1,
        tool: PROXY_TOOL,
        runId,
        target: upstream,
        spec: { title: spec.title, version: spec.version, file: spec.file },
        seed: 0,
        options: { runs: 0, strict: false, readOnly: false, only: [], skip: [] },
        startedAt: new Date(startedAt).toISOString(),
        durationMs: now() - startedAt,
        requests,
        verdict: verdictOf(findings, false),
        tallies: tallyList,
        findings,
        coverage: coverage.result(),
      };
    },
    exitCode(failOn) {
      if (failOn === 'none') return 0;
      const failing = list().filter((f) => f.severity === 'failure');
      const request = failing.some((f) => f.check === 'request');
      const response = failing.some((f) => f.check !== 'request');
      return (failOn === 'request' ? request : failOn === 'response' ? response : request || response) ? 1 : 0;
    },
  };
}
