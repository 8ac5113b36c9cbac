import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SPEC_PATH, type OperationModel, type SpecModel, loadSpec } from '../spec/index.js';
import { challengeOf, requiresAuth } from '../spec/security/index.js';
import { answerFromStore, isAnimalStore, loadSeedPets, shapeSpecAnswer } from './animal-store.js';
import { type Answer, JSON_CONTENT_TYPE, errorAnswer, jsonAnswer } from './answer.js';
import { authRequestOf, configuredSecrets, createAuthenticator, presentedSecrets, type Authenticator } from './auth.js';
import { type Cors, type HeaderRecord, createCors } from './cors.js';
import { DELAY_HEADER, requestDelay, wait } from './delay.js';
import { deprecationHeaders } from './deprecation.js';
import { type MockError, errorBody, internalFailure, methodNotAllowed, mockError, notFound } from './errors.js';
import { FAULT_HEADER, type Fault, createFaults, deliverFault, loadFaultConfig } from './faults/index.js';
import { createRequestLog, specDocument } from './admin/index.js';
import { redactTarget, requestLine, stdoutSink } from './log.js';
import { type MockOptions, type ReloadEvent, type ResolvedOptions, resolveOptions } from './options.js';
import { type MockPreferences, parsePrefer } from './prefer.js';
import { forcedBy, undocumentedPreference } from './prefer-documented.js';
import { type SpecEngine, createPrismEngine, loadPrism } from './prism-engine.js';
import { conformSuccess, firstSuccess, isJsonType, negotiate, placeholderAnswer } from './conform-answer.js';
import { type RequestInput, readRequestInput } from './request-input.js';
import { nearestOperation } from './route-error.js';
import { type Router, createRouter } from './router.js';
import { watchSpecFiles } from './watch-spec-files.js';
import { watchFile } from './spec-watcher.js';
import { generatedListLength, realisticBody } from './generated/index.js';
import { seededRandom } from './seeded-random.js';
import { staticExample } from './static-answer.js';
import { conformError, createResourceMock } from './resources/index.js';
import { PetStore } from './store.js';

/** A mock server, built but not yet listening (see {@link startMock} for one that listens). */
export interface MockServer {
  /** The `node:http` server; listen on it, or hand it (or {@link MockServer.handler}) to supertest. */
  readonly server: Server;
  /** The request listener, for embedding the mock in another `node:http` server. */
  readonly handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** The options in effect, defaults applied. */
  readonly options: ResolvedOptions;
  /** The spec currently served (changes on reload). */
  readonly spec: SpecModel;
  /** Restores the stateful store's seed data. */
  reset(): void;
  /**
   * Loads Prism now when the mode answers through it (static, dynamic), instead of on the first
   * request. {@link startMock} calls it once listening, so start-up does not wait for Prism.
   */
  warm(): Promise<void>;
  /** Reloads the spec from its file now; the last good spec keeps serving if the new one fails. */
  reload(): Promise<ReloadEvent>;
  /** Stops watching, cuts pending delays short, and closes the server and its connections. */
  close(): Promise<void>;
}

interface Served {
  readonly spec: SpecModel;
  readonly router: Router;
  readonly engine: SpecEngine;
  /** Per-operation headers (deprecation facts), computed once per loaded spec. */
  readonly operationHeaders: ReadonlyMap<OperationModel, HeaderRecord>;
}

const ADMIN_PREFIX = '/__mock/';
const RESET_PATH = '/__mock/reset';
const REQUESTS_PATH = '/__mock/requests';
const SPEC_PATH = '/__mock/openapi.json';

/** What {@link createMockServer}'s layers decided for one request, before it is sent. */
interface Decided {
  readonly answer: Answer;
  readonly delayMs: number;
  readonly operationId?: string;
  /** A fault to deliver instead of the plain answer (`X-Mock-Fault` or the faults file). */
  readonly fault?: Fault;
}
/** How long {@link MockServer.close} lets in-flight requests finish before cutting connections. */
const CLOSE_GRACE_MS = 3_000;

/**
 * Builds the mock: loads the spec through the one spec loader, seeds the store, and returns a
 * `node:http` server that is not yet listening. Layers, in order: admin routes, CORS preflight, base
 * path and routing (404/405), key check (401), delay and Prefer headers, parameter and body checks
 * (400/413/415), then the answer from the store (stateful) or from Prism (static, dynamic, and any
 * request with a Prefer header). Every failure is rendered by the one Error renderer.
 *
 * @throws the spec loader's `SpecLoadError`, or an Error for bad options or seed data.
 */
