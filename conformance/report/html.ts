import type { Finding, RunReport } from '../findings/index.js';
import { coverageSection } from './coverage.js';
import { describeFinding } from './describe-finding.js';
import { redactText } from './redact.js';
import { evidenceEntries } from './_internals/finding-text.js';
import { reproducerView } from './reproducer.js';
import { html, type SafeHtml } from './_internals/html-template.js';
import { HTML_STYLES } from './_internals/html-styles.js';
import {
  alsoSeenPhrase,
  cellKey,
  formatDate,
  formatDuration,
  formatValue,
  groupBy,
  plural,
  severityPhrase,
  summarize,
  truncate,
  type Summary,
} from './_internals/summarize.js';

/** Options of {@link renderHtml}. */
export interface HtmlOptions {
  /** Secrets to scrub from the output. */
  readonly secrets?: readonly string[];
}

// Nothing may load from anywhere: the page is one file, and says so to the browser.
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/**
 * Renders a run as one self-contained HTML page (inline CSS and SVG, no script, nothing fetched): the
 * target, spec, date, seed, requests and duration, the verdict, the operation × check matrix, each
 * failure with its evidence, a curl reproducer and the replay command, the contract gaps and the
 * advisories. Every value from the report is escaped; light and dark follow the reader's system.
 */
