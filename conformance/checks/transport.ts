import { findingOf, type Check } from './make-finding.js';

/** No response at all (timeout, reset, oversized or malformed answer) breaks any contract. */
export const checkTransport: Check = ({ exchange }) => {
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
