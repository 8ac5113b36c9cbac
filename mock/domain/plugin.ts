/**
 * Domain plug-ins of the mock: what one API's contract says beyond its spec, contributed through a
 * few hooks to the generic store (`mock/resources/`) and the spec engine, never instead of them.
 * A plug-in applies to the specs that fit its fingerprint (`spec/fingerprint.ts`), the same one the
 * kit's rules for that API use.
 * @module
 */
import type { OperationFingerprint } from '../../spec/fingerprint.js';
import type { OperationModel } from '../../spec/model.js';
import type { Answer } from '../answer.js';
import type { RequestInput } from '../request-input.js';

/** One API's meaning for the mock. Every hook is optional; a plug-in with none changes nothing. */
export interface MockDomainPlugin {
  /** A short name, for messages (`animal-store`). */
  readonly name: string;
  /** The operations a spec must have for the plug-in to apply. */
  readonly operations: OperationFingerprint;
  /**
   * Seed data in the `--data` format (keyed by collection path or name), for the collections the
   * user's data does not name; checked against the item schemas like the user's. Collections neither
   * names are seeded from the spec's examples.
   */
  readonly seed?: Readonly<Record<string, unknown>>;
  /**
   * Reworks an answer the stateful store gave (an Error's wording, say) before the core fits it to
   * the spec; returns the answer to send (the one given to keep it). Runs on every stateful answer,
   * so it must be cheap.
   */
  readonly storeAnswer?: (operation: OperationModel, input: RequestInput, answer: Answer) => Answer;
  /**
   * Shapes a 2xx body the spec engine produced (a static example, a generated body) so the request's
   * meaning holds in every mode; returns the JSON text to send, or undefined to keep the body.
   */
  readonly engineBody?: (operation: OperationModel, input: RequestInput, body: unknown) => string | undefined;
}
