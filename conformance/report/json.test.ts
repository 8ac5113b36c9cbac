import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FindingCode, RunReport } from '../findings/index.js';
import { createAjv } from '../../spec/_internals/ajv.js';
import { describeFinding } from './describe-finding.js';
import { renderJson } from './json.js';
import {
  SAMPLE_KEY,
  hostileReport,
  sampleCertifiedReport,
  sampleErrorReport,
  sampleFailedReport,
} from './__fixtures__/sample-report.js';

const schema = JSON.parse(readFileSync(new URL('./run-report.schema.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;
const validate = createAjv().compile(schema);

// A Record over the union: the compiler fails here when a code is added without updating the list.
const CODES: Record<FindingCode, true> = {
  server_error: true,
  transport_error: true,
  redirect: true,
  content_type: true,
  invalid_json: true,
  undocumented_status: true,
  schema_mismatch: true,
  error_status_mismatch: true,
  auth_ignored: true,
  auth_wrong_status: true,
  auth_rejected_valid: true,
  auth_challenge_missing: true,
  negative_accepted: true,
  negative_wrong_status: true,
  positive_rejected: true,
  semantic_violation: true,
  contract_gap: true,
  deprecation_headers: true,
  allow_missing: true,
  head_content: true,
  conditional_mismatch: true,
  location_mismatch: true,
  protocol_violation: true,
  request_violation: true,
  unknown_route: true,
};

describe('renderJson', () => {
  it.each([
    ['failed', sampleFailedReport],
    ['certified', sampleCertifiedReport],
    ['error', sampleErrorReport],
    ['hostile', hostileReport],
  ])('writes a %s run that validates against run-report.schema.json', (_, report) => {
    const ok = validate(JSON.parse(renderJson(report, { secrets: [SAMPLE_KEY] })));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('has a schema that rejects what it should', () => {
    const parsed = JSON.parse(renderJson(sampleFailedReport)) as Record<string, unknown>;
    expect(validate({ ...parsed, seed: undefined })).toBe(false);
    expect(validate({ ...parsed, schemaVersion: 2 })).toBe(false);
    expect(validate({ ...parsed, extra: 1 })).toBe(false);
    expect(validate({ ...parsed, findings: [{ ...sampleFailedReport.findings[0], code: 'made_up' }] })).toBe(false);
  });

  it('lists exactly the finding codes of the type', () => {
    const defs = schema['$defs'] as { JsonFinding: { properties: { code: { enum: string[] } } } };
    expect([...defs.JsonFinding.properties.code.enum].sort()).toEqual(Object.keys(CODES).sort());
  });

  it('is stable: fixed key order, sorted free-form maps, two-space indent, one newline at the end', () => {
    const shuffled: RunReport = {
      ...sampleFailedReport,
      findings: sampleFailedReport.findings.map((f) => ({
        ...Object.fromEntries(Object.entries(f).reverse()),
        ...(f.evidence === undefined ? {} : { evidence: Object.fromEntries(Object.entries(f.evidence).reverse()) }),
      })) as unknown as RunReport['findings'],
    };
    const text = renderJson(sampleFailedReport);
    expect(renderJson(shuffled)).toBe(text);
    expect(text.startsWith('{\n  "schemaVersion": 1,\n  "tool": {')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
    expect(Object.keys((JSON.parse(text) as { findings: Record<string, unknown>[] }).findings[0] ?? {})).toEqual([
      'code',
      'severity',
      'operationId',
      'check',
      'message',
      'evidence',
      'request',
      'response',
      'reproducer',
    ]);
    expect(text).toContain('"evidence": {\n        "scenario"');
  });

  it('keeps the findings, counts, seed, target, spec version and timings', () => {
    const parsed = JSON.parse(renderJson(sampleFailedReport)) as RunReport;
    expect(parsed).toMatchObject({
      seed: 1847369201,
      target: 'http://localhost:4010/v1',
      durationMs: 8734,
      requests: 1284,
      verdict: 'failed',
    });
    expect(parsed.spec.version).toBe('1.0.0');
    expect(parsed.tallies).toHaveLength(28);
    // Each finding as data, plus the sentence the one formatter gives it.
    expect(parsed.findings).toEqual(sampleFailedReport.findings.map((f) => ({ ...f, message: describeFinding(f) })));
  });

  it('drops fields the schema does not describe', () => {
    const extra = { ...sampleCertifiedReport, internal: { secret: 1 } } as RunReport;
    expect(renderJson(extra)).not.toContain('internal');
  });

  it('never writes the key', () => {
    const text = renderJson(hostileReport, { secrets: [SAMPLE_KEY] });
    expect(text).not.toContain(SAMPLE_KEY);
    expect(text).toContain('Bearer $API_KEY');
  });
});
