import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import { statedFilter } from './stated-filter.js';

const vehicle = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    fuelType: { type: 'string', enum: ['diesel', 'petrol', 'electric'] },
    make: { type: 'string' },
    colour: { type: 'string', enum: ['red', 'blue', 'green'] },
  },
};
const spec = specFromDocument({
  openapi: '3.1.0',
  info: { title: 'fleet', version: '1' },
  paths: {
    '/vehicles': {
      get: {
        operationId: 'listVehicles',
        parameters: [
          { name: 'fuelType', in: 'query', schema: { type: 'string', enum: ['diesel', 'petrol', 'electric'] } },
          { name: 'make', in: 'query', description: 'Only vehicles of this make.', schema: { type: 'string' } },
          { name: 'colour', in: 'query', schema: { type: 'string', enum: ['red', 'blue'] } },
        ],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: vehicle } } } },
        },
      },
    },
  },
} as never);
const vehicles = resourceModelFor(spec).model.collections.find((c) => c.path === '/vehicles')!;
const list = spec.operation('listVehicles')!;
const stated = (parameter: string) => {
  const filter = vehicles.filters.find((f) => f.parameter === parameter)!;
  return statedFilter(list, vehicles, filter);
};

describe('statedFilter', () => {
  it('reads a parameter that takes exactly the enum of its member, or whose words narrow the list (the fleet zoo)', () => {
    expect(stated('fuelType')?.says).toMatch(/takes exactly the values of the items' fuelType/);
    expect(stated('make')).toEqual({
      pointer: expect.stringMatching(/description$/),
      says: 'Only vehicles of this make.',
    });
  });

  it('reads nothing where only the name speaks (another enum, no words)', () => {
    expect(stated('colour')).toBeUndefined();
  });
});

describe('filterChecks with the list operation', () => {
  it('rests a breach of a stated filter on the spec, so no confirmation is needed', async () => {
    const { filterChecks } = await import('./list-checks.js');
    const { jsonExchange } = await import('./__fixtures__/memory-store.js');
    const check = filterChecks(vehicles, list)[0]!;
    const c = {
      operationId: 'listVehicles',
      kind: 'valid',
      auth: 'valid',
      pathParams: {},
      query: [['fuelType', 'diesel']],
    };
    const exchange = jsonExchange(c as never, 200, [
      { id: 'a', fuelType: 'diesel' },
      { id: 'b', fuelType: 'electric' },
    ]);
    const [finding] = check.run({ exchange, operation: list } as never);
    expect(finding?.basis).toMatchObject({ kind: 'spec' });
    // Without the operation, the same breach rests on the name alone (an inference to confirm).
    const [inferred] = filterChecks(vehicles)[0]!.run({ exchange, operation: list } as never);
    expect(inferred?.basis).toBeUndefined();
  });
});
