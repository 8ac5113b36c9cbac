import { findingOf, type Check } from './make-finding.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = `(?:${MONTHS.join('|')})`;
const TIME = '[0-9]{2}:[0-9]{2}:[0-9]{2}';
/** RFC 9110 §5.6.7 HTTP-date: IMF-fixdate, or the obsolete rfc850-date and asctime-date a recipient must accept. */
const HTTP_DATE = new RegExp(
  `^(?:${DAY}, [0-9]{2} ${MONTH} [0-9]{4} ${TIME} GMT|${LONG_DAY}, [0-9]{2}-${MONTH}-[0-9]{2} ${TIME} GMT|${DAY} ${MONTH} [ 0-9][0-9] ${TIME} [0-9]{4})$`,
);

/**
 * Deprecation signals on the wire, judged against what the spec says (`deprecated`, `x-sunset`):
 * - a deprecated operation without `Deprecation` (RFC 9745) or `Sunset` (RFC 8594): advisory, the
 *   contract does not require the headers;
 * - a `Sunset` that is not an HTTP-date (RFC 8594 §3: `Sunset = HTTP-date`), or that names another
 *   day than the spec's `x-sunset`: a failure, the header tells clients something false;
 * - `Deprecation` on an operation the spec does not mark deprecated: it tells clients to leave an
 *   operation the spec keeps (often the successor itself), but the contract does not forbid extra
 *   headers and some servers send the signal on every answer: a contract gap (`deprecation-signals`),
 *   a failure under --strict.
 */
export const checkDeprecation: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  const deprecation = operation.deprecation;
  if (!r || r.status < 200 || r.status >= 300) return [];
  if (!deprecation) {
    if (r.headers.deprecation === undefined) return [];
    return [
      findingOf(exchange, {
        code: 'contract_gap',
        severity: 'warning',
        gap: 'deprecation-signals',
        check: 'deprecation',
        evidence: {
          scenario: 'deprecation-unmarked',
          deprecation: r.headers.deprecation,
          ...(r.headers.sunset ? { sunset: r.headers.sunset } : {}),
          pointer: operation.pointer,
        },
      }),
    ];
  }
  const missing: string[] = [];
  if (!r.headers.deprecation) missing.push('Deprecation');
  const sunset = r.headers.sunset;
  if (!sunset) missing.push('Sunset');
  const findings = [];
  if (sunset !== undefined && !HTTP_DATE.test(sunset.trim())) {
    findings.push(
      findingOf(exchange, {
        code: 'deprecation_headers',
        severity: 'failure',
        check: 'deprecation',
        evidence: {
          scenario: 'sunset-not-http-date',
          sunset,
          ...(deprecation.sunset
            ? { xSunset: deprecation.sunset, xSunsetHttpDate: httpDateOf(deprecation.sunset) }
            : {}),
        },
      }),
    );
  } else if (deprecation.sunset && sunset && !sameDay(sunset, deprecation.sunset)) {
    findings.push(
      findingOf(exchange, {
        code: 'deprecation_headers',
        severity: 'failure',
        check: 'deprecation',
        evidence: {
          scenario: 'sunset-other-day',
          sunset,
          xSunset: deprecation.sunset,
          xSunsetHttpDate: httpDateOf(deprecation.sunset),
        },
      }),
    );
  }
  if (missing.length > 0) {
    findings.push(
      findingOf(exchange, {
        code: 'deprecation_headers',
        severity: 'advisory',
        check: 'deprecation',
        evidence: { scenario: 'missing', missing, ...(deprecation.sunset ? { xSunset: deprecation.sunset } : {}) },
      }),
    );
  }
  return findings;
};

/** An ISO day as an IMF-fixdate at midnight UTC. */
function httpDateOf(isoDay: string): string {
  const t = Date.parse(`${isoDay}T00:00:00Z`);
  return Number.isNaN(t) ? isoDay : new Date(t).toUTCString();
}

/** True when an HTTP date names the same UTC day as an ISO date; false for unparseable dates. */
function sameDay(httpDate: string, isoDay: string): boolean {
  const t = Date.parse(httpDate);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === isoDay;
}
