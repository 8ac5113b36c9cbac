import type { Exchange } from '../cases/index.js';
import type { Finding } from '../findings/index.js';
import { findingOf } from './make-finding.js';

/** The exchanges of one conditional-request round on a representation that may have changed. */
export interface ConditionalRound {
  /** The first GET, with the valid credential: its validator (`ETag`) and its content. */
  readonly first: Exchange;
  /** The same GET after a change, with `If-None-Match: <the first ETag>`. */
  readonly conditional: Exchange;
  /** The same GET again without a precondition: what the representation is now. */
  readonly fresh: Exchange;
}

/**
 * RFC 9110 §13.1.2: a server answers 304 to `If-None-Match` only when the current representation's
 * entity tag matches one listed, and an entity tag changes with the representation (§8.8.3). A 304
 * for a representation whose content changed since the tag was issued is a failure: the client keeps
 * showing the stale content. Content is compared as a JSON value, arrays as multisets (a list served
 * in another order is not "changed" for a weak validator).
 */
export function judgeConditional({ first, conditional, fresh }: ConditionalRound): Finding[] {
  const tag = first.response?.headers.etag;
  const c = conditional.response;
  if (
    !tag ||
    !c ||
    c.status !== 304 ||
    !first.response ||
    !fresh.response ||
    fresh.response.status !== first.response.status
  )
    return [];
  const before = canonical(first.response.json ?? first.response.bodyText);
  const now = canonical(fresh.response.json ?? fresh.response.bodyText);
  if (before === now) return [];
  return [
    findingOf(conditional, {
      code: 'conditional_mismatch',
      severity: 'failure',
      check: 'protocol',
      evidence: { etag: tag, etagNow: fresh.response.headers.etag ?? null, basis: 'RFC 9110 §13.1.2, §8.8.3' },
    }),
  ];
}

/**
 * RFC 9110 §13.1.2: an origin server MUST evaluate `If-None-Match`; when the tag it names is the
 * current one, the GET is not performed and 304 answers it. Judged only where the operation
 * documents 304 (a server may serve tags it never compares, and a spec without 304 never promised
 * it), on a repeat of a GET that answered 2xx with that tag, nothing written between, whose answer
 * shows the same content again (a representation that changed meanwhile owes no 304). A 304 that
 * answers it without the 200's `ETag` breaks §15.4.5, documented or not.
 */
export function judgeNotModified(first: Exchange, repeated: Exchange, documents304: boolean): Finding[] {
  const tag = first.response?.headers.etag;
  const r = repeated.response;
  if (!tag || !first.response || !r) return [];
  // A 304 that answers it MUST carry the ETag a 200 would (RFC 9110 §15.4.5), documented or not.
  if (r.status === 304 && first.response.status === 200 && r.headers.etag === undefined)
    return [
      findingOf(repeated, {
        code: 'protocol_violation',
        severity: 'failure',
        check: 'protocol',
        evidence: { rule: 'not-modified-without-etag', etag: tag },
      }),
    ];
  if (!documents304) return [];
  if (first.response.status < 200 || first.response.status >= 300 || r.status < 200 || r.status >= 300) return [];
  const before = canonical(first.response.json ?? first.response.bodyText);
  const now = canonical(r.json ?? r.bodyText);
  if (before !== now) return [];
  return [
    findingOf(repeated, {
      code: 'protocol_violation',
      severity: 'failure',
      check: 'protocol',
      evidence: { rule: 'not-modified-ignored', etag: tag, status: r.status },
    }),
  ];
}

/** A JSON value as text with object members sorted and arrays sorted by their elements' text. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
