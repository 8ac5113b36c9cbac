import { describe, expect, it } from 'vitest';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import type { SequenceContext } from '../rules.js';
import { jsonExchange, memoryStore } from './__fixtures__/memory-store.js';
import { thingsSpec } from './__fixtures__/things-spec.js';
import { concurrentCreates } from './concurrent-creates.js';

const spec = thingsSpec();
const things = resourceModelFor(spec).model.collections[0]!;
const property = concurrentCreates(spec, things)!;

/**
 * A store whose creations yield between reading the counter and writing it back (`racyIds`), or that
 * keeps the body of the last request for every item made meanwhile (`sharedBody`).
 */
function racyStore(defect: 'racyIds' | 'sharedBody'): SequenceContext {
  let next = 1;
  let lastBody: Record<string, unknown> = {};
  const items = new Map<string, () => Record<string, unknown>>();
  const send = async (c: Case) => {
    if (c.operationId === 'createThing') {
      const body = (c.body as { value: Record<string, unknown> }).value;
      lastBody = body;
      const id = next;
      if (defect === 'sharedBody') next++;
      await new Promise((resolve) => setImmediate(resolve));
      if (defect === 'racyIds') next = id + 1;
      const item = defect === 'sharedBody' ? () => ({ ...lastBody, id }) : () => ({ ...body, id });
      items.set(String(id), item);
      return jsonExchange(c, 201, item());
    }
    const found = items.get(c.pathParams.thingId ?? '');
    return found ? jsonExchange(c, 200, found()) : jsonExchange(c, 404, { code: 'not_found' });
  };
  return { spec, readOnly: false, send, judge: () => [] };
}

describe('concurrentCreates', () => {
  it('tags the free-text member of the create body, for a collection whose ids the server hands out', () => {
    expect(property.id).toBe('createThing/concurrency');
    expect(property.operations).toEqual(['createThing', 'getThing']);
  });

  it('finds nothing on an honest store, and reads back every item it made', async () => {
    const store = memoryStore(spec, things);
    const { findings, exchanges } = await property.execute({ count: 5, tag: 7 }, store.context);
    expect(findings).toEqual([]);
    expect(exchanges.filter((e) => e.case.operationId === 'getThing')).toHaveLength(5);
    expect(store.items.map((i) => i.name)).toEqual([
      'Concurrent 7-1',
      'Concurrent 7-2',
      'Concurrent 7-3',
      'Concurrent 7-4',
      'Concurrent 7-5',
    ]);
  });

  it('fails a counter read and written in two steps: two items share an id', async () => {
    const { findings } = await property.execute({ count: 4, tag: 1 }, racyStore('racyIds'));
    expect(findings[0]!.evidence).toMatchObject({ rule: 'id-concurrent', id: '1' });
    expect(describeFinding(findings[0]!)).toContain('Two items created at the same time got the same id 1');
  });

  it('fails request state shared between creations: an item is stored with another one’s text', async () => {
    const { findings } = await property.execute({ count: 4, tag: 2 }, racyStore('sharedBody'));
    expect(findings.map((f) => f.evidence)).toContainEqual(
      expect.objectContaining({ rule: 'concurrent-name', sent: 'Concurrent 2-1', stored: 'Concurrent 2-4' }),
    );
  });
});
