import { describe, expect, it } from 'vitest';
import type { TransportFailure } from '../cases/index.js';
import type { OperationModel } from '../../spec/index.js';
import { checkTransport } from './transport.js';
import { exchange, failedExchange, response, validCase, verdicts } from './_test-support.js';
import { describeFinding } from '../report/describe-finding.js';

// The transport check reads the exchange only.
const operation = {} as OperationModel;
const KINDS: TransportFailure[] = ['unreachable', 'timeout', 'connection_reset', 'body_too_large', 'protocol_error'];

describe('checkTransport', () => {
  it.each(KINDS)('fails an exchange that ended in %s, keeping the kind and the message', (kind) => {
    const findings = checkTransport({
      exchange: failedExchange(validCase('listPets'), kind, 'no complete response within 100 ms'),
      operation,
    });
    expect(verdicts(findings)).toEqual([{ code: 'transport_error', severity: 'failure' }]);
    expect(findings[0]!.evidence).toEqual({ scenario: 'exchange', kind, detail: 'no complete response within 100 ms' });
    expect(describeFinding(findings[0]!)).toBe('No usable response: no complete response within 100 ms.');
    expect(findings[0]!.operationId).toBe('listPets');
    expect(findings[0]!.response).toBeUndefined();
    expect(findings[0]!.request).toBeDefined();
  });

  it('says nothing when a response came back, whatever its status', () => {
    for (const status of [200, 404, 500])
      expect(checkTransport({ exchange: exchange(validCase('listPets'), response(status)), operation })).toEqual([]);
  });
});
