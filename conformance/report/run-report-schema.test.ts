import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RUN_REPORT_SCHEMA_PATH, generateRunReportSchema } from './_internals/run-report-schema.js';

describe('run-report.schema.json', () => {
  it('is what npm run schema:report generates from the report types', () => {
    const committed = readFileSync(RUN_REPORT_SCHEMA_PATH, 'utf8');
    const generated = generateRunReportSchema();
    const committedLines = committed.split('\n');
    const line = generated.split('\n').findIndex((text, i) => text !== committedLines[i]);
    // The first differing line, not a diff of thousands: enough to see which type moved.
    expect(
      generated === committed,
      `run-report.schema.json differs from the TypeScript types (first at line ${line + 1}: ${JSON.stringify(
        generated.split('\n')[line],
      )}): run \`npm run schema:report\``,
    ).toBe(true);
  });
});
