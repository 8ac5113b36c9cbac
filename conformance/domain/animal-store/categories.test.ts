import { parse as parseLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import type { Case, Exchange } from '../../cases/index.js';
import { loadSpec } from '../../../spec/index.js';
import { calibrateCategories } from './categories.js';

const spec = await loadSpec();

describe('calibrateCategories', () => {
  it('never hands valid requests a listed categoryId beyond int64 (judged exactly, not as a double)', async () => {
    const listed = '[{"id":1,"name":"a","categoryId":9223372036854775808},{"id":2,"name":"b","categoryId":5}]';
    const send = async (c: Case): Promise<Exchange> => {
      const body = c.body?.kind === 'json' ? (c.body.value as { categoryId: unknown }) : undefined;
      const status = c.operationId === 'listPets' ? 200 : String(body?.categoryId) === '5' ? 201 : 400;
      const text = c.operationId === 'listPets' ? listed : '{}';
      return {
        case: c,
        request: { method: 'GET', path: '/', headers: {} },
        response: {
          status,
          headers: {},
          bodyText: text,
          json: JSON.parse(text),
          exactJson: parseLossless(text),
          durationMs: 1,
        },
      } as unknown as Exchange;
    };
    const adaptation = await calibrateCategories({ spec, readOnly: false, send, judge: () => [] });
    for (const categoryId of [76, 77, 1000, 1001]) {
      const rewritten = adaptation!.rewrite!({
        operationId: 'createPet',
        family: 'valid',
        kind: 'valid',
        pathParams: {},
        query: [],
        auth: 'valid',
        body: { kind: 'json', value: { name: 'x', categoryId } },
      });
      expect(String((rewritten.body as unknown as { value: { categoryId: unknown } }).value.categoryId)).toBe('5');
    }
  });
});
