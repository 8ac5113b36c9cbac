import type { CheckTally, Finding, RunReport } from '../../findings/index.js';
import { groupFindings } from '../../findings/root-cause.js';
import { settleTallies } from '../../findings/tallies.js';

/** The shape every writer lays out: the matrix and the findings sorted by weight. */
export interface Summary {
  /** operationIds, in the order the report first names them. */
  readonly operations: readonly string[];
  /** Check names, in the order the report first names them. */
  readonly checks: readonly string[];
  /** Tallies keyed by `cellKey(operationId, check)`. */
  readonly cells: ReadonlyMap<string, CheckTally>;
  /** One finding per root cause (the first reported), by weight; the others are in `alsoSeen`. */
  readonly failures: readonly Finding[];
  readonly warnings: readonly Finding[];
  readonly advisories: readonly Finding[];
  /** The other findings of each root finding's cause (`findings/root-cause.ts`), where there are any. */
  readonly alsoSeen: ReadonlyMap<Finding, readonly Finding[]>;
  readonly totals: { readonly passed: number; readonly failed: number; readonly warnings: number };
  /** Findings of each severity, every one counted (the JSON report's own numbers), not only the roots. */
  readonly found: { readonly failures: number; readonly warnings: number; readonly advisories: number };
}

/** The key of an operation × check cell. */
export function cellKey(operationId: string, check: string): string {
  return `${operationId}\u0000${check}`;
}

/** Orders and groups a report for rendering; pure. */
export function summarize(report: RunReport): Summary {
  const operations = new Set<string>();
  const checks = new Set<string>();
  const cells = new Map<string, CheckTally>();
  // Counted from the findings, so that the matrix and the findings cannot disagree.
  const tallies = settleTallies(report.tallies, report.findings);
  for (const t of tallies) {
    operations.add(t.operationId);
    checks.add(t.check);
    cells.set(cellKey(t.operationId, t.check), t);
  }
  for (const f of report.findings) {
    operations.add(f.operationId);
    checks.add(f.check);
  }
  const sum = (pick: (t: CheckTally) => number): number => tallies.reduce((n, t) => n + pick(t), 0);
  const groups = groupFindings(report.findings);
  const roots = groups.map((g) => g.root);
  return {
    operations: [...operations],
    checks: [...checks],
    cells,
    failures: roots.filter((f) => f.severity === 'failure'),
    warnings: roots.filter((f) => f.severity === 'warning'),
    advisories: roots.filter((f) => f.severity === 'advisory'),
    alsoSeen: new Map(groups.filter((g) => g.also.length > 0).map((g) => [g.root, g.also])),
    totals: { passed: sum((t) => t.passed), failed: sum((t) => t.failed), warnings: sum((t) => t.warnings) },
    found: {
      failures: report.findings.filter((f) => f.severity === 'failure').length,
      warnings: report.findings.filter((f) => f.severity === 'warning').length,
      advisories: report.findings.filter((f) => f.severity === 'advisory').length,
    },
  };
}

/** Groups items by a key, keeping first-seen order of keys and items. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** `1 failure`, `2 failures`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** A duration a person reads at a glance: `412 ms`, `8.7 s`, `2 min 05 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** `2025-06-03 09:26 UTC` from an ISO time; the input itself when it does not parse. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** Cuts text to `max` characters, marking the cut. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** One evidence value on one line: strings bare, the rest as compact JSON. */
export function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** What the verdict line says about the counts. */
export function countsPhrase(summary: Summary): string {
  return [
    severityPhrase(summary, 'failures'),
    severityPhrase(summary, 'warnings'),
    severityPhrase(summary, 'advisories'),
  ].join(' · ');
}

const SEVERITY_WORDS = {
  failures: ['failure', 'failures'],
  warnings: ['contract gap', 'contract gaps'],
  advisories: ['advisory', 'advisories'],
} as const;

/**
 * `18 failures (12 causes)`: every finding of a severity, as the JSON report counts them, and the
 * causes they group into (one block each in a report) where those are fewer. Every report's headline
 * says it so, and the numbers agree between them (held-out set 100: the text said 12 failures and 4
 * advisories where the JSON held 18 and 9).
 */
export function severityPhrase(summary: Summary, severity: keyof typeof SEVERITY_WORDS): string {
  const [one, many] = SEVERITY_WORDS[severity];
  const causes = summary[severity].length;
  const all = Math.max(summary.found[severity], causes);
  return all === causes ? plural(all, one, many) : `${plural(all, one, many)} (${plural(causes, 'cause')})`;
}

/** `also seen in 2 places: listPets (schema), getPet (schema)`, naming a few. */
export function alsoSeenPhrase(also: readonly Finding[], shown = 5): string {
  const places = [...new Set(also.map((f) => `${f.operationId} (${f.check})`))];
  const named = places.slice(0, shown).join(', ');
  return `also seen in ${plural(also.length, 'place')}: ${named}${places.length > shown ? `, and ${places.length - shown} more` : ''}`;
}

/** Shows control characters (which a terminal would act on) as `\u001b`-style escapes. */
export function printable(text: string): string {
  return text.replace(/[\0-\x08\x0b-\x1f\x7f-\x9f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
