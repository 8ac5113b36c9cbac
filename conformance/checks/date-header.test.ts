import { describe, expect, it } from 'vitest';
import { DateWatch, isImfFixdate } from './date-header.js';
import { exchange, failedExchange, response, validCase } from './_test-support.js';

const DATE = 'Sun, 06 Nov 1994 08:49:37 GMT';
const answer = (status: number, date?: string) =>
  exchange(validCase('listPets'), response(status, '[]', date === undefined ? {} : { date }));

describe('isImfFixdate', () => {
  it('takes IMF-fixdate only (RFC 9110 §5.6.7)', () => {
    expect(isImfFixdate(DATE)).toBe(true);
    expect(isImfFixdate(new Date(Date.UTC(2026, 0, 1)).toUTCString())).toBe(true);
    // The obsolete forms a recipient reads but a sender never generates, ISO 8601, and impossible days.
    for (const bad of [
      'Sunday, 06-Nov-94 08:49:37 GMT',
      'Sun Nov  6 08:49:37 1994',
      '2026-01-01T00:00:00.000Z',
      'Mon, 06 Nov 1994 08:49:37 GMT',
      'Thu, 31 Feb 2026 00:00:00 GMT',
      'Sun, 06 Nov 1994 08:49:37 UTC',
      `${DATE}, ${DATE}`,
    ])
      expect(isImfFixdate(bad), bad).toBe(false);
  });
});

describe('DateWatch', () => {
  it('passes a run whose 2xx-4xx answers carry an IMF-fixdate; 5xx and bare HTTP-layer 4xx may go without', () => {
    const watch = new DateWatch();
    for (const e of [
      answer(200, DATE),
      answer(404, DATE),
      answer(503),
      // Node's parser refuses an over-long header block with a bare 431: no Content-Type, no Date.
      exchange(validCase('listPets'), response(431, '', {})),
      failedExchange(validCase('listPets'), 'timeout', 'x'),
    ])
      watch.observe(e);
    expect(watch.findings()).toEqual([]);
  });

  it('fails answers without Date once for the whole run, counted with their statuses', () => {
    const watch = new DateWatch();
    for (const e of [answer(200, DATE), answer(201), answer(201), answer(404), answer(500)]) watch.observe(e);
    const findings = watch.findings();
    expect(findings.map((f) => [f.code, f.severity, f.evidence])).toEqual([
      ['protocol_violation', 'failure', { rule: 'date-missing', answers: 3, of: 5, statuses: [201, 404] }],
    ]);
    expect(findings[0]!.response?.status).toBe(201);
  });

  it('fails a Date that is no IMF-fixdate, in any answer, once for the whole run', () => {
    const watch = new DateWatch();
    for (const e of [answer(200, DATE), answer(404, '2026-01-01T00:00:00.000Z'), answer(401, '2026-01-01T00:00:01Z')])
      watch.observe(e);
    expect(watch.findings().map((f) => f.evidence)).toEqual([
      { rule: 'date-format', date: '2026-01-01T00:00:00.000Z', answers: 2, statuses: [401, 404] },
    ]);
  });
});
