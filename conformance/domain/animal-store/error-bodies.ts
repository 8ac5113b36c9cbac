import type { Basis, Finding } from '../../findings/index.js';

/**
 * Where the Animal Store's spec says what every error carries: its `Error` schema, described as
 * "The body of every error response", whose `status` member is "The HTTP status code" (the
 * contract's §7: "All error responses carry an Error body").
 */
const ERROR_SCHEMA = '/components/schemas/Error';

const everyErrorBody: Basis = {
  kind: 'spec',
  pointer: ERROR_SCHEMA,
  says: 'the body of every error response is an Error (`code`, `message`, `status`)',
};
const statusIsTheHttpStatus: Basis = {
  kind: 'spec',
  pointer: `${ERROR_SCHEMA}/properties/status`,
  says: 'an Error\'s `status` is "The HTTP status code"',
};

/**
 * The contract's word for an error answer of a status the operation does not document, which the
 * inferred rules could only take as an advisory: that its body is an Error, with the HTTP status in
 * `status`, and served as JSON.
 */
function contractBasis(finding: Finding): Basis | undefined {
  if (finding.severity !== 'advisory' || finding.basis?.kind !== 'unconfirmed') return undefined;
  switch (finding.code) {
    case 'error_status_mismatch':
      return statusIsTheHttpStatus;
    case 'schema_mismatch':
    case 'invalid_json':
      return 'schema' in finding.evidence && finding.evidence.schema.source === 'errors' ? everyErrorBody : undefined;
    case 'content_type':
      return finding.evidence.status >= 400 ? everyErrorBody : undefined;
    default:
      return undefined;
  }
}

/**
 * Judges the run's error answers by the Animal Store's contract at the end of the run: an error body
 * of an undocumented status that is not an Error, or whose `status` is not the HTTP status, breaks
 * the spec's own `Error` schema ("The body of every error response"), so it is a failure resting on
 * that pointer, not an advisory.
 */
export function settleErrorBodies(findings: readonly Finding[]): Finding[] {
  return findings.map((f) => {
    const basis = contractBasis(f);
    return basis ? ({ ...f, basis, severity: 'failure' } as Finding) : f;
  });
}
