import { describe, expect, it } from 'vitest';
import type { Exchange } from '../cases/index.js';
import type { Finding } from '../findings/index.js';
import { resetKey, resetsToSendAlone } from './resets-alone.js';

const reset = (path: string): Exchange =>
  ({ request: { method: 'GET', path, headers: {} }, failure: { kind: 'connection_reset' } }) as unknown as Exchange;
const failure = (path: string, severity: Finding['severity'] = 'failure'): Finding =>
  ({
    code: 'transport_error',
    severity,
    operationId: 'op',
    check: 'transport',
    evidence: { scenario: 'exchange', kind: 'connection_reset' },
    request: { method: 'GET', path, headers: {} },
  }) as unknown as Finding;

describe('resetsToSendAlone', () => {
  const seen = new Map(['/1', '/2', '/3', '/4', '/5', '/6', '/7'].map((p) => [resetKey(reset(p).request), reset(p)]));

  it('sends the resets the report fails first (held-out set 122), then the first others', () => {
    const chosen = resetsToSendAlone(seen, [failure('/7'), failure('/6', 'advisory'), failure('/9')], 3);
    expect(chosen.map((e) => e.request.path)).toEqual(['/7', '/1', '/2']);
  });

  it('takes the first seen when the report fails none', () => {
    expect(resetsToSendAlone(seen, [], 2).map((e) => e.request.path)).toEqual(['/1', '/2']);
  });
});
