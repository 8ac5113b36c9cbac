// The request parts every generator shares, apart from valid-case.ts so that generators it uses
// (known-references.ts) can name them without importing it back.
import type { WireJson } from '../cases/index.js';

/** Values of path parameters known to exist on the target (ids harvested from its responses). */
export type KnownValues = Readonly<Record<string, readonly string[]>>;

/** A parameter value the target itself returned (an id from its list), as opposed to a generated one. */
export class ExistingValue {
  constructor(readonly text: string) {}
}

/** The parts of a request, before they are labelled as a case. */
export interface RequestParts {
  readonly pathParams: Record<string, WireJson | ExistingValue>;
  readonly query: [string, WireJson][];
  /** Header and cookie parameters the operation documents, by name. */
  readonly headerParams?: [string, WireJson][];
  readonly cookieParams?: [string, WireJson][];
  readonly body?: WireJson;
  readonly contentType?: string;
  readonly accept?: string;
  /** Send the body with chunked transfer coding instead of Content-Length (RFC 9112 §7.1). */
  readonly chunked?: boolean;
  /** An Accept-Encoding header (none by default). */
  readonly acceptEncoding?: string;
  /** Send `Expect: 100-continue` (and the body at once). */
  readonly expectContinue?: boolean;
  /** The file name of multipart file parts (`blob` when absent). */
  readonly filename?: string;
  /** Body members naming another resource with a made-up value (see withKnownReferences). */
  readonly madeUpReferences?: readonly string[];
}
