import { describe, expect, it } from 'vitest';
import type { Case, Exchange } from '../../cases/index.js';
import { loadSpec } from '../../../spec/index.js';
import type { SequenceContext } from '../rules.js';
import { ensurePopulation, growthRungs, pageSpread } from './sequences.js';
import { describeFinding } from '../../report/describe-finding.js';

const spec = await loadSpec();

/** An in-memory Animal Store; `select` decides what a list shows. */
function store(
  select: (pets: { id: number; status: string }[], limit: number, status: string | undefined) => unknown[],
  initial = 3,
) {
  const pets = Array.from({ length: initial }, (_, i) => ({
    id: i + 1,
    name: `p${i}`,
    categoryId: 1,
    status: ['available', 'pending', 'sold'][i % 3]!,
  }));
  let sent = 0;
  const send = async (c: Case): Promise<Exchange> => {
    sent++;
    let status = 200;
    let json: unknown;
    if (c.operationId === 'createPet') {
      const body = (c.body as { value: Record<string, unknown> }).value;
      const pet = { ...(body as { name: string; categoryId: number; status: string }), id: pets.length + 1 };
      pets.push(pet);
      status = 201;
      json = pet;
    } else {
      const q = Object.fromEntries(c.query);
      json = select(pets, Number(q.limit ?? 20), q.status);
    }
    const text = JSON.stringify(json);
    return {
      case: c,
      request: { method: 'GET', path: '/pets', headers: {} },
      response: {
        status,
        headers: { 'content-type': 'application/json' },
        bodyText: text,
        json,
        exactJson: json,
        durationMs: 1,
      },
    } as unknown as Exchange;
  };
  const context: SequenceContext = { spec, readOnly: false, send, judge: () => [] };
  return { context, pets, sent: () => sent };
}

const honest = (pets: { status: string }[], limit: number, status: string | undefined) =>
  pets.filter((p) => !status || p.status === status).slice(0, limit);

describe('ensurePopulation', () => {
  it('grows the store to half the largest page and reads it at every rung: a list that wraps is caught', async () => {
    const wraps = store((pets, limit, status) =>
      pets.length > 25 && !status && limit > pets.length
        ? Array.from({ length: limit }, (_, i) => pets[i % pets.length])
        : honest(pets, limit, status),
    );
    const failures = await ensurePopulation(wraps.context);
    expect(wraps.pets.length).toBe(50);
    expect(failures.some((f) => f.check === 'semantics.unique_ids')).toBe(true);
  });

  it('finds nothing on an honest store, in a bounded number of requests', async () => {
    const ok = store(honest);
    expect(await ensurePopulation(ok.context)).toEqual([]);
    expect(ok.sent()).toBeLessThanOrEqual(1 + 47 + 2 * growthRungs(50).length);
  });
});

describe('pageSpread', () => {
  it('fails a page shorter than what a filter holds, anywhere in the range of limit', async () => {
    const short = store(
      (pets, limit, status) => honest(pets, limit >= 43 && limit <= 79 ? limit - 5 : limit, status),
      150,
    );
    const result = await pageSpread.execute(0, { ...short.context });
    expect(
      result.findings.some((f) => f.check === 'semantics.limit' && /limit=(4[3-9]|[5-7]\d)/.test(describeFinding(f))),
    ).toBe(true);
    const ok = store(honest, 150);
    expect((await pageSpread.execute(0, ok.context)).findings).toEqual([]);
  });
});
