import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Execution } from '../domain/rules.js';
import type { Finding } from '../findings/index.js';
import { executeProperty, inShrinkStep, type PropertyRun } from './execute-property.js';
import type { KitProperty } from './kit-property.js';

/** A failure for every value of at least `threshold`: what a defect triggered by large input looks like. */
function failingFrom(threshold: number, seen: { value: number; shrinking: boolean }[]): KitProperty<number> {
  return {
    id: 'thing/valid',
    family: 'valid',
    operationId: 'thing',
    arbitrary: () => fc.integer({ min: 0, max: 1_000_000 }),
    async execute(value): Promise<Execution> {
      seen.push({ value, shrinking: inShrinkStep() });
      const findings: Finding[] =
        value >= threshold
          ? [
              {
                code: 'server_error',
                severity: 'failure',
                operationId: 'thing',
                check: 'server_error',
                evidence: { scenario: 'answered', status: 500 },
              },
            ]
          : [];
      return { findings, exchanges: [] };
    },
  };
}

const run = (overrides: Partial<PropertyRun> = {}): PropertyRun => ({
  seed: 42,
  runs: 50,
  stopped: () => false,
  reported: () => false,
  onCounterexample: () => undefined,
  ...overrides,
});

describe('executeProperty', () => {
  it('shrinks a failure to its threshold and returns it with the seed and the replay path', async () => {
    const seen: { value: number; shrinking: boolean }[] = [];
    const outcome = await executeProperty(failingFrom(1000, seen) as KitProperty<unknown>, run());
    expect(outcome.kind).toBe('failed');
    if (outcome.kind !== 'failed') return;
    expect(outcome.seed).toBe(42);
    const [first] = outcome.counterexamples;
    expect(first!.replay).toMatch(/^thing\/valid@42#0:[\d:]+$/);
    expect(first!.path).not.toBe('');
    // The shrunk value is the smallest failing one: the last failing value tried.
    const failing = seen.filter((s) => s.value >= 1000).map((s) => s.value);
    expect(Math.min(...failing)).toBe(1000);
  });

  it('marks shrink steps as such, and only those', async () => {
    const seen: { value: number; shrinking: boolean }[] = [];
    await executeProperty(failingFrom(1000, seen) as KitProperty<unknown>, run());
    const firstFailure = seen.findIndex((s) => s.value >= 1000);
    expect(seen.slice(0, firstFailure + 1).every((s) => !s.shrinking)).toBe(true);
    expect(seen.slice(firstFailure + 1).some((s) => s.shrinking)).toBe(true);
    expect(inShrinkStep()).toBe(false);
  });

  it('passes, with its seed, when nothing fails; a failure already reported is looked past', async () => {
    const passing = await executeProperty(failingFrom(2_000_000, []) as KitProperty<unknown>, run());
    expect(passing).toEqual({ kind: 'passed', id: 'thing/valid', seed: 42 });
    const known = await executeProperty(failingFrom(1000, []) as KitProperty<unknown>, run({ reported: () => true }));
    expect(known.kind).toBe('passed');
  });

  it('replays exactly the recorded counterexample', async () => {
    const first = await executeProperty(failingFrom(1000, []) as KitProperty<unknown>, run());
    if (first.kind !== 'failed') throw new Error('expected a failure');
    const seen: { value: number; shrinking: boolean }[] = [];
    const { path } = first.counterexamples[0]!;
    const replayed = await executeProperty(
      failingFrom(1000, seen) as KitProperty<unknown>,
      run({ replay: { round: 0, refined: false, path } }),
    );
    expect(replayed.kind).toBe('failed');
    expect(seen.map((s) => s.value)).toEqual([1000]);
  });

  it('throws the kit’s own error instead of reporting it as the target’s', async () => {
    const broken: KitProperty<unknown> = {
      ...(failingFrom(0, []) as KitProperty<unknown>),
      execute: async () => {
        throw new TypeError('a bug in the kit');
      },
    };
    await expect(executeProperty(broken, run())).rejects.toThrow('a bug in the kit');
  });
});

describe('executeProperty: nothing an execution showed is lost', () => {
  const finding = (code: 'server_error' | 'semantic_violation', severity: Finding['severity']): Finding =>
    (code === 'server_error'
      ? { code, severity, operationId: 'thing', check: 'server_error', evidence: { scenario: 'answered', status: 500 } }
      : {
          code,
          severity,
          operationId: 'thing',
          check: 'semantics.read_back',
          evidence: { rule: 'read-back', sent: {}, read: 'getThing', writer: 'putThing' },
        }) as Finding;
  /** Every value from 1000 fails on a crash; past 1000 a read-back fails too, which shrinking (to 1000) loses. */
  const twoDefects: KitProperty<number> = {
    id: 'thing/lifecycle',
    family: 'semantics',
    operationId: 'thing',
    arbitrary: () => fc.integer({ min: 0, max: 1_000_000 }),
    async execute(value) {
      const findings = [
        ...(value >= 1000 ? [finding('server_error', 'failure')] : []),
        ...(value > 1000 ? [finding('semantic_violation', 'failure')] : []),
        ...(value % 2 === 0 ? [finding('semantic_violation', 'advisory')] : []),
      ];
      return { findings, exchanges: [] };
    },
  };

  it('reports a failure only the unshrunk execution showed, replayed by its unshrunk path', async () => {
    const reported = new Set<string>();
    const outcome = await executeProperty(
      twoDefects as KitProperty<unknown>,
      run({
        runs: 20,
        reported: (f) => reported.has(f.code),
        onCounterexample: (c) => c.findings.forEach((f) => reported.add(f.code)),
      }),
    );
    if (outcome.kind !== 'failed') throw new Error('expected a failure');
    expect(outcome.counterexamples).toHaveLength(2);
    const [shrunk, unshrunk] = outcome.counterexamples;
    expect(shrunk!.findings.map((f) => f.code)).toEqual(['server_error']);
    expect(unshrunk!.findings.map((f) => f.code)).toEqual(['semantic_violation']);
    expect(unshrunk!.path).toMatch(/^\d+$/);
    expect(unshrunk!.replay).toBe(`thing/lifecycle@42#0:${unshrunk!.path}`);
  });

  it('hands every warning and advisory of the search (not its shrink steps) to note', async () => {
    const noted: Finding[] = [];
    await executeProperty(twoDefects as KitProperty<unknown>, run({ runs: 20, note: (f) => noted.push(f) }));
    expect(noted.length).toBeGreaterThan(0);
    expect(noted.every((f) => f.severity === 'advisory')).toBe(true);
  });
});
