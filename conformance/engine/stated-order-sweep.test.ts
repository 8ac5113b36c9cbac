// A range whose operation's words state its order and refuse the other one with 400 (the greenhouse
// and rentals zoos: "`from` must be earlier than `to`; otherwise 400"), sent inverted.
import { describe, expect, it } from 'vitest';
import type { Case, Exchange } from '../cases/index.js';
import { describeFinding } from '../report/describe-finding.js';
import { specFromDocument } from '../../spec/index.js';
import type { PropertyContext } from './kit-property.js';
import { statedOrderSweeps } from './stated-order-sweep.js';

const documentSaying = (description: string) =>
  specFromDocument({
    openapi: '3.0.3',
    info: { title: 'readings', version: '1' },
    paths: {
      '/readings': {
        get: {
          operationId: 'listReadings',
          description,
          parameters: [
            { name: 'from', in: 'query', schema: { type: 'string', format: 'date-time' } },
            { name: 'to', in: 'query', schema: { type: 'string', format: 'date-time' } },
          ],
          responses: { '200': { description: 'ok' }, '400': { description: 'bad range' } },
        },
      },
    },
  });

const sweepOn = (description: string, status: number) => {
  const spec = documentSaying(description);
  const sent: Case[] = [];
  const context = {
    spec,
    seed: 1,
    readOnly: false,
    known: () => ({}),
    judge: () => [],
    send: async (c: Case): Promise<Exchange> => {
      sent.push(c);
      return {
        case: c,
        request: { method: 'GET', path: '/readings', headers: {} },
        response: { status, headers: {}, bodyText: '[]', json: [], durationMs: 1, sentAt: 0 },
      };
    },
  } as unknown as PropertyContext;
  return { sweeps: statedOrderSweeps(spec, context), sent };
};

describe('a range order the words state', () => {
  it('sends the range inverted, and fails a 2xx on the words', async () => {
    const { sweeps, sent } = sweepOn('When both are given, `from` must be earlier than `to`; otherwise 400.', 200);
    expect(sweeps).toHaveLength(1);
    const { findings } = await sweeps[0]!.execute();
    expect(sent[0]!.query).toEqual([
      ['from', '2026-03-05T00:00:00Z'],
      ['to', '2026-03-01T00:00:00Z'],
    ]);
    expect(findings.map((f) => [f.severity, f.check])).toEqual([['failure', 'semantics.filter']]);
    expect(describeFinding(findings[0]!)).toContain('Sent from=2026-03-05T00:00:00Z past to=2026-03-01T00:00:00Z');
    expect(findings[0]!.basis).toMatchObject({ kind: 'spec', pointer: '/paths/~1readings/get/description' });
  });

  it('passes the refusal the words ask for', async () => {
    const { sweeps } = sweepOn('`from` later than `to` is answered 400.', 400);
    expect((await sweeps[0]!.execute()).findings).toEqual([]);
  });

  it('sends nothing where the words serve the other order, or say no order', () => {
    expect(sweepOn('With `from` later than `to` no reading matches (200, an empty page).', 200).sweeps).toEqual([]);
    expect(sweepOn('Readings between `from` and `to`.', 200).sweeps).toEqual([]);
  });
});
