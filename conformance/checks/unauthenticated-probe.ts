import { requiresAuth } from '../../spec/security/index.js';
import { authExpectation } from '../cases/index.js';
import { describeAuth } from './status.js';
import { findingOf, type Check } from './make-finding.js';

/** Methods that change what a server holds. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A probe (a path variant of a route, a method the spec does not document, HEAD) sent without a
 * valid credential to a route whose operation requires one must not get what the credential guards.
 * Whatever answers there (a router that normalises `/pets/`, a TRACE handler, a CORS handler falling
 * through) must apply the same auth as the route (the spec's `security`; the Animal Store contract
 * §5.3). So, without a valid credential:
 * - a 2xx to GET or HEAD (the route's data, or its headers), or to a method that writes: a failure;
 * - a 2xx to OPTIONS or TRACE is allowed only without data: no JSON value (an Allow list, a CORS
 *   preflight are fine), no echo of the request (TRACE echoes Authorization headers);
 * - a 304: a precondition judged before the credential, which tells an unauthenticated client
 *   whether the representation changed;
 * - any refusal, 404, 405, 501 or redirect is fine: a variant need not exist.
 */
export const checkUnauthenticatedProbe: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  const c = exchange.case;
  if (!r || c.kind !== 'probe' || authExpectation(c) !== 'refuse' || !requiresAuth(operation.security)) return [];
  const method = exchange.request.method.toUpperCase();
  const where = c.literalPath
    ? `${method} ${c.literalPath.path}${c.literalPath.fromOrigin ? ' (from the origin)' : ''}, ${c.literalPath.description} of ${operation.method.toUpperCase()} ${operation.path},`
    : `${method} on the path of ${operation.operationId}`;
  const basis = `${operation.operationId} requires ${describeSecurity(operation)} (spec security)`;
  const credential = describeAuth(c.auth, operation, c.authScheme);
  const fail = (message: string) => [
    findingOf(exchange, {
      code: 'auth_ignored',
      severity: 'failure',
      check: 'auth',
      message,
      evidence: { auth: c.auth, method, basis },
    }),
  ];
  if (r.status === 304)
    return fail(
      `${where} with ${credential} got 304 Not Modified: the precondition was judged before the credential; ${basis}, so the answer must be 401.`,
    );
  if (r.status < 200 || r.status >= 300) return [];
  if (method === 'GET' || method === 'HEAD' || WRITES.has(method)) {
    const what = WRITES.has(method)
      ? 'a method that changes data'
      : method === 'HEAD'
        ? 'HEAD, which answers like GET'
        : 'the route';
    return fail(
      `${where} with ${credential} was answered ${r.status} (${what}); ${basis}, so it must be refused like the route itself.`,
    );
  }
  const echoed =
    /^\s*authorization\s*:/im.test(r.bodyText) ||
    (exchange.request.headers.authorization !== undefined &&
      r.bodyText.includes(exchange.request.headers.authorization));
  const data = r.json !== undefined && r.json !== null && typeof r.json === 'object' && Object.keys(r.json).length > 0;
  if (echoed)
    return fail(
      `${where} with ${credential} was answered ${r.status} with the request echoed, its Authorization header included; ${basis}.`,
    );
  if (data || (method === 'TRACE' && r.bodyText.trim() !== ''))
    return fail(
      `${where} with ${credential} was answered ${r.status} with content (${r.bodyText.length} characters); ${basis}.`,
    );
  return [];
};

function describeSecurity(operation: Parameters<Check>[0]['operation']): string {
  const names = operation.security.alternatives
    .map((a) => a.map((u) => u.scheme.name).join(' + '))
    .filter((n) => n !== '');
  return names.length > 0 ? names.join(' or ') : 'a credential';
}
