import { findingOf, type Check } from './make-finding.js';

/**
 * No response at all (timeout, reset, oversized or malformed answer) breaks any contract. A body
 * coded in a way the request ruled out is only noted: RFC 9110 §12.5.3 says SHOULD.
 */
export const checkTransport: Check = ({ exchange }) => {
  const notAsked = exchange.response?.codingNotAsked;
  if (notAsked)
    return [
      findingOf(exchange, {
        code: 'transport_error',
        severity: 'advisory',
        check: 'transport',
        evidence: { scenario: 'coding-not-asked', ...notAsked },
      }),
    ];
  if (!exchange.failure) return [];
  const { kind, message } = exchange.failure;
  return [
    findingOf(exchange, {
      code: 'transport_error',
      severity: 'failure',
      check: 'transport',
      evidence: { scenario: 'exchange', kind, detail: message },
    }),
  ];
};
