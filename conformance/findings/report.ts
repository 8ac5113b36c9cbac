import type { CheckName } from '../checks/registry.js';
import type { ContractCoverage } from './coverage.js';
import type { Count, Finding, Integer } from './finding.js';

/** Counts for one operation × check cell of the matrix. */
export interface CheckTally {
  readonly operationId: string;
  readonly check: CheckName;
  /** Exchanges this check looked at that passed. */
  readonly passed: Count;
  readonly failed: Count;
  readonly warnings: Count;
  /**
   * Time the target took to answer the exchanges this check judged, in ms (JUnit's `time`); the
   * report file rounds it to whole milliseconds.
   * @asType integer
   * @minimum 0
   */
  readonly durationMs?: number;
}

/**
 * The verdict of a run: `certified` (no failure, and under `--strict` no contract gap), `failed`,
 * `error` (see `error`), `not-reproduced` (a replay) or `incomplete` (interrupted).
 */
export type Verdict =
  /** No failure (and, under `--strict`, no warning). */
  | 'certified'
  | 'failed'
  /** The run could not be carried out (target unreachable, bad spec): exit 2. */
  | 'error'
  /** A replay (`--replay`) whose counterexample did not fail this time: exit 3, never certified. */
  | 'not-reproduced'
  /** The run was interrupted (Ctrl-C) before its end: the report holds what was gathered so far; exit 130. */
  | 'incomplete';

/**
 * The whole result of a run: what was tested, with what seed, and what was found. Reports are pure
 * functions of this object. Schema version 1; bump `schemaVersion` on any breaking change.
 */
export interface RunReport {
  /** Version of the report's schema. */
  readonly schemaVersion: 1;
  readonly tool: { readonly name: string; readonly version: string };
  /** Target base URL, including `/v1`. Never carries credentials. */
  readonly target: string;
  readonly spec: {
    readonly title: string;
    /** `info.version` of the contract. */
    readonly version: string;
    readonly file: string;
    /** What the loader repaired in the document to read it (a fault whose meaning is plain), if anything. */
    readonly repairs?: readonly string[];
  };
  /**
   * Names the run: the shards of one run share it (`merge` refuses reports of different runs).
   * Derived from the spec, seed and options unless given (`--run-id`).
   */
  readonly runId: string;
  /** The fast-check seed; `--seed` with it replays the run. */
  readonly seed: Integer;
  readonly options: {
    /** Cases per property. */
    readonly runs: Count;
    /** Contract gaps fail the run. */
    readonly strict: boolean;
    /** Only safe methods were sent. */
    readonly readOnly: boolean;
    readonly only: readonly string[];
    readonly skip: readonly string[];
    /** This run was shard `index` of `count` (`--shard`); a whole run, and a merged report, carries none. */
    readonly shard?: {
      /**
       * @asType integer
       * @minimum 1
       */
      readonly index: number;
      /**
       * @asType integer
       * @minimum 1
       */
      readonly count: number;
    };
  };
  /**
   * ISO 8601 start time.
   * @format date-time
   */
  readonly startedAt: string;
  /** @minimum 0 */
  readonly durationMs: number;
  /** Requests sent to the target. */
  readonly requests: Count;
  readonly verdict: Verdict;
  /** Why the run could not be carried out, when verdict is `error`; what was not reproduced, or where the run was interrupted, for `not-reproduced` and `incomplete`. */
  readonly error?: string;
  /**
   * Notes on the run a reader needs to weigh its verdict: checks skipped because they need an
   * operation the selection (`--only`, `--skip`, `--read-only`) left out, for instance.
   */
  readonly notes?: readonly string[];
  /** Every operation × check cell, including those that passed. */
  readonly tallies: readonly CheckTally[];
  /** Failures, warnings and advisories, deduplicated: one per code × operation × check × distinct cause. */
  readonly findings: readonly Finding[];
  /** What the run's traffic exercised of the contract, and what it never reached. */
  readonly coverage?: ContractCoverage;
}
