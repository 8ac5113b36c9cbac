import { describe, expect, it } from 'vitest';
import type { Finding } from '../findings/index.js';
import { Collector, signatureOf } from './collector.js';

const readBack = (writer: string, severity: Finding['severity'] = 'failure'): Finding =>
  ({
    code: 'semantic_violation',
    severity,
    operationId: 'getTask',
    check: 'semantics.read_back',
    evidence: { rule: 'read-back', sent: {}, read: 'getTask', writer },
  }) as Finding;

describe('Collector', () => {
  it('keeps a semantic breach once per rule and per write (held-out set 120: a create and a replacement)', () => {
    expect(signatureOf(readBack('createTask'))).not.toBe(signatureOf(readBack('replaceTask')));
    expect(signatureOf(readBack('createTask'))).toBe(signatureOf(readBack('createTask')));
    const collector = new Collector();
    expect(collector.addFailure(readBack('createTask'))).toBe(true);
    expect(collector.addFailure(readBack('replaceTask'))).toBe(true);
    expect(collector.addFailure(readBack('replaceTask'))).toBe(false);
    expect(collector.failureCount).toBe(2);
  });

  it('counts one advisory noted twice (by its check, then with its execution) once', () => {
    const collector = new Collector();
    const advisory = readBack('createTask', 'advisory');
    collector.note(advisory);
    collector.note(advisory);
    expect(collector.findings()).toEqual([advisory]);
    collector.note({ ...advisory });
    expect(collector.findings()[0]!.occurrences).toBe(2);
  });

  it('dresses a finding noted the first time (its reproducer), not one its check already noted', () => {
    const collector = new Collector();
    const judged = readBack('createTask', 'advisory');
    collector.note(judged);
    collector.note(judged, (f) => ({ ...f, occurrences: 99 }));
    expect(collector.findings()[0]!.occurrences).toBeUndefined();
    const concluded = readBack('replaceTask', 'advisory');
    collector.note(concluded, (f) => ({ ...f, context: { dressed: true } as never }));
    expect(collector.findings().some((f) => (f.context as { dressed?: boolean } | undefined)?.dressed)).toBe(true);
  });
});
