import { styleText } from 'node:util';
import { coverageLines } from './coverage.js';
import type { Finding, RunReport } from '../findings/index.js';
import { redactText } from './redact.js';
import { describeFinding } from './describe-finding.js';
import { findingBlock, type Style } from './_internals/finding-text.js';
import {
  alsoSeenPhrase,
  cellKey,
  countsPhrase,
  formatDuration,
  groupBy,
  plural,
  printable,
  summarize,
  type Summary,
} from './_internals/summarize.js';

/** Options of {@link renderConsoleReport}. */
export interface ConsoleOptions {
  /** ANSI colours; decide with {@link shouldUseColor}. */
  readonly color?: boolean;
  /** Every evidence field, whole response bodies, and reproducers for contract gaps too. */
  readonly verbose?: boolean;
  /** Only the failures and the verdict. */
  readonly quiet?: boolean;
  /** Secrets to scrub from the output. */
  readonly secrets?: readonly string[];
}

/**
 * Whether to write ANSI colours to `stream`: never with `NO_COLOR`, always with `FORCE_COLOR` (other
 * than `0`), otherwise only on a TTY outside CI and not on a dumb terminal.
 */
export function shouldUseColor(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (env['CI'] !== undefined && env['CI'] !== '' && env['CI'] !== 'false') return false;
  if (env['TERM'] === 'dumb') return false;
  return stream.isTTY === true;
}

/**
 * Renders the end-of-run report for a terminal: the operation × check table, failures grouped by check
 * with evidence and reproducer, contract gaps grouped by gap, advisories, and the verdict line last.
 */
export function renderConsoleReport(report: RunReport, options: ConsoleOptions = {}): string {
  const paint = (style: Style, text: string): string => (options.color === true ? styleText(style, text) : text);
  const secrets = options.secrets ?? [];
  const verbose = options.verbose === true;
  const quiet = options.quiet === true && !verbose;
  const summary = summarize(report);
  const out: string[] = [];
  // Everything from the report goes through `printable` before it meets our own escape codes.
  const p = printable;

  if (!quiet) {
    out.push(
      `${paint('bold', p(`${report.spec.title} ${report.spec.version}`))} ${paint('dim', 'at')} ${p(report.target)}`,
      paint(
        'dim',
        `seed ${report.seed} · ${plural(report.requests, 'request')} · ${formatDuration(report.durationMs)} · ${plural(report.options.runs, 'run')} per property${report.options.strict ? ' · strict' : ''}${report.options.readOnly ? ' · read-only' : ''}`,
      ),
      '',
    );
    // A document the loader had to repair says so before anything else is read.
    for (const repair of report.spec.repairs ?? []) out.push(paint('yellow', p(`Repaired in the document: ${repair}`)));
    if ((report.spec.repairs ?? []).length > 0) out.push('');
    if (summary.operations.length > 0) out.push(...table(summary, paint), '');
    if (report.coverage) out.push(...coverageLines(report.coverage).map((l) => p(l)), '');
  }

  if (summary.failures.length > 0) {
    out.push(paint('bold', `Failures (${summary.failures.length})`), '');
    for (const [check, findings] of groupBy(summary.failures, (f) => f.check)) {
      out.push(paint(['red', 'bold'], `✘ ${p(check)} (${findings.length})`));
      findings.forEach((f, i) =>
        out.push(
          ...findingBlock(f, `${i + 1})`, report.target, {
            verbose,
            quiet,
            secrets,
            paint,
            ...alsoOf(summary, f),
          }),
          '',
        ),
      );
    }
  }

  if (!quiet && summary.warnings.length > 0) {
    const title = report.options.strict ? 'Contract gaps (failing: --strict)' : 'Contract gaps';
    out.push(
      paint('bold', `${title} (${summary.warnings.length})`),
      paint('dim', 'Behaviours seen where the contract is silent.'),
      '',
    );
    for (const [gap, findings] of groupBy(summary.warnings, (f) => f.gap ?? f.code)) {
      out.push(paint(['yellow', 'bold'], `⚠ ${p(gap)}`));
      for (const f of findings)
        out.push(
          ...findingBlock(f, '-', report.target, {
            verbose,
            quiet,
            secrets,
            paint,
            brief: !verbose,
            ...alsoOf(summary, f),
          }),
        );
      out.push('');
    }
  }

  if (!quiet && summary.advisories.length > 0) {
    out.push(paint('bold', `Advisories (${summary.advisories.length})`), '');
    for (const f of summary.advisories) {
      out.push(
        `${paint('cyan', 'ℹ')} ${p(f.operationId)} ${paint('dim', `(${p(f.check)})`)}: ${p(describeFinding(f))}`,
      );
      const also = summary.alsoSeen.get(f);
      if (also) out.push(`  ${paint('dim', p(alsoSeenPhrase(also)))}`);
    }
    out.push('');
  }

  if (!quiet && (report.notes ?? []).length > 0) {
    out.push(paint('bold', `Notes (${report.notes!.length})`));
    for (const note of report.notes!) out.push(`${paint('dim', '·')} ${p(note)}`);
    out.push('');
  }

  out.push(verdictLine(report, summary, paint));
  return redactText(out.join('\n'), secrets) + '\n';
}

/** The `also` option of a root finding's block: the other findings of its cause. */
function alsoOf(summary: Summary, f: Finding): { also?: readonly Finding[] } {
  const also = summary.alsoSeen.get(f);
  return also === undefined ? {} : { also };
}

function table(summary: Summary, paint: (style: Style, text: string) => string): string[] {
  const rows: string[][] = [];
  for (const op of summary.operations) {
    summary.checks.forEach((check) => {
      const t = summary.cells.get(cellKey(op, check));
      if (t) rows.push([printable(op), printable(check), String(t.passed), String(t.failed), String(t.warnings)]);
    });
  }
  const head = ['Operation', 'Check', 'Pass', 'Fail', 'Warn'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  let previous = '';
  return [
    paint('bold', line(head)),
    ...rows.map((r) => {
      const shown = [...r];
      if (r[0] === previous) shown[0] = '';
      previous = r[0] ?? '';
      const text = line(shown);
      if (r[3] !== '0') return paint('red', `${text}  ✘`);
      if (r[4] !== '0') return paint('yellow', `${text}  ⚠`);
      return text;
    }),
  ];
}

function verdictLine(report: RunReport, summary: Summary, paint: (style: Style, text: string) => string): string {
  const tail = `(${plural(report.requests, 'request')} in ${formatDuration(report.durationMs)}, seed ${report.seed})`;
  switch (report.verdict) {
    case 'certified':
      return `${paint(['green', 'bold'], '✔ CERTIFIED')}  ${countsPhrase(summary)}  ${paint('dim', tail)}`;
    case 'failed':
      return `${paint(['red', 'bold'], '✘ FAILED')}  ${countsPhrase(summary)}${report.options.strict && summary.warnings.length > 0 ? ' (strict)' : ''}  ${paint('dim', tail)}`;
    case 'error':
      return `${paint(['red', 'bold'], '✘ ERROR')}  the run could not be carried out: ${printable(report.error ?? 'unknown error')}`;
    case 'not-reproduced':
      return `${paint(['yellow', 'bold'], '? NOT REPRODUCED')}  ${printable(report.error ?? 'the replayed counterexample did not fail this time')}  ${paint('dim', tail)}`;
    case 'incomplete':
      return `${paint(['yellow', 'bold'], '✘ INCOMPLETE')}  interrupted; so far ${countsPhrase(summary)}  ${paint('dim', tail)}`;
  }
}
