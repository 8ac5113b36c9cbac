import { findingOf, type Check } from './make-finding.js';

/**
 * The contract documents no redirect. The kit never follows one, so the key never leaves the target.
 * A robustness probe (a path with `..`, an undocumented method) is outside the contract: a redirect
 * there, such as a router cleaning `/pets/%2E%2E` to `/v1`, is an advisory, not a failure.
 */
export const checkRedirect: Check = ({ exchange }) => {
  const r = exchange.response;
  if (!r || r.status < 300 || r.status >= 400) return [];
  const location = r.headers.location;
  return [
    findingOf(exchange, {
      code: 'redirect',
      severity: exchange.case.kind === 'probe' ? 'advisory' : 'failure',
      check: 'status',
      message: `The server answered ${r.status}${location ? ` to ${location}` : ''}; no redirect is documented, and the kit does not follow it.`,
      evidence: { location },
    }),
  ];
};
