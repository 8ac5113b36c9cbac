// express-zod-api rate-limits PATCH /v1/user/{id}: probes answered 429 are no evidence that a
// failure goes away, and no boundary may be drawn from them.
import { describe, expect, it } from 'vitest';
import type { Case, Exchange } from '../cases/index.js';
import type { Finding } from '../findings/index.js';
import { describeFinding } from '../report/describe-finding.js';
import { explainBoundary } from './boundary.js';

const refused = (status: number): Finding[] =>
  status === 400
    ? [
        {
          code: 'positive_rejected',
          severity: 'failure',
          operationId: 'updateUser',
          check: 'positive',
          evidence: { scenario: 'refused', status: 400, successes: ['200'] },
        },
      ]
    : [];

describe('explainBoundary on a rate-limited target', () => {
  it('draws no boundary from probes answered 429 or 503', async () => {
    // Every request fails the same way when it is answered at all; one in two is rate-limited.
    let sent = 0;
    const send = async (c: Case): Promise<Exchange> => {
      const status = sent++ % 2 === 1 ? (sent % 4 === 0 ? 503 : 429) : 400;
      return {
        case: c,
        request: { method: 'PATCH', path: '/user/1', headers: {} },
        response: { status, headers: {}, bodyText: '', durationMs: 1, sentAt: 0 },
      } as Exchange;
    };
    const judge = (e: Exchange) => refused(e.response!.status);
    const c: Case = {
      operationId: 'updateUser',
      family: 'valid',
      kind: 'valid',
      pathParams: {},
      query: [],
      auth: 'valid',
      body: { kind: 'json', value: { key: 'k'.repeat(12), name: 'z' } },
    };
    const first = await send(c);
    const findings = judge(first);
    const out = await explainBoundary(send, judge, { exchanges: [first], findings }, findings);
    expect(describeFinding(out[0]!)).not.toContain('Boundary');
  });
});
