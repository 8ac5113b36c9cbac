import { errorAnswer } from '../answer.js';
import { authRequestOf, configuredSecrets, createAuthenticator, presentedSecrets } from '../auth.js';
import { createCors, type RequestHeaders } from '../cors.js';
import { wait } from '../delay.js';
import { MOCK_PLUGINS, selectMockPlugin } from '../domain/select-plugin.js';
import { internalFailure } from '../errors.js';
import type { Fault } from '../faults/fault.js';
import { createFaults } from '../faults/create-faults.js';
import { createRequestLog } from '../admin/request-log.js';
import { redactTarget, requestLine } from '../log.js';
import { conformError } from '../resources/conform-error.js';
import { createResourceMock } from '../resources/create-resource-mock.js';
import { decideAnswer } from './decide-answer.js';
import { finishAnswer } from './finish-answer.js';
import { errorResponse, respond } from './respond.js';
import { routeRequest } from './route-request.js';
import { serveSpec } from './serve-spec.js';
import {
  ADMIN_PREFIX,
  type CoreParts,
  type CoreRequest,
  type CoreResponse,
  type Decided,
  type MockCore,
  type MockCoreConfig,
  type Served,
} from './types.js';
import { splitTarget } from './wire.js';

/**
 * Builds the mock from a loaded spec and seeds the store. Each request goes through stages that
 * hand each other values: {@link routeRequest} (admin routes, CORS preflight, base path and
 * routing, faults that stand in for the operation), {@link decideAnswer} (key check, Prefer,
 * parameter and body checks, then the store, the examples or the engine), {@link finishAnswer}
 * (the documented error and success shapes, challenge, Location, operation headers) and
 * {@link respond} (the wire). Every failure is rendered by the one Error renderer.
 *
 * @throws Error for bad seed data or resource config.
 */
export function createMockCore(config: MockCoreConfig): MockCore {
  const options = config.options;
  const log = options.log;
  const plugins = config.plugins ?? MOCK_PLUGINS;
  let served = serveSpec(config.spec, options, config.engine, plugins);
  const resources = createResourceMock(served.spec, {
    ...config.resources,
    capacity: options.storeCapacity,
    defaults: (spec) => {
      const plugin = selectMockPlugin(spec, plugins);
      const seed = plugin?.seed;
      return seed && { name: `the ${plugin.name} plug-in's seed`, read: () => seed };
    },
    log,
  });
  const secrets = configuredSecrets(options.keys);
  const secretsOf = (headers: RequestHeaders, target: string): string[] => {
    const q = target.indexOf('?');
    return [
      ...secrets,
      ...presentedSecrets(
        authRequestOf(headers, q === -1 ? '' : target.slice(q)),
        served.spec.securitySchemes.values(),
      ),
    ];
  };
  const parts: CoreParts = {
    options,
    resources,
    authenticate: createAuthenticator(options.keys, { realm: served.spec.title }),
    cors: createCors(options.corsOrigins),
    // Only with the admin routes on, since only they read it.
    requests: options.admin ? createRequestLog() : undefined,
    secretsOf,
  };
  const shutdown = new AbortController();
  let faults = createFaults(config.faults, served.spec, options.seed);

  async function decide(req: CoreRequest, current: Served): Promise<Decided> {
    const [path, search] = splitTarget(req.url);
    const routing = routeRequest(req, path, current, faults, parts);
    if ('decided' in routing) return routing.decided;
    const routed = routing.routed;
    const { answer, bodyText } = await decideAnswer(req, routed, path, search, current, parts);
    const finished = await finishAnswer(req, routed.operation, answer, path, search, current, parts);
    return {
      answer: finished,
      delayMs: routed.delayMs,
      operationId: routed.operation.operationId,
      ...(routed.fault ? { fault: routed.fault } : {}),
      ...(bodyText === undefined ? {} : { bodyText }),
    };
  }

  async function handle(req: CoreRequest): Promise<CoreResponse> {
    const started = performance.now();
    const target = req.url;
    const current = served;
    let result: Decided;
    try {
      result = await decide(req, current);
    } catch (error) {
      log(
        `mock error: ${req.method} ${redactTarget(target, secretsOf(req.headers, target))}: ${(error as Error)?.message ?? String(error)}`,
      );
      result = { answer: conformError(current.spec, undefined, errorAnswer(internalFailure())), delayMs: 0 };
    }
    if (result.delayMs > 0) await wait(result.delayMs, shutdown.signal);
    const action = result.fault?.action;
    const response = respond(req, result.answer, action?.kind === 'status' ? undefined : action, parts);
    const ms = performance.now() - started;
    if (!options.quiet) {
      const secretsHere = secretsOf(req.headers, target);
      const line = requestLine(req.method, redactTarget(target, secretsHere), result.answer.status, ms);
      // A non-2xx answer names the rule that produced it (the parameter, JSON pointer or security
      // scheme); a fault names itself.
      const reason = result.answer.status >= 300 ? result.answer.reason : undefined;
      if (result.fault) log(`${line} fault=${faultName(result.fault)}`);
      else log(reason === undefined ? line : `${line} — ${redactTarget(reason, secretsHere)}`);
    }
    if (parts.requests && !target.startsWith(ADMIN_PREFIX)) {
      // One plain object per request (no spreads): this runs on every request while admin is on.
      parts.requests.record({
        time: Date.now(),
        method: req.method,
        target,
        headers: req.headers,
        operationId: result.operationId,
        status: action?.kind === 'reset' || action?.kind === 'empty' ? undefined : result.answer.status,
        ms,
        fault: result.fault ? faultName(result.fault) : undefined,
        body: result.bodyText,
      });
    }
    return response;
  }

  return {
    get spec() {
      return served.spec;
    },
    handle,
    reset: () => resources.reset(),
    update: (spec) => {
      const next = serveSpec(spec, options, config.engine, plugins);
      resources.update(next.spec);
      served = next;
    },
    setFaults: (faultConfig) => {
      faults = createFaults(faultConfig, served.spec, options.seed);
    },
    errorResponse: (error) => errorResponse(served.spec, error),
    secretsOf,
    signal: shutdown.signal,
    close: () => shutdown.abort(),
  };
}

/** A fault as the log and the request list name it: `reset`, `status=503`, `delay`. */
function faultName(fault: Fault): string {
  const a = fault.action;
  if (!a) return 'delay';
  return a.kind === 'status' ? `status=${a.status}` : a.kind === 'drip' ? `drip=${a.intervalMs}ms` : a.kind;
}
