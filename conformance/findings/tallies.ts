import type { CheckName } from '../checks/registry.js';
import type { Finding } from './finding.js';
import type { CheckTally } from './report.js';

/**
 * The run's one set of books: each operation × check cell with its `failed` and `warnings` counted
 * from the findings the report carries (each once, under its own operation and check), and a cell
 * for every finding, even one found by a sequence whose exchanges were judged under other cells.
 * `passed` and `durationMs` stay as the judged exchanges gave them.
 *
 * Counting failures as exchanges were judged filed them under whatever check was running (a
 * read-back found by a sequence showed as the create's echo check), and counted executions that
 * never became a finding (a failure that did not survive shrinking): the matrix then disagreed with
 * the findings. Every report, and the vitest helper, reads the cells from here.
 */
export function settleTallies(tallies: readonly CheckTally[], findings: readonly Finding[]): CheckTally[] {
  const cells = new Map<string, CheckTally>();
  const keyOf = (operationId: string, check: string) => `${operationId}\u0000${check}`;
  for (const t of tallies) {
    const key = keyOf(t.operationId, t.check);
    const known = cells.get(key);
    cells.set(
      key,
      known
        ? {
            ...known,
            passed: known.passed + t.passed,
            ...(t.durationMs !== undefined ? { durationMs: (known.durationMs ?? 0) + t.durationMs } : {}),
          }
        : { ...t, failed: 0, warnings: 0 },
    );
  }
  for (const f of findings) {
    if (f.severity === 'advisory') continue;
    const key = keyOf(f.operationId, f.check);
    const cell = cells.get(key) ?? {
      operationId: f.operationId,
      check: f.check as CheckName,
      passed: 0,
      failed: 0,
      warnings: 0,
    };
    cells.set(
      key,
      f.severity === 'failure' ? { ...cell, failed: cell.failed + 1 } : { ...cell, warnings: cell.warnings + 1 },
    );
  }
  // In the order the tallies name their cells, then the cells only findings name.
  return [...cells.values()];
}
