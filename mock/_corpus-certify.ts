// Self-certification on real specs: the mock started on each spec of fixtures/specs/real-world (39
// APIs.guru documents) is certified by the kit, with no internal error. The corpus runs as two test files
// (corpus-certify-1/2.test.ts, every other spec), which vitest runs side by side where it has two
// workers (with one worker, as on 2 cores, one after the other).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { certifySpec } from './_certify-spec.js';
import { loadPrism } from './prism-engine.js';

const DIR = 'fixtures/specs/real-world';
/**
 * `CORPUS_SPEC=<file>` (a file name of the corpus, or several, comma-separated) runs only those specs,
 * in whichever shard holds them: `CORPUS_SPEC=lgtm.com.json npx vitest run mock/corpus-certify-*.test.ts`.
 */
const ONLY = (process.env.CORPUS_SPEC ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter((s) => s !== '');

const corpus = readdirSync(DIR)
  .filter((f) => /\.(json|ya?ml)$/.test(f))
  .sort();

/** Declares the tests of one shard of the corpus: every `count`-th spec from `index` (0-based). */
export function certifyCorpus(index: number, count: number): void {
  const specs = corpus.filter((f, i) => i % count === index && (ONLY.length === 0 || ONLY.includes(f)));
  describe(`the mock on every real-world spec is certified by the kit (shard ${index + 1} of ${count})`, () => {
    beforeAll(async () => {
      // Prism loads once per process: not inside the first spec's timed requests.
      await loadPrism();
    }, 60_000);

    it('the corpus holds every spec', () => {
      expect(corpus.length).toBeGreaterThanOrEqual(39);
    });

    for (const file of specs) {
      it(file, async () => {
        const { verdict, error, failures } = await certifySpec(join(DIR, file));
        expect({
          verdict,
          error,
          failures: failures.map((f) => `${f.code} ${f.operationId} ${f.check}: ${f.text.slice(0, 200)}`),
        }).toEqual({
          verdict: 'certified',
          error: undefined,
          failures: [],
        });
      }, 600_000); // up to 2 min each on 2 shared cores; the limit only stops a hang
    }
  });
}
