import { describe, expect, it } from 'vitest';
import type { Finding, RunReport } from '../findings/index.js';
import { renderConsoleReport } from './console.js';
import { renderHtml } from './html.js';
import { toJsonReport } from './json.js';
import { renderJUnit } from './junit.js';
import { sampleFailedReport } from './__fixtures__/sample-report.js';

/** The same schema error at the same pointer, on every operation that returns a pet. */
const idNotInteger = (operationId: string, pointer: string): Finding => ({
  code: 'schema_mismatch',
  severity: 'failure',
  operationId,
  check: 'schema',
  evidence: {
    scenario: 'body',
    status: 200,
    schema: { source: 'status' },
    issues: [{ pointer, keyword: 'type', message: `${pointer} must be integer` }],
  },
});

const ops = ['getPet', 'listPets', 'updatePet'] as const;
const report: RunReport = {
  ...sampleFailedReport,
  tallies: ops.map((operationId) => ({ operationId, check: 'schema', passed: 9, failed: 1, warnings: 0 })),
  findings: [idNotInteger('getPet', '/id'), idNotInteger('listPets', '/0/id'), idNotInteger('updatePet', '/id')],
};

describe('one cause, one finding', () => {
  it('shows one root in the console, says where else it was seen, and counts findings and causes in the verdict line', () => {
    const text = renderConsoleReport(report);
    expect(text).toContain('Failures (1)');
    expect(text).toContain('✘ schema (1)');
    expect(text).toContain('also seen in 2 places: listPets (schema), updatePet (schema)');
    expect(text.match(/does not match the 200 schema/g)).toHaveLength(1);
    expect(text.trim().split('\n').at(-1)).toMatch(/FAILED {2}3 failures \(1 cause\) · 0 contract gaps/);
  });

  it('keeps one JUnit test case per cell, each failing', () => {
    const xml = renderJUnit(report);
    for (const op of ops)
      expect(xml).toMatch(new RegExp(`<testcase classname="${op}" name="schema"[^>]*>\\s*<failure`));
  });

  it('keeps every member in JSON, each pointing at its root', () => {
    const { findings } = toJsonReport(report);
    expect(findings).toHaveLength(3);
    expect(findings.map((f) => f.rootCause)).toEqual([undefined, 0, 0]);
  });

  it('shows one card in HTML, and the failing cells of the other operations link to it', () => {
    const page = renderHtml(report);
    expect(page.match(/<article class="finding/g)).toHaveLength(1);
    expect(page).toContain('also seen in 2 places: listPets (schema), updatePet (schema)');
    expect(page.match(/href="#finding-1"/g)).toHaveLength(3);
  });
});
