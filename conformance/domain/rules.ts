import type { CheckName } from '../checks/registry.js';
import type fc from 'fast-check';
import type { Case, Exchange } from '../cases/index.js';
import type { RegisteredCheck } from '../checks/index.js';
import type { Finding, GapEvidence } from '../findings/index.js';
import type { OperationModel, SpecModel } from '../../spec/index.js';

/** What a stateful property may do: send cases and judge exchanges with every check. */
export interface SequenceContext {
  readonly spec: SpecModel;
  readonly readOnly: boolean;
  /** Sends a case and returns the exchange. */
  send(testCase: Case): Promise<Exchange>;
  /** Runs every generic and domain check on an exchange. */
  judge(exchange: Exchange): Finding[];
}

/** The outcome of one execution of a property: its findings and the requests it took, in order. */
export interface Execution {
  readonly findings: readonly Finding[];
  readonly exchanges: readonly Exchange[];
}

/**
 * A property over a sequence of requests (create then get, page sizes, ...). Generic: the engine runs
 * it under fast-check with shrinking, rounds and replay like any other property.
 */
export interface SequenceProperty<T = unknown> {
  /** Unique id, e.g. `semantics.persistence`. */
  readonly id: string;
  /** The operation findings are filed under when they do not name their own. */
  readonly operationId: string;
  /** Operations it needs; it is skipped when one is missing or excluded. */
  readonly operations: readonly string[];
  /** True when it creates data: skipped under `--read-only`. */
  readonly writes: boolean;
  /** Executions per round, when not the run's `runs` (a costly property runs fewer). */
  readonly runs?: number;
  arbitrary(spec: SpecModel): fc.Arbitrary<T>;
  /** Values tried first, once each (the coverage phase), before random search. */
  examples?(spec: SpecModel): T[];
  execute(value: T, context: SequenceContext): Promise<Execution>;
}

/**
 * What preparation learned about the target that changes what a valid request is there, in a way
 * the contract leaves open (e.g. only existing category ids are accepted).
 */
export interface Adaptation {
  /** Applied to every case before it is sent. Deterministic, so a seed still means the same requests. */
  readonly rewrite?: (testCase: Case) => Case;
  /**
   * Failures preparation itself saw (it reads what it builds: a store read at several sizes as it
   * grows), reported as found.
   */
  readonly failures?: readonly Finding[];
  /** The contract gap the adaptation stands for, reported once, with the exchange that showed it. */
  readonly gap?: {
    readonly operationId: string;
    readonly check: CheckName;
    readonly gap: string;
    readonly evidence: GapEvidence;
    readonly exchange: Exchange;
  };
}

/**
 * Work done before the properties run (e.g. making sure the list has enough items to page through).
 * May return an adaptation the run then applies to every request.
 */
export type Preparation = (context: SequenceContext) => Promise<Adaptation | undefined>;

/** Everything the kit knows about one API's meaning, keyed by operationId. The engine knows none of it. */
export interface DomainRules {
  /** Per-exchange semantic checks, by operationId. */
  readonly checks: Readonly<Record<string, readonly RegisteredCheck[]>>;
  /**
   * Values of path parameters that exist on the target, learned from its responses, by
   * `operationId` → parameter name. Used so that valid requests hit real resources.
   */
  harvest(
    exchange: Exchange,
    operation: OperationModel,
  ): Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  readonly sequences: readonly SequenceProperty<any>[];
  /**
   * Requests sent and judged before preparation changes anything: the target as it was found (a
   * filter that matches nothing yet, say, before the kit creates pets of every status).
   */
  firstLook?(spec: SpecModel): Case[];
  readonly prepare?: Preparation;
  /**
   * Makes a run-wide observer: it sees every exchange, in order of completion, and reports what only
   * the history of the run shows (an id handed out twice). Created afresh for each run.
   */
  readonly observer?: () => (exchange: Exchange, operation: OperationModel) => Finding[];
  /**
   * Judges the run's findings once more at its end: an advisory that rests on an inference the target
   * confirmed later in the run (a read answering the id asked, a page filled exactly) is a failure.
   * Confirmation is what the target showed over the whole run, not only before the breach.
   */
  readonly settle?: (findings: readonly Finding[]) => Finding[];
}
