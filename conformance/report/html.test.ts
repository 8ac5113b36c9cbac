import { describe, expect, it } from 'vitest';
import type { RunReport } from '../findings/index.js';
import { renderHtml } from './html.js';
import { escapeHtml, html } from './_internals/html-template.js';
import {
  SAMPLE_KEY,
  hostileReport,
  sampleCertifiedReport,
  sampleErrorReport,
  sampleFailedReport,
} from './__fixtures__/sample-report.js';

const text = (page: string): string =>
  page
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('renderHtml', () => {
  const failed = renderHtml(sampleFailedReport);

  it('is one self-contained page: no script, nothing fetched, and a CSP that forbids it', () => {
    for (const page of [failed, renderHtml(sampleCertifiedReport), renderHtml(sampleErrorReport)]) {
      expect(page.startsWith('<!doctype html>')).toBe(true);
      expect(page).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
      expect(page).not.toMatch(/\b(?:src|href)\s*=\s*(?!["']?#)/i);
      expect(page).toContain(`content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;`);
      expect(page).toContain('prefers-color-scheme: dark');
    }
  });

  it('shows target, spec title and version, date, seed, requests and duration', () => {
    const t = text(failed);
    for (const s of [
      'Animal Store API',
      'v1.0.0',
      'http://localhost:4010/v1',
      '2025-06-03 09:26 UTC',
      '1847369201',
      '1,284',
      '8.7 s',
    ]) {
      expect(t).toContain(s);
    }
  });

  it('gives a clear verdict', () => {
    expect(failed).toContain('<p class="verdict-label">Failed</p>');
    expect(text(failed)).toContain(
      'Does not conform to the Animal Store API 1.0.0 contract: 2 failures in 28 checks across 3 operations.',
    );
    const certified = renderHtml(sampleCertifiedReport);
    expect(certified).toContain('<p class="verdict-label">Certified</p>');
    expect(certified).toContain('<title>Certified · Animal Store API 1.0.0');
    expect(text(renderHtml(sampleErrorReport))).toContain('The run could not be carried out: connect ECONNREFUSED');
  });

  it('has a matrix of checks × operations with colour-coded counts, failing cells linking to the finding', () => {
    expect(failed).toMatch(
      /<th scope="col"><code>listPets<\/code><\/th><th scope="col"><code>createPet<\/code><\/th><th scope="col"><code>getPet<\/code><\/th>/,
    );
    expect(failed).toContain(
      '<a class="cell fail" href="#finding-1" title="createPet × server_error: 211 passed, 1 failed, 0 contract gaps">✕ 1<small> / 212</small></a>',
    );
    expect(failed).toContain(
      '<span class="cell pass" title="getPet × status: 212 passed, 0 failed, 0 contract gaps">✓ 212</span>',
    );
    expect(failed).toContain('<a class="cell warn" href="#finding-4"');
    expect(failed).toContain('title="getPet × semantics.limit: not applicable">–</span>');
    expect(failed).toContain('id="finding-1"');
  });

  it('shows each failure with message, evidence, response, curl reproducer and replay command', () => {
    const card = failed.slice(failed.indexOf('id="finding-1"'), failed.indexOf('id="finding-2"'));
    expect(text(card)).toContain('The server answered 500.');
    expect(card).toContain('<dt>status</dt><dd><code>500</code></dd>');
    expect(card).toContain('<pre class="code body">{\n  &quot;code&quot;: &quot;internal&quot;');
    expect(card).toContain(
      `<pre class="code copy">curl -i -X POST &#39;http://localhost:4010/v1/pets&#39; \\\n  -H &quot;Authorization: Bearer $API_KEY&quot;`,
    );
    expect(card).toContain('--seed 1847369201 --replay &#39;createPet/valid#0:41:2:0:0:1&#39;</pre>');
    const second = failed.slice(failed.indexOf('id="finding-2"'));
    expect(second).toContain('Setup <span class="muted">run first</span>');
  });

  it('lists contract gaps grouped by gap and advisories', () => {
    const t = text(failed);
    expect(t).toContain('Contract gaps 2');
    expect(t).toContain('NewPet.status default');
    expect(t).toContain('unknown query parameters');
    expect(t).toContain('They do not fail the run');
    expect(t).toContain('Advisories 1');
    expect(t).toContain('getPet is deprecated');
    const strict: RunReport = { ...sampleFailedReport, options: { ...sampleFailedReport.options, strict: true } };
    expect(text(renderHtml(strict))).toContain('This run was strict: they fail it.');
  });

  it('says so when nothing failed', () => {
    expect(text(renderHtml(sampleCertifiedReport))).toContain(
      'None. Every exchange the kit sent conformed to the contract.',
    );
  });

  it('escapes everything from the report and never writes the key', () => {
    const page = renderHtml(hostileReport, { secrets: [SAMPLE_KEY] });
    expect(page).not.toMatch(/<script|<img|<iframe|<b>|<\/code>"|<\/pre><script/i);
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('&lt;b&gt;gap&lt;/b&gt;');
    expect(page).not.toContain(SAMPLE_KEY);
    expect(page).not.toContain('dXNlcjpwYXNzd29yZA');
  });
});

describe('html template', () => {
  it('escapes values unless they are already safe, and joins arrays', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'"x"'}">${inner}${['<', html`<br>`]}${undefined}${false}${0}</p>`.value).toBe(
      '<p title="&quot;x&quot;"><b>&lt;i&gt;</b>&lt;<br>0</p>',
    );
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
