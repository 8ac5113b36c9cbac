import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../../spec/index.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import type { Case, Exchange } from '../../cases/index.js';
import { checkServerError } from '../../checks/server-error.js';
import { checkStatus } from '../../checks/status.js';
import type { SequenceContext } from '../rules.js';
import { jsonExchange } from './__fixtures__/memory-store.js';
import { takenValues } from './taken-values.js';

// Users with an e-mail, as FastAPI tutorials serve them: the writes document only 200/201 and the
// validator's 422, and nothing says the e-mail is unique (held-out sets 92 and 99).
const user = {
  type: 'object',
  required: ['email', 'name'],
  properties: { email: { type: 'string', format: 'email' }, name: { type: 'string', maxLength: 20 } },
};
const shown = { ...user, properties: { ...user.properties, id: { type: 'integer' } } };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const invalid = { description: 'invalid', ...json({ type: 'object' }) };
const idParameter = [{ name: 'userId', in: 'path', required: true, schema: { type: 'integer' } }];
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'Users', version: '1' },
  paths: {
    '/users': {
      post: {
        operationId: 'createUser',
        requestBody: { required: true, ...json(user) },
        responses: { '201': { description: 'made', ...json(shown) }, '422': invalid },
      },
    },
    '/users/{userId}': {
      parameters: idParameter,
      get: { operationId: 'getUser', responses: { '200': { description: 'ok', ...json(shown) } } },
      put: {
        operationId: 'updateUser',
        requestBody: { required: true, ...json(user) },
        responses: { '200': { description: 'ok', ...json(shown) }, '422': invalid },
      },
      delete: { operationId: 'deleteUser', responses: { '204': { description: 'gone' } } },
    },
  },
} as never);
const users = resourceModelFor(spec).model.collections.find((c) => c.path === '/users')!;
const property = takenValues(spec, users)!;

/**
 * A user store whose e-mails are unique: `crash` answers a clash 500 (the UNIQUE constraint the
 * handler never checked), `refuse` 409 (a status the writes do not document), `none` keeps both.
 */
function store(unique: 'crash' | 'refuse' | 'none'): SequenceContext & { sent: Case[] } {
  const items = new Map<string, Record<string, unknown>>();
  let next = 1;
  const sent: Case[] = [];
  const clash = (body: Record<string, unknown>, except?: string) =>
    unique !== 'none' && [...items].some(([id, u]) => id !== except && u.email === body.email);
  const refused = (c: Case) =>
    jsonExchange(c, unique === 'crash' ? 500 : 409, { detail: unique === 'crash' ? 'Internal Server Error' : 'taken' });
  return {
    spec,
    readOnly: false,
    sent,
    judge: (exchange) => {
      const operation = spec.operation(exchange.case.operationId)!;
      return [...checkStatus({ exchange, operation }), ...checkServerError({ exchange, operation })];
    },
    async send(c: Case) {
      sent.push(c);
      const body = c.body?.kind === 'json' ? (c.body.value as Record<string, unknown>) : {};
      const id = c.pathParams.userId;
      if (c.operationId === 'createUser') {
        if (clash(body)) return refused(c);
        const made = { ...body, id: next };
        items.set(String(next++), made);
        return jsonExchange(c, 201, made);
      }
      if (!items.has(id!)) return jsonExchange(c, 404, { detail: 'Not Found' });
      if (c.operationId === 'updateUser') {
        if (clash(body, id)) return refused(c);
        items.set(id!, { ...body, id: Number(id) });
        return jsonExchange(c, 200, items.get(id!));
      }
      if (c.operationId === 'deleteUser') {
        items.delete(id!);
        const gone = jsonExchange(c, 204, null);
        return { ...gone, response: { ...gone.response!, bodyText: '' } } as Exchange;
      }
      return jsonExchange(c, 200, items.get(id!));
    },
  };
}

describe('takenValues: an item written with the values another item holds', () => {
  it('creates two users, writes the first with the second one’s values, creates the second again, and cleans up', async () => {
    expect(property.operations).toEqual(['createUser', 'updateUser', 'deleteUser']);
    const context = store('none');
    await property.execute(null, context);
    const [a, b, write, again, ...cleanup] = context.sent;
    expect([a, b, write, again].map((c) => c!.operationId)).toEqual([
      'createUser',
      'createUser',
      'updateUser',
      'createUser',
    ]);
    const value = (c: Case | undefined) => (c?.body?.kind === 'json' ? (c.body.value as Record<string, unknown>) : {});
    expect(value(a).email).not.toBe(value(b).email);
    expect(write!.pathParams.userId).toBe('1');
    expect(value(write)).toEqual(value(b));
    expect(value(again)).toEqual(value(b));
    expect(cleanup.map((c) => `${c.operationId} ${c.pathParams.userId}`)).toEqual([
      'deleteUser 1',
      'deleteUser 2',
      'deleteUser 3',
    ]);
  });

  it('fails a target that answers the clash with a 5xx (held-out sets 92 and 99)', async () => {
    const { findings } = await property.execute(null, store('crash'));
    const failures = findings.filter((f) => f.severity === 'failure');
    expect(failures.map((f) => `${f.code} ${f.operationId}`)).toEqual([
      'server_error updateUser',
      'server_error createUser',
    ]);
  });

  it('takes any refusal of the clash as the target’s own rule: a gap, never a failure', async () => {
    const { findings } = await property.execute(null, store('refuse'));
    expect(findings.filter((f) => f.severity === 'failure')).toEqual([]);
    expect(findings.map((f) => f.code === 'contract_gap' && f.gap)).toEqual(['unjudged-input', 'unjudged-input']);
  });
});
