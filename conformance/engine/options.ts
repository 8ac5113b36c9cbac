import type { SpecModel } from '../../spec/index.js';
import type { KitCredentials } from '../send/index.js';

/** Everything a conformance run can be told. */
export interface ConformanceOptions {
  /** Base URL of the implementation, including the version prefix (`http://localhost:4010/v1`). */
  readonly target: string;
  /**
   * The token or API key the target accepts, sent wherever each operation's scheme puts it (bearer,
   * OAuth 2.0 / OpenID Connect token, apiKey header, query or cookie). Never written to any report.
   */
  readonly apiKey?: string;
  /** HTTP Basic credentials, `user:password`. */
  readonly basic?: string;
  /** `Name: value` headers: one a scheme declares is its credential; the rest go on every request. */
  readonly headers?: readonly string[];
  /** A shell command whose output is the token or key; run at start and again when a working one gets 401. */
  readonly authCommand?: string;
  /** Credentials built by the caller (who then asks them which secrets to mask); win over the four above. */
  readonly credentials?: KitCredentials;
  /** Path of the OpenAPI file; the shipped spec by default. */
  readonly spec?: string;
  /** fast-check seed; random by default and always reported. */
  readonly seed?: number;
  /** Cases per property (default 50). */
  readonly runs?: number;
  /** Per-request deadline in ms, headers and body included (default 5000). */
  readonly timeoutMs?: number;
  /** Properties run at once (default 2). */
  readonly concurrency?: number;
  /** Requests per second across the run; unlimited by default. */
  readonly rate?: number;
  /** Keep only these operationIds or check names. */
  readonly only?: readonly string[];
  /** Leave out these operationIds or check names. */
  readonly skip?: readonly string[];
  /** Send nothing that writes (no POST): for production. */
  readonly readOnly?: boolean;
  /** Contract gaps fail the run too. */
  readonly strict?: boolean;
  /**
   * Runs only shard `index` of `count` (1-based): operations, sorted by operationId, are dealt to
   * shards in turn, with every property, sweep and sequence of theirs. Deterministic, so a CI matrix
   * of `count` jobs covers the run once; `merge` joins their JSON reports.
   */
  readonly shard?: { readonly index: number; readonly count: number };
  /**
   * Names the run in its report; shards of one run must share it (`merge` checks). By default a
   * hash of the spec, seed and options, the same in every shard's job.
   */
  readonly runId?: string;
  /** Stops the run when aborted (Ctrl-C): the report then holds what was gathered, verdict `incomplete`. */
  readonly signal?: AbortSignal;
  /** Replays one shrunk counterexample: `<property>:<fast-check path>`, as printed in a reproducer. */
  readonly replay?: string;
  /** Called as the run progresses (for progress displays). */
  readonly onProgress?: (progress: RunProgress) => void;
  /** Adjusts the loaded spec model before anything is generated (`--from-har` puts recorded values first among the examples). */
  readonly prepareSpec?: (spec: SpecModel) => SpecModel;
}

/** A snapshot of a run in progress. */
export interface RunProgress {
  readonly propertiesDone: number;
  readonly propertiesTotal: number;
  readonly requests: number;
  readonly failures: number;
  readonly current?: string;
}

/** The options with every default filled in. */
export interface ResolvedOptions
  extends Required<
    Omit<
      ConformanceOptions,
      | 'spec'
      | 'rate'
      | 'replay'
      | 'runId'
      | 'signal'
      | 'onProgress'
      | 'prepareSpec'
      | 'shard'
      | 'apiKey'
      | 'basic'
      | 'headers'
      | 'authCommand'
      | 'credentials'
    >
  > {
  readonly apiKey?: string;
  readonly basic?: string;
  readonly headers?: readonly string[];
  readonly authCommand?: string;
  readonly credentials?: KitCredentials;
  readonly spec?: string;
  readonly rate?: number;
  readonly replay?: string;
  readonly runId?: string;
  readonly signal?: AbortSignal;
  readonly shard?: { readonly index: number; readonly count: number };
  readonly onProgress?: (progress: RunProgress) => void;
  readonly prepareSpec?: (spec: SpecModel) => SpecModel;
}

/** Fills in defaults. */
export function resolveOptions(options: ConformanceOptions): ResolvedOptions {
  return {
    ...options,
    seed: options.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0,
    runs: options.runs ?? 50,
    timeoutMs: options.timeoutMs ?? 5_000,
    concurrency: Math.max(1, options.concurrency ?? 2),
    only: options.only ?? [],
    skip: options.skip ?? [],
    readOnly: options.readOnly ?? false,
    strict: options.strict ?? false,
  };
}
