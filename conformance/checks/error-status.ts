import type { OperationModel } from '../../spec/index.js';
import { mergeAllOf } from '../generate/schema-arbitrary.js';
import { uniformErrorSchema } from './error-schema.js';
import { findingOf, type Check } from './make-finding.js';

/** Whether the operation's error bodies declare an integer `status` member (the Animal Store's Error, problem+json). */
function declaresStatus(operation: OperationModel): boolean {
  return Object.entries(operation.responses).some(([code, response]) => {
    if (!/^4/.test(code) && code !== 'default') return false;
    const schema = response.schema?.schema;
    const status = schema
      ? (mergeAllOf(schema).properties as Record<string, { type?: unknown }> | undefined)?.status
      : undefined;
    return (
      status !== undefined &&
      (status.type === 'integer' || (Array.isArray(status.type) && status.type.includes('integer')))
    );
  });
}

/**
 * An error body's own `status` member repeats the HTTP status, where the spec's error schema has
 * one (RFC 9457 says the same of problem+json's `status`).
 */
export const checkErrorStatus: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  if (!r || r.status < 400 || r.status >= 500 || !declaresStatus(operation)) return [];
  const body = r.json as { status?: unknown } | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body) || typeof body.status !== 'number') return [];
  if (body.status === r.status) return [];
  return [
    findingOf(exchange, {
      code: 'error_status_mismatch',
      severity: exchange.case.kind === 'probe' && uniformErrorSchema(operation) === undefined ? 'warning' : 'failure',
      check: 'error_status',
      evidence: { bodyStatus: body.status, httpStatus: r.status },
    }),
  ];
};
