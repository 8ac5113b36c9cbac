import { findingOf, type Check } from './make-finding.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A deprecated operation should say so on the wire: `Deprecation` (RFC 9745) and `Sunset` (RFC 8594)
 * with the spec's removal date. The contract does not require the headers, so this is advisory.
 */
export const checkDeprecation: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  const deprecation = operation.deprecation;
  if (!deprecation || !r || r.status < 200 || r.status >= 300) return [];
  const missing: string[] = [];
  if (!r.headers.deprecation) missing.push('Deprecation');
  const sunset = r.headers.sunset;
  if (!sunset) missing.push('Sunset');
  const findings = [];
  if (missing.length > 0) {
    findings.push(
      findingOf(exchange, {
        code: 'deprecation_headers',
        severity: 'advisory',
        check: 'deprecation',
        message: `${operation.operationId} is deprecated${deprecation.sunset ? ` (removal ${deprecation.sunset})` : ''} but the answer has no ${missing.join(' or ')} header.`,
      }),
    );
  } else if (deprecation.sunset && sunset && !sameDay(sunset, deprecation.sunset)) {
    const [y, m, d] = deprecation.sunset.split('-');
    findings.push(
      findingOf(exchange, {
        code: 'deprecation_headers',
        severity: 'advisory',
        check: 'deprecation',
        message: `Sunset says ${sunset}; the spec's removal date is ${d} ${MONTHS[Number(m) - 1]} ${y}.`,
      }),
    );
  }
  return findings;
};

/** True when an HTTP date names the same UTC day as an ISO date; false for unparseable dates. */
function sameDay(httpDate: string, isoDay: string): boolean {
  const t = Date.parse(httpDate);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === isoDay;
}
