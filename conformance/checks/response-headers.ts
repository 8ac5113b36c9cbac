import { parseParameter } from '../../spec/parameters/index.js';
import { findingOf, type Check } from './make-finding.js';

/**
 * Every response header the spec documents for the status as `required` is there, and every
 * documented header that is there has a value its schema allows (read as a `simple`-style header,
 * as OpenAPI says headers are). Content-Type is the content-type check's (OpenAPI ignores it here).
 */
export const checkResponseHeaders: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  if (!r || r.status >= 500 || (r.status >= 300 && r.status < 400)) return [];
  const documented = operation.responseFor(r.status);
  if (!documented) return [];
  const probe = exchange.case.kind === 'probe';
  const problems: string[] = [];
  for (const [name, header] of Object.entries(documented.headers)) {
    if (name === 'content-type') continue;
    const value = r.headers[name];
    if (value === undefined) {
      if (header.required) problems.push(`the required header ${header.name} is missing`);
      continue;
    }
    if (!header.schema) continue;
    const parsed = parseParameter({ name: header.name, in: 'header', schema: header.schema.schema }, value);
    const result = parsed.ok ? header.schema.validate(parsed.value) : undefined;
    if (!parsed.ok) problems.push(`${header.name}: ${parsed.message}`);
    else if (result && !result.ok)
      problems.push(`${header.name}: ${JSON.stringify(value)} ${result.errors[0]!.message.replace(/^\/ /, '')}`);
  }
  if (problems.length === 0) return [];
  return [
    findingOf(exchange, {
      code: 'schema_mismatch',
      severity: probe ? 'warning' : 'failure',
      check: 'response_headers',
      message: `The ${r.status} answer breaks the headers ${operation.operationId} documents: ${problems.join('; ')}.`,
      evidence: { problems },
      ...(probe ? { gap: 'other-endpoints' } : {}),
    }),
  ];
};
