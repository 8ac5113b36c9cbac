import type fc from 'fast-check';
import type { Exchange } from '../cases/index.js';
import type { Execution, SequenceContext } from '../domain/rules.js';
import type { Finding } from '../findings/index.js';
import type { KnownValues } from '../generate/index.js';
import type { CredentialOf } from '../../spec/security/index.js';

/** What properties need from the run (here, beside the property type, so that the modules that build
 * properties and those they call share it without importing one another). */
export interface PropertyContext extends SequenceContext {
  /** The credential the run holds for a scheme (the auth matrix is built from what it holds). */
  readonly credentialOf?: CredentialOf;
  /** Existing values of path parameters, learned so far, for an operation. */
  known(operationId: string): KnownValues;
  /** The first 201 with a Location that the operation gave a valid request earlier in the run, if any. */
  created?(operationId: string): Exchange | undefined;
  readonly seed: number;
}

/** A property the engine runs under fast-check: generate a value, execute it, judge the findings. */
export interface KitProperty<T = unknown> {
  /** Unique id, used in `--only`, `--skip` and `--replay` (e.g. `createPet/invalid`). */
  readonly id: string;
  /** What kind of property: `valid`, `invalid`, `auth`, or a sequence id such as `semantics.persistence`. */
  readonly family: string;
  readonly operationId: string;
  /** Every operation it sends requests to, when more than its own (a sequence): `--only <id>` allows them. */
  readonly operations?: readonly string[];
  /** Built when the property starts, so it can use what the run has learned (existing ids). */
  arbitrary(): fc.Arbitrary<T>;
  execute(value: T): Promise<Execution>;
  /** False when a (shrunk) value no longer means what it was generated for: it is then not reported. */
  stillQualifies?(value: T): boolean;
  /**
   * Once a failure is shrunk: a clearer account of it, from a few more requests (the boundary of
   * the one number it depends on, engine/boundary.ts). Returns the findings to report.
   */
  explain?(execution: Execution, findings: readonly Finding[]): Promise<Finding[]>;
  /** Values tried first, before random search (the coverage phase); they shrink like any other. */
  examples?(): T[];
  /** Cases to run; the run's `runs` by default. */
  readonly runs?: number;
}

/** A fixed list of requests run once each (the auth matrix, robustness probes). */
export interface KitSweep {
  readonly id: string;
  readonly family: string;
  readonly operationId: string;
  execute(): Promise<Execution>;
}
