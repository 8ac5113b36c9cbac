import { isObject } from '../spec/json/index.js';
/**
 * The mock's request handling as data in, data out: no sockets, no streams, no files. The `node:http`
 * server (`server.ts`) and the MSW handlers (`msw/`, in Node and in the browser) are thin adapters
 * around {@link createMockCore}: they turn their request into a {@link CoreRequest} and deliver the
 * {@link CoreResponse} (a whole answer, a dripped one, or a dropped connection).
 * @module
 */
import type { OperationModel, SpecModel } from '../spec/model.js';
import { maskWriteOnly } from '../spec/mask-write-only.js';
import { challengeOf, requiresAuth } from '../spec/security/index.js';
import { type Answer, JSON_CONTENT_TYPE, errorAnswer, jsonAnswer } from './answer.js';
import { type Authenticator, authRequestOf, configuredSecrets, createAuthenticator, presentedSecrets } from './auth.js';
import {
  type Cors,
  type HeaderRecord,
  type RequestHeaders,
  createCors,
  exposingAnswerHeaders,
  preflightMethods,
} from './cors.js';
import { DELAY_HEADER, requestDelay, wait } from './delay.js';
import { deprecationHeaders } from './deprecation.js';
import { type MockError, errorBody, internalFailure, methodNotAllowed, mockError, notFound } from './errors.js';
import { FAULT_HEADER, type Fault } from './faults/fault.js';
import { createFaults } from './faults/create-faults.js';
import { malformedBody } from './faults/malformed-body.js';
import type { FaultConfig } from './faults/load-fault-config.js';
import { createRequestLog } from './admin/request-log.js';
import { specDocument } from './admin/spec-document.js';
import { redactTarget, requestLine } from './log.js';
import type { CoreOptions } from './core-options.js';
import { type MockPreferences, parsePrefer } from './prefer.js';
import { forcedBy, forcedError, undocumentedPreference } from './prefer-documented.js';
import type { SpecAnswer, SpecEngine, SpecEngineOptions } from './prism-engine.js';
import { absoluteLocation } from './absolute-location.js';
import { conformSuccess, firstSuccess, isJsonType, negotiate, placeholderAnswer } from './conform-answer.js';
import { type BodyReader, type RequestInput, bytesReader, readRequestInput } from './request-input.js';
import { nearestOperation } from './route-error.js';
import { type Router, createRouter } from './router.js';
import { type AnswerGenerator, createAnswerGenerator } from './generated/generated-answer.js';
import { cutToPage, generatedListLength } from './generated/list-length.js';
import { generatedTotal, realisticBody } from './generated/realistic-body.js';
import { countHeaderOf } from './total-members.js';
import { staticExample } from './static-answer.js';
import { conformError } from './resources/conform-error.js';
import { type ResourceMockOptions, createResourceMock } from './resources/create-resource-mock.js';
import type { MockDomainPlugin } from './domain/plugin.js';
import { MOCK_PLUGINS, selectMockPlugin } from './domain/select-plugin.js';

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

interface Served {
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

const ADMIN_PREFIX = '/__mock/';
const RESET_PATH = '/__mock/reset';
const REQUESTS_PATH = '/__mock/requests';
const SPEC_PATH = '/__mock/openapi.json';

/** What the core's layers decided for one request, before it is sent. */
interface Decided {
  readonly answer: Answer;
  readonly delayMs: number;
  readonly operationId?: string;
  /** A fault to deliver instead of the plain answer (`X-Mock-Fault` or the faults file). */
  readonly fault?: Fault;
}

const UTF8 = new TextEncoder();
const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'utf8'): Uint8Array } }).Buffer;
/**
 * A body's UTF-8 bytes: Node's `Buffer.from`, which slices small texts out of a shared pool instead
 * of allocating a buffer per answer (issue 23), or TextEncoder where there is no Buffer (the browser).
 */
const encodeText: (text: string) => Uint8Array = NodeBuffer
  ? (text) => NodeBuffer.from(text, 'utf8')
  : (text) => UTF8.encode(text);
