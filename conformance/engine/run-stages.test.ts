// The stages runConformance composes, each on its own: what the run learnt (RunMemory), the
// selection as a gate (SelectionGate), and the judge of one exchange (ExchangeJudge).
import { describe, expect, it } from 'vitest';
import { authCase, exchange, jsonResponse, validCase } from '../checks/_test-support.js';
import type { Case, Exchange } from '../cases/index.js';
import { loadSpec, specFromDocument } from '../../spec/index.js';
import { resourceModelFor } from '../../spec/resources/index.js';
import { genericRules } from '../domain/generic/index.js';
import { thingsSpec } from '../domain/generic/__fixtures__/things-spec.js';
import { Collector } from './collector.js';
import { ExchangeJudge } from './exchange-judge.js';
import { RunMemory } from './run-memory.js';
import { SelectionGate } from './selection-gate.js';
import { principalIds } from '../send/index.js';

// A generic API of one collection with a deletion, and the flagship for the selection's wording.
const spec = thingsSpec({ below: true });
const rules = genericRules(spec, resourceModelFor(spec).model);
const flagship = await loadSpec();
const remove = spec.operation('deleteThing')!;

describe('RunMemory', () => {
  it('learns ids from answers, freezes what properties generate from, and forgets what a DELETE names', () => {
    const memory = new RunMemory(spec, rules);
    const listed = exchange(validCase('listThings'), jsonResponse(200, [{ id: 7, name: 'Rex' }]));
    memory.learn(listed, spec.operation('listThings')!);
    expect(memory.values('getThing').thingId).toContain('7');
    memory.freeze();
    const print = memory.statePrint();
    const later = exchange(validCase('listThings'), jsonResponse(200, [{ id: 8, name: 'Tom' }]));
    memory.learn(later, spec.operation('listThings')!);
    // Frozen: a later answer does not change what properties generate from, nor the replay state.
    expect(memory.values('getThing').thingId).not.toContain('8');
    expect(memory.statePrint()).toBe(print);
    expect(memory.isRemoved('7')).toBe(false);
    const deleting = validCase('deleteThing', { pathParams: { thingId: '7' } });
    memory.sending(deleting, remove);
    expect(memory.isRemoved('7')).toBe(true);
    // The deletion itself addressed an item that existed; once a second left, neither is told apart.
    expect(memory.isRemoved('7', deleting)).toBe(false);
    expect(memory.isRemoved('7', { ...deleting })).toBe(false);
    memory.sending(deleting, remove);
    expect(memory.isRemoved('7', deleting)).toBe(true);
    // One of the two refused for its credentials removed nothing: the other is the lone remover.
    memory.learn(exchange({ ...deleting, auth: 'none' }, jsonResponse(401, {})), remove);
    expect(memory.isRemoved('7', deleting)).toBe(false);
    expect(memory.isRemoved('7')).toBe(true);
    // An invalid id a lenient server reads as its integer prefix (held-out set 27: /books/1.5 deleted book 1).
    expect(memory.isRemoved('3')).toBe(false);
    memory.sending(validCase('deleteThing', { pathParams: { thingId: '3.5' } }), remove);
    expect(memory.isRemoved('3')).toBe(true);
    memory.sending(validCase('deleteThing', { pathParams: { thingId: '04' } }), remove);
    expect(memory.isRemoved('4')).toBe(true);
  });

  it('keeps the first 201 with a Location per operation, unless a DELETE named what it points to', () => {
    const memory = new RunMemory(spec, rules);
    const made = exchange(
      validCase('createThing'),
      jsonResponse(201, { id: 9, name: 'Rex' }, { location: '/things/9' }),
    );
    memory.learn(made, spec.operation('createThing')!);
    expect(memory.created('createThing')).toBe(made);
    memory.sending(validCase('deleteThing', { pathParams: { thingId: '9' } }), remove);
    expect(memory.created('createThing')).toBeUndefined();
  });
});

