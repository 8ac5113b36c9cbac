import type {
  CheckTally,
  Finding,
  FindingCode,
  RequestRecord,
  Reproducer,
  ResponseRecord,
  RunReport,
} from '../findings/index.js';
import { groupFindings } from '../findings/root-cause.js';
import { describeFinding } from './describe-finding.js';
import type { JsonFinding, JsonFindingOf, JsonReport } from './json-report.js';
import { redact, redactText } from './redact.js';

/** Options of {@link renderJson}. */
export interface JsonOptions {
  /** Secrets to scrub from the output. */
  readonly secrets?: readonly string[];
}

/**
 * Renders a run as the documented report file (`run-report.schema.json`, schema version 1, generated
 * from {@link JsonReport}): two-space indented JSON with a fixed key order, free-form maps (evidence,
 * headers) sorted by key, and only the fields the schema describes, so the same run always gives the
 * same bytes.
 */
export function renderJson(report: RunReport, options: JsonOptions = {}): string {
  const secrets = options.secrets ?? [];
  const text = JSON.stringify(redact(toJsonReport(report), secrets), null, 2);
  // Every string was redacted above. The text is scrubbed again only for what JSON escaping makes
  // of a secret (a quote, a backslash, a control character): never the whole document, where a
  // short key such as 123 would replace numbers (durationMs: 123) and leave invalid JSON.
  const escaped = secrets.map((s) => JSON.stringify(s).slice(1, -1)).filter((e, i) => e !== secrets[i]);
  return (escaped.length > 0 ? redactText(text, escaped) : text) + '\n';
}

/** The report as the plain object `renderJson` writes: known fields only, in schema order. */
export function toJsonReport(report: RunReport): JsonReport {
  return compact({
    schemaVersion: report.schemaVersion,
    tool: { name: report.tool.name, version: report.tool.version },
    target: report.target,
    spec: { title: report.spec.title, version: report.spec.version, file: report.spec.file },
    runId: report.runId,
    seed: report.seed,
    options: {
      runs: report.options.runs,
      strict: report.options.strict,
      readOnly: report.options.readOnly,
      only: [...report.options.only],
      skip: [...report.options.skip],
      ...(report.options.shard
        ? { shard: { index: report.options.shard.index, count: report.options.shard.count } }
        : {}),
    },
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    requests: report.requests,
    verdict: report.verdict,
    error: report.error,
    notes: report.notes === undefined ? undefined : [...report.notes],
    tallies: report.tallies.map(tally),
    findings: withRootCauses(report.findings),
    coverage: report.coverage,
  });
}

function tally(t: CheckTally): CheckTally {
  return {
    operationId: t.operationId,
    check: t.check,
    passed: t.passed,
    failed: t.failed,
    warnings: t.warnings,
    ...(t.durationMs !== undefined ? { durationMs: Math.round(t.durationMs) } : {}),
  };
}

/**
 * Every finding, each member of a root cause (`findings/root-cause.ts`) pointing with `rootCause` at
 * the index of the finding it shares its cause with, which the other reports show once.
 */
function withRootCauses(findings: readonly Finding[]): JsonFinding[] {
  const rootIndex = new Map<Finding, number>();
  for (const group of groupFindings(findings))
    for (const f of group.also) rootIndex.set(f, findings.indexOf(group.root));
  return findings.map((f) => finding(f, rootIndex.get(f)));
}

function finding(f: Finding, rootCause: number | undefined): JsonFinding {
  const written: JsonFindingOf<FindingCode> = compact({
    code: f.code,
    severity: f.severity,
    operationId: f.operationId,
    check: f.check,
    message: describeFinding(f),
    gap: f.gap,
    evidence: sortKeys(f.evidence),
    occurrences: f.occurrences,
    context: f.context === undefined ? undefined : sortKeys(f.context),
    basis: f.basis,
    cut: f.cut === undefined ? undefined : sortKeys(f.cut),
    request: f.request === undefined ? undefined : request(f.request),
    response: f.response === undefined ? undefined : response(f.response),
    reproducer: f.reproducer === undefined ? undefined : reproducer(f.reproducer),
    rootCause,
  });
  // Code and evidence are copied from one finding, whose type pairs them; the compiler cannot follow
  // that pairing through a member-by-member copy, so it is restated here.
  return written as JsonFinding;
}

function request(r: RequestRecord): RequestRecord {
  return compact({
    method: r.method,
    path: r.path,
    headers: sortKeys(r.headers),
    body: r.body,
    bodyCut: r.bodyCut === undefined ? undefined : { bytes: r.bodyCut.bytes, sha256: r.bodyCut.sha256 },
  });
}

function response(r: ResponseRecord): ResponseRecord {
  return {
    status: r.status,
    headers: sortKeys(r.headers),
    body: r.body,
    truncated: r.truncated,
    ...(r.bodyCut === undefined ? {} : { bodyCut: { bytes: r.bodyCut.bytes, sha256: r.bodyCut.sha256 } }),
    durationMs: r.durationMs,
  };
}

function reproducer(r: Reproducer): Reproducer {
  return compact({
    request: request(r.request),
    setup: r.setup?.map(request),
    seed: r.seed,
    path: r.path,
    replay: r.replay,
    carry: r.carry?.map((c) => ({
      variable: c.variable,
      from: c.from,
      member: c.member,
      occurrence: c.occurrence,
      value: c.value,
    })),
  });
}

/** `T` with the members that may be `undefined` made optional instead: what {@link compact} leaves. */
type Compact<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** Drops the members whose value is `undefined`, keeping the order of the others. */
function compact<T extends object>(o: T): Compact<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Compact<T>;
}

/** The same value with every object's keys sorted, deeply: free-form maps come out in one order. */
function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortKeys) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
  ) as T;
}
