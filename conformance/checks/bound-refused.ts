import { type Basis, type Finding, specBasis } from '../findings/index.js';
import type { SpecWords } from '../../spec/index.js';
import type { Exchange } from '../cases/index.js';
import { findingOf } from './make-finding.js';

/** One request at a member's declared bound, and its control one step inside the bound. */
export interface BoundPair {
  /** The member, as a pointer into the body (`/capacity`). */
  readonly member: string;
  /** The keyword whose bound the edge sits on. */
  readonly keyword: 'maximum' | 'minimum' | 'maxLength' | 'minLength';
  readonly bound: number;
  /** Words for the edge's value and for the control's. */
  readonly sent: string;
  readonly control: string;
  /**
   * Where the spec's words settle how the edge is counted, if the schema alone leaves practice
   * divided (lengths of characters outside the BMP: JSON Schema counts code points, JavaScript's
   * `String.length` UTF-16 units). Undefined for an edge the schema alone settles.
   */
  readonly unitWords?: SpecWords | null;
}

/**
 * A valid value at its declared bound, refused (400 or 422) where the same request one step inside
 * the bound was accepted: the schema calls the bound valid (`maximum`, `minLength` are inclusive),
 * and the target itself showed the refusal is of that value alone, not of the request (a state, a
 * rule across members). A failure; an edge whose counting only the spec's words settle, and the spec
 * has none (`unitWords: null`), is an advisory.
 */
export function judgeBoundRefused(edge: Exchange, control: Exchange, pair: BoundPair): Finding[] {
  const a = control.response;
  const r = edge.response;
  if (!a || !r || a.status < 200 || a.status >= 300 || (r.status !== 400 && r.status !== 422)) return [];
  const accepted = `the same request with ${pair.control} was accepted with ${a.status}`;
  const basis: Basis =
    pair.unitWords === null
      ? {
          kind: 'unconfirmed',
          inference: `${pair.keyword} counts characters (code points), as JSON Schema does; the spec does not say so in words, and many validators count UTF-16 units`,
        }
      : pair.unitWords !== undefined
        ? specBasis(pair.unitWords)
        : {
            kind: 'confirmed',
            inference: `${pair.member} at its ${pair.keyword} ${pair.bound} is valid (the bound is inclusive)`,
            confirmedBy: accepted,
          };
  return [
    findingOf(edge, {
      code: 'positive_rejected',
      severity: 'failure',
      check: 'positive',
      basis,
      evidence: {
        scenario: 'bound-refused',
        status: r.status,
        acceptedStatus: a.status,
        member: pair.member,
        keyword: pair.keyword,
        bound: pair.bound,
        sent: pair.sent,
        control: pair.control,
      },
    }),
  ];
}
