// A short numeric key (express-zod-api's example uses 123) must not turn the numbers of the JSON
// report into $API_KEY: the report stays valid JSON, and the key stays masked where it was sent.
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../findings/index.js';
import { sampleFailedReport } from './__fixtures__/sample-report.js';
import { renderJson } from './json.js';

describe('renderJson with a numeric key', () => {
  it('keeps numbers, masks the key in strings, and stays valid JSON', () => {
    const report: RunReport = {
      ...sampleFailedReport,
      durationMs: 123,
      findings: sampleFailedReport.findings.map((f, i) =>
        i === 0 && f.request ? { ...f, request: { ...f.request, path: '/user?key=123' } } : f,
      ),
    };
    const text = renderJson(report, { secrets: ['123'] });
    const parsed = JSON.parse(text) as { durationMs: number; findings: { request?: { path: string } }[] };
    expect(parsed.durationMs).toBe(123);
    expect(parsed.findings[0]!.request!.path).toBe('/user?key=$API_KEY');
  });

  it('masks what JSON escaping makes of a key with a quote or a backslash', () => {
    const key = 'k"e\\y-0123456789';
    const report: RunReport = {
      ...sampleFailedReport,
      findings: sampleFailedReport.findings.map((f, i) =>
        i === 0 && f.request ? { ...f, request: { ...f.request, path: `/user?key=${key}` } } : f,
      ),
    };
    const text = renderJson(report, { secrets: [key] });
    expect(text).not.toContain(JSON.stringify(key).slice(1, -1));
    expect(text).not.toContain(key);
  });
});
