import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Case } from '../cases/index.js';
import { thingsSpec } from '../domain/generic/__fixtures__/things-spec.js';
import { caseProperties } from './build-properties.js';
import type { PropertyContext } from './kit-property.js';

describe('caseProperties: a DELETE leaves alone what the run has listed', () => {
  const spec = thingsSpec({ below: true });
  // Ids 1 to 5 were learned from the answers (for the reads below the item path, as the generic rules harvest).
  const listed = ['1', '2', '3', '4', '5'];
  const context: PropertyContext = {
    spec,
    readOnly: false,
    seed: 7,
    send: async () => {
      throw new Error('not sent');
    },
    judge: () => [],
    known: (operationId) =>
      operationId === 'getThing' || operationId === 'getThingSummary' ? { thingId: listed } : {},
  };
  const properties = caseProperties(spec, context, false);
  const valid = (operationId: string) =>
    properties.find((p) => p.id === `${operationId}/valid`)! as (typeof properties)[number];
  const ids = (cases: Case[]) => cases.map((c) => c.pathParams.thingId);

  it('neither its coverage landmarks nor its drawn values name a listed id', () => {
    const remove = valid('deleteThing');
    const examples = ids(remove.examples!());
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.filter((id) => listed.includes(id!))).toEqual([]);
    const drawn = ids(fc.sample(remove.arbitrary(), { seed: 3, numRuns: 200 }));
    expect(drawn.filter((id) => listed.includes(id!))).toEqual([]);
  });

  it('while a read still reads the listed ids, landmarks included', () => {
    const read = valid('getThing');
    expect(ids(read.examples!()).some((id) => listed.includes(id!))).toBe(true);
  });
});
