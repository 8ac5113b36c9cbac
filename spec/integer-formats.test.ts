import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerArbitrary, integerBounds, specFromDocument } from './index.js';
import { INTEGER_FORMATS } from './integer-formats.js';

// Held-out set 34: a Fastify server enforcing `format: uint16` refused -1 and 65536, which the kit
// had sent as valid values of a format it did not know.
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'formats', version: '1' },
  paths: {
    '/posts': {
      get: {
        operationId: 'listPosts',
        parameters: Object.keys(INTEGER_FORMATS).map((format) => ({
          name: format,
          in: 'query',
          schema: { type: 'integer', format },
        })),
        responses: { '200': { description: 'ok' } },
      },
    },
  },
} as never);
const parameter = (format: string) => spec.operation('listPosts')!.parameters.find((p) => p.name === format)!;

describe('the registry’s integer formats', () => {
  it.each([
    ['uint8', -1, 0, 255, 256],
    ['uint16', -1, 0, 65535, 65536],
    ['int8', -129, -128, 127, 128],
    ['int16', -32769, -32768, 32767, 32768],
    ['uint32', -1, 0, 2 ** 32 - 1, 2 ** 32],
    ['int32', -(2 ** 31) - 1, -(2 ** 31), 2 ** 31 - 1, 2 ** 31],
  ])('%s: the validator takes its range and nothing past it', (format, below, lo, hi, above) => {
    const schema = parameter(format).schema;
    expect([below, lo, hi, above].map((n) => schema.validate(n).ok)).toEqual([false, true, true, false]);
    expect(integerBounds({ type: 'integer', format })).toEqual({ lo: BigInt(lo), hi: BigInt(hi) });
  });

  it('generates valid values inside the range only', () => {
    for (const format of ['uint8', 'uint16', 'int8', 'int16']) {
      const schema = parameter(format).schema;
      for (const value of fc.sample(integerArbitrary({ type: 'integer', format }), { seed: 7, numRuns: 300 }))
        expect(schema.validate(Number(String(value))).ok).toBe(true);
    }
  });
});
