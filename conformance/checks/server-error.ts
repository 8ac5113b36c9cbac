import { findingOf, type Check } from './make-finding.js';

/**
 * A 5xx is never part of the contract, whatever the input. One exception: 501 to a method the spec
 * does not document on that path is what RFC 9110 §15.6.2 prescribes for a method the server does
 * not implement, so it is only noted.
 */
export const checkServerError: Check = ({ exchange, operation }) => {
  const status = exchange.response?.status;
  if (status === undefined || status < 500) return [];
  const method = exchange.case.method;
  if (
    status === 501 &&
    exchange.case.kind === 'probe' &&
    method !== undefined &&
    method.toLowerCase() !== operation.method
  ) {
    return [
      findingOf(exchange, {
        code: 'server_error',
        severity: 'advisory',
        check: 'server_error',
        evidence: { scenario: 'not-implemented', status: 501, method },
      }),
    ];
  }
  return [
    findingOf(exchange, {
      code: 'server_error',
      severity: 'failure',
      check: 'server_error',
      evidence: { scenario: 'answered', status },
    }),
  ];
};
