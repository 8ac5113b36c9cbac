import type { OperationModel, CompiledSchema } from '../../spec/index.js';
import { findingOf, type Check } from './make-finding.js';

/** The schema every error of an operation carries: the one its documented 4xx responses share. */
function errorSchemaOf(operation: OperationModel): CompiledSchema | undefined {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (/^4/.test(status) && response.schema) return response.schema;
  }
  return undefined;
}

/**
 * The body validates against the schema documented for its status. An error status the operation
 * does not document (e.g. 415) must still carry the operation's error body: the contract says every
 * error response does.
 */
export const checkSchema: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  if (!r || r.status >= 500 || (r.status >= 300 && r.status < 400)) return [];
  const documented = operation.responseFor(r.status);
  const schema = documented?.schema ?? (r.status >= 400 ? errorSchemaOf(operation) : undefined);
  if (!schema) return [];
  const probe = exchange.case.kind === 'probe';
  const severity = probe ? 'warning' : 'failure';
  const gap = probe ? { gap: 'other-endpoints' } : {};
  const which = documented ? `the ${r.status} schema` : 'the error schema';
  if (r.json === undefined) {
    return [
      findingOf(exchange, {
        code: r.bodyText.trim() === '' ? 'schema_mismatch' : 'invalid_json',
        severity,
        check: 'schema',
        message: r.bodyText.trim() === '' ? `The ${r.status} body is empty; it must match ${which}.` : `The ${r.status} body is not JSON; it must match ${which}.`,
        ...gap,
      }),
    ];
  }
  const result = schema.validate(r.json);
  if (result.ok) return [];
  return [
    findingOf(exchange, {
      code: 'schema_mismatch',
      severity,
      check: 'schema',
      message: `The ${r.status} body does not match ${which}: ${result.errors.slice(0, 3).map((e) => e.message).join('; ')}.`,
      evidence: { issues: result.errors.slice(0, 10) },
      ...gap,
    }),
  ];
};