const NO_BYTES = new Uint8Array(0);

/**
 * Builds the mock from a loaded spec and seeds the store. Layers, in order: admin routes, CORS
 * preflight, base path and routing (404/405), key check (401), delay and Prefer headers, parameter
 * and body checks (400/413/415), then the answer from the store (stateful) or from the engine
 * (static, dynamic, and any request with a Prefer header). Every failure is rendered by the one
 * Error renderer.
 *
 * @throws Error for bad seed data or resource config.
 */
export function createMockCore(config: MockCoreConfig): MockCore {
  const opts = config.options;
  const log = opts.log;
  const plugins = config.plugins ?? MOCK_PLUGINS;
  let served = serve(config.spec);
  const resources = createResourceMock(served.spec, {
    ...config.resources,
    capacity: opts.storeCapacity,
    defaults: (spec) => {
      const plugin = selectMockPlugin(spec, plugins);
      const seed = plugin?.seed;
      return seed && { name: `the ${plugin.name} plug-in's seed`, read: () => seed };
    },
    log,
  });
  const authenticate: Authenticator = createAuthenticator(opts.keys, { realm: served.spec.title });
  const cors: Cors = createCors(opts.corsOrigins);
  const secrets = configuredSecrets(opts.keys);
  const shutdown = new AbortController();
  let faults = createFaults(config.faults, served.spec, opts.seed);
  // Only with the admin routes on, since only they read it; bodies come from decide(), keyed by request.
  const requests = opts.admin ? createRequestLog() : undefined;
  const bodies = new WeakMap<CoreRequest, string>();

  function serve(spec: SpecModel): Served {
    const engineOptions =
      opts.seed === undefined
        ? { dynamic: opts.mode === 'dynamic' }
        : { dynamic: opts.mode === 'dynamic', seed: opts.seed };
    const operationHeaders = new Map(spec.operations.map((op) => [op, deprecationHeaders(spec, op)]));
    return {
      spec,
      router: createRouter(spec),
      engine: config.engine(spec, engineOptions),
      generator: createAnswerGenerator(spec),
      operationHeaders,
      plugin: selectMockPlugin(spec, plugins),
    };
  }

  async function answer(req: CoreRequest, path: string, search: string, current: Served): Promise<Decided> {
    const method = req.method;
    if (path.startsWith(ADMIN_PREFIX))
      return { answer: conformError(current.spec, undefined, admin(req, method, path, current)), delayMs: 0 };
    if (method === 'OPTIONS') {
      const allow = current.router.allowedMethods(path);
      // Preflights carry no credentials, so they are answered before the key check; one for a route or
      // method the spec does not have is let through (see preflightMethods), so the request gets its 404 or 405.
      const methods = preflightMethods(req, allow ?? []);
      const preflight = methods.length > 0 ? cors.preflightHeadersFor(req, methods) : {};
      if (!allow && !('Access-Control-Allow-Origin' in preflight))
        return { answer: conformError(current.spec, undefined, errorAnswer(notFound(path))), delayMs: 0 };
      return {
        answer: {
          status: 204,
          json: undefined,
          headers: { ...(allow ? { Allow: allow.join(', ') } : {}), ...preflight },
        },
        delayMs: 0,
      };
    }
    const delay = requestDelay(req.headers[DELAY_HEADER], opts.delayMs);
    const route = current.router.route(method, path);
    if (!route.ok) {
      // A route error still takes the error body the spec documents (the path's own operation's, or the nearest one's).
      const nearest = nearestOperation(current.spec, current.router, method, path, route.error.status);
      return {
        answer: conformError(current.spec, nearest, errorAnswer(route.error)),
        delayMs: delay.ms,
      };
    }
    const operation = route.operation;
    // Faults are looked for only when asked: the header is sent, or the faults file names a route.
    const planned =
      req.headers[FAULT_HEADER] === undefined && !faults.configured
        ? undefined
        : faults.forRequest(req.headers[FAULT_HEADER], operation);
    if (planned && 'error' in planned)
      return {
        answer: conformError(current.spec, operation, errorAnswer(planned.error)),
        delayMs: delay.ms,
        operationId: operation.operationId,
      };
    const fault = planned?.fault;
    const delayMs = delay.ms + (planned?.delayMs ?? 0);
    const action = fault?.action;
    // A status, reset or empty fault stands in for the operation: nothing is read, stored or changed.
    if (action?.kind === 'status') {
      const injected = mockError(
        action.status,
        'injected_fault',
        `Status ${action.status} injected by ${fault!.origin === 'header' ? 'the X-Mock-Fault header' : `the faults file (${fault!.origin})`}.`,
      );
      const injectedAnswer =
        action.status >= 400
          ? conformError(current.spec, operation, errorAnswer(injected))
          : { status: action.status, json: undefined };
      return { answer: injectedAnswer, delayMs, operationId: operation.operationId, fault: fault! };
    }
    if (action?.kind === 'reset' || action?.kind === 'empty')
      return { answer: { status: 0, json: undefined }, delayMs, operationId: operation.operationId, fault: fault! };
    // Errors from any layer (auth, validation, store) take the shape and media type the operation documents for their status.
    const errorChecked = conformError(
      current.spec,
      operation,
      await decide(req, operation, route.pathParams, path, search, delay.error, current),
    );
    // Successes too: the body fits its schema in the media type the client accepts, or is replaced.
    const decided = await conformSuccess(operation, errorChecked, joined(req.headers.accept), async (status, attempt) =>
      cutToPage(
        resources.model,
        operation,
        pageQueryOf(search),
        await generated(operation, path, status, attempt, current),
      ),
    );
    // A 401 forced through Prefer names the operation's own schemes too (Bearer, Basic, APIKey ...),
    // last among the headers, where the generic fallback in respond() puts it.
    const challenge =
      decided.status === 401 && !hasHeader(decided.headers ?? {}, 'www-authenticate')
        ? challengeOf(operation.security, { realm: current.spec.title })
        : undefined;
    const challenged =
      challenge === undefined
        ? decided
        : { ...decided, headers: { ...decided.headers, 'WWW-Authenticate': challenge } };
    const located = absoluteLocation(operation, challenged, req.url, joined(req.headers.host));
    const answered = withHeaders(located, current.operationHeaders.get(operation) ?? {});
    return fault
      ? { answer: answered, delayMs, operationId: operation.operationId, fault }
      : { answer: answered, delayMs, operationId: operation.operationId };
  }

  async function decide(
    req: CoreRequest,
    operation: OperationModel,
    pathParams: Readonly<Record<string, string>>,
    path: string,
    search: string,
    delayError: ReturnType<typeof requestDelay>['error'],
    current: Served,
  ): Promise<Answer> {
    // An empty alternative (`security: [{}]`) makes the key optional; the contract has none.
    if (requiresAuth(operation.security)) {
      const denied = authenticate(authRequestOf(req.headers, search), operation.security);
      if (denied) return errorAnswer(denied);
    }
    if (delayError) return errorAnswer(delayError);
    const prefer = parsePrefer(joined(req.headers.prefer));
    if (!prefer.ok) return errorAnswer(preferError(prefer.error));
    const input = await readRequestInput(
      { headers: req.headers, body: bodyReaderOf(req) },
      operation,
      pathParams,
      search,
      opts.bodyLimit,
    );
    if (requests && input.ok && input.value.bodyText !== undefined) bodies.set(req, input.value.bodyText);
    if (!input.ok) return errorAnswer(asDocumented(operation, input.error));
    const preferences = prefer.preferences;
    if (opts.mode === 'stateful' && preferences === undefined) {
      const answered = resources.answer(operation, input.value, joined(req.headers['content-type']));
      const hook = current.plugin?.storeAnswer;
      if (answered) return hook ? hook(operation, input.value, answered) : answered;
    }
    if (opts.mode === 'static' && preferences === undefined) {
      const example = staticExample(operation);
      if (example)
        return jsonAnswer(
          example.status,
          current.plugin?.engineBody?.(operation, input.value, example.body) ?? JSON.stringify(example.body),
        );
    }
    return fromSpec(req, operation, path, input.value, preferences, current);
  }

  async function fromSpec(
    req: CoreRequest,
    operation: OperationModel,
    path: string,
    input: RequestInput,
    preferences: MockPreferences | undefined,
    current: Served,
  ): Promise<Answer> {
    const undocumented = preferences && undocumentedPreference(operation, preferences);
    if (undocumented) return errorAnswer(preferError(undocumented));
    // Prism answers JSON only: a success the client takes as an image, a PDF or text is built here.
    const success = preferences?.code === undefined ? firstSuccess(operation) : undefined;
    const negotiated = success && negotiate(success.status, success.response, joined(req.headers.accept));
    if (negotiated && !isJsonType(negotiated.contentType)) return placeholderAnswer(negotiated);
    // A generated answer (dynamic mode, Prefer: dynamic=true) is sized and shaped by the resource model.
    const generatedAnswer =
      (preferences?.dynamic ?? opts.mode === 'dynamic') &&
      preferences?.code === undefined &&
      preferences?.exampleKey === undefined;
    const list = generatedAnswer ? generatedListLength(resources.model, operation, input) : undefined;
    const seed = preferences?.seed ?? opts.seed;
    // Generated answers come from the spec module's value generator, seeded per request so that a
    // seed gives the same answer to the same request; the engine answers what it cannot (a JSON
    // success without a schema) and everything forced by Prefer code= or example=.
    const made = generatedAnswer
      ? current.generator.answer(
          operation,
          list,
          seed === undefined ? undefined : `${seed}|${operation.operationId}|${req.url || path}`,
        )
      : undefined;
    const result: SpecAnswer =
      made !== undefined
        ? { ok: true, ...made }
        : await current.engine.answer(
            operation,
            {
              path: path.slice(current.spec.basePath.length),
              query: input.rawQuery,
              headers: engineHeaders(
                req.headers,
                success?.response ??
                  (preferences?.code === undefined ? undefined : operation.responseFor(preferences.code)),
              ),
              body: input.body,
            },
            preferences,
          );
    if (!result.ok) {
      if (result.internal) log(`mock error: ${operation.operationId}: ${result.error.message}`);
      return errorAnswer(preferError(result.error));
    }
    const { status, body } = result;
    const forced = preferences && forcedError(operation, status, preferences, result.headers);
    if (forced) return { ...errorAnswer(forced), reason: `forced by ${forcedBy(preferences!)}` };
    if (status >= 400)
      return {
        ...jsonAnswer(status, errorShaped(status, body, preferences), result.headers),
        reason: preferences ? `forced by ${forcedBy(preferences)}` : 'the spec engine answered an error',
      };
    if (body === undefined) return { status, json: undefined, headers: result.headers };
    const real =
      generatedAnswer && status < 300
        ? realisticBody(current.spec, resources.model, operation, input, status, body)
        : undefined;
    // A plain answer (no Prefer) to a list the store does not hold keeps the page size asked for.
    const out =
      real ?? (preferences === undefined && status < 300 ? cutToPage(resources.model, operation, input, body) : body);
    const shaped =
      (preferences === undefined || generatedAnswer) && status < 300
        ? current.plugin?.engineBody?.(operation, input, out)
        : undefined;
    // A generated list's count header (`X-Total-Count`) says what its page claims, not a random integer;
    // a create's Location names the item its body describes, not a generated string.
    const total = generatedAnswer && status < 300 ? generatedTotal(resources.model, operation, input, out) : undefined;
    const counted = total === undefined ? undefined : countHeaderOf(operation, status);
    const location = status < 300 ? resources.locationOf(operation, input, out) : undefined;
    let sentHeaders = result.headers;
    if (counted !== undefined) sentHeaders = replacingHeader(sentHeaders, counted, String(total));
    if (location !== undefined) sentHeaders = replacingHeader(sentHeaders, 'Location', location);
    const answered = jsonAnswer(status, shaped ?? JSON.stringify(out), sentHeaders);
    // realisticBody checked the generated body against the response schema: the success check need not again.
    const checked = real !== undefined && shaped === undefined ? operation.responseFor(status)?.schema : undefined;
    return checked ? { ...answered, checked } : answered;
  }

  /** A body the engine generates from the spec for a status (undefined when it cannot). */
  async function generated(
    operation: OperationModel,
    path: string,
    status: number,
    attempt: number,
    current: Served,
  ): Promise<unknown> {
    const request = { path: path.slice(current.spec.basePath.length), query: {}, headers: {}, body: undefined };
    const result = await current.engine.answer(operation, request, {
      dynamic: true,
      code: status,
      seed: `conform-${attempt}`,
    });
    return result.ok && result.status === status ? result.body : undefined;
  }

  function admin(req: CoreRequest, method: string, path: string, current: Served): Answer {
    if (path === SPEC_PATH || (requests && path === REQUESTS_PATH)) {
      const allow = path === SPEC_PATH ? ['GET'] : ['GET', 'DELETE'];
      if (method === 'OPTIONS')
        return {
          status: 204,
          json: undefined,
          headers: { Allow: allow.join(', '), ...cors.preflightHeadersFor(req, allow) },
        };
      if (!allow.includes(method)) return errorAnswer(methodNotAllowed(method, allow));
      if (path === SPEC_PATH) return specDocument(current.spec);
      if (method === 'DELETE') {
        requests!.clear();
        return jsonAnswer(200, JSON.stringify({ cleared: true }));
      }
      const listed = requests!.list(
        (r) => secretsOf(r.headers, r.target),
        (r, body) =>
          r.operationId === undefined
            ? body
            : maskWriteOnly(current.spec.operation(r.operationId)?.requestBody?.schema.schema, body),
      );
      return jsonAnswer(200, JSON.stringify({ requests: listed, count: listed.length, capacity: requests!.capacity }));
    }
    if (!opts.admin || path !== RESET_PATH) return errorAnswer(notFound(path));
    // A browser end-to-end test may reset from the page, which needs a preflight.
    if (method === 'OPTIONS')
      return { status: 204, json: undefined, headers: { Allow: 'POST', ...cors.preflightHeadersFor(req, ['POST']) } };
    if (method !== 'POST') return errorAnswer(methodNotAllowed(method, ['POST']));
    resources.reset();
    requests?.clear();
    return jsonAnswer(200, JSON.stringify({ reset: true, collections: resources.counts() }));
  }

  async function handle(req: CoreRequest): Promise<CoreResponse> {
    const started = performance.now();
    const target = req.url;
    const current = served;
    let result: Decided;
    try {
      const [path, search] = splitTarget(target);
      result = await answer(req, path, search, current);
    } catch (error) {
      log(
        `mock error: ${req.method} ${redactTarget(target, secretsOf(req.headers, target))}: ${(error as Error)?.message ?? String(error)}`,
      );
      result = { answer: conformError(current.spec, undefined, errorAnswer(internalFailure())), delayMs: 0 };
    }
    if (result.delayMs > 0) await wait(result.delayMs, shutdown.signal);
    const action = result.fault?.action;
    const response = respond(req, result.answer, action?.kind === 'status' ? undefined : action);
    const ms = performance.now() - started;
    if (!opts.quiet) {
      const secrets = secretsOf(req.headers, target);
      const line = requestLine(req.method, redactTarget(target, secrets), result.answer.status, ms);
      // A non-2xx answer names the rule that produced it (the parameter, JSON pointer or security
      // scheme); a fault names itself.
      const reason = result.answer.status >= 300 ? result.answer.reason : undefined;
      if (result.fault) log(`${line} fault=${faultName(result.fault)}`);
      else log(reason === undefined ? line : `${line} — ${redactTarget(reason, secrets)}`);
    }
    if (requests && !target.startsWith(ADMIN_PREFIX)) {
      // One plain object per request (no spreads): this runs on every request while admin is on.
      requests.record({
        time: Date.now(),
        method: req.method,
        target,
        headers: req.headers,
        operationId: result.operationId,
        status: action?.kind === 'reset' || action?.kind === 'empty' ? undefined : result.answer.status,
        ms,
        fault: result.fault ? faultName(result.fault) : undefined,
        body: bodies.get(req),
      });
    }
    return response;
  }

  /** The answer as it goes on the wire: the JSON content type, CORS, the 401 challenge, framing. */
  function respond(req: CoreRequest, answer: Answer, fault?: Exclude<Fault['action'], undefined>): CoreResponse {
    if (fault?.kind === 'reset' || fault?.kind === 'empty')
      return { status: 0, headers: {}, body: NO_BYTES, delivery: { kind: fault.kind } };
    // A 204 has no content, so no type either: a client that parses by Content-Type (`res.json()` when it
    // says JSON) must not choke on an empty DELETE answer. A preflight keeps its type, as pinned; no
    // script reads it.
    const contentless =
      answer.status === 204 &&
      answer.json === undefined &&
      answer.bytes === undefined &&
      req.method !== 'OPTIONS' &&
      fault?.kind !== 'malformed';
    const headers = boundedHeaders(
      { ...(contentless ? {} : { 'Content-Type': JSON_CONTENT_TYPE }), ...cors.headersFor(req), ...answer.headers },
      (name, bytes) =>
        log(
          `mock: ${req.method} ${redactTarget(req.url, secretsOf(req.headers, req.url))}: header ${name} (${bytes} bytes) left out, over the ${RESPONSE_HEADERS_LIMIT}-byte response head limit`,
        ),
    );
    if (answer.status === 401 && !hasHeader(headers, 'www-authenticate')) headers['WWW-Authenticate'] = 'Bearer';
    const exposed = exposingAnswerHeaders(headers);
    if (exposed !== headers) Object.assign(headers, exposed);
    // The rest of an oversized body is not read, so the connection cannot be reused.
    if (answer.status === 413) headers.Connection = 'close';
    const body = answer.bytes ?? encodeText(answer.json ?? '');
    headers['Content-Length'] = String(body.length);
    if (fault?.kind === 'malformed') {
      // Half the real body, then a NUL and a stray brace: never JSON, whatever the body was.
      const text = malformedBody(body);
      const sent = answer.status === 204 || answer.status === 304 || answer.status < 200 ? 200 : answer.status;
      return { status: sent, headers: { ...headers, 'Content-Length': String(text.length) }, body: text };
    }
    if (fault?.kind === 'drip')
      return { status: answer.status, headers, body, delivery: { kind: 'drip', intervalMs: fault.intervalMs } };
    return { status: answer.status, headers, body };
  }

  function errorResponse(error: MockError): CoreResponse {
    const answer = conformError(served.spec, undefined, errorAnswer(error));
    const body = answer.bytes ?? encodeText(answer.json ?? '');
    return {
      status: answer.status,
      headers: { 'Content-Type': JSON_CONTENT_TYPE, ...answer.headers, 'Content-Length': String(body.length) },
      body,
    };
  }

  function secretsOf(headers: RequestHeaders, target: string): string[] {
    const q = target.indexOf('?');
    return [
      ...secrets,
      ...presentedSecrets(
        authRequestOf(headers, q === -1 ? '' : target.slice(q)),
        served.spec.securitySchemes.values(),
      ),
    ];
  }

  return {
    get spec() {
      return served.spec;
    },
    handle,
    reset: () => resources.reset(),
    update: (spec) => {
      const next = serve(spec);
      resources.update(next.spec);
      served = next;
    },
    setFaults: (faultConfig) => {
      faults = createFaults(faultConfig, served.spec, opts.seed);
    },
    errorResponse,
    secretsOf,
    signal: shutdown.signal,
    close: () => shutdown.abort(),
  };
}

