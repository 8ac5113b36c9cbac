import { describe, expect, it } from 'vitest';
import type { Case, Exchange, WireJson } from '../cases/index.js';
import { narrowRefusal } from './narrow.js';

type Obj = Record<string, WireJson>;

/** A target that refuses names over 10 units and categoryId 7, and counts what it was sent. */
function target(refuse: (body: Obj) => boolean) {
  const sent: Obj[] = [];
  const send = async (c: Case): Promise<Exchange> => {
    const body = (c.body as { value: Obj }).value;
    sent.push(body);
    const status = refuse(body) ? 400 : 201;
    return { case: c, request: { method: 'POST', path: '/pets', headers: {} }, response: { status, headers: {}, body: '', json: undefined, exactJson: undefined, durationMs: 1 } } as unknown as Exchange;
  };
  return { send, sent };
}

const caseOf = (value: Obj): Case => ({ operationId: 'createPet', family: 'valid', kind: 'valid', pathParams: {}, query: [], auth: 'valid', body: { kind: 'json', value }, edge: { gap: 'unknown-fields', description: '/body/nickname is not a documented property' } });
const ordinary: Obj = { name: 'Rex', categoryId: 1 };
const rule = (b: Obj) => (typeof b.name === 'string' && b.name.length > 10) || b.categoryId === 7;

describe('narrowRefusal', () => {
  it('names the member whose value is refused, not the edge the case carried', async () => {
    const t = target(rule);
    expect(await narrowRefusal(t.send, caseOf({ name: 'Rex', categoryId: 7, nickname: 'x' }), ordinary)).toEqual({ kind: 'members', members: ['categoryId'] });
    expect(t.sent.length).toBeLessThanOrEqual(3);
  });

  it('keeps every member that alone is refused', async () => {
    const t = target(rule);
    expect(await narrowRefusal(t.send, caseOf({ name: 'x'.repeat(20), categoryId: 7, nickname: 'x' }), ordinary)).toEqual({ kind: 'members', members: ['name', 'categoryId'] });
  });

  it('says when the body is not the cause (an ordinary body is refused too)', async () => {
    const t = target(() => true);
    expect(await narrowRefusal(t.send, caseOf({ name: 'Rex', categoryId: 2 }), ordinary)).toEqual({ kind: 'not-body' });
  });

  it('leaves out members the ordinary body does not have', async () => {
    const t = target((b) => 'nickname' in b);
    expect(await narrowRefusal(t.send, caseOf({ name: 'Rex', categoryId: 1, nickname: 'x' }), ordinary)).toEqual({ kind: 'members', members: ['nickname'] });
    expect(t.sent[0]).toEqual({ name: 'Rex', categoryId: 1 });
  });
});
