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
import { createReadCache } from './read-cache.js';
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
  const reads = createReadCache();

  async function decide(req: CoreRequest, current: Served): Promise<Decided> {
    const [path, search] = splitTarget(req.url);
    const routing = routeRequest(req, path, current, faults, parts);
    if ('decided' in routing) return routing.decided;
    const routed = routing.routed;
    const { answer, bodyText, fromStore } = await decideAnswer(req, routed, path, search, current, parts);
    const finished = await finishAnswer(req, routed.operation, answer, path, search, current, parts);
    return {
      answer: finished,
      delayMs: routed.delayMs,
      operationId: routed.operation.operationId,
      ...(routed.fault ? { fault: routed.fault } : {}),
      ...(bodyText === undefined ? {} : { bodyText }),
      ...(fromStore ? { fromStore } : {}),
    };
  }

  async function handle(req: CoreRequest): Promise<CoreResponse> {
    const started = performance.now();
    const target = req.url;
    // A read the store answered, asked again with nothing written since: the same answer.
    const key = options.mode === 'stateful' && !faults.configured ? reads.keyOf(req) : undefined;
    const kept = key === undefined ? undefined : reads.get(key);
    if (kept) {
      account(req, target, performance.now() - started, kept.status, kept.reason, undefined, kept.operationId);
      return kept.response;
    }
    const writes = !READS.has(req.method);
    if (writes) reads.invalidate();
    const version = reads.version;
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
    const status = result.answer.status;
    // A non-2xx answer names the rule that produced it (the parameter, JSON pointer or security scheme).
    const reason = status >= 300 ? result.answer.reason : undefined;
    if (writes) reads.invalidate();
    else if (
      key !== undefined &&
      result.fromStore &&
      result.fault === undefined &&
      result.delayMs === 0 &&
      result.bodyText === undefined &&
      response.delivery === undefined &&
      current === served
    )
      reads.keep(key, version, {
        response,
        status,
        ...(reason === undefined ? {} : { reason }),
        ...(result.operationId === undefined ? {} : { operationId: result.operationId }),
      });
    account(
      req,
      target,
      performance.now() - started,
      action?.kind === 'reset' || action?.kind === 'empty' ? undefined : status,
      reason,
      result.fault,
      result.operationId,
      result.bodyText,
      status,
    );
    return response;
  }

  /** The log line and the request list's entry for one request. */
  function account(
    req: CoreRequest,
    target: string,
    ms: number,
    recorded: number | undefined,
    reason: string | undefined,
    fault: Fault | undefined,
    operationId: string | undefined,
    body?: string,
    status = recorded ?? 0,
  ): void {
    if (!options.quiet) {
      const secretsHere = secretsOf(req.headers, target);
      const line = requestLine(req.method, redactTarget(target, secretsHere), status, ms);
      // A fault names itself.
      if (fault) log(`${line} fault=${faultName(fault)}`);
      else log(reason === undefined ? line : `${line} — ${redactTarget(reason, secretsHere)}`);
    }
    if (parts.requests && !target.startsWith(ADMIN_PREFIX)) {
      // One plain object per request (no spreads): this runs on every request while admin is on.
      parts.requests.record({
        time: Date.now(),
        method: req.method,
        target,
        headers: req.headers,
        operationId,
        status: recorded,
        ms,
        fault: fault ? faultName(fault) : undefined,
        body,
      });
    }
  }

  return {
    get spec() {
      return served.spec;
    },
    handle,
    reset: () => {
      resources.reset();
      reads.invalidate();
    },
    update: (spec) => {
      const next = serveSpec(spec, options, config.engine, plugins);
      resources.update(next.spec);
      served = next;
      reads.invalidate();
    },
    setFaults: (faultConfig) => {
      faults = createFaults(faultConfig, served.spec, options.seed);
      reads.invalidate();
    },
    errorResponse: (error) => errorResponse(served.spec, error),
    secretsOf,
    signal: shutdown.signal,
    close: () => shutdown.abort(),
  };
}

/** Methods that read: they leave what reads answer as it was. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A fault as the log and the request list name it: `reset`, `status=503`, `delay`. */
function faultName(fault: Fault): string {
  const a = fault.action;
  if (!a) return 'delay';
  return a.kind === 'status' ? `status=${a.status}` : a.kind === 'drip' ? `drip=${a.intervalMs}ms` : a.kind;
}
