import { encodeSegment } from '../../spec/json/index.js';
import { type OperationModel, mergeAllOf } from '../../spec/index.js';
import type { Basis } from '../findings/index.js';
import { uniformErrorSchema } from './error-schema.js';
import { findingOf, outsideOperation, type Check } from './make-finding.js';

type DeclaredStatus = { readonly key: string; readonly description?: unknown; readonly mediaTypes: readonly string[] };

/** Per operation: the schemas do not change during a run, and a proxy asks on every exchange. */
const DECLARED = new WeakMap<OperationModel, DeclaredStatus | null>();

/** The first documented error whose body declares an integer `status` member (the Animal Store's Error, problem+json). */
function declaredStatus(operation: OperationModel): DeclaredStatus | undefined {
  let declared = DECLARED.get(operation);
  if (declared === undefined) {
    declared = findDeclaredStatus(operation) ?? null;
    DECLARED.set(operation, declared);
  }
  return declared ?? undefined;
}

function findDeclaredStatus(operation: OperationModel): DeclaredStatus | undefined {
  for (const [code, response] of Object.entries(operation.responses)) {
    if (!/^4/.test(code) && code !== 'default') continue;
    const schema = response.schema?.schema;
    const status = schema
      ? (mergeAllOf(schema).properties as Record<string, { type?: unknown; description?: unknown }> | undefined)?.status
      : undefined;
    if (status && (status.type === 'integer' || (Array.isArray(status.type) && status.type.includes('integer'))))
      return { key: code, description: status.description, mediaTypes: response.mediaTypes };
  }
  return undefined;
}

/**
 * What a mismatch rests on: RFC 9457 where the answer is problem+json; the spec where the member's
 * own description says it is the HTTP status; otherwise only the name `status`, an inference.
 */
function statusBasis(operation: OperationModel, declared: DeclaredStatus, contentType: string): Basis {
  if (/^application\/problem\+json\b/i.test(contentType))
    return {
      kind: 'rfc',
      rfc: 'RFC 9457',
      section: '§3.1.2',
      requirement: 'generators MUST use the same status code in the actual HTTP response',
    };
  if (typeof declared.description === 'string' && /\bHTTP\b[^.]*\bstatus\b/i.test(declared.description))
    return {
      kind: 'spec',
      pointer: `${operation.pointer}/responses/${encodeSegment(declared.key)}`,
      says: `its error body's \`status\` is "${declared.description}"`,
    };
  return { kind: 'unconfirmed', inference: 'an error body member named `status` repeats the HTTP status' };
}

/**
 * An error body's own `status` member repeats the HTTP status, where the spec's error schema has
 * one (RFC 9457 says the same of problem+json's `status`).
 */
export const checkErrorStatus: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  if (!r || r.status < 400 || r.status >= 500) return [];
  const declared = declaredStatus(operation);
  if (!declared || outsideOperation(exchange.case, operation)) return [];
  const body = r.json as { status?: unknown } | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body) || typeof body.status !== 'number') return [];
  if (body.status === r.status) return [];
  // The spec's words hold for the bodies of the statuses it documents; RFC 9457 for any problem+json.
  const cited = statusBasis(operation, declared, r.headers['content-type'] ?? '');
  const basis: Basis =
    cited.kind === 'spec' && operation.responseFor(r.status) === undefined
      ? {
          kind: 'unconfirmed',
          inference: `the operation documents no response for ${r.status}; its documented errors' \`status\` member was taken to hold for it too`,
        }
      : cited;
  return [
    findingOf(exchange, {
      code: 'error_status_mismatch',
      severity:
        basis.kind === 'unconfirmed'
          ? 'advisory'
          : exchange.case.kind === 'probe' && uniformErrorSchema(operation) === undefined
            ? 'warning'
            : 'failure',
      check: 'error_status',
      evidence: { bodyStatus: body.status, httpStatus: r.status },
      basis,
    }),
  ];
};
