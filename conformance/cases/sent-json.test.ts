import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import type { Case } from './case.js';
import { sentJson } from './sent-json.js';

const base: Case = {
  operationId: 'op',
  kind: 'valid',
  pathParams: {},
  query: [],
  family: 'test',
  description: '',
} as unknown as Case;
const raw = (text: string, contentType?: string, bytes?: true): Case => ({
  ...base,
  body: { kind: 'raw', text, ...(contentType ? { contentType } : {}), ...(bytes ? { bytes } : {}) },
});

describe('sentJson', () => {
  it('reads a generated body as it is, and JSON text as the value it spells', () => {
    expect(sentJson({ ...base, body: { kind: 'json', value: { a: 1 } } })).toEqual({ a: 1 });
    expect(sentJson(raw('{"n\\u0061me":"\\uD83D\\uDC22","n":1E2}', 'application/json'))).toEqual({
      name: '\u{1F422}',
      n: 100,
    });
    expect(sentJson(raw('[true]', 'application/vnd.api+json; charset=utf-8'))).toEqual([true]);
  });

  it('keeps integers a double would change exact', () => {
    expect(sentJson(raw('{"id":9223372036854775807}', 'application/json'))).toEqual({
      id: new LosslessNumber('9223372036854775807'),
    });
  });

  it('reads nothing from no body, another media type, raw bytes or text that is no JSON value', () => {
    expect(sentJson(base)).toBeUndefined();
    expect(sentJson(raw('a=1', 'application/x-www-form-urlencoded'))).toBeUndefined();
    expect(sentJson(raw('{"a":1}', 'application/json', true))).toBeUndefined();
    expect(sentJson(raw('{"a":', 'application/json'))).toBeUndefined();
    expect(sentJson(raw('{"a":1,"a":2}', 'application/json'))).toBeUndefined();
  });
});