export async function createMockServer(options: MockOptions = {}): Promise<MockServer> {
  const opts = resolveOptions(options, stdoutSink);
  const log = opts.log;
  // The shipped spec, as loaded at start, is pinned valid by spec/ tests: skip the slow schema check.
  let served = serve(
    await loadSpec(opts.specFile, {
      schemaCheck: opts.specFile !== DEFAULT_SPEC_PATH,
      ...(opts.basePath !== undefined ? { basePath: opts.basePath } : {}),
    }),
  );
  const store = new PetStore(loadSeedPets(served.spec, opts.seedFile), opts.storeCapacity);
  // Every other spec's resources (and any other resource of an Animal Store spec) live in the generic store.
  const resources = createResourceMock(served.spec, {
    capacity: opts.storeCapacity,
    ...(opts.dataFile !== undefined ? { dataFile: opts.dataFile } : {}),
    skip: (collection, spec) => isAnimalStore(spec) && collection.path === '/pets',
    log,
  });
  const authenticate: Authenticator = createAuthenticator(opts.keys, { realm: served.spec.title });
  const cors: Cors = createCors(opts.corsOrigins);
  const secrets = configuredSecrets(opts.keys);
  const shutdown = new AbortController();
  let faults = createFaults(
    opts.faultsFile === undefined ? undefined : loadFaultConfig(opts.faultsFile),
    served.spec,
    opts.seed,
  );
  // Only with the admin routes on, since only they read it; bodies come from decide(), keyed by request.
  const requests = opts.admin ? createRequestLog() : undefined;
  const bodies = new WeakMap<IncomingMessage, string>();

  function serve(spec: SpecModel): Served {
    const engineOptions =
      opts.seed === undefined
        ? { dynamic: opts.mode === 'dynamic' }
        : { dynamic: opts.mode === 'dynamic', seed: opts.seed };
    const operationHeaders = new Map(spec.operations.map((op) => [op, deprecationHeaders(spec, op)]));
    return { spec, router: createRouter(spec), engine: createPrismEngine(spec, engineOptions), operationHeaders };
  }

  async function answer(req: IncomingMessage, path: string, search: string, current: Served): Promise<Decided> {
    const method = req.method ?? 'GET';
    if (path.startsWith(ADMIN_PREFIX)) return { answer: admin(req, method, path, current), delayMs: 0 };
    if (method === 'OPTIONS') {
      const allow = current.router.allowedMethods(path);
      if (!allow) return { answer: errorAnswer(notFound(path)), delayMs: 0 };
      // Preflights carry no credentials, so they are answered before the key check.
      return {
        answer: {
          status: 204,
          json: undefined,
          headers: { Allow: allow.join(', '), ...cors.preflightHeadersFor(req, allow) },
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
        answer: nearest ? conformError(nearest, errorAnswer(route.error)) : errorAnswer(route.error),
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
        answer: conformError(operation, errorAnswer(planned.error)),
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
          ? conformError(operation, errorAnswer(injected))
          : { status: action.status, json: undefined };
      return { answer: injectedAnswer, delayMs, operationId: operation.operationId, fault: fault! };
    }
    if (action?.kind === 'reset' || action?.kind === 'empty')
      return { answer: { status: 0, json: undefined }, delayMs, operationId: operation.operationId, fault: fault! };
    // Errors from any layer (auth, validation, store) take the shape and media type the operation documents for their status.
    const errorChecked = conformError(
      operation,
      await decide(req, operation, route.pathParams, path, search, delay.error, current),
    );
    // Successes too: the body fits its schema in the media type the client accepts, or is replaced.
    const decided = await conformSuccess(operation, errorChecked, joined(req.headers.accept), (status, attempt) =>
      generated(operation, path, status, attempt, current),
    );
    // A 401 forced through Prefer names the operation's own schemes too (Bearer, Basic, APIKey ...),
    // last among the headers, where the generic fallback in send() puts it.
    const challenge =
      decided.status === 401 && !hasHeader(decided.headers ?? {}, 'www-authenticate')
        ? challengeOf(operation.security, { realm: current.spec.title })
        : undefined;
    const challenged =
      challenge === undefined
        ? decided
        : { ...decided, headers: { ...decided.headers, 'WWW-Authenticate': challenge } };
    const answered = withHeaders(challenged, current.operationHeaders.get(operation) ?? {});
    return fault
      ? { answer: answered, delayMs, operationId: operation.operationId, fault }
      : { answer: answered, delayMs, operationId: operation.operationId };
  }

  async function decide(
    req: IncomingMessage,
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
    if (!prefer.ok) return errorAnswer(prefer.error);
    const input = await readRequestInput(req, operation, pathParams, search, opts.bodyLimit);
    if (requests && input.ok && input.value.bodyText !== undefined) bodies.set(req, input.value.bodyText);
    if (!input.ok) return errorAnswer(input.error);
    const preferences = prefer.preferences;
    if (opts.mode === 'stateful' && preferences === undefined) {
      const stored = isAnimalStore(current.spec) ? answerFromStore(operation, input.value, store) : undefined;
      const answered = stored ?? resources.answer(operation, input.value, joined(req.headers['content-type']));
      if (answered) return answered;
    }
    if (opts.mode === 'static' && preferences === undefined) {
      const example = staticExample(operation);
      if (example)
        return jsonAnswer(
          example.status,
          shapeSpecAnswer(operation, input.value, example.body) ?? JSON.stringify(example.body),
        );
    }
    return fromSpec(req, operation, path, input.value, preferences, current);
  }

  async function fromSpec(
    req: IncomingMessage,
    operation: OperationModel,
    path: string,
    input: RequestInput,
    preferences: MockPreferences | undefined,
    current: Served,
  ): Promise<Answer> {
    const undocumented = preferences && undocumentedPreference(operation, preferences);
    if (undocumented) return errorAnswer(undocumented);
    // Prism answers JSON only: a success the client takes as an image, a PDF or text is built here.
    const success = preferences?.code === undefined ? firstSuccess(operation) : undefined;
    const negotiated = success && negotiate(success.status, success.response, joined(req.headers.accept));
    if (negotiated && !isJsonType(negotiated.contentType)) return placeholderAnswer(negotiated);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      // Prism never sees the key; Accept is ignored because the mock answers JSON only.
      if (name === 'authorization' || name === 'accept' || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    // A generated answer (dynamic mode, Prefer: dynamic=true) is sized and shaped by the resource model.
    const generatedAnswer =
      (preferences?.dynamic ?? opts.mode === 'dynamic') &&
      preferences?.code === undefined &&
      preferences?.exampleKey === undefined;
    const list = generatedAnswer ? generatedListLength(resources.model, operation, input) : undefined;
    const result = await current.engine.answer(
      operation,
      { path: path.slice(current.spec.basePath.length), query: input.rawQuery, headers, body: input.body },
      preferences,
      list,
    );
    if (!result.ok) {
      if (result.internal) log(`mock error: ${operation.operationId}: ${result.error.message}`);
      return errorAnswer(result.error);
    }
    const { status, body } = result;
    if (status >= 400) return jsonAnswer(status, errorShaped(status, body, preferences), result.headers);
    if (body === undefined) return { status, json: undefined, headers: result.headers };
    const seed = preferences?.seed ?? opts.seed;
    const real =
      generatedAnswer && status < 300
        ? realisticBody(
            current.spec,
            resources.model,
            operation,
            input,
            status,
            body,
            seededRandom(seed === undefined ? undefined : `${seed}|${operation.operationId}|${req.url ?? path}`),
          )
        : undefined;
    const out = real ?? body;
    const shaped =
      (preferences === undefined || generatedAnswer) && status < 300
        ? shapeSpecAnswer(operation, input, out)
        : undefined;
    return jsonAnswer(status, shaped ?? JSON.stringify(out), result.headers);
  }

  /** A body Prism generates from the spec for a status (undefined when it cannot). */
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

  function admin(req: IncomingMessage, method: string, path: string, current: Served): Answer {
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
      const listed = requests!.list((r) => secretsOfRequest(r.headers, r.target));
      return jsonAnswer(200, JSON.stringify({ requests: listed, count: listed.length, capacity: requests!.capacity }));
    }
    if (!opts.admin || path !== RESET_PATH) return errorAnswer(notFound(path));
    // A browser end-to-end test may reset from the page, which needs a preflight.
    if (method === 'OPTIONS')
      return { status: 204, json: undefined, headers: { Allow: 'POST', ...cors.preflightHeadersFor(req, ['POST']) } };
    if (method !== 'POST') return errorAnswer(methodNotAllowed(method, ['POST']));
    store.reset();
    resources.reset();
    requests?.clear();
    return jsonAnswer(200, JSON.stringify({ reset: true, pets: store.size }));
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const target = req.url ?? '/';
    const current = served;
    void (async () => {
      let result: Decided;
      try {
        const [path, search] = splitTarget(target);
        result = await answer(req, path, search, current);
      } catch (error) {
        log(
          `mock error: ${req.method ?? ''} ${redactTarget(target, secretsOf(req))}: ${(error as Error)?.message ?? String(error)}`,
        );
        result = { answer: errorAnswer(internalFailure()), delayMs: 0 };
      }
      await wait(result.delayMs, shutdown.signal);
      const action = result.fault?.action;
      send(req, res, result.answer, action?.kind === 'status' ? undefined : action);
      const ms = performance.now() - started;
      if (!opts.quiet) {
        const line = requestLine(req.method ?? '', redactTarget(target, secretsOf(req)), result.answer.status, ms);
        log(result.fault ? `${line} fault=${faultName(result.fault)}` : line);
      }
      if (requests && !target.startsWith(ADMIN_PREFIX)) {
        // One plain object per request (no spreads): this runs on every request while admin is on.
        requests.record({
          time: Date.now(),
          method: req.method ?? '',
          target,
          headers: req.headers,
          operationId: result.operationId,
          status: action?.kind === 'reset' || action?.kind === 'empty' ? undefined : result.answer.status,
          ms,
          fault: result.fault ? faultName(result.fault) : undefined,
          body: bodies.get(req),
        });
      }
    })();
  };

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    answer: Answer,
    fault?: Exclude<Fault['action'], undefined>,
  ): void {
    if (res.headersSent || res.destroyed) return;
    const headers: HeaderRecord = { 'Content-Type': JSON_CONTENT_TYPE, ...cors.headersFor(req), ...answer.headers };
    if (answer.status === 401 && !hasHeader(headers, 'www-authenticate')) headers['WWW-Authenticate'] = 'Bearer';
    // The rest of an oversized body is not read, so the connection cannot be reused.
    if (answer.status === 413) headers.Connection = 'close';
    const body = answer.json ?? '';
    headers['Content-Length'] = String(answer.bytes ? answer.bytes.length : Buffer.byteLength(body));
    try {
      if (fault) return deliverFault(res, answer.status, headers, answer.bytes ?? body, fault, shutdown.signal);
      res.writeHead(answer.status, headers);
      res.end(answer.bytes ?? body);
    } catch (error) {
      // A header value Prism produced that node refuses: fall back to a plain Error body.
      log(`mock error: cannot send answer: ${(error as Error).message}`);
      if (!res.headersSent) {
        const fallback = errorBody(internalFailure());
        res.writeHead(400, {
          'Content-Type': JSON_CONTENT_TYPE,
          'Content-Length': String(Buffer.byteLength(fallback)),
        });
        res.end(fallback);
      }
    }
  }

  function secretsOf(req: IncomingMessage): string[] {
    return secretsOfRequest(req.headers, req.url ?? '');
  }

  function secretsOfRequest(headers: IncomingMessage['headers'], target: string): string[] {
    const q = target.indexOf('?');
    return [
      ...secrets,
      ...presentedSecrets(
        authRequestOf(headers, q === -1 ? '' : target.slice(q)),
        served.spec.securitySchemes.values(),
      ),
    ];
  }

  const server = createServer({ keepAliveTimeout: 5_000 }, handler);
  // Requests node cannot even parse still get the contract's Error body.
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
    endWithError(
      socket,
      reason,
      mockError(
        status,
        tooLarge ? 'invalid_header' : 'malformed_request',
        tooLarge ? 'Request headers are too large.' : 'The request is not valid HTTP.',
      ),
    );
  });
  // CONNECT never reaches the handler: without a listener node drops the socket unanswered.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    // node hands the socket over without its own error listener: a reset must not crash the mock.
    socket.on('error', () => socket.destroy());
    if (!socket.writable) return socket.destroy();
    if (!opts.quiet) log(requestLine('CONNECT', redactTarget(req.url ?? '', secretsOf(req)), 404, 0));
    endWithError(socket, 'Not Found', notFound(req.url ?? ''));
  });

  let reloading: Promise<ReloadEvent> | undefined;
  async function reload(): Promise<ReloadEvent> {
    // One reload at a time; a change during a reload is picked up by the next one.
    const previous = reloading ?? Promise.resolve(undefined);
    const next = previous.then(async (): Promise<ReloadEvent> => {
      try {
        const next = serve(
          await loadSpec(opts.specFile, opts.basePath !== undefined ? { basePath: opts.basePath } : {}),
        );
        resources.update(next.spec);
        served = next;
        void watcher?.refresh();
        log(`spec reloaded: ${opts.specFile}`);
        return { ok: true, file: opts.specFile };
      } catch (error) {
        const message = (error as Error).message.split('\n')[0] ?? 'unknown error';
        log(`spec reload failed, still serving the last good spec: ${message}`);
        return { ok: false, file: opts.specFile, message };
      }
    });
    reloading = next;
    const event = await next;
    opts.onReload?.(event);
    return event;
  }
  // The spec, the files its $refs reach and its resource config: an edit to any of them reloads.
  const watcher = opts.watch ? watchSpecFiles(opts.specFile, () => void reload()) : undefined;
  // An edited faults file applies at once; a bad edit keeps the last good faults.
  const faultsFile = opts.faultsFile;
  const stopFaults =
    opts.watch && faultsFile !== undefined
      ? watchFile(faultsFile, () => {
          try {
            faults = createFaults(loadFaultConfig(faultsFile), served.spec, opts.seed);
            log(`faults reloaded: ${faultsFile}`);
          } catch (error) {
            log(`faults reload failed, keeping the last good faults: ${(error as Error).message.split('\n')[0]}`);
          }
        })
      : undefined;

  let warmTimer: NodeJS.Timeout | undefined;
  return {
    server,
    handler,
    options: opts,
    get spec() {
      return served.spec;
    },
    reset: () => {
      store.reset();
      resources.reset();
    },
    warm: async () => {
      const load = async () => {
        try {
          await loadPrism();
        } catch (error) {
          log(`mock error: cannot load Prism: ${(error as Error).message}`);
        }
      };
      // Stateful and static modes need Prism only for Prefer: load it once start-up is over, so the
      // first forced answer is quick without slowing the first ordinary one.
      if (opts.mode !== 'dynamic') {
        warmTimer = setTimeout(() => void load(), 1_500);
        warmTimer.unref();
      } else await load();
    },
    reload,
    close: () => {
      clearTimeout(warmTimer);
      watcher?.stop();
      stopFaults?.();
      shutdown.abort();
      if (!server.listening) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}

/** A fault as the log and the request list name it: `reset`, `status=503`, `delay`. */
function faultName(fault: Fault): string {
  const a = fault.action;
  if (!a) return 'delay';
  return a.kind === 'status' ? `status=${a.status}` : a.kind === 'drip' ? `drip=${a.intervalMs}ms` : a.kind;
}

/** Answers on a raw socket (requests node does not hand to the request handler) and closes it. */
function endWithError(socket: Socket, reason: string, error: MockError): void {
  const body = errorBody(error);
  socket.end(
    `HTTP/1.1 ${error.status} ${reason}\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Adds the operation's headers (deprecation facts) to an answer. */
function withHeaders(answer: Answer, extra: HeaderRecord): Answer {
  if (Object.keys(extra).length === 0) return answer;
  return { ...answer, headers: { ...extra, ...answer.headers } };
}

/**
 * A Prism body for an error status, made to fit the contract's Error: `status` equals the HTTP status,
 * and the message says the answer was forced, so nobody mistakes it for a real failure.
 */
function errorShaped(status: number, body: unknown, preferences: MockPreferences | undefined): string {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const shaped: Record<string, unknown> = { ...body, status };
    const said =
      preferences === undefined
        ? undefined
        : typeof shaped.message === 'string'
          ? 'message'
          : typeof shaped.detail === 'string'
            ? 'detail'
            : undefined;
    if (said !== undefined && preferences)
      shaped[said] = `${String(shaped[said])} (forced by ${forcedBy(preferences)})`;
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

function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function hasHeader(headers: HeaderRecord, lower: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === lower);
}
