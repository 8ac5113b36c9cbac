import { describe, expect, it } from 'vitest';
import type { OperationModel } from '../../spec/index.js';
import { checkRedirect } from './redirect.js';
import { exchange, failedExchange, response, validCase, verdicts } from './_test-support.js';
import { describeFinding } from '../report/describe-finding.js';

// An operation that documents no redirect.
const operation = { responses: {} } as unknown as OperationModel;

describe('checkRedirect', () => {
  it.each([301, 302, 303, 307, 308])('fails %i and names where it pointed', (status) => {
    const findings = checkRedirect({
      exchange: exchange(validCase('listPets'), response(status, '', { location: 'https://evil.example/steal' })),
      operation,
    });
    expect(verdicts(findings)).toEqual([{ code: 'redirect', severity: 'failure' }]);
    expect(findings[0]!.evidence).toEqual({ status, location: 'https://evil.example/steal' });
    expect(describeFinding(findings[0]!)).toContain(`${status} to https://evil.example/steal`);
  });

  it('fails a redirect without Location too', () => {
    const findings = checkRedirect({ exchange: exchange(validCase('listPets'), response(304)), operation });
    expect(verdicts(findings)).toEqual([{ code: 'redirect', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).not.toContain(' to ');
  });

  it.each([200, 299, 400, 500])('says nothing about %i', (status) => {
    expect(
      checkRedirect({ exchange: exchange(validCase('listPets'), response(status, '', { location: '/x' })), operation }),
    ).toEqual([]);
  });

  it('says nothing when no response came back', () => {
    expect(
      checkRedirect({ exchange: failedExchange(validCase('listPets'), 'unreachable', 'cannot connect'), operation }),
    ).toEqual([]);
  });

  it('says nothing of a redirect the operation documents (an OAuth /authorize answering 302)', () => {
    const authorize = { responses: { '302': {} } } as unknown as OperationModel;
    expect(
      checkRedirect({
        exchange: exchange(validCase('listPets'), response(302, '', { location: 'https://client.example/cb' })),
        operation: authorize,
      }),
    ).toEqual([]);
    expect(
      verdicts(
        checkRedirect({
          exchange: exchange(validCase('listPets'), response(301, '', { location: '/x' })),
          operation: authorize,
        }),
      ),
    ).toEqual([{ code: 'redirect', severity: 'failure' }]);
  });
});
