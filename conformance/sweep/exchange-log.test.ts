import { describe, expect, it } from 'vitest';
import type { Case, Exchange } from '../cases/index.js';
import type { Finding } from '../findings/index.js';
import { ExchangeLog } from './exchange-log.js';

/** A context whose every answer has the case's operationId as status text, and one finding per exchange. */
function context() {
  const order: string[] = [];
  return {
    order,
    send: async (c: Case): Promise<Exchange> => {
      order.push(`send ${c.operationId}`);
      return { case: c, request: { method: 'GET', path: `/${c.operationId}`, headers: {} } } as Exchange;
    },
    judge: (e: Exchange): Finding[] => {
      order.push(`judge ${e.case.operationId}`);
      return [
        {
          operationId: e.case.operationId,
          code: 'server_error',
          severity: 'failure',
          check: 'server_error',
        } as Finding,
      ];
    },
  };
}
const c = (operationId: string): Case => ({
  operationId,
  family: 'valid',
  kind: 'valid',
  pathParams: {},
  query: [],
  auth: 'valid',
});

describe('ExchangeLog', () => {
  it('sends, keeps and judges each case, unjudged or filtered on request, with what the work adds', async () => {
    const ctx = context();
    const log = new ExchangeLog(ctx);
    await log.send(c('a'));
    const setUp = await log.send(c('b'), false);
    await log.send(c('c'), (f) => f.operationId !== 'c');
    log.judge(setUp);
    log.add({ operationId: 'x', code: 'protocol_violation', severity: 'failure', check: 'protocol' } as Finding);
    const { exchanges, findings } = log.execution();
    expect(exchanges.map((e) => e.case.operationId)).toEqual(['a', 'b', 'c']);
    expect(findings.map((f) => f.operationId)).toEqual(['a', 'b', 'x']);
  });

  it('sendAll sends every case before judging any', async () => {
    const ctx = context();
    const log = new ExchangeLog(ctx);
    await log.sendAll([c('a'), c('b')], (f) => f.operationId === 'b');
    expect(ctx.order).toEqual(['send a', 'send b', 'judge a', 'judge b']);
    expect(log.findings.map((f) => f.operationId)).toEqual(['b']);
  });
});
