import { requiresAuth } from '../../spec/security/index.js';
import { authExpectation } from '../cases/index.js';
import type { Basis, EvidenceByCode, ProbeTarget } from '../findings/index.js';
import { describeAuth } from './status.js';
import { anotherCredentialBasis } from './credential-variant.js';
import { findingOf, mediaTypeOf, type Check } from './make-finding.js';
import { findMediaType } from '../../spec/media/index.js';

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
 * An OPTIONS or TRACE is a probe outside every operation: where its path has a public operation
 * (`publicOnPath`), content in its answer may be that operation's, and is only an advisory.
 */
export const checkUnauthenticatedProbe: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  const c = exchange.case;
  if (!r || c.kind !== 'probe' || authExpectation(c) !== 'refuse' || !requiresAuth(operation.security)) return [];
  const method = exchange.request.method.toUpperCase();
  const route = `${operation.method.toUpperCase()} ${operation.path}`;
  const probe: ProbeTarget = c.literalPath
    ? {
        method,
        path: c.literalPath.path,
        ...(c.literalPath.fromOrigin ? { fromOrigin: true } : {}),
        variant: c.literalPath.description,
        route,
      }
    : { method, route };
  // A well-formed credential other than the valid one may be one the target takes (it takes every
  // token): like the same credential sent to the route, an advisory until the run confirms otherwise.
  const another = anotherCredentialBasis(operation, c.auth, c.authScheme);
  const fail = (outcome: ProbeOutcome, given?: Basis) => {
    const basis = given ?? another;
    return [
      findingOf(exchange, {
        ...(basis ? { basis } : {}),
        code: 'auth_ignored',
        severity: 'failure',
        check: 'auth',
        evidence: {
          scenario: 'probe',
          auth: c.auth,
          ...(c.authScheme === undefined ? {} : { scheme: c.authScheme }),
          credential: describeAuth(c.auth, operation, c.authScheme),
          status: r.status,
          method,
          probe,
          requires: securityAlternatives(operation),
          outcome,
          contentLength: r.bodyText.length,
        },
      }),
    ];
  };
  if (r.status === 304) return fail('not-modified');
  if (r.status < 200 || r.status >= 300) return [];
  // A path variant answered with a media type the route never answers (a site's catch-all HTML page
  // with status 200, where the API answers JSON) is another resource's answer, not the route's
  // data (held-out set 62: Kutt's `/api/v2/./links`).
  if (method === 'GET' && c.literalPath && notTheRoutesMedia(operation, mediaTypeOf(r.headers))) return [];
  if (method === 'GET' || method === 'HEAD' || WRITES.has(method))
    return fail(WRITES.has(method) ? 'write' : method === 'HEAD' ? 'head' : 'route-data');
  const echoed =
    /^\s*authorization\s*:/im.test(r.bodyText) ||
    (exchange.request.headers.authorization !== undefined &&
      r.bodyText.includes(exchange.request.headers.authorization));
  const data = r.json !== undefined && r.json !== null && typeof r.json === 'object' && Object.keys(r.json).length > 0;
  if (echoed) return fail('echo');
  // A probe outside every operation is not the secured operation: where the path has a public one,
  // the content may be its answer (a router serving OPTIONS as GET), so it proves no leak.
  if (data || (method === 'TRACE' && r.bodyText.trim() !== ''))
    return fail(
      'content',
      c.publicOnPath === undefined
        ? undefined
        : {
            kind: 'unconfirmed',
            inference: `the content is what ${route} guards; ${c.publicOnPath}, on the same path, needs no credential, and a server may answer ${method} with its answer`,
          },
    );
  return [];
};

/** Whether the route's successes declare media types and `actual` is none of them. */
function notTheRoutesMedia(operation: Parameters<Check>[0]['operation'], actual: string): boolean {
  const declared = Object.values(operation.responses)
    .filter((r) => /^2/.test(r.status))
    .flatMap((r) => r.mediaTypes);
  return declared.length > 0 && actual !== '' && findMediaType(declared, actual) === undefined;
}

type ProbeOutcome = Extract<EvidenceByCode['auth_ignored'], { scenario: 'probe' }>['outcome'];

/** The operation's security alternatives, each as its schemes joined by `+`. */
function securityAlternatives(operation: Parameters<Check>[0]['operation']): string[] {
  return operation.security.alternatives.map((a) => a.map((u) => u.scheme.name).join(' + ')).filter((n) => n !== '');
}
