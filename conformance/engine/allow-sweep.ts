import type { Case } from '../cases/index.js';
import { findingOf } from '../checks/index.js';
import { ordinaryParts, sendsJson, toValidCase } from '../generate/index.js';
import type { OperationModel, SpecModel } from '../../spec/index.js';
import { idOf } from './created-id.js';
import type { KitSweep, PropertyContext } from './kit-property.js';
import { ExchangeLog } from '../sweep/index.js';
import { isCollectionOf } from './parent-path.js';

/** Methods sent to find a 405, in order: the first answered 405 with Allow is the one whose list is tried. */
const PROBED = ['PATCH', 'PUT', 'DELETE', 'POST'];
/**
 * Methods an Allow may list that the sweep tries with the valid credential: never CONNECT or TRACE,
 * and never HEAD, which real routers list and refuse (h3): a HEAD that is missing is the §9.1
 * question, which the kit leaves open for API servers (FastAPI answers it 405 too).
 */
const TRIED = new Set(['GET', 'OPTIONS', 'PUT', 'PATCH', 'DELETE', 'POST']);

/** Documented methods tried for an Allow that leaves them out: reads first, a deletion last. */
const SUPPORT_ORDER = ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'];

const sample = (operation: OperationModel, context: PropertyContext): Case =>
  toValidCase(operation, ordinaryParts(operation, context.known(operation.operationId), context.seed));

/**
 * RFC 9110 §10.2.1: "The Allow header field lists the set of methods advertised as supported by the
 * target resource"; §15.5.6: a 405 means the method "is not supported by the target resource". A
 * method the 405's own Allow lists that then answers 405 on the same resource breaks the list.
 *
 * Per path (never in a read-only run): with the valid credential, methods the spec does not
 * document there are sent until one gets 405 with Allow; then each listed method the spec does not
 * document is sent once (with the creation's body for PUT, PATCH and POST), and a 405 to it fails.
 * Only paths with parameters whose resource the sweep can make (a POST to the parent path): every
 * request names that resource, so that no write touches what other properties read (as the
 * undocumented-methods probe does). The sweep runs last, with the undocumented methods.
 */
export function allowSweeps(spec: SpecModel, context: PropertyContext): KitSweep[] {
  const sweeps: KitSweep[] = [];
  const byPath = new Map<string, OperationModel[]>();
  for (const op of spec.operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  for (const [path, operations] of byPath) {
    const documented = new Set(operations.map((o) => o.method.toUpperCase()));
    const anchor = operations.find((o) => o.method === 'get') ?? operations[0]!;
    const pathParameters = anchor.parameters.filter((p) => p.in === 'path');
    // The collection's creation, either slash spelling on either side (see isCollectionOf).
    const isParent = (p: string) => isCollectionOf(p, path);
    const creator = spec.operations.find(
      (o) => o.method === 'post' && (o.path === path || isParent(o.path)) && o.requestBody && sendsJson(o),
    );
    // Only an item made for the sweep takes writes with the valid credential: on a collection a PUT
    // or PATCH the target supports could replace what the whole run reads.
    if (pathParameters.length === 0 || !creator || !isParent(creator.path)) continue;
    sweeps.push({
      id: `${anchor.operationId}/allow-methods`,
      family: 'allow-methods',
      operationId: anchor.operationId,
      async execute() {
        const log = new ExchangeLog(context);
        const base = sample(anchor, context);
        // The creation only makes an item to probe: its answer is judged by the create's own work.
        const made = await log.send(sample(creator!, context), false);
        const last = pathParameters.at(-1)!.name;
        const status = made.response?.status ?? 0;
        const id = status >= 200 && status < 300 ? idOf(made, last) : undefined;
        if (id === undefined) return log.execution();
        const pathParams = { ...base.pathParams, [last]: id };
        const body = sample(creator!, context).body;
        const probe = (method: string): Case => {
          const { body: _, existing: __, ...rest } = base;
          return {
            ...rest,
            pathParams,
            family: 'allow-methods',
            kind: 'probe',
            method,
            auth: 'valid',
            ...(['PUT', 'PATCH', 'POST'].includes(method) && body ? { body } : {}),
          };
        };
        const send = (method: string) => log.send(probe(method));
        for (const method of PROBED) {
          if (documented.has(method)) continue;
          const refused = await send(method);
          const allow = refused.response?.status === 405 ? refused.response.headers.allow : undefined;
          if (allow === undefined) continue;
          const listed = [...new Set(allow.split(',').map((m) => m.trim().toUpperCase()))];
          // A method the spec documents here and the Allow leaves out, which the target then handles on
          // the same item (any answer but 401, 403, 404, 405, 501 or a 5xx): the list is not the resource's
          // supported methods (RFC 9110 §15.5.6; held-out set 111: FastAPI's 405 to HEAD said Allow:
          // GET where PUT and DELETE are served). GET first, a DELETE last; one such method is enough.
          for (const other of SUPPORT_ORDER.filter((m) => documented.has(m) && !listed.includes(m))) {
            const ordinary = sample(operations.find((o) => o.method.toUpperCase() === other)!, context);
            const handled = await log.send({
              ...ordinary,
              pathParams: { ...ordinary.pathParams, ...pathParams },
              family: 'allow-methods',
            });
            const answered = handled.response?.status;
            // A refused credential (401, 403) shows nothing of what the resource supports.
            if (answered === undefined || [401, 403, 404, 405, 501].includes(answered) || answered >= 500) continue;
            log.add(
              findingOf(handled, {
                code: 'protocol_violation',
                severity: 'failure',
                check: 'protocol',
                evidence: { rule: 'allow-incomplete', allow, listedBy: method, method: other, status: answered },
              }),
            );
            break;
          }
          for (const other of listed) {
            if (!TRIED.has(other) || documented.has(other) || other === method) continue;
            const tried = await send(other);
            if (tried.response?.status !== 405) continue;
            log.add(
              findingOf(tried, {
                code: 'protocol_violation',
                severity: 'failure',
                check: 'protocol',
                evidence: { rule: 'allow-method-refused', allow, listedBy: method, method: other },
              }),
            );
          }
          break;
        }
        return log.execution();
      },
    });
  }
  return sweeps;
}
