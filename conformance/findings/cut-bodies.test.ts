import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderCurl } from '../report/curl.js';
import { renderHtml } from '../report/html.js';
import { renderJson } from '../report/json.js';
import { sampleFailedReport } from '../report/__fixtures__/sample-report.js';
import { cutBody, cutFindingBodies, EVIDENCE_BODY_CHARS } from './cut-bodies.js';
import type { Finding } from './finding.js';

// A 1.5 MB request body kept whole made one Animal Store run's JSON and HTML reports 1.6 MB each.
const huge = `{"name":"${'é'.repeat(750_000)}"}`;
const sha = createHash('sha256').update(huge, 'utf8').digest('hex');

describe('evidence bodies', () => {
  it('are cut to a few KiB with the whole body size and SHA-256', () => {
    const { body, bodyCut } = cutBody(huge);
    expect(body).toBe(huge.slice(0, EVIDENCE_BODY_CHARS));
    expect(bodyCut).toEqual({ bytes: Buffer.byteLength(huge), sha256: sha });
    expect(bodyCut!.bytes).toBe(1_500_011);
    expect(cutBody('{"a":1}')).toEqual({ body: '{"a":1}' });
    // Never half a surrogate pair.
    const astral = `${'a'.repeat(EVIDENCE_BODY_CHARS - 1)}😀${'b'.repeat(10)}`;
    expect(cutBody(astral).body).toBe('a'.repeat(EVIDENCE_BODY_CHARS - 1));
  });

  it('keep every report light, and the curl says what it cannot send', () => {
    const [first, ...rest] = sampleFailedReport.findings as [Finding, ...Finding[]];
    const request = { method: 'POST', path: '/pets', headers: { 'content-type': 'application/json' }, body: huge };
    const heavy: Finding = {
      ...first,
      request,
      reproducer: { ...first.reproducer!, request, setup: [request] },
    };
    const finding = cutFindingBodies(heavy);
    const report = { ...sampleFailedReport, findings: [finding, ...rest] };
    for (const text of [renderJson(report), renderHtml(report)]) {
      expect(text.length).toBeLessThan(100_000);
      expect(text).toContain(sha);
    }
    const json = JSON.parse(renderJson(report)) as { findings: { request: { bodyCut: unknown } }[] };
    expect(json.findings[0]!.request.bodyCut).toEqual({ bytes: 1_500_011, sha256: sha });
    expect(finding.reproducer!.setup![0]!.body).toHaveLength(EVIDENCE_BODY_CHARS);
    expect(renderCurl(finding.reproducer!.request, sampleFailedReport.target)).toMatch(
      /^# Cut: the body sent was 1,500,011 bytes \(sha256 [0-9a-f]{64}\)/,
    );
  });
});
