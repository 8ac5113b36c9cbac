import type { Basis, Finding } from '../../findings/index.js';

/**
 * Where the Animal Store's spec says what an error's `status` is: its `Error` schema, described as
 * "The body of every error response", whose `status` member is "The HTTP status code" (the
 * contract's §2 and §7).
 */
const ERROR_SCHEMA = '/components/schemas/Error';

const statusIsTheHttpStatus: Basis = {
  kind: 'spec',
  pointer: `${ERROR_SCHEMA}/properties/status`,
  says: 'an Error\'s `status` is "The HTTP status code"',
};

/**
 * The Animal Store's settling of error answers of statuses an operation does not document, which the
 * inferred rules could only take as advisories. An Error body whose `status` is not the HTTP status
 * breaks the spec's own words for that member ("The HTTP status code"): a failure resting on that
 * pointer. A body that is not an Error at all stays an advisory although the Error schema is "the
 * body of every error response": correct servers leave some errors to their HTTP layer (Node's
 * empty 431 for oversized headers, a framework's own 400), and the catalogue's correct servers do.
 */
export function settleErrorBodies(findings: readonly Finding[]): Finding[] {
  return findings.map((f) =>
    f.code === 'error_status_mismatch' && f.severity === 'advisory' && f.basis?.kind === 'unconfirmed'
      ? ({ ...f, basis: statusIsTheHttpStatus, severity: 'failure' } as Finding)
      : f,
  );
}
