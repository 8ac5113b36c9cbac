import type { CheckName } from '../checks/registry.js';
import type { Finding } from './finding.js';

/** Counts for one operation × check cell of the matrix. */
export interface CheckTally {
  readonly operationId: string;
  readonly check: CheckName;
  /** Exchanges this check looked at. */
  readonly passed: number;
  readonly failed: number;
  readonly warnings: number;
  /** Time the target took to answer the exchanges this check judged, in ms (JUnit's `time`). */
  readonly durationMs?: number;
}

/** The verdict of a run. */
export type Verdict =
  /** No failure (and, under `--strict`, no warning). */
  | 'certified'
  | 'failed'
  /** The run could not be carried out (target unreachable, bad spec): exit 2. */
  | 'error';

/**
 * The whole result of a run: what was tested, with what seed, and what was found. Reports are pure
 * functions of this object. Schema version 1; bump `schemaVersion` on any breaking change.
 */
export interface RunReport {
  readonly schemaVersion: 1;
  readonly tool: { readonly name: string; readonly version: string };
  /** Target base URL, including `/v1`. Never carries credentials. */
  readonly target: string;
  readonly spec: { readonly title: string; readonly version: string; readonly file: string };
  readonly seed: number;
  readonly options: {
    readonly runs: number;
    readonly strict: boolean;
    readonly readOnly: boolean;
    readonly only: readonly string[];
    readonly skip: readonly string[];
    /** This run was shard `index` of `count` (`--shard`); a merged report carries none. */
    readonly shard?: { readonly index: number; readonly count: number };
  };
  /** ISO 8601 start time. */
  readonly startedAt: string;
  readonly durationMs: number;
  readonly requests: number;
  readonly verdict: Verdict;
  /** Why the run could not be carried out, when verdict is `error`. */
  readonly error?: string;
  /** Every operation × check cell, including those that passed. */
  readonly tallies: readonly CheckTally[];
  /** Failures, warnings and advisories, deduplicated: one per code × operation × check × distinct cause. */
  readonly findings: readonly Finding[];
}
