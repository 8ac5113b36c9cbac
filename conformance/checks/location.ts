import type { Exchange } from '../cases/index.js';
import type { EvidenceByCode, Finding } from '../findings/index.js';
import { findingOf } from './make-finding.js';

/**
 * RFC 9110 §15.3.2: a 201 identifies the resource it created by its `Location` header (§10.2.2: a
 * URI reference, resolved against the request's URI). A GET of that URI with the same credential
 * must therefore answer the created resource: a 2xx whose members match the 201 body's scalar
 * members (`id` above all). Another resource, an error, or a path the API does not have are failures.
 */
export function judgeLocation(created: Exchange, followed: Exchange): Finding[] {
  const location = created.response?.headers.location;
  const r = followed.response;
  if (!location || !r) return [];
  const fail = (evidence: EvidenceByCode['location_mismatch']) => [
    findingOf(followed, { code: 'location_mismatch', severity: 'failure', check: 'protocol', evidence }),
  ];
  if (r.status < 200 || r.status >= 300) return fail({ scenario: 'not-found', location, status: r.status });
  const made = created.response?.json;
  if (made === null || typeof made !== 'object' || Array.isArray(made)) return [];
  const got = r.json;
  if (got === null || typeof got !== 'object' || Array.isArray(got)) {
    return fail({ scenario: 'not-object', location, got: Array.isArray(got) ? 'array' : 'other' });
  }
  const differing = Object.entries(made as Record<string, unknown>).filter(
    ([k, v]) => (v === null || typeof v !== 'object') && k in got && (got as Record<string, unknown>)[k] !== v,
  );
  if (differing.length === 0) return [];
  return fail({
    scenario: 'other-resource',
    location,
    differing: Object.fromEntries(
      differing.map(([k]) => [
        k,
        { created: (made as Record<string, unknown>)[k], located: (got as Record<string, unknown>)[k] },
      ]),
    ),
  });
}
