import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  RUN_REPORT_SCHEMA_PATH,
  generateRunReportSchema,
  requiredUnconstrained,
} from './_internals/run-report-schema.js';

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

  it('finds required members that allow any value, which an undefined value would leave out of the file', () => {
    const schema = {
      properties: {
        any: { description: 'unknown' },
        text: { type: 'string' },
        nested: { anyOf: [{ properties: { v: {} }, required: ['v'] }] },
      },
      required: ['any', 'text', 'nested'],
    };
    expect(requiredUnconstrained(schema)).toEqual(['#/properties/any', '#/properties/nested/anyOf/0/properties/v']);
    expect(requiredUnconstrained({ properties: { any: {} } })).toEqual([]);
  });
});
