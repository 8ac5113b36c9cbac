import type { Exchange } from '../cases/index.js';
import type { EvidenceByCode, Finding } from '../findings/index.js';
import { findingOf } from './make-finding.js';

/** Member names that hold an identifier: `id`, `_id`, `uuid`, `slug`, and names ending in `Id` or `_id`. */
const ID_NAME = /^(?:id|_id|uuid|key|slug)$|(?:[a-z0-9]Id|_id|ID)$/;

/**
 * RFC 9110 §15.3.2: a 201 identifies the resource it created by its `Location` header (§10.2.2: a
 * URI reference, resolved against the request's URI). A GET of that URI with the same credential
 * must therefore answer the created resource: a 2xx whose identifying members (its ids, and what the
 * creation sent) match the 201 body's. Another resource, an error, or a path the API does not have are failures;
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
  // What identifies the created resource: its id members, and what the creation sent and the 201
  // showed back. Members the server keeps up (a count of open work orders, `updatedAt`, a status)
  // may move between the 201 and the GET as the run's other requests touch the resource (the fleet
  // zoo: `openWorkOrders` 0, then 6), so they name no other resource.
  const sentBody = created.case.body?.kind === 'json' ? created.case.body.value : undefined;
  const sent = sentBody !== null && typeof sentBody === 'object' && !Array.isArray(sentBody) ? sentBody : {};
  const identifies = (k: string, v: unknown) =>
    ID_NAME.test(k) || (k in sent && (sent as Record<string, unknown>)[k] === v);
  const differing = Object.entries(made as Record<string, unknown>).filter(
    ([k, v]) =>
      (v === null || typeof v !== 'object') &&
      identifies(k, v) &&
      k in got &&
      (got as Record<string, unknown>)[k] !== v,
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
