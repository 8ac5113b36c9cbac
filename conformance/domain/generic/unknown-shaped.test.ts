import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { checkServerError } from '../../checks/server-error.js';
import type { SequenceContext } from '../rules.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import { lookAlikeId, unknownShaped } from './unknown-shaped.js';

describe('lookAlikeId: an id shaped like the target’s, naming none of them', () => {
  it('turns the last letters and digits within their class, keeping prefixes, separators and length', () => {
    const uuid = '3f2a9c1e-4b7d-4e21-9a6b-0c5d8e7f1a2b';
    const alike = lookAlikeId([uuid])!;
    expect(alike).toHaveLength(uuid.length);
    expect(alike).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(alike.slice(0, 24)).toBe(uuid.slice(0, 24));
    expect(alike).not.toBe(uuid);
    expect(lookAlikeId(['usr_Kq81'])).toMatch(/^usr_[A-Z][a-z]\d\d$/);
    expect(lookAlikeId(['usr_Kq81'])).not.toBe('usr_Kq81');
  });

  it('leaves integer ids to the generated values, and gives nothing without letters or digits', () => {
    expect(lookAlikeId(['17', '-3'])).toBeUndefined();
    expect(lookAlikeId(['--'])).toBeUndefined();
    expect(lookAlikeId([])).toBeUndefined();
  });
});

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const todo = {
  type: 'object',
  required: ['id', 'task'],
  properties: { id: { type: 'string', format: 'uuid' }, task: { type: 'string' } },
};
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'todos', version: '1' },
  paths: {
    '/todos': {
      get: {
        operationId: 'listTodos',
        responses: { '200': { description: 'all', ...json({ type: 'array', items: todo }) } },
      },
      post: {
        operationId: 'createTodo',
        requestBody: {
          required: true,
          ...json({ type: 'object', required: ['task'], properties: { task: { type: 'string' } } }),
        },
        responses: { '201': { description: 'made', ...json(todo) } },
      },
    },
    '/todos/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      get: {
        operationId: 'getTodo',
        responses: { '200': { description: 'one', ...json(todo) }, '404': { description: 'none' } },
      },
      put: {
        operationId: 'putTodo',
        requestBody: {
          required: true,
          ...json({ type: 'object', required: ['task'], properties: { task: { type: 'string' } } }),
        },
        responses: { '200': { description: 'kept', ...json(todo) }, '404': { description: 'none' } },
      },
      delete: {
        operationId: 'deleteTodo',
        responses: { '204': { description: 'gone' }, '404': { description: 'none' } },
      },
    },
  },
} as never);
const todos = resourceModelFor(spec).model.collections[0]!;
const property = unknownShaped(spec, todos)!;
const KNOWN = '3f2a9c1e-4b7d-4e21-9a6b-0c5d8e7f1a2b';

/** A target whose lookup of a missing item answers `missStatus`; judged by the 5xx check. */
function target(missStatus: number, known: readonly string[] = [KNOWN]): SequenceContext & { sent: Case[] } {
  const sent: Case[] = [];
  return {
    spec,
    readOnly: false,
    sent,
    known: () => ({ id: known }),
    async send(c: Case) {
      sent.push(c);
      return jsonExchange(c, c.pathParams.id === KNOWN ? 200 : missStatus, { message: 'x' });
    },
    judge: (exchange) => checkServerError({ exchange, operation: spec.operation(exchange.case.operationId)! }),
  } as SequenceContext & { sent: Case[] };
}

describe('unknownShaped: requests to an item that does not exist, by an id shaped like the target’s', () => {
  it('reads, replaces and deletes a look-alike of a known id', async () => {
    expect(property.operations).toEqual(['getTodo', 'putTodo', 'deleteTodo']);
    expect(property.writes).toBe(true);
    const context = target(404);
    const { findings } = await property.execute(0, context);
    expect(findings).toEqual([]);
    expect(context.sent.map((c) => `${c.operationId} ${c.kind}`)).toEqual([
      'getTodo valid',
      'putTodo valid',
      'deleteTodo valid',
    ]);
    const ids = new Set(context.sent.map((c) => c.pathParams.id));
    expect(ids.size).toBe(1);
    expect(ids.has(KNOWN)).toBe(false);
  });

  it('fails a lookup that crashes on a missing item, as a crash on a valid request', async () => {
    const { findings } = await property.execute(0, target(500));
    expect(findings.map((f) => `${f.operationId} ${f.code} ${f.severity}`)).toEqual([
      'getTodo server_error failure',
      'putTodo server_error failure',
      'deleteTodo server_error failure',
    ]);
  });

  it('sends nothing while the run knows no id of the collection', async () => {
    const context = target(500, []);
    expect((await property.execute(0, context)).findings).toEqual([]);
    expect(context.sent).toEqual([]);
  });
});
