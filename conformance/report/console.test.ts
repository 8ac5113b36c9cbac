import { describe, expect, it } from 'vitest';
import type { RunReport } from '../findings/index.js';
import { renderConsoleReport, shouldUseColor } from './console.js';
import {
  SAMPLE_KEY,
  hostileReport,
  sampleCertifiedReport,
  sampleErrorReport,
  sampleFailedReport,
} from './__fixtures__/sample-report.js';

const ESC = '\u001b[';
const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

describe('renderConsoleReport', () => {
  const text = renderConsoleReport(sampleFailedReport);

  it('says first what the loader repaired in the document, and nothing when it repaired nothing', () => {
    const repaired = renderConsoleReport({
      ...sampleFailedReport,
      spec: {
        ...sampleFailedReport.spec,
        repairs: ['#/info/servers: `servers` inside `info` read as the document’s own'],
      },
    });
    expect(repaired).toContain('Repaired in the document: #/info/servers');
    expect(text).not.toContain('Repaired in the document');
  });

  it('has a row per operation × check with pass, fail and warning counts', () => {
    expect(text).toMatch(/Operation\s+Check\s+Pass\s+Fail\s+Warn/);
    expect(text).toMatch(/createPet\s+server_error\s+211\s+1\s+0\s+✘/);
    expect(text).toMatch(/^\s+semantics\.filter\s+99\s+1\s+0\s+✘$/m);
    expect(text).toMatch(/^\s+negative\s+95\s+0\s+1\s+⚠$/m);
  });

  it('groups failures by check, each with evidence, response, curl with $API_KEY, seed and replay', () => {
    const failures = text.slice(text.indexOf('Failures (2)'), text.indexOf('Contract gaps'));
    expect(failures).toContain('✘ server_error (1)');
    expect(failures).toContain('✘ semantics.filter (1)');
    expect(failures).toContain('scenario: answered · status: 500');
    expect(failures).toContain('response 500 in 4 ms');
    expect(failures).toContain(`-H "Authorization: Bearer $API_KEY"`);
    expect(failures).toContain('# seed 1847369201, path 41:2:0:0:1; replay with:');
    expect(failures).toContain("--seed 1847369201 --replay 'createPet/valid#0:41:2:0:0:1'");
    expect(failures).toContain('# setup 1 of 1');
  });

  it('lists contract gaps grouped by gap, then advisories, and puts the verdict last', () => {
    expect(text).toContain('⚠ NewPet.status default\n  - createPet (schema): An item created without status came back');
    expect(text).toContain('⚠ unknown query parameters');
    expect(text.indexOf('Contract gaps')).toBeLessThan(text.indexOf('Advisories (1)'));
    expect(lastLine(text)).toMatch(/^✘ FAILED {2}2 failures · 2 contract gaps · 1 advisory/);
  });

  it('says certified, or why the run could not be carried out', () => {
    expect(lastLine(renderConsoleReport(sampleCertifiedReport))).toMatch(/^✔ CERTIFIED {2}0 failures/);
    expect(lastLine(renderConsoleReport(sampleErrorReport))).toContain(
      '✘ ERROR  the run could not be carried out: connect ECONNREFUSED',
    );
  });

  it('marks contract gaps as failing under --strict', () => {
    const strict: RunReport = { ...sampleFailedReport, options: { ...sampleFailedReport.options, strict: true } };
    const out = renderConsoleReport(strict);
    expect(out).toContain('Contract gaps (failing: --strict) (2)');
    expect(lastLine(out)).toContain('(strict)');
  });

  it('writes no escape code unless asked for colour', () => {
    expect(text).not.toContain(ESC);
    const colored = renderConsoleReport(sampleFailedReport, { color: true });
    expect(colored).toContain(ESC);
    expect(colored.replace(/\u001b\[[0-9;]*m/g, '')).toBe(text);
  });

  it('--quiet keeps only the failures with their reproducers and the verdict', () => {
    const quiet = renderConsoleReport(sampleFailedReport, { quiet: true });
    expect(quiet).not.toContain('Operation');
    expect(quiet).not.toContain('Contract gaps');
    expect(quiet).not.toContain('Advisories');
    expect(quiet).not.toContain('scenario: answered');
    expect(quiet).toContain('curl -i -X POST');
    expect(lastLine(quiet)).toMatch(/^✘ FAILED/);
    expect(renderConsoleReport(sampleCertifiedReport, { quiet: true }).trim().split('\n')).toHaveLength(1);
  });

  it('--verbose shows whole bodies and the reproducers of contract gaps', () => {
    const verbose = renderConsoleReport(sampleFailedReport, { verbose: true });
    expect(verbose).toContain('"status":"sold"}]');
    expect(text).not.toContain('"status":"sold"}]');
    expect(verbose).toContain("curl -i 'http://localhost:4010/v1/pets?colour=red'");
    expect(text).not.toContain("colour=red'");
  });

  it('never writes the key, even when a finding leaks it', () => {
    for (const options of [{}, { verbose: true }, { quiet: true }, { color: true, verbose: true }]) {
      const out = renderConsoleReport(hostileReport, { ...options, secrets: [SAMPLE_KEY] });
      expect(out).not.toContain(SAMPLE_KEY);
      expect(out).not.toContain('dXNlcjpwYXNzd29yZA');
    }
  });
});

describe('shouldUseColor', () => {
  const tty = { isTTY: true };
  it('colours a TTY outside CI only', () => {
    expect(shouldUseColor(tty, {})).toBe(true);
    expect(shouldUseColor({ isTTY: false }, {})).toBe(false);
    expect(shouldUseColor({}, {})).toBe(false);
    expect(shouldUseColor(tty, { CI: 'true' })).toBe(false);
    expect(shouldUseColor(tty, { CI: '1' })).toBe(false);
    expect(shouldUseColor(tty, { TERM: 'dumb' })).toBe(false);
  });
  it('lets NO_COLOR and FORCE_COLOR decide', () => {
    expect(shouldUseColor(tty, { NO_COLOR: '1' })).toBe(false);
    expect(shouldUseColor({}, { FORCE_COLOR: '1', CI: 'true' })).toBe(true);
    expect(shouldUseColor(tty, { FORCE_COLOR: '0' })).toBe(false);
  });
});

describe('renderConsoleReport on hostile input', () => {
  it('shows control characters from the target as escapes, never raw', () => {
    const out = renderConsoleReport(
      {
        ...hostileReport,
        findings: [
          {
            ...hostileReport.findings[0]!,
            code: 'transport_error',
            evidence: { scenario: 'exchange', kind: 'protocol_error', detail: 'a\u001b]0;pwned\u0007b\u009bc' },
            response: { status: 500, headers: {}, body: 'x\u001b[2Jy', truncated: false, durationMs: 1 },
          },
        ],
      },
      { verbose: true },
    );
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(out).toContain('a\\u001b]0;pwned\\u0007b\\u009bc');
    expect(out).toContain('x\\u001b[2Jy');
  });
});
