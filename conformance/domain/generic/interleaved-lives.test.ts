import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import type { SequenceContext } from '../rules.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import { thingsSpec } from './__fixtures__/things-spec.js';
import { interleavedLives } from './interleaved-lives.js';

const spec = thingsSpec({ below: true });
const things = resourceModelFor(spec).model.collections.find((c) => c.path === '/things')!;

/** A things store; `sizePlusOne` hands out `size + 1` as the next id, as docutopia's example did. */
function store(sizePlusOne: boolean) {
  const items = new Map<string, Record<string, unknown>>();
  let next = 1;
  const sent: string[] = [];
  const context: SequenceContext = {
    spec,
    readOnly: false,
    judge: () => [],
    send: async (c: Case) => {
      const id = c.pathParams.thingId;
      sent.push(`${c.operationId}${id === undefined ? '' : ` ${id}`}`);
      if (c.operationId === 'createThing') {
        const newId = sizePlusOne ? items.size + 1 : next++;
        const item = { ...(c.body as { value: Record<string, unknown> }).value, id: newId };
        items.set(String(newId), item);
        return jsonExchange(c, 201, item);
      }
      if (c.operationId === 'deleteThing') {
        const had = items.delete(String(id));
        return had ? jsonExchange(c, 204, undefined) : jsonExchange(c, 404, { message: 'no such thing' });
      }
      const item = items.get(String(id));
      return item ? jsonExchange(c, 200, item) : jsonExchange(c, 404, { message: 'no such thing' });
    },
  };
  return { context, sent, items };
}

describe('interleaved lives (model-based commands)', () => {
  const property = interleavedLives(spec, things)!;

  it('deletes in the middle, then creates: an id handed out again shows as a read-back failure', async () => {
    const [example] = property.examples!(spec);
    const defective = store(true);
    const found = (await property.execute(example!, defective.context)).findings;
    expect(found.map((f) => f.check)).toContain('semantics.read_back');
    expect(defective.sent.slice(0, 5)).toEqual([
      'createThing',
      'createThing',
      'createThing',
      'deleteThing 2',
      'createThing',
    ]);
  });

  it('finds nothing on a store that keeps ids apart, and leaves no item behind', async () => {
    const correct = store(false);
    const [example] = property.examples!(spec);
    expect((await property.execute(example!, correct.context)).findings).toEqual([]);
    for (const commands of fc.sample(property.arbitrary(spec), { seed: 7, numRuns: 20 }))
      expect((await property.execute(commands, correct.context)).findings).toEqual([]);
    expect(correct.items.size).toBe(0);
  });

  it('finds a deleted item still read back', async () => {
    const undead = store(false);
    const send = undead.context.send;
    const context: SequenceContext = {
      ...undead.context,
      send: async (c) => (c.operationId === 'deleteThing' ? jsonExchange(c, 204, undefined) : send(c)),
    };
    const [example] = property.examples!(spec);
    const found = (await property.execute(example!, context)).findings;
    expect(found.map((f) => f.check)).toContain('semantics.delete');
  });

  it('is not built for a collection without a deletion', () => {
    const noDelete = thingsSpec();
    const collection = resourceModelFor(noDelete).model.collections.find((c) => c.path === '/things')!;
    expect(interleavedLives(noDelete, collection)).toBeUndefined();
  });
});

describe('interleaved lives where the create body may name the id (held-out set 21, express-books)', () => {
  // One Book schema for POST and GET: the body declares `id` without requiring it, and the server
  // hands ids out as `size + 1`. The id is left out of the bodies sent, so the lives still run.
  const withId = thingsSpec({ below: true, idInBody: true });
  const collection = resourceModelFor(withId).model.collections.find((c) => c.path === '/things')!;
  const property = interleavedLives(withId, collection);

  it('runs, sends no id, and finds the id handed out again', async () => {
    expect(property).toBeDefined();
    const [example] = property!.examples!(withId);
    const defective = store(true);
    const bodies: unknown[] = [];
    const send = defective.context.send;
    const context = {
      ...defective.context,
      spec: withId,
      send: (c: Case) => {
        if (c.operationId === 'createThing') bodies.push((c.body as { value: unknown }).value);
        return send(c);
      },
    };
    const found = (await property!.execute(example!, context)).findings;
    expect(found.map((f) => f.check)).toContain('semantics.read_back');
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.every((b) => !Object.hasOwn(b as object, 'id'))).toBe(true);
  });
});
