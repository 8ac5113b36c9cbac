/**
 * The values the mock core's stages hand each other, and the core's own interface. The `node:http`
 * server (`server.ts`) and the MSW handlers (`msw/`, in Node and in the browser) are thin adapters
 * around {@link MockCore}: they turn their request into a {@link CoreRequest} and deliver the
 * {@link CoreResponse} (a whole answer, a dripped one, or a dropped connection).
 * @module
 */
import type { OperationModel, SpecModel } from '../../spec/model.js';
import type { Answer } from '../answer.js';
import type { Authenticator } from '../auth.js';
import type { CoreOptions } from '../core-options.js';
import type { Cors, HeaderRecord, RequestHeaders } from '../cors.js';
import type { MockDomainPlugin } from '../domain/plugin.js';
import type { MockError } from '../errors.js';
import type { Fault } from '../faults/fault.js';
import type { FaultConfig } from '../faults/load-fault-config.js';
import type { AnswerGenerator } from '../generated/generated-answer.js';
import type { SpecEngine, SpecEngineOptions } from '../prism-engine.js';
import type { BodyReader } from '../request-input.js';
import type { ResourceMock, ResourceMockOptions } from '../resources/create-resource-mock.js';
import type { Router } from '../router.js';
import type { RequestLog } from '../admin/request-log.js';

/** One request as the core reads it. */
export interface CoreRequest {
  readonly method: string;
  /** The request target: path and query (`/v1/pets?limit=2`), or an absolute URL. */
  readonly url: string;
  /** Header names in lower case, as node gives them; a repeated header as an array. */
  readonly headers: RequestHeaders;
  /**
   * The body: its bytes, or a reader the core calls (only when the operation takes a body) with the
   * body limit, so an adapter can stop reading an oversized upload. Absent: no body.
   */
  readonly body?: Uint8Array | BodyReader;
}

/** How the answer leaves: whole (no `fault`), dripped, or not at all (the connection is dropped). */
export type Delivery =
  /** Close the connection without an answer: with a TCP reset (`reset`) or a plain close (`empty`). */
  | { readonly kind: 'reset' | 'empty' }
  /** Send the status and headers at once, then {@link dripPieces} of the body, one every `intervalMs`. */
  | { readonly kind: 'drip'; readonly intervalMs: number };

/** One answer as the core decided it: exactly what goes on the wire (framing headers included). */
export interface CoreResponse {
  readonly status: number;
  /** In the casing they are sent with; `Content-Length` is the body's length. */
  readonly headers: HeaderRecord;
  readonly body: Uint8Array;
  /** Present when a fault changes how the answer is delivered. */
  readonly delivery?: Delivery;
}

/** What {@link createMockCore} builds the mock from: everything already read (no files). */
export interface MockCoreConfig {
  readonly spec: SpecModel;
  readonly options: CoreOptions;
  /**
   * The domain plug-ins to choose from: the first whose fingerprint the spec fits adds its seed and
   * hooks. Default: the plug-ins the mock ships.
   */
  readonly plugins?: readonly MockDomainPlugin[];
  /** Faults per route (the faults file, parsed). */
  readonly faults?: FaultConfig;
  /** Answers what the stores do not: Prism in Node, the spec's examples in the browser. */
  readonly engine: (spec: SpecModel, options: SpecEngineOptions) => SpecEngine;
  /** How the generic store finds its resource model and seed data. */
  readonly resources: Pick<ResourceMockOptions, 'modelFor' | 'data'>;
}

/** The stateful mock, one request at a time. */
export interface MockCore {
  /** The spec currently served. */
  readonly spec: SpecModel;
  /** Answers one request; never rejects (an internal failure is the contract's 500 Error). */
  handle(request: CoreRequest): Promise<CoreResponse>;
  /** Restores the stores' seed data. */
  reset(): void;
  /** Serves a reloaded spec: the generic store keeps the collections still at the same path. @throws like the store. */
  update(spec: SpecModel): void;
  /** Replaces the faults per route. */
  setFaults(config: FaultConfig | undefined): void;
  /**
   * An error no request handling produced, in the spec's error shape, without CORS or operation
   * headers: a request the transport cannot parse (400, 431), a CONNECT (404), or the fallback for
   * an answer whose header value the transport refuses (`internalFailure()`).
   */
  errorResponse(error: MockError): CoreResponse;
  /** Every secret a request with these headers and target carries or the mock knows, for redacting logs. */
  secretsOf(headers: RequestHeaders, target: string): string[];
  /** Cuts pending delays and drips short (shutdown). */
  readonly signal: AbortSignal;
  close(): void;
}

/** Everything built from one loaded spec; a reload builds a new one. */
export interface Served {
  readonly spec: SpecModel;
  readonly router: Router;
  readonly engine: SpecEngine;
  /** Dynamic answers (`--mode dynamic`, `Prefer: dynamic=true`), from the spec module's value generator. */
  readonly generator: AnswerGenerator;
  /** Per-operation headers (deprecation facts), computed once per loaded spec. */
  readonly operationHeaders: ReadonlyMap<OperationModel, HeaderRecord>;
  /** The domain plug-in this spec fits, if any. */
  readonly plugin: MockDomainPlugin | undefined;
}

/** The parts of the mock that outlive one spec: what every stage may read. */
export interface CoreParts {
  readonly options: CoreOptions;
  readonly resources: ResourceMock;
  readonly authenticate: Authenticator;
  readonly cors: Cors;
  /** The request list `GET /__mock/requests` shows; only with the admin routes on. */
  readonly requests: RequestLog | undefined;
  readonly secretsOf: (headers: RequestHeaders, target: string) => string[];
}

/** What the core's stages decided for one request, before it is sent. */
export interface Decided {
  readonly answer: Answer;
  readonly delayMs: number;
  readonly operationId?: string;
  /** A fault to deliver instead of the plain answer (`X-Mock-Fault` or the faults file). */
  readonly fault?: Fault;
  /** The request's body as text, when it was read (the request list shows it). */
  readonly bodyText?: string;
  /** Set when the stateful store gave the answer (see {@link DecidedAnswer}). */
  readonly fromStore?: true;
}

export const ADMIN_PREFIX = '/__mock/';
