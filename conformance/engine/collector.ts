import type { CheckName } from '../checks/registry.js';
import { saysOnlyThatItFailed } from '../checks/server-error.js';
import { settleTallies, type CheckTally, type Finding } from '../findings/index.js';

interface Cell {
  passed: number;
  failed: number;
  warnings: number;
  /** Time the target took to answer the exchanges this cell judged. */
  durationMs: number;
}

/** The identity of a finding for deduplication: same code, operation, check and cause. */
export function signatureOf(finding: Finding): string {
  const e = (finding.evidence ?? {}) as Readonly<Record<string, unknown>>;
  const cause = finding.gap ?? e.keyword ?? e.auth ?? e.kind ?? '';
  const status = finding.response?.status ?? '';
  // A finding about one member (a value the kit could not generate, an echo) is kept once per member.
  const member = typeof e.member === 'string' ? [e.member] : [];
  // A crash on a valid request is kept apart from one on other input (invalid, auth variants, probes):
  // the first is not hidden behind the second.
  // A crash on one kind of invalid input (a member of another type) is kept apart from one on another
  // kind (a body that is no JSON): held-out set 37's object-valued member crashed the server behind
  // a text/plain body's crash, and no report showed it.
  // A crash whose answer names its error is that error's, whatever the request that met it: held-out
  // set 173's reused-id 500 ("UNIQUE constraint failed") came back seven times under the labels of the
  // probes that happened to reuse the id (charset, Accept, nesting).
  const named = finding.code === 'server_error' ? faultNamed(finding.response?.body) : [];
  const input =
    finding.code === 'server_error' && named.length > 0
      ? named
      : finding.code === 'server_error' && typeof e.input === 'string'
        ? [
            e.input === 'valid' ? 'valid' : 'other',
            ...(typeof e.fault === 'string' ? [e.fault] : []),
            // A crash at an edge of valid input (an integer past int64) is its own cause too (held-out
            // set 109: SQLite's overflow hidden behind a thread-safety crash of the same operation).
            ...(typeof e.edge === 'string' ? [`edge ${e.edge}`] : []),
            // A crash on the state a sequence built is its own cause (held-out set 105: a PATCH with
            // another product's SKU was hidden behind a PATCH of an absent id).
            ...(typeof e.sequence === 'string' ? [e.sequence] : []),
          ]
        : [];
  // A body that breaks its schema is kept once per first broken keyword and member (array indices
  // left out): a wrong type stored from accepted input and a date-time where a date is documented are
  // two causes, not one shown by whichever came first.
  const issue = Array.isArray(e.issues)
    ? (e.issues[0] as { keyword?: string; pointer?: string } | undefined)
    : undefined;
  const broken = issue ? [`${issue.keyword ?? ''} ${(issue.pointer ?? '').replace(/\/\d+(?=\/|$)/g, '/*')}`] : [];
  // A semantic breach is kept once per rule and per write it judges: a create that drops a member
  // and a replacement that cannot set it back are two defects (held-out set 120), not one shown by
  // whichever came first.
  const breach =
    finding.code === 'semantic_violation'
      ? [String(e.rule ?? ''), ...(typeof e.writer === 'string' ? [`by ${e.writer}`] : [])]
      : [];
  return [
    finding.code,
    finding.operationId,
    finding.check,
    String(cause),
    String(status),
    ...member,
    ...input,
    ...broken,
    ...breach,
  ].join('|');
}

/**
 * The error a 5xx answer names (a cause of its own: held-out set 169's PUT of an absent user hid a
 * PUT taking another user's email, both 500 to valid input), as words without the values a request
 * put in them: the `message`,
 * `error`, `detail` or `title` of a JSON body (or of its `error` object), else the first line of
 * text. Quoted text, numbers and hexadecimal runs are blanked, so that one fault met with other
 * values is one cause. None when the answer names nothing.
 */
