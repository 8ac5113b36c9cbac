import { createHash } from 'node:crypto';
import type { BodyCut, Finding, RequestRecord } from './finding.js';

/**
 * Characters of a body a report keeps: a few KiB show what a body was; the rest would weigh down
 * every report (one 1.5 MB request body made a run's JSON and HTML reports 1.6 MB each).
 */
export const EVIDENCE_BODY_CHARS = 4096;

/** A body as a report keeps it: whole when short, else its first few KiB with the whole one's size and hash. */
export function cutBody(text: string): { readonly body: string; readonly bodyCut?: BodyCut } {
  if (text.length <= EVIDENCE_BODY_CHARS) return { body: text };
  // Never half a surrogate pair: the cut text stays well-formed.
  const end = /[\uD800-\uDBFF]/.test(text[EVIDENCE_BODY_CHARS - 1] ?? '')
    ? EVIDENCE_BODY_CHARS - 1
    : EVIDENCE_BODY_CHARS;
  return {
    body: text.slice(0, end),
    bodyCut: {
      bytes: Buffer.byteLength(text, 'utf8'),
      sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
    },
  };
}

/** A request record with its body cut as reports keep it. */
function cutRequest(r: RequestRecord): RequestRecord {
  if (r.body === undefined || r.bodyCut !== undefined || r.body.length <= EVIDENCE_BODY_CHARS) return r;
  return { ...r, ...cutBody(r.body) };
}

/** The finding with every request body it carries (its own, its reproducer's and their setup) cut as reports keep them. */
export function cutFindingBodies(f: Finding): Finding {
  return {
    ...f,
    ...(f.request ? { request: cutRequest(f.request) } : {}),
    ...(f.reproducer
      ? {
          reproducer: {
            ...f.reproducer,
            request: cutRequest(f.reproducer.request),
            ...(f.reproducer.setup ? { setup: f.reproducer.setup.map(cutRequest) } : {}),
          },
        }
      : {}),
  };
}
