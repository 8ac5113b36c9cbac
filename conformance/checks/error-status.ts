import { findingOf, type Check } from './make-finding.js';

/** An error body's own `status` field repeats the HTTP status. */
export const checkErrorStatus: Check = ({ exchange }) => {
  const r = exchange.response;
  if (!r || r.status < 400 || r.status >= 500) return [];
  const body = r.json as { status?: unknown } | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body) || typeof body.status !== 'number') return [];
  if (body.status === r.status) return [];
  return [
    findingOf(exchange, {
      code: 'error_status_mismatch',
      severity: exchange.case.kind === 'probe' ? 'warning' : 'failure',
      check: 'error_status',
      message: `The error body says status ${body.status}, the HTTP status is ${r.status}.`,
      evidence: { bodyStatus: body.status, httpStatus: r.status },
    }),
  ];
};
