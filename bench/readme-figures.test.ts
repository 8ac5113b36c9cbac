/**
 * The benchmark figures of README.md and docs/benchmarks.md are the latest benchmark's: a benchmark run (npm run bench) or a
 * hand edit that leaves them out of step fails here until `npm run figures` regenerates them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { FIGURE_FILES, figureBlocks, LATEST, type LatestBench, withFigures } from './readme-figures.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('README and docs figures', () => {
  const bench = JSON.parse(readFileSync(LATEST, 'utf8')) as LatestBench;

  it.each(Object.entries(FIGURE_FILES))(
    '%s: generated from bench/results/latest.json (run npm run figures if not)',
    (file, names) => {
      const text = readFileSync(`${ROOT}${file}`, 'utf8');
      expect(
        text === withFigures(text, bench, names, file),
        `${file} figures differ from bench/results/latest.json: run npm run figures`,
      ).toBe(true);
    },
  );

  it('every generated block has a file', () => {
    expect(Object.values(FIGURE_FILES).flat().sort()).toEqual(Object.keys(figureBlocks(bench)).sort());
  });
});
