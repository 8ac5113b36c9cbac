import type { OperationModel, SpecModel } from '../spec/index.js';
import type { HeaderRecord } from './cors.js';

/**
 * Response headers announcing a deprecated operation, derived from the spec: `Deprecation: true`
 * (the form Prism and the pre-RFC 9745 drafts use; the spec records no deprecation date for the
 * RFC's `@<epoch>` form), `Sunset` (RFC 8594) from `x-sunset`, and a `Link` with
 * `rel="successor-version"` from `x-replaced-by`. Empty for operations that are not deprecated.
 */
export function deprecationHeaders(spec: SpecModel, operation: OperationModel): HeaderRecord {
  const facts = operation.deprecation;
  if (!facts) return {};
  const headers: HeaderRecord = { Deprecation: 'true' };
  if (facts.sunset !== undefined) {
    const date = new Date(`${facts.sunset}T00:00:00Z`);
    if (!Number.isNaN(date.getTime())) headers.Sunset = date.toUTCString();
  }
  if (facts.replacedBy) headers.Link = `<${spec.basePath}${facts.replacedBy.path}>; rel="successor-version"`;
  return headers;
}