/**
 * Most bytes of response headers the mock sends: half of what Node's HTTP clients (undici, `fetch`)
 * read by default (16 KiB), leaving room for what proxies add. A `Location` naming an item whose
 * client-chosen id is 25,000 characters long would otherwise make every such client fail
 * (`UND_ERR_HEADERS_OVERFLOW`).
 */
export const RESPONSE_HEADERS_LIMIT = 8 * 1024;

/**
 * Headers within {@link RESPONSE_HEADERS_LIMIT}: the largest are left out until the rest fit, and
 * reported through `dropped`; `Content-Type` and CORS headers are always kept.
 */
function boundedHeaders(headers: HeaderRecord, dropped: (name: string, bytes: number) => void): HeaderRecord {
  // A UTF-16 unit is at most 3 UTF-8 bytes: when even that bound fits, nothing is encoded (every
  // ordinary answer; encoding each value was 5 % of the mock's CPU under load, issue 23).
  let bound = 0;
  for (const name in headers) bound += name.length + 3 * headers[name]!.length + 4;
  if (bound <= RESPONSE_HEADERS_LIMIT) return headers;
  const size = (name: string) => name.length + UTF8.encode(headers[name]!).length + 4;
  let total = 0;
  for (const name of Object.keys(headers)) total += size(name);
  if (total <= RESPONSE_HEADERS_LIMIT) return headers;
  const out = { ...headers };
  const candidates = Object.keys(headers)
    .filter((name) => !/^(content-type|access-control-|vary$)/i.test(name))
    .sort((a, b) => size(b) - size(a));
  for (const name of candidates) {
    if (total <= RESPONSE_HEADERS_LIMIT) break;
    total -= size(name);
    dropped(name, size(name));
    delete out[name];
  }
  return out;
}

