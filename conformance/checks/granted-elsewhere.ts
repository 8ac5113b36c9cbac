import type { Finding } from '../findings/index.js';

/**
 * Settles "the valid credential was refused with 403" at the end of a run: where the target granted
 * the same credential on the same operation for another request (`granted` holds, per operation,
 * words for that answer), the 403 refuses this resource, not the key: an authorization decision
 * (someone else's item, a role) that no spec can describe per resource (RFC 9110 §15.5.4: the
 * credentials are "insufficient to grant access"). It is then an advisory; a 403 on an operation
 * that never granted the key stays a failure. Other findings are returned as they are.
 */
export function settleGrantedElsewhere(finding: Finding, granted: ReadonlyMap<string, string>): Finding {
  if (finding.code !== 'auth_rejected_valid' || finding.severity !== 'failure') return finding;
  const e = finding.evidence;
  if (e.scenario !== 'valid-request' || e.status !== 403) return finding;
  const answered = granted.get(finding.operationId);
  if (answered === undefined) return finding;
  return {
    ...finding,
    severity: 'advisory',
    basis: {
      kind: 'unconfirmed',
      inference: `the valid credential grants every resource of ${finding.operationId}; the target granted it there (${answered}), so this 403 refuses the resource, not the credential`,
    },
  };
}
