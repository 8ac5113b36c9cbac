import { findingOf, type Check } from './make-finding.js';

/**
 * The contract documents no redirect. The kit never follows one, so the key never leaves the target.
 * A robustness probe (a path with `..`, an undocumented method) is outside the contract: a redirect
 * there, such as a router cleaning `/pets/%2E%2E` to `/v1`, is an advisory, not a failure.
 */
export const checkRedirect: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  if (!r || r.status < 300 || r.status >= 400) return [];
  // A redirect the operation documents (an OAuth /authorize answering 302) is its answer: the status
  // and schema checks judge it; the kit still does not follow it.
  if (operation.responses[String(r.status)] !== undefined || operation.responses['3XX'] !== undefined) return [];
  // 304 answers a conditional request (RFC 9110 §15.4.5): the conditional check judges it.
  if (r.status === 304 && isConditional(exchange.request.headers)) return [];
  const location = r.headers.location;
  return [
    findingOf(exchange, {
      code: 'redirect',
      severity: exchange.case.kind === 'probe' ? 'advisory' : 'failure',
      check: 'status',
      evidence: { status: r.status, ...(location !== undefined ? { location } : {}) },
    }),
  ];
};

/** Whether a request carried a precondition a 304 can answer (RFC 9110 §13.1). */
export function isConditional(headers: Readonly<Record<string, string>>): boolean {
  return Object.keys(headers).some((h) => /^if-(none-match|modified-since)$/i.test(h));
}
