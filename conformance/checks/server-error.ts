import { findingOf, type Check } from './make-finding.js';

/** A 5xx is never part of the contract, whatever the input. */
export const checkServerError: Check = ({ exchange }) => {
  const status = exchange.response?.status;
  if (status === undefined || status < 500) return [];
  return [findingOf(exchange, { code: 'server_error', severity: 'failure', check: 'server_error', message: `The server answered ${status}.` })];
};