describe('SelectionGate', () => {
  it('withholds what --only leaves out, notes the work that needed it, and marks its findings unsent', () => {
    const gate = new SelectionGate(flagship, { only: ['listPets/sequence'], skip: [], readOnly: false });
    expect(gate.refuse(validCase('listPets'), 'listPets/valid')).toBeUndefined();
    const held = gate.refuse(validCase('createPet'), 'createPet/valid')!;
    expect(held.failure).toMatchObject({ kind: 'not_selected' });
    gate.refuse(validCase('createPet'), 'listPets/first-look');
    expect(gate.notes()).toEqual([
      'skipped what needs createPet (POST /pets), which --only leaves out: 2 properties and sweeps (createPet/valid, listPets/first-look)',
    ]);
    expect(gate.unsent({ request: held.request } as never)).toBe(true);
    // A sequence the plan names may reach the operations it declares.
    gate.declare(new Map([['listPets/sequence', ['listPets', 'createPet']]]));
    expect(gate.allows('createPet')).toBe(true);
  });

  it('leaves alone the record of the user a JWT credential names (held-out sets 151 and 157)', () => {
    // `{"sub": 1, "email": "admin@example.com"}` as a token: DELETE /api/user/1/delete deleted the
    // run's own admin, PUT /users/1 rewrote its role, and every request after was refused.
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = `${part({ alg: 'HS256' })}.${part({ sub: 1, user: { email: 'admin@example.com' } })}.c2ln`;
    expect(principalIds([token, 'opaque-key'])).toEqual(new Set(['1', 'admin@example.com']));
    const users = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'users', version: '1' },
      paths: {
        '/users/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          put: { operationId: 'updateUser', responses: { '200': { description: 'ok' } } },
          get: { operationId: 'getUser', responses: { '200': { description: 'ok' } } },
        },
        '/books/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          delete: { operationId: 'deleteBook', responses: { '204': { description: 'ok' } } },
        },
      },
    });
    const gate = new SelectionGate(users, { only: [], skip: [], readOnly: false }, () => principalIds([token]));
    const at = (operationId: string, id: string, auth = 'valid') => ({
      ...validCase(operationId, { pathParams: { id } }),
      auth,
    });
    expect(gate.refuse(at('updateUser', '1'), 'updateUser/valid')?.failure).toMatchObject({ kind: 'not_selected' });
    expect(gate.refuse(at('updateUser', 'admin%40example.com'), 'w')).toBeDefined();
    // Another user, a read, another credential, or a resource that is no user: sent.
    expect(gate.refuse(at('updateUser', '2'), 'w')).toBeUndefined();
    expect(gate.refuse(at('getUser', '1'), 'w')).toBeUndefined();
    expect(gate.refuse(at('updateUser', '1', 'none'), 'w')).toBeUndefined();
    expect(gate.refuse(at('deleteBook', '1'), 'w')).toBeUndefined();
    expect(gate.notes()).toEqual([
      'skipped what needs PUT /users/{id} (updateUser) with id=1, the user the valid credential stands for, whose record the kit leaves alone: updateUser/valid',
      'skipped what needs PUT /users/{id} (updateUser) with id=admin@example.com, the user the valid credential stands for, whose record the kit leaves alone: w',
    ]);
  });

  it('under --read-only withholds every write, whatever the method the case carries', () => {
    const gate = new SelectionGate(flagship, { only: [], skip: [], readOnly: true });
    expect(gate.refuse(validCase('listPets'), 'w')).toBeUndefined();
    expect(gate.refuse(validCase('createPet'), 'w')).toBeDefined();
    expect(gate.refuse(validCase('listPets', { method: 'DELETE' }), 'w')).toBeDefined();
  });
});

