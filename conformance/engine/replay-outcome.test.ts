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
  it('an id handed out again and confirmed later in the run: a failure at every seed, with a reproducer', async () => {
    for (const seed of [1, 7]) {
      const used = await start(['id-counter-restarts']);
      const report = await runConformance({ target: used.url, apiKey: DEFAULT_API_KEY, seed, runs: 10 });
      const finding = report.findings.find((f) => f.check === 'semantics.unique_ids' && f.severity === 'failure');
      expect(finding?.basis?.kind, `seed ${seed}`).toBe('confirmed');
      expect(finding?.reproducer?.replay).toMatch(
        new RegExp(`^${KIT_COMMAND} --target .* --only listPets|createPet|getPet`),
      );
    }
  });

  it('a replay that does not fail on another state says it could not rebuild it', async () => {
    const defective = await start(['limit-plus-one']);
    const report = await runConformance({ target: defective.url, apiKey: DEFAULT_API_KEY, seed: 42 });
    const finding = report.findings.find((f) => f.check === 'semantics.page_size' && f.severity === 'failure');
    const token = /--replay '([^']+)'/.exec(finding?.reproducer?.replay ?? '')?.[1];
    expect(token).toMatch(/~[0-9a-f]{8}$/);
    // The same case on the fixed server, as if the run had learnt other ids: not reproduced, and why.
    const otherState = token!.replace(/~[0-9a-f]{8}$/, '~00000000');
    const fixed = await startReference();
    servers.push(fixed);
    const again = await runConformance({ target: fixed.url, apiKey: DEFAULT_API_KEY, seed: 42, replay: otherState });
    expect(again.verdict).toBe('not-reproduced');
    expect(again.error).toMatch(/could not rebuild the state it needs.*replay against a target started afresh/);
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
