import { parseParameter } from '../../spec/parameters/index.js';
import type { HeaderProblem } from '../findings/index.js';
import { findingOf, outsideOperation, type Check } from './make-finding.js';

/**
 * Every response header the spec documents for the status as `required` is there, and every
 * documented header that is there has a value its schema allows (read as a `simple`-style header,
 * as OpenAPI says headers are). Content-Type is the content-type check's (OpenAPI ignores it here).
 */
export const checkResponseHeaders: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  if (!r || r.status >= 500 || (r.status >= 300 && r.status < 400)) return [];
  const documented = operation.responseFor(r.status);
  if (!documented || outsideOperation(exchange.case, operation)) return [];
  const probe = exchange.case.kind === 'probe';
  const problems: HeaderProblem[] = [];
  for (const [name, header] of Object.entries(documented.headers)) {
    if (name === 'content-type') continue;
    const value = r.headers[name];
    if (value === undefined) {
      if (header.required) problems.push({ header: header.name, problem: 'missing' });
      continue;
    }
    if (!header.schema) continue;
    const parsed = parseParameter({ name: header.name, in: 'header', schema: header.schema.schema }, value);
    const result = parsed.ok ? header.schema.validate(parsed.value) : undefined;
    if (!parsed.ok) problems.push({ header: header.name, problem: 'unreadable', detail: parsed.message });
    else if (result && !result.ok)
      problems.push({
        header: header.name,
        problem: 'invalid',
        value,
        detail: result.errors[0]!.message.replace(/^\/ /, ''),
      });
  }
  if (problems.length === 0) return [];
  return [
    findingOf(exchange, {
      code: 'schema_mismatch',
      severity: probe ? 'warning' : 'failure',
      check: 'response_headers',
      evidence: { scenario: 'headers', status: r.status, problems },
      ...(probe ? { gap: 'other-endpoints' } : {}),
    }),
  ];
};
