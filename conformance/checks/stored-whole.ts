import type { JsonSchema } from '../../spec/index.js';
import type { Exchange } from '../cases/index.js';
import { mergeAllOf } from '../generate/index.js';
import type { Finding } from '../findings/index.js';
import { findingOf } from './make-finding.js';

/**
 * A large valid body the target accepted must be stored whole: reading the created resource back
 * (with the same credential) shows every grown string member as it was sent. A server may refuse
 * what it cannot keep (a size limit the contract does not show is a gap), but accepting a body and
 * keeping less of it breaks the create operation's promise (the Animal Store contract §4.2, §4.3).
 */
export function judgeStoredWhole(
  created: Exchange,
  read: Exchange,
  sent: Readonly<Record<string, string>>,
  readSchema?: JsonSchema,
): Finding[] {
  const r = read.response;
  if (
    !created.response ||
    created.response.status < 200 ||
    created.response.status >= 300 ||
    !r ||
    r.status < 200 ||
    r.status >= 300
  )
    return [];
  const got = r.json;
  if (got === null || typeof got !== 'object' || Array.isArray(got)) return [];
  const findings: Finding[] = [];
  // A member the read's schema does not describe (the create takes it, the representation does not show it) is not expected back.
  const properties = readSchema ? mergeAllOf(readSchema).properties : undefined;
  const described = (member: string) =>
    properties === undefined || (typeof properties === 'object' && properties !== null && member in properties);
  for (const [member, value] of Object.entries(sent)) {
    const back = (got as Record<string, unknown>)[member];
    if (back === value || (back === undefined && !described(member))) continue;
    findings.push(
      findingOf(read, {
        code: 'semantic_violation',
        severity: 'failure',
        check: 'semantics.persistence',
        evidence: {
          rule: 'stored-whole',
          member,
          sentLength: value.length,
          readLength: typeof back === 'string' ? back.length : null,
          readPrefix: typeof back === 'string' && value.startsWith(back),
          read: typeof back === 'string' ? null : (back ?? null),
          bodyBytes: Buffer.byteLength(created.request.body ?? ''),
          status: created.response.status,
        },
      }),
    );
  }
  return findings;
}

/**
 * JSON object members are unordered (RFC 8259 §4): the same value sent with its members in another
 * order must get the same answer. A refusal of one order while the other is accepted is a failure
 * (a parser that looks for required members in the first bytes only, say).
 */
export function judgeMemberOrder(refused: Exchange, accepted: Exchange): Finding[] {
  const a = accepted.response;
  const r = refused.response;
  if (!a || !r || a.status < 200 || a.status >= 300 || r.status < 400 || r.status >= 500) return [];
  return [
    findingOf(refused, {
      code: 'positive_rejected',
      severity: 'failure',
      check: 'positive',
      evidence: {
        scenario: 'member-order',
        status: r.status,
        acceptedStatus: a.status,
        bodyBytes: Buffer.byteLength(refused.request.body ?? ''),
      },
    }),
  ];
}
