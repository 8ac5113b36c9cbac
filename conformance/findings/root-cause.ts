import type { Finding, SchemaIssueEvidence } from './finding.js';

/** Findings that share one root cause: the first of them as reported, and the others. */
export interface FindingGroup {
  readonly root: Finding;
  /** The other findings of the same cause, in report order (other operations, checks, reads). */
  readonly also: readonly Finding[];
}

/** A JSON pointer without the array indices in front of it: `/0/id` (an item of a list) is `/id` (the item). */
const itemPointer = (pointer: string) => pointer.replace(/^(?:\/\d+)+(?=\/|$)/, '').replace(/\/\d+(?=\/|$)/g, '/*');

const issuesKey = (issues: readonly SchemaIssueEvidence[]) =>
  issues.map((i) => `${itemPointer(i.pointer)} ${i.keyword}`).join(';');

/**
 * What makes two findings one cause, per code: the one place that says so. Findings of a code (or a
 * scenario) not listed stand alone. Keys never name the operation: one cause shows on many.
 * - a schema error at the same pointer (an item of a list or the item itself) with the same
 *   keyword: one schema, one serializer, seen on every operation that returns it;
 * - the same missing or foreign challenge on every 401, the same wrong Content-Type or error
 *   `status` for the same status, 405s without Allow, HEAD answers with content: one layer;
 * - one stored item seen wrong by every later read (persistence rules keyed by its id), and one id
 *   handed out again;
 * - every credential variant a scheme lets through (no key, an unknown key, the key in the wrong
 *   place...): one missing or loose credential check, not one failure per variant; and every bad
 *   credential refused with the same wrong status.
 */
export function rootCauseKey(f: Finding): string | undefined {
  const key = causeOf(f);
  return key === undefined ? undefined : `${f.severity}|${f.code}|${key}`;
}

function causeOf(f: Finding): string | undefined {
  switch (f.code) {
    case 'schema_mismatch': {
      const e = f.evidence;
      if (e.scenario === 'body') return `body|${e.status}|${issuesKey(e.issues)}`;
      if (e.scenario === 'headers')
        return `headers|${e.status}|${e.problems.map((p) => `${p.header.toLowerCase()} ${p.problem}`).join(';')}`;
      return `empty|${e.status}`;
    }
    case 'invalid_json':
      return `${f.evidence.status}`;
    case 'content_type':
      return `${f.evidence.status}|${f.evidence.contentType ?? ''}`;
    case 'error_status_mismatch':
      return `${f.evidence.bodyStatus}|${f.evidence.httpStatus}`;
    case 'auth_challenge_missing': {
      const e = f.evidence;
      if (e.scenario === 'absent') return `absent|${e.expected.join(',')}`;
      if (e.scenario === 'foreign') return `foreign|${e.challenge}`;
      return undefined;
    }
    case 'auth_ignored':
      return f.evidence.scenario === 'accepted' ? `accepted|${f.evidence.scheme ?? ''}` : undefined;
    case 'auth_wrong_status':
      return `${f.evidence.status}|${f.evidence.scheme ?? ''}`;
    case 'allow_missing':
    case 'head_content':
      return '';
    case 'semantic_violation': {
      const e = f.evidence;
      switch (e.rule) {
        case 'read-status':
        case 'read-differs':
        case 'list-differs':
        case 'list-missing':
        case 'concurrent-name':
          return `item|${e.id}`;
        case 'id-reused':
        case 'id-concurrent':
          return `id|${e.id}`;
        default:
          return undefined;
      }
    }
    case 'contract_gap': {
      const e = f.evidence;
      if (e.scenario === 'structured-json') return `structured|${e.contentType}`;
      if (e.scenario === 'cached' && 'id' in e.violation) return `item|${e.violation.id}`;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Groups findings by root cause, keeping report order: each group's root is its first finding. */
export function groupFindings(findings: readonly Finding[]): FindingGroup[] {
  const groups: { root: Finding; also: Finding[] }[] = [];
  const byKey = new Map<string, { root: Finding; also: Finding[] }>();
  for (const f of findings) {
    const key = rootCauseKey(f);
    const group = key === undefined ? undefined : byKey.get(key);
    if (group) {
      group.also.push(f);
      continue;
    }
    const created = { root: f, also: [] };
    groups.push(created);
    if (key !== undefined) byKey.set(key, created);
  }
  return groups;
}
