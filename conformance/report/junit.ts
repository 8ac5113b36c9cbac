import { coverageProperties } from './coverage.js';
import junitReportBuilderModule, { type Builder, type TestSuite } from 'junit-report-builder';
import type { Finding, RunReport } from '../findings/index.js';
import { describeFinding } from './describe-finding.js';
import { redactText } from './redact.js';
import { findingBlock } from './_internals/finding-text.js';
import { cellKey, groupBy, plural, summarize } from './_internals/summarize.js';

/** Options of {@link renderJUnit}. */
export interface JUnitOptions {
  /** Secrets to scrub from the output. */
  readonly secrets?: readonly string[];
}

// The package's types declare an ES default export, but Node hands an ES module the CommonJS
// module.exports, which is the builder itself.
const moduleValue: unknown = junitReportBuilderModule;
const junitReportBuilder = (
  typeof moduleValue === 'object' && moduleValue !== null && 'newBuilder' in moduleValue
    ? moduleValue
    : junitReportBuilderModule.default
) as Builder;

const plain = (_style: unknown, text: string): string => text;

/**
 * Renders a run as JUnit XML: one `<testsuite>` per operation, one `<testcase>` per operation × check
 * (classname = operationId, name = check). Failures become `<failure>` elements carrying each
 * finding's message, evidence and reproducer; contract gaps and advisories go to `<system-out>`,
 * and gaps fail the test case only when the run was strict. A check that looked at nothing is
 * `<skipped/>`. A run that could not be carried out is one `<error>`.
 */
export function renderJUnit(report: RunReport, options: JUnitOptions = {}): string {
  const secrets = options.secrets ?? [];
  const summary = summarize(report);
  const builder = junitReportBuilder
    .newBuilder()
    .name(`${report.spec.title} ${report.spec.version} conformance of ${report.target}`);
  const byCell = groupBy(report.findings, (f) => cellKey(f.operationId, f.check));
  const timestamp = report.startedAt.slice(0, 19);
  const text = (f: Finding): string =>
    cdataText(findingBlock(f, '-', report.target, { verbose: true, quiet: false, secrets, paint: plain }).join('\n'));

  if (report.verdict === 'error') {
    const suite = builder.testSuite().name('run').timestamp(timestamp);
    addProperties(suite, report);
    suite
      .testCase()
      .className('conformance')
      .name('run')
      .error(report.error ?? 'the run could not be carried out', 'run_error');
  }

  for (const operationId of summary.operations) {
    const suite = builder.testSuite().name(operationId).timestamp(timestamp);
    addProperties(suite, report);
    for (const check of summary.checks) {
      const tally = summary.cells.get(cellKey(operationId, check));
      const findings = byCell.get(cellKey(operationId, check)) ?? [];
      if (tally === undefined && findings.length === 0) continue;
      const testCase = suite.testCase().className(operationId).name(check);
      if (tally?.durationMs !== undefined) testCase.time(tally.durationMs / 1000);
      const failing = findings.filter(
        (f) => f.severity === 'failure' || (report.options.strict && f.severity === 'warning'),
      );
      const other = findings.filter((f) => !failing.includes(f));
      if (failing.length > 0) {
        const first = failing[0] === undefined ? '' : describeFinding(failing[0]);
        testCase
          .failure(
            failing.length === 1 ? first : `${failing.length} failures; first: ${first}`,
            [...new Set(failing.map((f) => f.code))].join(' '),
          )
          .stacktrace(failing.map(text).join('\n\n'));
      }
      const out: string[] = [];
      if (tally) out.push(`${tally.passed} passed, ${tally.failed} failed, ${plural(tally.warnings, 'warning')}`);
      for (const f of other)
        out.push('', `${f.severity === 'warning' ? `contract gap: ${f.gap ?? f.code}` : 'advisory'}`, text(f));
      testCase.standardOutput(out.join('\n'));
      if (tally !== undefined && tally.passed + tally.failed + tally.warnings === 0 && findings.length === 0)
        testCase.skipped();
    }
  }
  // Contract gaps where CI viewers list them: one skipped test case each, named by the gap.
  const gaps = report.findings.filter((f) => f.severity === 'warning' && !report.options.strict);
  if (gaps.length > 0) {
    const suite = builder.testSuite().name('contract gaps').timestamp(timestamp);
    addProperties(suite, report);
    for (const f of gaps)
      suite
        .testCase()
        .className(`contract gap: ${f.gap ?? f.code}`)
        .name(`${f.operationId} ${f.check}`)
        .standardOutput(text(f))
        .skipped();
  }
  return redactText(builder.build(), secrets) + '\n';
}

/**
 * xmlbuilder 15 (under junit-report-builder) splits only the first `]]>` of a CDATA section, so a
 * second one, say in a response body, would end the section and break the document. Split the later
 * ones here; the test round-trips text with several through a parser, and fails if xmlbuilder changes.
 */
function cdataText(text: string): string {
  let seen = false;
  return text.replace(/]]>/g, (m) => (seen ? ']]]]><![CDATA[>' : ((seen = true), m)));
}

function addProperties(suite: TestSuite, report: RunReport): void {
  suite
    .property('target', report.target)
    .property('spec', `${report.spec.title} ${report.spec.version} (${report.spec.file})`)
    .property('seed', String(report.seed))
    .property('verdict', report.verdict)
    .property('strict', String(report.options.strict))
    .property('tool', `${report.tool.name} ${report.tool.version}`);
  for (const [name, value] of report.coverage ? coverageProperties(report.coverage) : []) suite.property(name, value);
  for (const note of report.notes ?? []) suite.property('note', note);
}
