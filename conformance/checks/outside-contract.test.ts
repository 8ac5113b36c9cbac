// Answers the contract does not speak for are not judged as the operation's: a path parameter that
// is a dot-segment, the HTTP layer's 414/431, and invalid input accepted where no refusal is documented.
import { beforeAll, describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import { settleFinding } from '../findings/basis.js';
import type { Finding } from '../findings/index.js';
import { checkContentType } from './content-type.js';
import { checkSchema } from './schema.js';
import { loadOperations, probeCase, response, run, type Operations } from './_test-support.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

const html = (status: number) => response(status, '<html>the API reference</html>', { 'content-type': 'text/html' });

describe('a path parameter that is a dot-segment', () => {
  it('is not the operation: a normalising server answers for the parent path', () => {
    for (const value of ['.', '..'])
      expect(
        run(checkContentType, ops.getPet, probeCase('getPet', { pathParams: { petId: value } }), html(200)),
      ).toEqual([]);
  });

  it('while any other value still is', () => {
    expect(
      run(checkContentType, ops.getPet, probeCase('getPet', { pathParams: { petId: '..a' } }), html(200)).map(
        (f) => f.code,
      ),
    ).toEqual(['content_type']);
  });
});

describe("the HTTP layer's 414 and 431", () => {
  it('are not judged by the schema or media types of a documented `default`', () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/pets': {
          get: {
            operationId: 'findPets',
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' } } } },
              default: {
                description: 'error',
                content: {
                  'application/json': {
                    schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
                  },
                },
              },
            },
          },
        },
      },
    });
    const op = spec.operation('findPets')!;
    for (const status of [414, 431]) {
      expect(run(checkSchema, op, probeCase('findPets'), response(status, ''))).toEqual([]);
      expect(run(checkContentType, op, probeCase('findPets'), html(status))).toEqual([]);
    }
    // Another error status under `default` is still the operation's.
    expect(run(checkSchema, op, probeCase('findPets'), response(400, '')).map((f) => f.code)).toEqual([
      'schema_mismatch',
    ]);
  });
});

describe('invalid input accepted', () => {
  const accepted = (operationId: string): Finding => ({
    code: 'negative_accepted',
    severity: 'failure',
    operationId,
    check: 'negative',
    evidence: {
      location: 'body',
      pointer: '/name',
      keyword: 'type',
      why: "'name' is 42, not of type string",
      status: 200,
    },
  });

  it('is an advisory where the operation documents no refusal at all', () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/users': {
          post: {
            operationId: 'createUser',
            requestBody: {
              content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    const settled = settleFinding(accepted('createUser'), spec.operation('createUser'));
    expect(settled.severity).toBe('advisory');
    expect(settled.basis).toMatchObject({ kind: 'unconfirmed' });
    expect((settled.basis as { inference: string }).inference).toContain('documents no refusal (responses: 200)');
  });

  it('fails where the operation documents a refusal (the Animal Store documents 400 for createPet)', () => {
    const settled = settleFinding(accepted('createPet'), ops.spec.operation('createPet'));
    expect(settled.severity).toBe('failure');
    expect(settled.basis).toMatchObject({ kind: 'spec', pointer: '/paths/~1pets/post/requestBody' });
  });
});