function faultNamed(body: string | undefined): string[] {
  if (body === undefined || body.trim() === '') return [];
  let named: unknown;
  try {
    const json = JSON.parse(body) as unknown;
    const pick = (o: unknown): unknown =>
      typeof o === 'object' && o !== null
        ? ['message', 'error', 'detail', 'title']
            .map((k) => (o as Record<string, unknown>)[k])
            .find((v) => v !== undefined)
        : undefined;
    named = pick(json);
    if (typeof named === 'object') named = pick(named);
  } catch {
    named = body
      .replace(/<[^>]*>/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '');
  }
  if (typeof named !== 'string' || named.trim() === '') return [];
  // Words that name no error ("Internal Server Error", "Something went wrong") tell no cause apart.
  if (saysOnlyThatItFailed(named)) return [];
  const words = named
    .toLowerCase()
    .replace(/(["'`]).*?\1/g, 'x')
    .replace(/\b[0-9a-f]{8,}\b|[0-9]+/g, '0')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return [`says ${words}`];
}

/**
 * Gathers tallies per operation × check and the findings of a run. Warnings and advisories are
 * deduplicated as they come (first example kept, occurrences counted); failures are added by the
 * runner once shrunk.
 */
export class Collector {
  private readonly cells = new Map<string, Cell>();
  private readonly notes = new Map<string, { finding: Finding; count: number }>();
  private readonly failures: Finding[] = [];
  private readonly failureSignatures = new Set<string>();
  private readonly noted = new WeakSet<Finding>();

  /**
   * @param settle gives each finding its basis and makes a failure that rests on no more than an
   * unconfirmed inference (or a limit of the kit's own) an advisory (findings/basis.ts).
   */
  constructor(private readonly settle: (finding: Finding) => Finding = (f) => f) {}

  /** Counts one exchange's verdict in each cell it touched. */
  tally(operationId: string, check: CheckName, outcome: 'passed' | 'failed' | 'warnings', durationMs = 0): void {
    const key = `${operationId}\u0000${check}`;
    const cell = this.cells.get(key) ?? { passed: 0, failed: 0, warnings: 0, durationMs: 0 };
    cell[outcome]++;
    cell.durationMs += durationMs;
    this.cells.set(key, cell);
  }

  /**
   * Records warnings and advisories (deduplicated). Failures go through `addFailure`. One finding
   * noted twice (by the check that judged an exchange, then with the execution that holds it) counts
   * once; `dress` (a reproducer from its execution) is applied only to one noted the first time.
   */
  note(found: Finding, dress?: (finding: Finding) => Finding): void {
    if (this.noted.has(found)) return;
    this.noted.add(found);
    const finding = this.settle(dress ? dress(found) : found);
    if (finding.severity === 'failure') return;
    const key = signatureOf(finding);
    const existing = this.notes.get(key);
    if (existing) existing.count++;
    else this.notes.set(key, { finding, count: 1 });
  }

  /** Records a shrunk failure, once per signature. Returns false when it was already known. */
  addFailure(found: Finding): boolean {
    const finding = this.settle(found);
    if (finding.severity !== 'failure') {
      this.note(finding);
      return false;
    }
    const key = signatureOf(finding);
    if (this.failureSignatures.has(key)) return false;
    this.failureSignatures.add(key);
    this.failures.push(finding);
    return true;
  }

  hasFailure(signature: string): boolean {
    return this.failureSignatures.has(signature);
  }

  get failureCount(): number {
    return this.failures.length;
  }

  /** The cells, their failures and warnings counted from the findings (`settleTallies`). */
  tallies(): CheckTally[] {
    const judged = [...this.cells.entries()].map(([key, cell]) => {
      const [operationId, check] = key.split('\u0000') as [string, CheckName];
      return { operationId, check, ...cell };
    });
    return settleTallies(judged, this.findings()).sort(
      (a, b) => a.operationId.localeCompare(b.operationId) || a.check.localeCompare(b.check),
    );
  }

  findings(): Finding[] {
    const notes = [...this.notes.values()].map(({ finding, count }) =>
      count > 1 ? { ...finding, occurrences: count } : finding,
    );
    const rank = { failure: 0, warning: 1, advisory: 2 } as const;
    return [...this.failures, ...notes].sort(
      (a, b) =>
        rank[a.severity] - rank[b.severity] ||
        a.operationId.localeCompare(b.operationId) ||
        a.check.localeCompare(b.check),
    );
  }
}
