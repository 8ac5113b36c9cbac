// Replays that hold, or say they don't: a replay whose counterexample does not fail is its own
// outcome (exit 3), never certified, and says when it could not rebuild the state its case needs.
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_API_KEY,
  startImplementation,
  startReference,
  type RunningServer,
} from '../../fixtures/impls/index.js';
import { EXIT, main } from '../cli.js';
import { KIT_COMMAND } from './collect-report.js';
import { runConformance } from './run-conformance.js';

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});
const start = async (faults: readonly string[]) => {
  const server = await startImplementation({
    options: { faults } as Parameters<typeof startImplementation>[0]['options'],
  });
  servers.push(server);
  return server;
};

describe('replays', () => {
  it('an id handed out again: reproduced on a fresh target; on the used one, not reproduced and saying why', async () => {
    const used = await start(['id-counter-restarts']);
    const report = await runConformance({ target: used.url, apiKey: DEFAULT_API_KEY, seed: 7, runs: 10 });
    const finding = report.findings.find((f) => f.check === 'semantics.unique_ids' && f.severity === 'failure');
    expect(finding?.reproducer?.replay).toMatch(new RegExp(`^${KIT_COMMAND} --target `));
    const replay = /--replay '([^']+)'/.exec(finding!.reproducer!.replay)![1]!;

    const again = await runConformance({ target: used.url, apiKey: DEFAULT_API_KEY, seed: 7, replay });
    expect(again.verdict).toBe('not-reproduced');
    expect(again.error).toMatch(/could not rebuild the state it needs.*replay against a target started afresh/);

    const fresh = await start(['id-counter-restarts']);
    const replayed = await runConformance({ target: fresh.url, apiKey: DEFAULT_API_KEY, seed: 7, replay });
    expect(replayed.verdict).toBe('failed');
    expect(replayed.findings.some((f) => f.check === 'semantics.unique_ids' && f.severity === 'failure')).toBe(true);
  });

  it('a replay that does not fail exits 3, not 0, and --help says so', async () => {
    const correct = await startReference();
    servers.push(correct);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const code = await main([
        '--target',
        correct.url,
        '--api-key',
        DEFAULT_API_KEY,
        '--seed',
        '7',
        '--replay',
        'createPet/valid@7#0r:0',
        '--quiet',
      ]);
      expect(code).toBe(EXIT['not-reproduced']);
      expect(out.mock.calls.map((c) => String(c[0])).join('')).toMatch(/NOT REPRODUCED/);
      out.mockClear();
      await main(['--help']);
      expect(out.mock.calls.map((c) => String(c[0])).join('')).toMatch(/\n {2}3 {2}not reproduced/);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(EXIT['not-reproduced']).toBe(3);
  });
});
