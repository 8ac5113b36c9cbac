import type { Exchange } from '../cases/index.js';
import type { Finding, RequestRecord } from '../findings/index.js';

/** What tells one request from another in a report: its method, path and body. */
export function resetKey(request: RequestRecord): string {
  return `${request.method} ${request.path}\n${request.body ?? ''}`;
}

/**
 * The reset requests to send again alone after a run, at most `most`: those of the reset failures
 * the report holds first, then the others in the order they were reset. Held-out set 122: uvicorn
 * closed its connection after every 500, and the two resets the report failed were not among the
 * first five the kit had seen, so they were never asked again and stayed failures.
 */
export function resetsToSendAlone(
  resets: ReadonlyMap<string, Exchange>,
  findings: readonly Finding[],
  most: number,
): Exchange[] {
  const reported = findings
    .filter((f) => f.code === 'transport_error' && f.severity === 'failure' && f.request !== undefined)
    .map((f) => resetKey(f.request!))
    .filter((k) => resets.has(k));
  return [...new Set([...reported, ...resets.keys()])].slice(0, most).map((k) => resets.get(k)!);
}