/** The body of a dripped answer cut into at most `chunks` pieces. */
export function dripPieces(body: Uint8Array, chunks: number): Uint8Array[] {
  const pieces = Math.min(chunks, body.length);
  if (pieces === 0) return [];
  const size = Math.ceil(body.length / pieces);
  const out: Uint8Array[] = [];
  for (let at = 0; at < body.length; at += size) out.push(body.subarray(at, Math.min(body.length, at + size)));
  return out;
}

/** A reader for a request's body: the bytes given, or none. */
function bodyReaderOf(req: CoreRequest): BodyReader {
  const body = req.body;
  if (typeof body === 'function') return body;
  return bytesReader(body ?? NO_BYTES);
}

/**
 * A request the checks refuse with 400, answered 422 when that is the status the operation documents
 * for it (no 400, `4XX` or `default`, as FastAPI's specs have it): the spec's documented 4xx.
 */
function asDocumented(operation: OperationModel, error: MockError): MockError {
  if (error.status !== 400 || operation.responseFor(400) || !operation.responses['422']) return error;
  return { ...error, status: 422 };
}

/**
 * A Prefer error as the log names it: by its rule, not the value, which is the client's own text (a
 * credential pasted into the wrong header lands there too, and must not reach the log).
 */
function preferError(error: MockError): MockError {
  if (error.code === 'invalid_prefer') return { ...error, rule: 'Prefer header: malformed value' };
  if (error.code === 'prefer_not_documented')
    return { ...error, rule: 'Prefer header: a status or example the operation does not document' };
  return error;
}

