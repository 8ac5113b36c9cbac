import type { Exchange } from '../cases/index.js';
import type { EvidenceByCode, Finding } from '../findings/index.js';
import { findingOf } from './make-finding.js';

/**
 * RFC 9110 §15.3.2: a 201 identifies the resource it created by its `Location` header (§10.2.2: a
 * URI reference, resolved against the request's URI). A GET of that URI with the same credential
 * must therefore answer the created resource: a 2xx whose members match the 201 body's scalar
 * members (`id` above all). Another resource, an error, or a path the API does not have are failures;
 * where the spec documents that path without a GET (`documentedGet` false), only another resource.
 */
export function judgeLocation(created: Exchange, followed: Exchange, documentedGet = true): Finding[] {
  const location = created.response?.headers.location;
  const r = followed.response;
  if (!location || !r) return [];
  // Where the spec documents the Location's path with other methods and no GET, RFC 9110 asks that the
  // URI identify the resource, not that it answer GET: a refusal (404, 405) or a body other than an
  // item says nothing; only an answer that shows another resource does.
  const undocumentedRefusal =
    !documentedGet &&
    (r.status < 200 || r.status >= 300 || r.json === null || typeof r.json !== 'object' || Array.isArray(r.json));
  if (undocumentedRefusal) return [];
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
