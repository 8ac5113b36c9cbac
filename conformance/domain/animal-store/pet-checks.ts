import { type Check, findingOf } from '../../checks/index.js';

/**
 * The status a pet created without one comes back with, noted as the `default-status` gap. The
 * contract's prose leaves the default unshown (§3: "a status can only be given when an animal is
 * added"), and the spec's schema gives `status` no default: nothing in the spec says a default may
 * or may not appear, so no inference could name this gap. What the created pet does echo (name,
 * categoryId, status as sent) is the inferred `semantics.echo`.
 */
export const noteDefaultStatus: Check = ({ exchange }) => {
  const r = exchange.response;
  const body = exchange.case.body;
  if (!r || r.status !== 201 || exchange.case.kind === 'invalid' || body?.kind !== 'json') return [];
  const sent = body.value;
  const got = r.exactJson as Record<string, unknown> | undefined;
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent) || 'status' in sent) return [];
  if (got === null || typeof got !== 'object' || got.status === undefined) return [];
  return [
    findingOf(exchange, {
      code: 'contract_gap',
      severity: 'warning',
      check: 'semantics.echo',
      gap: 'default-status',
      evidence: { scenario: 'default-status', defaultStatus: got.status },
    }),
  ];
};