/** A fault as the log and the request list name it: `reset`, `status=503`, `delay`. */
function faultName(fault: Fault): string {
  const a = fault.action;
  if (!a) return 'delay';
  return a.kind === 'status' ? `status=${a.status}` : a.kind === 'drip' ? `drip=${a.intervalMs}ms` : a.kind;
}

/** `headers` with `name` set to `value`, in place of any spelling of it (`location`, `LOCATION`). */
function replacingHeader(headers: HeaderRecord | undefined, name: string, value: string): HeaderRecord {
  const lower = name.toLowerCase();
  const out: HeaderRecord = {};
  for (const [key, v] of Object.entries(headers ?? {})) if (key.toLowerCase() !== lower) out[key] = v;
  out[name] = value;
  return out;
}

/** Adds the operation's headers (deprecation facts) to an answer. */
function withHeaders(answer: Answer, extra: HeaderRecord): Answer {
  if (Object.keys(extra).length === 0) return answer;
  return { ...answer, headers: { ...extra, ...answer.headers } };
}

/**
 * A Prism body for an error status: a numeric `status` member, when the body has one, equals the HTTP
 * status (none is added: the spec's error schema may not have it), and the message says the answer
 * was forced, so nobody mistakes it for a real failure.
 */
function errorShaped(status: number, body: unknown, preferences: MockPreferences | undefined): string {
  if (isObject(body)) {
    const shaped: Record<string, unknown> = { ...body };
    if (typeof shaped.status === 'number') shaped.status = status;
    const said = preferences && messageMember(shaped);
    if (said) said.holder[said.key] = `${String(said.holder[said.key])} (forced by ${forcedBy(preferences)})`;
    return JSON.stringify(shaped);
  }
  return errorBody(
    mockError(
      status,
      status === 401 ? 'unauthorized' : status === 404 ? 'not_found' : 'invalid_parameter',
      `Status ${status}, forced by the Prefer header.`,
    ),
  );
}

