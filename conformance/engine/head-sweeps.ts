import type { Case, Exchange } from '../cases/index.js';
import { findingOf } from '../checks/index.js';
import type { Finding } from '../findings/index.js';
import { mergeAllOf, ordinaryParts, toValidCase } from '../generate/index.js';
import type { OperationModel, SpecModel } from '../../spec/index.js';
import type { PropertyContext } from './kit-property.js';
import type { KitSweep } from './kit-property.js';
import { ExchangeLog } from '../sweep/index.js';

/**
 * HEAD next to GET. RFC 9110 §9.3.2: "The HEAD method is identical to GET except that the server
 * MUST NOT send content in the response"; §8.6: a server "MUST NOT send Content-Length in such a
 * response unless its field value equals the decimal number of octets that would have been sent in
 * the content of a response if the same request had used the GET method".
 *
 * For every GET whose path documents no HEAD of its own, with the valid credential: GET, HEAD, GET
 * of the same URI, one after the other (and, where the path has parameters, the same for a value
 * no resource has). Judged only where both GETs agree (a length, only where they sent the same
 * content), so that a write of another property in between, or content that changes by itself,
 * is never blamed on HEAD:
 * - a success to HEAD where GET is 404 is a failure (`head-status`): HEAD claims what GET denies;
 * - a HEAD Content-Length other than the one the GET declares is a failure (`head-length`).
 * A HEAD answered 405 or 501 (or 404 where GET succeeds) is the `head-unsupported` gap, never a
 * failure: that HEAD is missing is not the same defect, and real frameworks do it (FastAPI: 405;
 * Gin: 404).
 */
export function headSweeps(spec: SpecModel, context: PropertyContext): KitSweep[] {
  const sweeps: KitSweep[] = [];
  const headPaths = new Set(spec.operations.filter((o) => o.method === 'head').map((o) => o.path));
  for (const getter of spec.operations.filter((o) => o.method === 'get' && !headPaths.has(o.path))) {
    sweeps.push({
      id: `${getter.operationId}/head`,
      family: 'head',
      operationId: getter.operationId,
      async execute() {
        const log = new ExchangeLog(context);
        const base = toValidCase(getter, ordinaryParts(getter, context.known(getter.operationId), context.seed));
        const trio = async (c: Case) => {
          const send = (method: 'GET' | 'HEAD') =>
            log.send({ ...c, family: 'head', ...(method === 'HEAD' ? { method, kind: 'probe' } : {}) });
          const before = await send('GET');
          const head = await send('HEAD');
          const after = await send('GET');
          log.add(...judgeHead(before, head, after));
        };
        await trio(base);
        const unknown = unknownPathParams(getter);
        if (unknown) {
          const { existing: _, ...rest } = base;
          await trio({ ...rest, pathParams: { ...base.pathParams, ...unknown } });
        }
        return log.execution();
      },
    });
  }
  return sweeps;
}

/**
 * The Content-Length a GET answer declares. Only a declared length is compared: a server that
 * streams GET chunked need not know the length when it answers HEAD (hand-written servers then
 * say 0), while two declared lengths that differ contradict each other.
 */
function contentLength(e: Exchange): number | undefined {
  const declared = e.response?.headers['content-length']?.trim();
  return declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
}

/** The findings of one GET, HEAD, GET of the same URI (see {@link headSweeps}). */
export function judgeHead(before: Exchange, head: Exchange, after: Exchange): Finding[] {
  const [g, h, a] = [before.response, head.response, after.response];
  if (!g || !h || !a || g.status !== a.status) return [];
  const success = (s: number) => s >= 200 && s < 300;
  // A resource GET serves that refuses HEAD: RFC 9110 §9.1 asks every general-purpose server to
  // support both, but API frameworks refuse it as any unrouted method (FastAPI 405, Gin and LoopBack
  // 404). Whether an API server is general-purpose the RFC does not settle: a gap, shown.
  if (success(g.status) && (h.status === 404 || h.status === 405 || h.status === 501))
    return [
      findingOf(head, {
        code: 'contract_gap',
        severity: 'warning',
        check: 'protocol',
        gap: 'head-unsupported',
        evidence: { scenario: 'head-unsupported', status: h.status, getStatus: g.status },
      }),
    ];
  if (h.status === 405 || h.status === 501) return [];
  // Only a success where GET finds nothing: a 404 to HEAD where GET succeeds is how routers without
  // HEAD answer an unrouted method (Gin, by default), the HEAD that is missing, not a wrong one.
  if (g.status === 404 && success(h.status))
    return [
      findingOf(head, {
        code: 'protocol_violation',
        severity: 'failure',
        check: 'protocol',
        evidence: { rule: 'head-status', headStatus: h.status, getStatus: g.status },
      }),
    ];
  const headLength = h.headers['content-length']?.trim();
  if (headLength === undefined || h.status !== g.status || !success(g.status)) return [];
  // A coded GET has the length of its coding: compared only where HEAD names the same one.
  if ((h.headers['content-encoding'] ?? '') !== (g.headers['content-encoding'] ?? '')) return [];
  if ((a.headers['content-encoding'] ?? '') !== (g.headers['content-encoding'] ?? '')) return [];
  const getLength = contentLength(before);
  if (getLength === undefined || contentLength(after) !== getLength || headLength === String(getLength)) return [];
  // Content that changes from one GET to the next (an uptime, a clock) has no one length: the HEAD
  // declares the length of the content at its own moment, which the GETs around it did not send
  // (held-out set 59: `/health` with `process.uptime()`, 37 bytes, then 36 at HEAD).
  if (g.bodyText !== a.bodyText) return [];
  return [
    findingOf(head, {
      code: 'protocol_violation',
      severity: 'failure',
      check: 'protocol',
      evidence: { rule: 'head-length', status: h.status, headLength, getLength },
    }),
  ];
}

/**
 * Values for the path parameters of an operation that no resource is likely to have: a large
 * integer within its bounds, or a made-up string where any string goes. Undefined when a parameter
 * takes neither (an enum, a format, a pattern).
 */
export function unknownPathParams(operation: OperationModel): Record<string, string> | undefined {
  const parameters = operation.parameters.filter((p) => p.in === 'path');
  if (parameters.length === 0) return undefined;
  const values: Record<string, string> = {};
  for (const p of parameters) {
    const schema = mergeAllOf(p.schema.schema);
    let value: string | undefined;
    if (schema.type === 'integer') {
      const max = typeof schema.maximum === 'number' ? schema.maximum : Number.POSITIVE_INFINITY;
      const min = typeof schema.minimum === 'number' ? schema.minimum : Number.NEGATIVE_INFINITY;
      const candidate = Math.min(987654321, max);
      if (candidate >= min) value = String(candidate);
    } else if (
      schema.type === 'string' &&
      schema.enum === undefined &&
      schema.format === undefined &&
      schema.pattern === undefined &&
      (typeof schema.maxLength !== 'number' || schema.maxLength >= 16)
    ) {
      value = 'kit-unknown-7d41';
    }
    if (value === undefined || !p.schema.validate(schema.type === 'integer' ? Number(value) : value).ok)
      return undefined;
    values[p.name] = value;
  }
  return values;
}
