// Valid requests refused where the spec cannot say they should have been served (seen on real
// servers: docs/real-servers.md): a contract gap, never a failure. Refusals the spec does judge stay failures.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type OperationModel } from '../../spec/index.js';
import { jsonResponse, response, run, validCase, verdicts } from './_test-support.js';
import { checkStatus } from './status.js';

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const error = { '400': { description: 'bad', content: { 'application/json': { schema: { type: 'object' } } } } };
const document = {
  openapi: '3.1.0',
  info: { title: 'unjudged', version: '1' },
  paths: {
    // express-zod-api: GET /v1/user/retrieve?id=500 answers 404 "User not found".
    '/user/retrieve': {
      get: {
        operationId: 'retrieve',
        parameters: [
          { name: 'id', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        responses: { ...ok, ...error },
      },
    },
    // A list filtered by an id: no match is an empty list, not a 404.
    '/books': {
      get: {
        operationId: 'listBooks',
        parameters: [{ name: 'authorId', in: 'query', schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'a page',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object' } } } },
              },
            },
          },
        },
      },
    },
    // express-zod-api: POST /v1/login answers 401 "Invalid credentials" to made-up ones.
    '/login': {
      post: {
        operationId: 'login',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['username', 'password'],
                properties: { username: { type: 'string' }, password: { type: 'string' } },
              },
            },
          },
        },
        responses: { ...ok, ...error },
      },
    },
    // openapi-backend: createPet's body is `application/json: {}`; Express refuses a JSON string with 400.
    '/pets': {
      post: {
        operationId: 'createPet',
        requestBody: { content: { 'application/json': {} } },
        responses: { '201': { description: 'created' } },
      },
    },
  },
};

let op: (id: string) => OperationModel;
beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'kit-unjudged-')), 'spec.json');
  writeFileSync(file, JSON.stringify(document));
  const spec = await loadSpec(file);
  op = (id) => spec.operation(id)!;
});

const judge = (id: string, fields: Parameters<typeof validCase>[1], status: number) =>
  verdicts(run(checkStatus, op(id), validCase(id, fields), jsonResponse(status, { message: 'no' })));

describe('a refused valid request the spec cannot judge', () => {
  it('404 to a generated id in the query of a read of one resource is a not-found gap; without an id, or on a list, it is a failure', () => {
    expect(judge('retrieve', { query: [['id', '500']] }, 404)).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'undocumented-not-found' },
    ]);
    expect(judge('retrieve', { query: [['limit', '5']] }, 404)).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
    expect(judge('listBooks', { query: [['authorId', '7']] }, 404)).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
    // A made-up free-text id refused with 400: the value may be an opaque token only the server can
    // give meaning to, so the spec cannot call it valid (a gap). A constrained value it can: 400 fails.
    expect(judge('retrieve', { query: [['id', '500']] }, 400)).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
    expect(judge('listBooks', { query: [['authorId', '7']] }, 400)).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });

  it('401 or 404 (no such account) to made-up credentials of a public sign-in is a gap; a missing route is not', () => {
    const body = { kind: 'json' as const, value: { username: 'a', password: 'a' } };
    expect(judge('login', { body }, 401)).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
    expect(judge('login', { body }, 404)).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
    // Express's answer to a route it does not have names the route.
    const missing = verdicts(
      checkStatus({
        exchange: {
          case: validCase('login', { body }),
          request: { method: 'POST', path: '/login', headers: {} },
          response: response(404, 'Cannot POST /v1/login', { 'content-type': 'text/html' }),
        },
        operation: op('login'),
      }),
    );
    expect(missing).toEqual([{ code: 'positive_rejected', severity: 'failure' }]);
  });

  it('a body the spec gives no schema: its refusal is a gap', () => {
    expect(judge('createPet', { body: { kind: 'json', value: '!' } }, 400)).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
  });
});
