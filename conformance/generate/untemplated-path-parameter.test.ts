// A path parameter the path template does not hold: Hono's `/users/:id` in a generated document
// that declares `id` in the path (held-out set 86). The request goes to the literal path whatever
// value the parameter has, so a case that breaks it is no invalid request: the kit called
// `id=aa` (minLength 3) "accepted with 200" where the server had read the id ":id".
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import { mutationsOf } from './mutations.js';

const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'users', version: '1' },
  paths: {
    '/users/:id': {
      get: {
        operationId: 'getUser',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 3 } },
          { name: 'fields', in: 'query', schema: { type: 'string', maxLength: 5 } },
        ],
        responses: { '200': { description: 'ok' }, '400': { description: 'bad' } },
      },
    },
    '/users/{id}/posts': {
      get: {
        operationId: 'listPosts',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 3 } }],
        responses: { '200': { description: 'ok' }, '400': { description: 'bad' } },
      },
    },
  },
} as never);

describe('mutations of path parameters', () => {
  it('leave out a path parameter the template does not hold, and keep the others', () => {
    const locations = (id: string) => mutationsOf(spec.operation(id)!).map((m) => m.reason.location);
    expect(locations('getUser')).not.toContain('path.id');
    expect(locations('getUser')).toContain('query.fields');
    expect(locations('listPosts')).toContain('path.id');
  });
});
