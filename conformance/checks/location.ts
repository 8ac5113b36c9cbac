import type { Exchange } from '../cases/index.js';
import type { Finding } from '../findings/index.js';
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
  const fail = (message: string, evidence: Record<string, unknown> = {}) => [
    findingOf(followed, {
      code: 'location_mismatch',
      severity: 'failure',
      check: 'protocol',
      message,
      evidence: { location, basis: 'RFC 9110 §15.3.2, §10.2.2', ...evidence },
    }),
  ];
  if (r.status < 200 || r.status >= 300)
    return fail(
      `The 201's Location ${location} does not identify the created resource: a GET of it with the same credential answered ${r.status} (RFC 9110 §15.3.2: Location identifies the resource the request created).`,
      { status: r.status },
    );
  const made = created.response?.json;
  if (made === null || typeof made !== 'object' || Array.isArray(made)) return [];
  const got = r.json;
  if (got === null || typeof got !== 'object' || Array.isArray(got)) {
    return fail(
      `The 201's Location ${location} does not identify the created resource: a GET of it answered ${Array.isArray(got) ? 'an array' : 'no JSON object'}, not the object the 201 returned.`,
    );
  }
  const differing = Object.entries(made as Record<string, unknown>).filter(
    ([k, v]) => (v === null || typeof v !== 'object') && k in got && (got as Record<string, unknown>)[k] !== v,
  );
  if (differing.length === 0) return [];
  const shown = differing
    .slice(0, 3)
    .map(([k, v]) => `${k} ${JSON.stringify((got as Record<string, unknown>)[k])} instead of ${JSON.stringify(v)}`);
  return fail(
    `The 201's Location ${location} names another resource: a GET of it answered ${shown.join(', ')} (RFC 9110 §15.3.2: Location identifies the resource the request created).`,
    {
      differing: Object.fromEntries(
        differing.map(([k]) => [
          k,
          { created: (made as Record<string, unknown>)[k], located: (got as Record<string, unknown>)[k] },
        ]),
      ),
    },
  );
}
