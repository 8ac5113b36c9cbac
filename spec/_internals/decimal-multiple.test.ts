import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../index.js';
import { isDecimalMultiple } from './decimal-multiple.js';

describe('isDecimalMultiple', () => {
  it('reads each number as its decimal text, not through a floating-point division (the expenses zoo)', () => {
    expect(40.59 / 0.01).not.toBe(4059);
    expect([40.59, 19.81, 20.78, 0.3, -12.34, 0, 1e21].map((v) => isDecimalMultiple(v, 0.01))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([40.595, 0.001, 1e-7].map((v) => isDecimalMultiple(v, 0.01))).toEqual([false, false, false]);
    expect([isDecimalMultiple(15, 5), isDecimalMultiple(16, 5), isDecimalMultiple(7.5, 2.5)]).toEqual([
      true,
      false,
      true,
    ]);
    expect([isDecimalMultiple(1, 0), isDecimalMultiple(Number.NaN, 1)]).toEqual([false, false]);
  });

  it('is the multipleOf every compiled schema of a spec applies, with its usual message', () => {
    const spec = specFromDocument({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/reports': {
          post: {
            operationId: 'createReport',
            requestBody: {
              content: { 'application/json': { schema: { type: 'number', multipleOf: 0.01 } } },
            },
            responses: { '201': { description: 'made' } },
          },
        },
      },
    } as never);
    const schema = spec.operation('createReport')!.requestBody!.schema;
    expect(schema.validate(40.59).ok).toBe(true);
    const refused = schema.validate(40.595);
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain('must be multiple of 0.01');
  });
});
