import { describe, expect, it } from 'vitest';
import type { Exchange } from '../cases/index.js';
import { checkConnectionClose } from './connection-close.js';
import { REQUEST, response, validCase, verdicts } from './_test-support.js';

const judged = (asked: string | undefined, answered: string | undefined) => {
  const e: Exchange = {
    case: validCase('listPets'),
    request: { ...REQUEST, headers: { ...REQUEST.headers, ...(asked ? { connection: asked } : {}) } },
    response: response(200, '[]', answered ? { connection: answered } : {}),
  };
  return verdicts(checkConnectionClose({ exchange: e, operation: undefined as never }));
};

describe('checkConnectionClose', () => {
  it('fails keep-alive in the answer to Connection: close (RFC 9112 §9.6 MUST close)', () => {
    expect(judged('close', 'keep-alive')).toEqual([{ code: 'protocol_violation', severity: 'failure' }]);
    expect(judged('Close', 'Keep-Alive')).toEqual([{ code: 'protocol_violation', severity: 'failure' }]);
  });

  it('passes close, no Connection header, or a request that did not ask to close', () => {
    expect(judged('close', 'close')).toEqual([]);
    expect(judged('close', undefined)).toEqual([]);
    expect(judged(undefined, 'keep-alive')).toEqual([]);
    expect(judged('keep-alive', 'keep-alive')).toEqual([]);
  });
});
