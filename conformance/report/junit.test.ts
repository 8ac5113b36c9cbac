import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../findings/index.js';
import { renderJUnit } from './junit.js';
import {
  SAMPLE_KEY,
  hostileReport,
  sampleCertifiedReport,
  sampleErrorReport,
  sampleFailedReport,
} from './__fixtures__/sample-report.js';

const XSD = readFileSync(new URL('./__fixtures__/junit.xsd', import.meta.url), 'utf8');

async function validate(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: xml }], schema: [XSD] });
  return result.errors.map((e) => e.message);
}

/** The attributes of the first element named `name` whose attributes match `where`. */
function element(xml: string, name: string, where = ''): Record<string, string> {
  const tag = new RegExp(`<${name}\\b([^>]*${where}[^>]*)>`).exec(xml)?.[1] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

const strict = (r: RunReport): RunReport => ({ ...r, options: { ...r.options, strict: true } });

describe('renderJUnit', () => {
  it.each([
    ['failed', sampleFailedReport],
    ['certified', sampleCertifiedReport],
    ['error', sampleErrorReport],
    ['strict', strict(sampleFailedReport)],
    ['hostile', hostileReport],
  ])('writes a %s run that validates against the JUnit schema', async (_, report) => {
    expect(await validate(renderJUnit(report, { secrets: [SAMPLE_KEY] }))).toEqual([]);
  });

  it('has a schema that can fail', async () => {
    const xml = renderJUnit(sampleFailedReport);
    expect(
      await validate(xml.replace('<testcase classname="listPets" name="status">', '<testcase classname="listPets">')),
    ).not.toEqual([]);
    expect(
      await validate(xml.replace('<property name="seed" value="1847369201"/>', '<property name="seed">1</property>')),
    ).not.toEqual([]);
  });

  it('has one suite per operation and one case per operation × check, with totals that add up', () => {
    const xml = renderJUnit(sampleFailedReport);
    const gaps = sampleFailedReport.findings.filter((f) => f.severity === 'warning').length;
    expect(gaps).toBeGreaterThan(0);
    expect(element(xml, 'testsuites')).toMatchObject({
      tests: String(28 + gaps),
      failures: '2',
      errors: '0',
      skipped: String(gaps),
    });
    expect(element(xml, 'testsuite', 'name="listPets"')).toMatchObject({ tests: '10', failures: '1' });
    expect(element(xml, 'testsuite', 'name="createPet"')).toMatchObject({ tests: '9', failures: '1' });
    expect(element(xml, 'testsuite', 'name="getPet"')).toMatchObject({ tests: '9', failures: '0' });
    expect(xml.match(/<testcase /g)).toHaveLength(28 + gaps);
    expect(xml).toContain('<testcase classname="listPets" name="semantics.filter"');
  });

  it('lists contract gaps as skipped cases of their own suite, where CI viewers show them, and times cells that have a duration', () => {
    const gap = sampleFailedReport.findings.find((f) => f.severity === 'warning')!;
    const timed = {
      ...sampleFailedReport,
      tallies: sampleFailedReport.tallies.map((t) => ({ ...t, durationMs: 1500 })),
    };
    const xml = renderJUnit(timed);
    expect(element(xml, 'testsuite', 'name="contract gaps"')['skipped']).toBe(
      String(sampleFailedReport.findings.filter((f) => f.severity === 'warning').length),
    );
    expect(xml).toContain(`classname="contract gap: ${gap.gap}"`);
    expect(element(xml, 'testcase', 'classname="listPets" name="semantics.filter"')['time']).toBe('1.5');
    // Under --strict gaps are failures of their cells, not skipped cases.
    expect(
      renderJUnit({ ...sampleFailedReport, options: { ...sampleFailedReport.options, strict: true } }),
    ).not.toContain('name="contract gaps"');
  });

  it('puts message, type and reproducer in the failure', () => {
    const xml = renderJUnit(sampleFailedReport);
    const failure = element(xml, 'failure', 'type="server_error"');
    expect(failure['message']).toBe('The server answered 500.');
    const body = xml.slice(
      xml.indexOf('type="server_error"'),
      xml.indexOf('</failure>', xml.indexOf('type="server_error"')),
    );
    expect(body).toContain(`-H "Authorization: Bearer $API_KEY"`);
    expect(body).toContain("--seed 1847369201 --replay 'createPet/valid#0:41:2:0:0:1'");
  });

  it('reports contract gaps and advisories as output, and gaps as failures only under --strict', () => {
    const lax = renderJUnit(sampleCertifiedReport);
    expect(element(lax, 'testsuites')).toMatchObject({ failures: '0' });
    expect(lax).toContain('contract gap: NewPet.status default');
    expect(lax).toContain('advisory\n  - getPet');
    const hard = renderJUnit(strict(sampleCertifiedReport));
    expect(element(hard, 'testsuites')).toMatchObject({ failures: '2' });
    expect(element(hard, 'failure')).toMatchObject({ type: 'contract_gap' });
    expect(hard).not.toContain('<failure message="getPet is deprecated');
  });

  it('skips a check that looked at nothing, and reports a run that could not be carried out as an error', () => {
    const idle: RunReport = {
      ...sampleCertifiedReport,
      tallies: [{ operationId: 'getPet', check: 'auth', passed: 0, failed: 0, warnings: 0 }],
      findings: [],
    };
    expect(renderJUnit(idle)).toContain('<skipped/>');
    const xml = renderJUnit(sampleErrorReport);
    expect(element(xml, 'testsuites')).toMatchObject({ tests: '1', errors: '1' });
    expect(element(xml, 'error')['message']).toContain('ECONNREFUSED');
  });

  it('keeps text with several ]]> intact through a parser', async () => {
    const body = 'a]]>b]]><!--c]]>d';
    const report: RunReport = {
      ...sampleFailedReport,
      findings: [
        {
          ...sampleFailedReport.findings[0]!,
          response: { status: 500, headers: {}, body, truncated: false, durationMs: 1 },
        },
      ],
    };
    const xml = renderJUnit(report);
    expect(await validate(xml)).toEqual([]);
    const canonical = await validateXML({ xml: [{ fileName: 'r.xml', contents: xml }], normalization: 'c14n' });
    expect(canonical.normalized).toContain('response 500 in 1 ms: a]]&gt;b]]&gt;&lt;!--c]]&gt;d');
  });

  it('escapes hostile text and never writes the key', () => {
    const xml = renderJUnit(hostileReport, { secrets: [SAMPLE_KEY] });
    expect(xml).not.toContain(SAMPLE_KEY);
    // Inside CDATA, markup is text; outside, it must be escaped.
    expect(xml.replace(/<!\[CDATA\[[\s\S]*?]]>/g, '')).not.toMatch(/<(script|img|iframe|b)\b/);
    expect(xml).toMatch(/message="[^"]*&lt;script>alert/);
  });
});