const MESSAGE_MEMBER = /message|detail|description|reason|faultstring/i;

/**
 * Where an error body says what went wrong: its message member, else that of an object member one
 * level down (`{"error": {"code", "message"}}`), which is copied so the engine's body stays as it was.
 */
function messageMember(body: Record<string, unknown>): { holder: Record<string, unknown>; key: string } | undefined {
  const find = (o: Record<string, unknown>) =>
    Object.keys(o).find((k) => typeof o[k] === 'string' && MESSAGE_MEMBER.test(k));
  const own = find(body);
  if (own !== undefined) return { holder: body, key: own };
  for (const [name, member] of Object.entries(body)) {
    if (!isObject(member)) continue;
    const key = find(member);
    if (key === undefined) continue;
    const holder = { ...member };
    body[name] = holder;
    return { holder, key };
  }
  return undefined;
}

function splitTarget(target: string): [string, string] {
  let path = target;
  if (!path.startsWith('/')) {
    // Absolute-form (proxy-style) or asterisk-form targets.
    try {
      const url = new URL(target, 'http://mock.invalid');
      path = url.pathname + url.search;
    } catch {
      return ['/', ''];
    }
  }
  const q = path.indexOf('?');
  return q === -1 ? [path, ''] : [path.slice(0, q), path.slice(q + 1)];
}

