import type { Case, Exchange, ReceivedResponse } from '../conformance/cases/index.js';
import { checkContentType, checkSchema, findingOf } from '../conformance/checks/index.js';
import { checkResponseHeaders } from '../conformance/checks/response-headers.js';
import type { Check } from '../conformance/checks/index.js';
import type { Finding, RequestRecord } from '../conformance/findings/index.js';
import type { OperationModel } from '../spec/index.js';
import { findMediaType } from '../spec/media/index.js';
import { pointerSegment, responsePointer } from './spec-pointer.js';

/** The kit's response checks that hold for any answer to a valid request, live or generated. */
const RESPONSE_CHECKS: readonly Check[] = [checkContentType, checkSchema, checkResponseHeaders];

/**
 * A live exchange as the kit's checks read it: a valid case of the operation (the proxy does not know
 * what the client meant, so it judges only what holds whatever the input: status documented, media
 * type, body schema, documented headers).
 */
export function liveExchange(
  operation: OperationModel,
  pathParams: Readonly<Record<string, string>>,
  request: RequestRecord,
  response: ReceivedResponse,
): Exchange {
  const c: Case = {
    operationId: operation.operationId,
    family: 'live',
    kind: 'valid',
    pathParams,
    query: [],
    auth: 'valid',
  };
  return { case: c, request, response };
}

/**
 * Judges an upstream answer with the kit's own checks, each finding given the spec location it rests
 * on as its `basis`. A status the operation does not document is the kit's `undocumented_status`.
 */
export function judgeResponse(operation: OperationModel, exchange: Exchange): Finding[] {
  const r = exchange.response;
  if (!r) return [];
  const out: Finding[] = [];
  if (operation.responseFor(r.status) === undefined) {
    const documented = Object.keys(operation.responses);
    out.push(
      findingOf(exchange, {
        code: 'undocumented_status',
        severity: 'failure',
        check: 'status',
        evidence: { status: r.status, documented, successes: documented.filter((s) => /^2/.test(s)) },
      }),
    );
  }
  for (const check of RESPONSE_CHECKS) out.push(...check({ exchange, operation }));
  return out.map((f) => ({ ...f, basis: basisOf(operation, f, r) }));
}

function basisOf(operation: OperationModel, finding: Finding, r: ReceivedResponse): string {
  const response = responsePointer(operation, r.status);
  const documented = operation.responseFor(r.status);
  switch (finding.code) {
    case 'undocumented_status':
      return `${operation.pointer}/responses`;
    case 'content_type':
      return `${response}/content`;
    case 'schema_mismatch':
    case 'invalid_json': {
      if (finding.code === 'schema_mismatch' && finding.evidence.scenario === 'headers') return `${response}/headers`;
      const keys = documented ? Object.keys(documented.content) : [];
      const key = findMediaType(keys, r.headers['content-type'] ?? '') ?? keys[0];
      return key === undefined ? response : `${response}/content/${pointerSegment(key)}/schema`;
    }
    default:
      return response;
  }
}
