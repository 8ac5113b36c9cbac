/**
 * The README's benchmark figures are the latest benchmark's: a benchmark run (npm run bench) or a
 * hand edit that leaves them out of step fails here until `npm run figures` regenerates them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LATEST, type LatestBench, README, withFigures } from './readme-figures.js';

describe('README figures', () => {
  it('are generated from bench/results/latest.json (run npm run figures if not)', () => {
    const readme = readFileSync(README, 'utf8');
    const bench = JSON.parse(readFileSync(LATEST, 'utf8')) as LatestBench;
    expect(
      readme === withFigures(readme, bench),
      'README.md figures differ from bench/results/latest.json: run npm run figures',
    ).toBe(true);
  });
});