/**
 * The request's headers as Prism is handed them (only the answers Prism makes need them), for an
 * answer that is to be `chosen` (the success, or the status Prefer code= forces).
 */
function engineHeaders(
  requestHeaders: RequestHeaders,
  chosen: { content: Readonly<Record<string, unknown>> } | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(requestHeaders)) {
    // Prism never sees the key; Accept is ignored because the mock answers JSON only.
    if (name === 'authorization' || name === 'accept' || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  // Without Accept Prism wants application/json: name the JSON type the answer documents instead
  // (`application/sarif+json`, a forced error's `application/problem+json`), or Prism refuses an
  // ordinary request with 406, or quietly answers the success in place of the forced status.
  const jsonType = chosen && Object.keys(chosen.content).find((k) => isJsonType(k) && !k.includes('*'));
  if (jsonType !== undefined) headers.accept = jsonType;
  return headers;
}

function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function hasHeader(headers: HeaderRecord, lower: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === lower);
}

/** The query's numeric values, as far as a page cut reads them (`pageSize=2` → 2); others as text. */
function pageQueryOf(search: string): RequestInput {
  const query: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(search.startsWith('?') ? search.slice(1) : search))
    query[name] = /^\d+$/.test(value) ? Number(value) : value;
  return { query } as unknown as RequestInput;
}
