import { findingOf, type Check } from './make-finding.js';

/**
 * RFC 9110 §15.5.6: "The origin server MUST generate an Allow header field in a 405 response
 * containing a list of the target resource's currently supported methods." A 405 without one is a
 * failure, whatever the request was.
 */
export const checkAllowHeader: Check = ({ exchange }) => {
  const r = exchange.response;
  if (!r || r.status !== 405 || r.headers.allow !== undefined) return [];
  return [
    findingOf(exchange, {
      code: 'allow_missing',
      severity: 'failure',
      check: 'protocol',
      evidence: { method: exchange.request.method, basis: 'RFC 9110 §15.5.6 (MUST)' },
    }),
  ];
};