describe('ExchangeJudge', () => {
  const judgeWith = (unjudged: (e: Exchange) => boolean = () => false) => {
    const collector = new Collector((f) => f);
    const memory = new RunMemory(spec, rules);
    const judge = new ExchangeJudge({ spec, rules, memory, collector, selected: () => true, unjudged });
    return { judge, collector, memory };
  };

  it('judges by every check and tallies each exchange; a failure counts once reported', () => {
    const { judge, collector } = judgeWith();
    const broken = exchange(validCase('listThings'), jsonResponse(200, [{ id: 'seven' }]));
    const findings = judge.judge(broken);
    expect(findings.some((f) => f.severity === 'failure' && f.check === 'schema')).toBe(true);
    // The schema cell counts the exchange; its failure counts once reported (one set of books).
    const schemaCell = () => collector.tallies().find((t) => t.operationId === 'listThings' && t.check === 'schema');
    expect(schemaCell()).toMatchObject({ failed: 0 });
    collector.addFailure(findings.find((f) => f.check === 'schema')!);
    expect(schemaCell()).toMatchObject({ failed: 1 });
  });

  it('judges nothing the run says not to, and no longer claims what a DELETE removed', () => {
    const { judge, memory } = judgeWith((e) => e.response?.status === 500);
    expect(judge.judge(exchange(validCase('listThings'), jsonResponse(500, {})))).toEqual([]);
    const read = exchange(
      validCase('getThing', { pathParams: { thingId: '5' }, existing: ['thingId'] }),
      jsonResponse(404, { message: 'gone' }),
    );
    // Claimed to exist, a 404 fails; once a DELETE named it, the claim is dropped.
    expect(judge.judge(read).some((f) => f.severity === 'failure')).toBe(true);
    memory.sending(validCase('deleteThing', { pathParams: { thingId: '5' } }), remove);
    expect(judge.judge(read).filter((f) => f.severity === 'failure')).toEqual([]);
  });

  it('settles 401s to the valid key after a granted write that ended it as advisories, and only those', () => {
    // keep-api (held-out set 43): after the kit's documented `DELETE /sessions` with its only
    // token, every secured operation answered 401 "valid key refused".
    const secured = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'notes', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
      paths: {
        '/notes': {
          get: { operationId: 'listNotes', responses: { '200': { description: 'ok' }, '401': { description: 'no' } } },
          post: {
            operationId: 'createNote',
            responses: { '201': { description: 'ok' }, '401': { description: 'no' } },
          },
        },
        '/sessions': {
          delete: { operationId: 'logout', responses: { '204': { description: 'ok' }, '401': { description: 'no' } } },
        },
      },
    });
    const judgeOf = () => {
      const collector = new Collector((f) => f);
      const memory = new RunMemory(secured, { checks: {} } as never);
      return new ExchangeJudge({
        spec: secured,
        rules: { checks: {} },
        memory,
        collector,
        selected: () => true,
        unjudged: () => false,
      });
    };
    let clock = 0;
    const sent = (c: Case, method: string, path: string, status: number): Exchange => ({
      case: c,
      request: { method, path, headers: { authorization: 'Bearer $API_KEY' } },
      response: { ...jsonResponse(status, status === 401 ? { error: 'Invalid token' } : {}), sentAt: ++clock },
    });
    const refusals = (judge: ExchangeJudge, exchanges: Exchange[]) =>
      exchanges
        .flatMap((e) => judge.judge(e))
        .filter((f) => f.code === 'auth_rejected_valid')
        .map((f) => judge.settle(f).severity);
    const list = (status: number) => sent(validCase('listNotes'), 'GET', '/notes', status);
    const create = (status: number) => sent(validCase('createNote'), 'POST', '/notes', status);
    const logout = sent(validCase('logout'), 'DELETE', '/sessions', 204);
    // Granted, then the run's logout, then nothing granted: the 401s are advisories.
    expect(refusals(judgeOf(), [list(200), create(201), logout, list(401), create(401)])).toEqual([
      'advisory',
      'advisory',
    ]);
    // A grant after the 401 shows the key still works: the 401 refused this request, a failure.
    expect(refusals(judgeOf(), [list(200), logout, create(401), list(200)])).toEqual(['failure']);
    // No write before the 401s (only reads were granted): failures.
    expect(refusals(judgeOf(), [list(200), create(401), create(401)])).toEqual(['failure', 'failure']);
    // Never granted at all: failures.
    expect(refusals(judgeOf(), [create(401), list(401)])).toEqual(['failure', 'failure']);
    // A grant of an operation seen serving a request with no credential at all tells nothing: it
    // serves anyone (held-out set 67: reads that check nothing answered 200 after the 401s began).
    const anonymousList = sent(authCase('listNotes', 'none'), 'GET', '/notes', 200);
    expect(refusals(judgeOf(), [anonymousList, create(201), logout, create(401), list(200)])).toEqual(['advisory']);
    // A grant sent while the write was under way (two requests in flight) may have been served
    // before it took effect (held-out set 151): one sent after the write's answer still tells.
    const slowLogout = (): Exchange => {
      const e = sent(validCase('logout'), 'DELETE', '/sessions', 204);
      clock += 10;
      return { ...e, response: { ...e.response!, durationMs: 10 } } as Exchange;
    };
    const during = (): Exchange => {
      const e = list(200);
      return { ...e, response: { ...e.response!, sentAt: e.response!.sentAt - 10 } } as Exchange;
    };
    expect(refusals(judgeOf(), [list(200), slowLogout(), during(), create(401)])).toEqual(['advisory']);
    expect(refusals(judgeOf(), [list(200), slowLogout(), list(200), create(401)])).toEqual(['failure']);
  });
});
