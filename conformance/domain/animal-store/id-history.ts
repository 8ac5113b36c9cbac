import type { Exchange } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import type { Finding } from '../../findings/index.js';
import type { OperationModel } from '../../../spec/index.js';
import { idsIn } from './ids.js';

/**
 * Ids are assigned by the service on creation and unique: a new pet must not get an id that an
 * earlier answer already showed for another pet (a counter restarted under the seed data, say).
 * "Earlier" means the answer was complete before the create was sent, so concurrent requests cannot
 * raise a false alarm.
 */
export function createIdHistory(): (exchange: Exchange, operation: OperationModel) => Finding[] {
  const firstSeen = new Map<string, number>();
  return (exchange, operation) => {
    const r = exchange.response;
    if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind === 'invalid') return [];
    const completedAt = r.sentAt + r.durationMs;
    const ids = idsIn(r.exactJson);
    const findings: Finding[] = [];
    if (operation.operationId === 'createPet' && r.status === 201) {
      for (const id of ids) {
        const seen = firstSeen.get(id);
        if (seen !== undefined && seen < r.sentAt) {
          findings.push(
            findingOf(exchange, {
              code: 'semantic_violation',
              severity: 'failure',
              check: 'semantics.unique_ids',
              evidence: { rule: 'id-reused', id, seenIn: 'earlier-answer' },
            }),
          );
        }
      }
    }
    for (const id of ids) if (!firstSeen.has(id) || firstSeen.get(id)! > completedAt) firstSeen.set(id, completedAt);
    return findings;
  };
}
