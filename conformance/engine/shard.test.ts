import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import type { RunReport } from '../findings/index.js';
import { mergeReports } from '../report/merge-reports.js';
import { runConformance } from './run-conformance.js';

const KEY = 'shard-key-8a7b6c5d';
let mock: Awaited<ReturnType<typeof startMock>>;
let shards: RunReport[];

beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true, apiKeys: [KEY] });
  shards = [];
  for (const index of [1, 2])
    shards.push(
      await runConformance({
        target: mock.url,
        apiKey: KEY,
        seed: 11,
        runs: 2,
        concurrency: 1,
        shard: { index, count: 2 },
      }),
    );
}, 120_000);
afterAll(async () => {
  await mock.close();
});

/** Operations whose invalid-input property ran: only properties make `negative` tallies. */
const negativeOperations = (report: RunReport) =>
  new Set(report.tallies.filter((t) => t.check === 'negative').map((t) => t.operationId));

describe('--shard i/n', () => {
  it('deals operations, sorted by id, to the shards in turn: each runs once', () => {
    expect(shards.map((r) => r.options.shard)).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
    expect([...negativeOperations(shards[0]!)].sort()).toEqual(['createPet', 'listPets']);
    expect([...negativeOperations(shards[1]!)]).toEqual(['getPet']);
  });

  it("merges into one certified report with every shard's requests", () => {
    const merged = mergeReports(shards);
    expect(merged.verdict).toBe('certified');
    expect(merged.requests).toBe(shards[0]!.requests + shards[1]!.requests);
    expect(negativeOperations(merged)).toEqual(new Set(['createPet', 'getPet', 'listPets']));
  });
});
