import type { ContractCoverage } from '../findings/index.js';

/** What one operation never reached, in words: `responses 400 application/json; members dueDate`. */
export function uncovered(coverage: ContractCoverage): { readonly operationId: string; readonly missing: string }[] {
  const out: { operationId: string; missing: string }[] = [];
  for (const o of coverage.byOperation) {
    const parts: string[] = [];
    if (o.requests === 0) {
      out.push({ operationId: o.operationId, missing: 'never called' });
      continue;
    }
    const responses = o.responses
      .filter((c) => !c.reached)
      .map((c) => `${c.status}${c.mediaType ? ` ${c.mediaType}` : ''}`);
    const parameters = o.parameters.filter((c) => !c.reached).map((c) => `${c.in} ${c.name}`);
    const members = o.members.filter((c) => !c.reached).map((c) => c.name);
    if (responses.length > 0) parts.push(`responses ${responses.join(', ')}`);
    if (parameters.length > 0) parts.push(`parameters ${parameters.join(', ')}`);
    if (members.length > 0) parts.push(`members ${members.join(', ')}`);
    if (parts.length > 0) out.push({ operationId: o.operationId, missing: parts.join('; ') });
  }
  return out;
}

/** The message for a coverage under `--min-coverage`, or undefined when it is met (or there is none). */
export function coverageShortfall(coverage: ContractCoverage | undefined, min: number | undefined): string | undefined {
  if (coverage === undefined || min === undefined || coverage.percent >= min) return undefined;
  return `contract coverage ${coverage.percent}% is below --min-coverage ${min}%`;
}
