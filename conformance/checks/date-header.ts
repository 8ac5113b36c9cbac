import type { Exchange } from '../cases/index.js';
import type { Finding } from '../findings/index.js';
import { findingOf } from './make-finding.js';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IMF_FIXDATE = new RegExp(
  `^(${DAYS.join('|')}), (\\d{2}) (${MONTHS.join('|')}) (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`,
);

/**
 * Whether a header value is an IMF-fixdate (RFC 9110 §5.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`), the
 * only HTTP-date form a sender may generate: the fixed layout, a real calendar day with its own
 * day name, and a time of day (a leap second's :60 allowed).
 */
export function isImfFixdate(value: string): boolean {
  const m = IMF_FIXDATE.exec(value);
  if (!m) return false;
  const [, day, date, month, year, hour, minute, second] = m as unknown as string[];
  const when = new Date(Date.UTC(Number(year), MONTHS.indexOf(month!), Number(date)));
  return (
    when.getUTCDate() === Number(date) &&
    DAYS[when.getUTCDay()] === day &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) <= 60
  );
}

/** One rule's count over a run, with the first answer that broke it (the finding's example). */
interface Tally {
  first: Exchange;
  answers: number;
  readonly statuses: Set<number>;
}

/**
 * The Date header of every answer of a run, judged once for the whole run (one finding per broken
 * rule, however many answers broke it: a server either sends dates right or it does not).
 *
 * - RFC 9110 §6.6.1: "An origin server with a clock MUST generate a Date header field in all 2xx
 *   (Successful), 3xx (Redirection), and 4xx (Client Error) responses" (1xx and 5xx MAY omit it).
 *   Every server the kit can reach over a network has a clock. A 4xx without Content-Type is left
 *   out: HTTP layers refuse malformed requests that way before the application sees them.
 * - RFC 9110 §5.6.7: "A sender MUST generate timestamps in the IMF-fixdate format", in any answer.
 */
export class DateWatch {
  private answered = 0;
  private missing: Tally | undefined;
  private malformed: Tally | undefined;

  /** Looks at one exchange; exchanges without an answer are not counted. */
  observe(exchange: Exchange): void {
    const r = exchange.response;
    if (!r) return;
    this.answered++;
    const date = r.headers.date;
    if (date === undefined) {
      // A 4xx without Content-Type is a bare refusal of the HTTP layer before any application code
      // (Node's parser sends its 400 and 431 with no Date): only the application's own answers count.
      const bare = r.status >= 400 && r.headers['content-type'] === undefined;
      if (r.status >= 200 && r.status < 500 && !bare) this.missing = tallied(this.missing, exchange);
    } else if (!isImfFixdate(date.trim())) {
      this.malformed = tallied(this.malformed, exchange);
    }
  }

  /** At most one finding per rule, each with its first example and how many answers broke it. */
  findings(): Finding[] {
    const out: Finding[] = [];
    if (this.missing)
      out.push(
        findingOf(this.missing.first, {
          code: 'protocol_violation',
          severity: 'failure',
          check: 'protocol',
          evidence: {
            rule: 'date-missing',
            answers: this.missing.answers,
            of: this.answered,
            statuses: [...this.missing.statuses].sort((a, b) => a - b),
          },
        }),
      );
    if (this.malformed)
      out.push(
        findingOf(this.malformed.first, {
          code: 'protocol_violation',
          severity: 'failure',
          check: 'protocol',
          evidence: {
            rule: 'date-format',
            date: this.malformed.first.response!.headers.date!,
            answers: this.malformed.answers,
            statuses: [...this.malformed.statuses].sort((a, b) => a - b),
          },
        }),
      );
    return out;
  }
}

function tallied(tally: Tally | undefined, exchange: Exchange): Tally {
  const t = tally ?? { first: exchange, answers: 0, statuses: new Set<number>() };
  t.answers++;
  t.statuses.add(exchange.response!.status);
  return t;
}
