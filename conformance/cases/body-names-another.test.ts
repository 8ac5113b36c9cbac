import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import { bodyNamesAnother } from './body-names-another.js';
import type { Case } from './case.js';

const operation = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'users', version: '1' },
  paths: {
    '/users/{id}': {
      put: {
        operationId: 'replaceUser',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } } },
        },
        responses: { '200': { description: 'replaced' } },
      },
    },
  },
}).operation('replaceUser')!;

const put = (id: unknown): Case =>
  ({
    operationId: 'replaceUser',
    family: 'valid',
    kind: 'valid',
    auth: 'valid',
    pathParams: { id: '-8' },
    query: [],
    body: { kind: 'json', value: { id } },
  }) as unknown as Case;

describe('bodyNamesAnother', () => {
  it('sees a body id beyond 2^53 (a LosslessNumber) that names another item (held-out set 75)', () => {
    expect(bodyNamesAnother(put(new LosslessNumber('18014398509481984')), operation)).toMatchObject({
      sent: '18014398509481984',
      pathValue: '-8',
    });
    expect(bodyNamesAnother(put(7), operation)).toMatchObject({ sent: '7' });
    expect(bodyNamesAnother(put(-8), operation)).toBeUndefined();
    expect(bodyNamesAnother(put(new LosslessNumber('-8')), operation)).toBeUndefined();
  });
});
