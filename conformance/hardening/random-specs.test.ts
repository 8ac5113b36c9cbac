/**
 * Never an internal error, on any document: fast-check generates OpenAPI documents (3.0 and 3.1,
 * schemas of every feature, every parameter style, every security shape, JSON/form/multipart/text
 * bodies), the mock serves each and the kit certifies it. The kit may find things (the mock and
 * the kit are two readings of one document), but it never fails itself.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { runConformance } from '../engine/run-conformance.js';
import { openApiDocument } from './_random-spec.js';

// 30 by default (`npm run test:certify`); .ci/run runs 200 (RANDOM_SPECS=200).
const DOCUMENTS = Number(process.env.RANDOM_SPECS ?? 30);
const KEY = 'random-spec-key-1f2e3d';
const USER = 'kit:random-password';

/** Documents per test: each chunk has its own time limit, and a slow machine shows progress. */
const CHUNK = 20;
const documents = fc.sample(openApiDocument, { seed: 20261123, numRuns: DOCUMENTS });
const chunks = Array.from({ length: Math.ceil(DOCUMENTS / CHUNK) }, (_, i) => i * CHUNK);
let certified = 0;

describe('random OpenAPI documents', () => {
  afterAll(() => {
    console.log(`random documents: ${documents.length} served and tested, ${certified} certified`);
  });

  it.each(chunks)(
    `the mock serves and the kit certifies documents %i.. of ${DOCUMENTS} without an internal error`,
    {
      // About 3 s a document on 2 cores; the limit only stops a hang.
      timeout: CHUNK * 30_000,
    },
    async (from) => {
      const dir = await mkdtemp(join(tmpdir(), 'random-specs-'));
      const errors: string[] = [];
      for (const [offset, document] of documents.slice(from, from + CHUNK).entries()) {
        const i = from + offset;
        const file = join(dir, `spec-${i}.json`);
        await writeFile(file, JSON.stringify(document, null, 2));
        const mock = await startMock({ port: 0, quiet: true, spec: file, apiKeys: [KEY], users: [USER] });
        try {
          const report = await runConformance({
            target: mock.url,
            spec: file,
            apiKey: KEY,
            basic: USER,
            runs: 1,
            seed: i,
            concurrency: 1,
            timeoutMs: 5_000,
          });
          if (report.verdict === 'error') errors.push(`${file}: ${report.error}`);
          if (report.verdict === 'certified') certified++;
        } catch (error) {
          errors.push(`${file}: ${(error as Error).stack ?? error}`);
        } finally {
          await mock.close();
        }
      }
      expect(errors).toEqual([]);
    },
  );
});
