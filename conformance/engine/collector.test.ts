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

  it('keeps a 5xx apart per error its answer names, not per value in it (held-out set 169)', () => {
    const crash = (body: string): Finding =>
      ({
        code: 'server_error',
        severity: 'failure',
        operationId: 'updateUser',
        check: 'server_error',
        evidence: { scenario: 'answered', status: 500, input: 'valid' },
        response: { status: 500, headers: {}, body, truncated: false, durationMs: 3 },
      }) as Finding;
    const absent = crash('{"detail":"\'NoneType\' object has no attribute \'email\' (user 17)"}');
    const taken = crash('{"detail":"UNIQUE constraint failed: users.email"}');
    expect(signatureOf(absent)).not.toBe(signatureOf(taken));
    expect(signatureOf(absent)).toBe(
      signatureOf(crash('{"detail":"\'NoneType\' object has no attribute \'name\' (user 4)"}')),
    );
    // Text and HTML bodies by their first line; no words, no cause of its own.
    expect(signatureOf(crash('<h1>TypeError: x is undefined</h1>\n<pre>at a.js:1</pre>'))).toContain(
      'says typeerror: x is undefined',
    );
    expect(signatureOf(crash(''))).toBe(signatureOf(crash('{"status":500}')));
    // One error named, whatever request met it (held-out set 173: a reused id under probes' labels).
    const probed = (fault: string, body: string) =>
      ({ ...crash(body), evidence: { scenario: 'answered', status: 500, input: 'probe', fault } }) as Finding;
    const unique = '{"detail":"UNIQUE constraint failed: movies.id"}';
    expect(signatureOf(probed('charset', unique))).toBe(signatureOf(probed('accept', unique)));
    // A bare "Internal Server Error" names nothing: the request's kind still tells crashes apart.
    const bare = '{"message":"Internal Server Error"}';
    expect(signatureOf(probed('charset', bare))).not.toBe(signatureOf(probed('accept', bare)));
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
