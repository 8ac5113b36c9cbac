import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case } from '../../cases/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import type { SequenceContext } from '../rules.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import { putCreates } from './put-creates.js';

const user = {
  type: 'object',
  required: ['firstName'],
  properties: { id: { type: 'integer' }, firstName: { type: 'string' } },
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'Users', version: '1' },
  paths: {
    '/users': {
      post: {
        operationId: 'createUser',
        requestBody: json(user),
        responses: { '201': { description: 'made', ...json(user) } },
      },
    },
    '/users/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: {
        operationId: 'getUser',
        responses: { '200': { description: 'ok', ...json(user) }, '404': { description: 'none' } },
      },
      put: {
        operationId: 'replaceUser',
        requestBody: json(user),
        responses: { '200': { description: 'replaced', ...json(user) }, '201': { description: 'made', ...json(user) } },
      },
      delete: { operationId: 'deleteUser', responses: { '204': { description: 'gone' } } },
    },
  },
} as never);
const users = resourceModelFor(spec).model.collections.find((c) => c.path === '/users')!;
const property = putCreates(spec, users)!;

/** A user store whose PUT of an unknown id `creates` with the given status, or answers 404 (`null`). */
function store(creates: number | null): SequenceContext & { sent: Case[] } {
  const items = new Map<string, Record<string, unknown>>([['1', { id: 1, firstName: 'Ada' }]]);
  const sent: Case[] = [];
  return {
    spec,
    readOnly: false,
    sent,
    judge: () => [],
    async send(c: Case) {
      sent.push(c);
      const id = c.pathParams.id!;
      const body = c.body?.kind === 'json' ? (c.body.value as Record<string, unknown>) : {};
      if (c.operationId === 'getUser')
        return items.has(id) ? jsonExchange(c, 200, items.get(id)) : jsonExchange(c, 404, { message: 'none' });
      if (c.operationId === 'replaceUser') {
        if (items.has(id)) {
          items.set(id, { ...body, id: Number(id) });
          return jsonExchange(c, 200, items.get(id));
        }
        if (creates === null) return jsonExchange(c, 404, { message: 'none' });
        items.set(id, { ...body, id: Number(id) });
        return jsonExchange(c, creates, items.get(id));
      }
      items.delete(id);
      return jsonExchange(c, 204, {});
    },
  };
}

describe('putCreates: a PUT to an id that names nothing (RFC 9110 §9.3.4)', () => {
  it('fails a PUT that made the item and answered 200 (held-out set 102), naming the RFC', async () => {
    const context = store(200);
    const { findings } = await property.execute(null, context);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.code).toBe('protocol_violation');
    expect(describeFinding(findings[0]!)).toMatch(/answered 200, and getUser then served the item it made/);
    expect(context.sent.map((c) => c.operationId)).toEqual(['getUser', 'replaceUser', 'getUser', 'deleteUser']);
    const put = context.sent[1]!;
    expect((put.body as { value: Record<string, unknown> }).value.id).toBe(Number(put.pathParams.id));
  });

  it('passes a PUT that answers 201 when it creates, and one that refuses to create', async () => {
    expect((await property.execute(null, store(201))).findings).toEqual([]);
    const refusing = store(null);
    expect((await property.execute(null, refusing)).findings).toEqual([]);
    expect(refusing.sent.map((c) => c.operationId)).toEqual(['getUser', 'replaceUser']);
  });
});
