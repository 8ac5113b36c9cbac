import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import type { SequenceContext } from '../rules.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import { thingsSpec } from './__fixtures__/things-spec.js';
import { lifecycle } from './lifecycle.js';

describe('lifecycle', () => {
  it('reads what lies below the item path while the item exists, and again once it is deleted', async () => {
    const spec = thingsSpec({ below: true });
    const things = resourceModelFor(spec).model.collections.find((c) => c.path === '/things')!;
    const property = lifecycle(spec, things)!;
    let alive = false;
    let item: Record<string, unknown> = {};
    const sent: { operationId: string; id: string | undefined; alive: boolean; existing: readonly string[] }[] = [];
    const context: SequenceContext = {
      spec,
      readOnly: false,
      judge: () => [],
      send: async (c: Case) => {
        sent.push({
          operationId: c.operationId,
          id: c.pathParams.thingId,
          alive,
          existing: c.existing ?? [],
        });
        if (c.operationId === 'createThing') {
          alive = true;
          item = { ...(c.body as { value: Record<string, unknown> }).value, id: 7 };
          return jsonExchange(c, 201, item);
        }
        if (c.operationId === 'deleteThing') {
          alive = false;
          return jsonExchange(c, 204, undefined);
        }
        if (c.operationId === 'listThings') return jsonExchange(c, 200, alive ? [item] : []);
        return alive ? jsonExchange(c, 200, item) : jsonExchange(c, 404, { message: 'gone' });
      },
    };
    const [step] = fc.sample(property.arbitrary(spec), { seed: 1, numRuns: 1 });
    expect((await property.execute(step!, context)).findings).toEqual([]);
    const summaries = sent.filter((s) => s.operationId === 'getThingSummary');
    // Once while the thing exists (claiming nothing: a sub-resource may be absent), once after its deletion.
    expect(summaries).toEqual([
      { operationId: 'getThingSummary', id: '7', alive: true, existing: [] },
      { operationId: 'getThingSummary', id: '7', alive: false, existing: [] },
    ]);
  });
});
