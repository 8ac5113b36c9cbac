import { describe, expect, it } from 'vitest';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import { thingsSpec } from './__fixtures__/things-spec.js';
import { readIdentityCheck } from './read-checks.js';

const spec = thingsSpec();
const things = resourceModelFor(spec).model.collections[0]!;
const read = spec.operation('getThing')!;
const check = readIdentityCheck(read, things)!;

const judged = (fields: Partial<Case>, status: number, body: unknown) => {
  const c: Case = {
    operationId: 'getThing',
    family: 'valid',
    kind: 'valid',
    pathParams: { thingId: '3' },
    query: [],
    auth: 'valid',
    existing: ['thingId'],
    ...fields,
  };
  return check.run({ exchange: jsonExchange(c, status, body), operation: read });
};

describe('readIdentityCheck', () => {
  it('fails a read of a listed id that answers another item', () => {
    const findings = judged({}, 200, { id: 9, name: 'other' });
    expect(findings.map((f) => f.check)).toEqual(['semantics.read_identity']);
    expect(describeFinding(findings[0]!)).toMatch(/getThing of thingId=3, .* answered the item whose id is 9/);
  });

  it('passes the item asked (an integer id compared as the integer it is)', () => {
    expect(judged({}, 200, { id: 3, name: 'x' })).toEqual([]);
    expect(judged({ pathParams: { thingId: '3' } }, 200, { id: 3.0, name: 'x' })).toEqual([]);
  });

  it('judges nothing for an id the target did not name, an error, or a body without the id member', () => {
    expect(judged({ existing: [] }, 200, { id: 9, name: 'x' })).toEqual([]);
    expect(judged({}, 404, { id: 9 })).toEqual([]);
    expect(judged({}, 200, { name: 'x' })).toEqual([]);
  });
});
