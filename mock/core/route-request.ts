import type { OperationModel } from '../../spec/model.js';
import { errorAnswer } from '../answer.js';
import { preflightMethods } from '../cors.js';
import { DELAY_HEADER, requestDelay } from '../delay.js';
import { mockError, notFound } from '../errors.js';
import { FAULT_HEADER, type Fault } from '../faults/fault.js';
import type { Faults } from '../faults/create-faults.js';
import { conformError } from '../resources/conform-error.js';
import { nearestOperation } from '../route-error.js';
import { adminAnswer } from './admin-answer.js';
import { ADMIN_PREFIX, type CoreParts, type CoreRequest, type Decided, type Served } from './types.js';

/** A request the routing stage handed on: the operation it names, and the delay and fault planned for it. */
export interface RoutedRequest {
  readonly operation: OperationModel;
  readonly pathParams: Readonly<Record<string, string>>;
  readonly delayMs: number;
  /** A malformed delay header: refused once the key has been checked. */
  readonly delayError: ReturnType<typeof requestDelay>['error'];
  readonly fault?: Fault;
}

/**
 * The first stage: the mock's own routes, CORS preflights, the base path and routing (404, 405), and
 * the faults that stand in for the operation. What it cannot settle goes on as a {@link RoutedRequest}.
 */
export function routeRequest(
  req: CoreRequest,
  path: string,
  current: Served,
  faults: Faults,
  parts: CoreParts,
): { readonly decided: Decided } | { readonly routed: RoutedRequest } {
  const method = req.method;
  if (path.startsWith(ADMIN_PREFIX))
    return {
      decided: { answer: conformError(current.spec, undefined, adminAnswer(req, path, current, parts)), delayMs: 0 },
    };
  if (method === 'OPTIONS') {
    const allow = current.router.allowedMethods(path);
    // Preflights carry no credentials, so they are answered before the key check; one for a route or
    // method the spec does not have is let through (see preflightMethods), so the request gets its 404 or 405.
    const methods = preflightMethods(req, allow ?? []);
    const preflight = methods.length > 0 ? parts.cors.preflightHeadersFor(req, methods) : {};
    if (!allow && !('Access-Control-Allow-Origin' in preflight))
      return { decided: { answer: conformError(current.spec, undefined, errorAnswer(notFound(path))), delayMs: 0 } };
    return {
      decided: {
        answer: {
          status: 204,
          json: undefined,
          headers: { ...(allow ? { Allow: allow.join(', ') } : {}), ...preflight },
        },
        delayMs: 0,
      },
    };
  }
  const delay = requestDelay(req.headers[DELAY_HEADER], parts.options.delayMs);
  let route = current.router.route(method, path);
  // HEAD is GET without content (RFC 9110 §9.3.2), and general-purpose servers support both (§9.1):
  // a path with a GET but no HEAD of its own answers HEAD as GET would, headers and length included
  // (respond drops the content).
  if (!route.ok && method === 'HEAD' && route.allow?.includes('GET')) route = current.router.route('GET', path);
  if (!route.ok) {
    // A route error still takes the error body the spec documents (the path's own operation's, or the nearest one's).
    const nearest = nearestOperation(current.spec, current.router, method, path, route.error.status);
    return { decided: { answer: conformError(current.spec, nearest, errorAnswer(route.error)), delayMs: delay.ms } };
  }
  const operation = route.operation;
  const operationId = operation.operationId;
  // Faults are looked for only when asked: the header is sent, or the faults file names a route.
  const planned =
    req.headers[FAULT_HEADER] === undefined && !faults.configured
      ? undefined
      : faults.forRequest(req.headers[FAULT_HEADER], operation);
  if (planned && 'error' in planned)
    return {
      decided: {
        answer: conformError(current.spec, operation, errorAnswer(planned.error)),
        delayMs: delay.ms,
        operationId,
      },
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
    return { decided: { answer: injectedAnswer, delayMs, operationId, fault: fault! } };
  }
  if (action?.kind === 'reset' || action?.kind === 'empty')
    return { decided: { answer: { status: 0, json: undefined }, delayMs, operationId, fault: fault! } };
  const routed = { operation, pathParams: route.pathParams, delayMs, delayError: delay.error };
  return { routed: fault ? { ...routed, fault } : routed };
}
