import { uncovered } from '../contract-coverage/uncovered.js';
import type { ContractCoverage, CoverageRatio } from '../findings/index.js';
import { html, type SafeHtml } from './_internals/html-template.js';

const ratio = (r: CoverageRatio): string => `${r.reached}/${r.total}`;

/** The one-line summary every format shows: `62.5% — responses 5/8 · parameters 3/4 · ...`. */
export function coverageSummary(c: ContractCoverage): string {
  return `${c.percent}% (responses × media types ${ratio(c.responses)} · parameters ${ratio(c.parameters)} · body members ${ratio(c.members)} · operations called ${ratio(c.operations)})`;
}

/** The console's coverage block: the summary and what was never reached, one line per operation. */
export function coverageLines(c: ContractCoverage): string[] {
  const missing = uncovered(c);
  return [
    `Contract coverage ${coverageSummary(c)}`,
    ...(missing.length > 0 ? ['Never reached:', ...missing.map((m) => `  ${m.operationId}: ${m.missing}`)] : []),
  ];
}

/** JUnit `<properties>` for the coverage. */
export function coverageProperties(c: ContractCoverage): [string, string][] {
  return [
    ['coverage.percent', String(c.percent)],
    ['coverage.responses', ratio(c.responses)],
    ['coverage.parameters', ratio(c.parameters)],
    ['coverage.members', ratio(c.members)],
    ['coverage.operations', ratio(c.operations)],
    ...uncovered(c).map((m): [string, string] => [`coverage.unreached.${m.operationId}`, m.missing]),
  ];
}

/** The HTML grid: one row per operation, one cell per documented response × media type, parameter and member. */
export function coverageSection(c: ContractCoverage): SafeHtml {
  const cell = (reached: boolean, label: string, title: string) =>
    html`<span class="cell ${reached ? 'pass' : 'na'}" title="${title}: ${reached ? 'reached' : 'never reached'}">${reached ? '✓' : '–'} ${label}</span> `;
  return html`<section class="section" id="coverage">
  <div class="section-head">
    <h2>Contract coverage <span class="badge">${c.percent}%</span></h2>
    <p class="legend">${coverageSummary(c)}</p>
  </div>
  <div class="table-wrap">
  <table class="matrix coverage">
    <thead><tr><th scope="col">Operation</th><th scope="col">Requests</th><th scope="col">Responses × media types</th><th scope="col">Parameters</th><th scope="col">Body members</th></tr></thead>
    <tbody>
${c.byOperation.map(
  (o) => html`      <tr><th scope="row"><code>${o.operationId}</code></th><td>${o.requests}</td><td>${o.responses.map(
    (r) =>
      cell(
        r.reached,
        `${r.status}${r.mediaType ? ` ${r.mediaType}` : ''}`,
        `${o.operationId} ${r.status} ${r.mediaType}`,
      ),
  )}</td><td>${o.parameters.map((p) => cell(p.reached, `${p.in} ${p.name}`, `${o.operationId} ${p.in} ${p.name}`))}</td><td>${o.members.map(
    (m) => cell(m.reached, m.name, `${o.operationId} ${m.name}`),
  )}</td></tr>
`,
)}    </tbody>
  </table>
  </div>
</section>`;
}