export function renderHtml(report: RunReport, options: HtmlOptions = {}): string {
  const secrets = options.secrets ?? [];
  const summary = summarize(report);
  const ids = new Map(report.findings.map((f, i) => [f, `finding-${i + 1}`]));
  // A finding of a cause already shown links to the finding that shows it.
  for (const [root, also] of summary.alsoSeen) for (const f of also) ids.set(f, ids.get(root)!);
  const ctx: Context = { report, summary, secrets, ids };
  const label = VERDICT_LABEL[report.verdict];
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="generator" content="${report.tool.name} ${report.tool.version}">
<title>${label} · ${report.spec.title} ${report.spec.version} · conformance report</title>
<style>${HTML_STYLES}</style>
</head>
<body>
<main class="page">
${masthead(ctx)}
${verdict(ctx)}
${matrix(ctx)}
${report.coverage ? coverageSection(report.coverage) : html``}
${failures(ctx)}
${gaps(ctx)}
${runNotes(ctx)}
${advisories(ctx)}
${footer(ctx)}
</main>
</body>
</html>
`;
  return redactText(page.value, secrets);
}

interface Context {
  readonly report: RunReport;
  readonly summary: Summary;
  readonly secrets: readonly string[];
  readonly ids: ReadonlyMap<Finding, string>;
}

const VERDICT_LABEL = {
  certified: 'Certified',
  failed: 'Failed',
  error: 'Not run',
  'not-reproduced': 'Not reproduced',
  incomplete: 'Incomplete',
} as const;

function masthead({ report }: Context): SafeHtml {
  return html`<header class="masthead">
  <p class="eyebrow">Conformance report</p>
  <h1>${report.spec.title} <span class="version">v${report.spec.version}</span></h1>
  <p class="target"><span class="muted">Target</span> <code>${report.target}</code></p>
</header>`;
}

function verdict({ report, summary }: Context): SafeHtml {
  const scope = `${plural(report.tallies.length, 'check')} across ${plural(summary.operations.length, 'operation')}`;
  const contract = `the ${report.spec.title} ${report.spec.version} contract`;
  const sentence =
    report.verdict === 'certified'
      ? // "All passed" only when every cell is green: contract gaps and advisories are named beside it.
        summary.warnings.length === 0
        ? `Conforms to ${contract}: all ${scope} passed${report.options.strict ? ', strict' : ''}.`
        : `Conforms to ${contract}: no failure in ${scope}, and ${severityPhrase(summary, 'warnings')} to read (amber cells): behaviours the contract leaves open.`
      : report.verdict === 'failed'
        ? `Does not conform to ${contract}: ${severityPhrase(summary, 'failures')}${report.options.strict && summary.warnings.length > 0 ? ` and ${severityPhrase(summary, 'warnings')} under --strict` : ''} in ${scope}.`
        : report.verdict === 'not-reproduced'
          ? `The replayed counterexample did not fail this time: ${report.error ?? 'not reproduced'}`
          : report.verdict === 'incomplete'
            ? `The run was interrupted: ${severityPhrase(summary, 'failures')} in what was gathered so far; ${report.error ?? ''}`
            : `The run could not be carried out: ${report.error ?? 'unknown error'}`;
  const facts: Array<[string, string]> = [
    ['Date', formatDate(report.startedAt)],
    ['Seed', String(report.seed)],
    ['Requests', report.requests.toLocaleString('en-US')],
    ['Duration', formatDuration(report.durationMs)],
    ['Cases', `${report.options.runs} per property`],
  ];
  const mode = [report.options.strict ? 'strict' : '', report.options.readOnly ? 'read-only' : '']
    .filter(Boolean)
    .join(', ');
  if (mode !== '') facts.push(['Mode', mode]);
  return html`<section class="verdict verdict-${report.verdict}" aria-label="Verdict">
  <div class="verdict-main">
    ${SEALS[report.verdict]}
    <div>
      <p class="verdict-label">${VERDICT_LABEL[report.verdict]}</p>
      <p class="verdict-text">${sentence}</p>
      <p class="counts">
        ${count('fail', summary, 'failures')}
        ${count('warn', summary, 'warnings')}
        ${count('info', summary, 'advisories')}
      </p>
    </div>
  </div>
  <dl class="facts">${facts.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>
</section>`;
}

function count(kind: string, summary: Summary, severity: 'failures' | 'warnings' | 'advisories'): SafeHtml {
  return html`<span class="count count-${summary[severity].length === 0 ? 'zero' : kind}">${severityPhrase(summary, severity)}</span>`;
}

function matrix(ctx: Context): SafeHtml {
  const { summary } = ctx;
  if (summary.operations.length === 0) return html``;
  return html`<section class="section">
  <div class="section-head">
    <h2>Operations × checks</h2>
    <p class="legend"><span class="cell pass">passed</span><span class="cell fail">failed</span><span class="cell warn">contract gap</span><span class="cell na">not applicable</span></p>
  </div>
  <div class="table-wrap">
  <table class="matrix">
    <thead><tr><th scope="col">Check</th>${summary.operations.map((op) => html`<th scope="col"><code>${op}</code></th>`)}</tr></thead>
    <tbody>
${summary.checks.map(
  (
    check,
  ) => html`      <tr><th scope="row"><code>${check}</code></th>${summary.operations.map((op) => matrixCell(ctx, op, check))}</tr>
`,
)}    </tbody>
  </table>
  </div>
</section>`;
}

function matrixCell(ctx: Context, op: string, check: string): SafeHtml {
  const t = ctx.summary.cells.get(cellKey(op, check));
  if (t === undefined) return html`<td><span class="cell na" title="${op} × ${check}: not applicable">–</span></td>`;
  const total = t.passed + t.failed + t.warnings;
  const title = `${op} × ${check}: ${t.passed} passed, ${t.failed} failed, ${plural(t.warnings, 'contract gap')}`;
  // A failing cell links to its first finding.
  const first = ctx.report.findings.find((f) => f.operationId === op && f.check === check && f.severity !== 'advisory');
  const href = first === undefined ? undefined : `#${ctx.ids.get(first) ?? ''}`;
  const tag = (cls: string, body: SafeHtml): SafeHtml =>
    href === undefined
      ? html`<td><span class="cell ${cls}" title="${title}">${body}</span></td>`
      : html`<td><a class="cell ${cls}" href="${href}" title="${title}">${body}</a></td>`;
  if (t.failed > 0) return tag('fail', html`✕ ${t.failed}<small> / ${total}</small>`);
  if (t.warnings > 0) return tag('warn', html`! ${t.warnings}<small> / ${total}</small>`);
  if (total === 0) return html`<td><span class="cell na" title="${title}">0</span></td>`;
  return html`<td><span class="cell pass" title="${title}">✓ ${t.passed}</span></td>`;
}

function failures(ctx: Context): SafeHtml {
  const { summary, report } = ctx;
  if (report.verdict === 'error') return html``;
  if (summary.failures.length === 0) {
    return html`<section class="section"><h2>Failures</h2><p class="empty">None. Every exchange the kit sent conformed to the contract.</p></section>`;
  }
  return html`<section class="section">
  <h2>Failures <span class="badge badge-fail">${summary.failures.length}</span></h2>
  ${[...groupBy(summary.failures, (f) => f.check)].map(
    ([check, findings]) => html`<h3 class="group"><code>${check}</code></h3>
  ${findings.map((f) => findingCard(ctx, f))}`,
  )}
</section>`;
}

/** The line naming the other places one cause showed, under its root finding. */
function alsoSeen(ctx: Context, f: Finding): SafeHtml | '' {
  const also = ctx.summary.alsoSeen.get(f);
  return also === undefined ? '' : html`<p class="also">${alsoSeenPhrase(also)}</p>`;
}

function findingCard(ctx: Context, f: Finding): SafeHtml {
  const view = reproducerView(f, ctx.report.target, { secrets: ctx.secrets });
  const evidence = evidenceEntries(f);
  return html`<article class="finding finding-${f.severity}" id="${ctx.ids.get(f) ?? ''}">
    <header class="finding-head">
      <span class="pill">${f.code}</span>
      <code class="op">${f.operationId}</code>
      <span class="muted">·</span>
      <code class="check">${f.check}</code>
    </header>
    <p class="message">${describeFinding(f)}</p>
    ${alsoSeen(ctx, f)}
    ${evidence.length > 0 ? html`<dl class="evidence">${evidence.map(([k, v]) => html`<div><dt>${k}</dt><dd><code>${truncate(formatValue(v), 400)}</code></dd></div>`)}</dl>` : ''}
    ${f.response ? html`<div class="block"><p class="block-label">Response <span class="muted">${f.response.status} · ${f.response.durationMs} ms${f.response.truncated ? ' · truncated' : ''}</span></p><pre class="code body">${truncate(prettyBody(f.response.body), 4000)}</pre></div>` : ''}
    ${view.setup.length > 0 ? html`<div class="block"><p class="block-label">Setup <span class="muted">run first</span></p>${view.setup.map((c) => html`<pre class="code copy">${c}</pre>`)}</div>` : ''}
    ${view.curl !== undefined ? html`<div class="block"><p class="block-label">Reproduce <span class="muted">export API_KEY first · click to select</span></p><pre class="code copy">${view.curl}</pre></div>` : ''}
    ${view.replay !== undefined ? html`<div class="block"><p class="block-label">Replay <span class="muted">seed ${view.seed}${view.path === undefined ? '' : ` · path ${view.path}`}</span></p><pre class="code copy">${view.replay}</pre></div>` : ''}
  </article>`;
}

function gaps(ctx: Context): SafeHtml {
  const { summary, report } = ctx;
  if (summary.warnings.length === 0) return html``;
  return html`<section class="section">
  <h2>Contract gaps <span class="badge badge-warn">${summary.warnings.length}</span></h2>
  <p class="lede">Behaviours seen where the contract is silent. ${report.options.strict ? 'This run was strict: they fail it.' : 'They do not fail the run (use --strict to make them).'}</p>
  ${[...groupBy(summary.warnings, (f) => f.gap ?? f.code)].map(
    ([gap, findings]) => html`<div class="note note-warn">
    <h3>${gap}</h3>
    <ul>${findings.map((f) => html`<li id="${ctx.ids.get(f) ?? ''}"><code>${f.operationId}</code> <span class="muted">· ${f.check}</span> — ${describeFinding(f)} ${alsoSeen(ctx, f)}${smallRepro(ctx, f)}</li>`)}</ul>
  </div>`,
  )}
</section>`;
}

/** What the reader needs to weigh the verdict: work skipped because the selection left out what it needs. */
function runNotes({ report }: Context): SafeHtml {
  const notes = report.notes ?? [];
  if (notes.length === 0) return html``;
  return html`<section class="section">
  <h2>Notes <span class="badge">${notes.length}</span></h2>
  <ul>${notes.map((n) => html`<li>${n}</li>`)}</ul>
</section>`;
}

function smallRepro(ctx: Context, f: Finding): SafeHtml | '' {
  const view = reproducerView(f, ctx.report.target, { secrets: ctx.secrets });
  if (view.curl === undefined) return '';
  return html`<details><summary>Reproduce</summary><pre class="code copy">${view.curl}</pre></details>`;
}

function advisories(ctx: Context): SafeHtml {
  const { summary } = ctx;
  if (summary.advisories.length === 0) return html``;
  return html`<section class="section">
  <h2>Advisories <span class="badge badge-info">${summary.advisories.length}</span></h2>
  <div class="note note-info"><ul>${summary.advisories.map((f) => html`<li><code>${f.operationId}</code> <span class="muted">· ${f.check}</span> — ${describeFinding(f)} ${alsoSeen(ctx, f)}</li>`)}</ul></div>
</section>`;
}

function footer({ report }: Context): SafeHtml {
  return html`<footer class="footer">
  <p>Generated by <strong>${report.tool.name}</strong> ${report.tool.version} from <code>${report.spec.file}</code>, started ${report.startedAt}. Report schema v${report.schemaVersion}.</p>
  <p>Property-based run with seed <code>${report.seed}</code>; the same seed and target replay the same cases. Credentials are never written: reproducers read the key from <code>$API_KEY</code>.</p>
</footer>`;
}

/** Pretty-prints JSON bodies for reading; any other body is shown as it came. */
function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The seal of a verdict that is neither a pass nor a failure. */
const NOTICE_SEAL = html`<svg class="seal" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true"><circle cx="32" cy="32" r="31" fill="currentColor" opacity=".14"/><circle cx="32" cy="32" r="24" fill="currentColor"/><path d="M32 21v14" stroke="#fff" stroke-width="5" stroke-linecap="round"/><circle cx="32" cy="43" r="3" fill="#fff"/></svg>`;

const SEALS: Record<RunReport['verdict'], SafeHtml> = {
  certified: html`<svg class="seal" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true"><circle cx="32" cy="32" r="31" fill="currentColor" opacity=".14"/><circle cx="32" cy="32" r="24" fill="currentColor"/><path d="M21 33.5l7.5 7.5L44 25" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
  failed: html`<svg class="seal" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true"><circle cx="32" cy="32" r="31" fill="currentColor" opacity=".14"/><circle cx="32" cy="32" r="24" fill="currentColor"/><path d="M24 24l16 16M40 24L24 40" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/></svg>`,
  error: NOTICE_SEAL,
  'not-reproduced': NOTICE_SEAL,
  incomplete: NOTICE_SEAL,
};
