// The inferred per-exchange checks (list-checks.ts, item-checks.ts) on the Animal Store spec, whose
// resource model infers `limit` (default 20, maximum 100) as the page size, `status` as an enum filter
// on the member `status`, the integer id `petId` ← `id`, and createPet's 201 as the item.
import { LosslessNumber } from 'lossless-json';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WireJson } from '../../cases/index.js';
import {
  authCase,
  invalidCase,
  jsonResponse,
  loadOperations,
  pet,
  probeCase,
  response,
  run,
  validCase,
  verdicts,
  type Operations,
} from '../../checks/_test-support.js';
import type { Check } from '../../checks/index.js';
import { describeFinding } from '../../report/describe-finding.js';
import { resourceModelFor } from '../../../spec/resources/index.js';
import { specFromDocument } from '../../../spec/index.js';
import { settleFinding } from '../../findings/index.js';
import { createEchoCheck, identityCheck } from './item-checks.js';
import { filterChecks, pageSizeCheck, uniqueIdsCheck } from './list-checks.js';

let ops: Operations;
let pageSize: Check;
let filter: Check;
let uniqueIds: Check;
let checkCreateEcho: Check;
let checkGetIdentity: Check;
beforeAll(async () => {
  ops = await loadOperations();
  const pets = resourceModelFor(ops.spec).model.collections.find((c) => c.path === '/pets')!;
  pageSize = pageSizeCheck(pets)!.run;
  filter = filterChecks(pets)[0]!.run;
  uniqueIds = uniqueIdsCheck(pets)!.run;
  checkCreateEcho = createEchoCheck(pets, ops.createPet)!.run;
  // The echo is judged per member once the target echoed another value of it exactly: this target has.
  run(
    checkCreateEcho,
    ops.createPet,
    validCase('createPet', { body: { kind: 'json', value: { name: 'Primer', categoryId: 5, status: 'pending' } } }),
    response(201, '{"id":1,"name":"Primer","categoryId":5,"status":"pending"}'),
  );
  checkGetIdentity = identityCheck(pets)!.run;
});

const pets = (n: number, fields: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => pet(i + 1, fields));
const list = (query: [string, string][]) => validCase('listPets', { query });

describe('pageSizeCheck', () => {
  it('passes lists no longer than the page size asked for', () => {
    for (const [limit, n] of [
      [1, 1],
      [5, 5],
      [5, 0],
      [100, 100],
    ] as const)
      expect(run(pageSize, ops.listPets, list([['limit', String(limit)]]), jsonResponse(200, pets(n)))).toEqual([]);
  });

  it('does not judge a page size of 0, "no limit" to many servers (held-out set 63)', () => {
    expect(run(pageSize, ops.listPets, list([['limit', '0']]), jsonResponse(200, pets(6)))).toEqual([]);
  });

  it('fails a list longer than the page size, naming the inference', () => {
    const findings = run(pageSize, ops.listPets, list([['limit', '5']]), jsonResponse(200, pets(6)));
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(findings[0]!.evidence).toMatchObject({ rule: 'page-size', items: 6, cap: 5, asked: true });
    expect(describeFinding(findings[0]!)).toContain('limit=5 was asked');
  });

  it('holds a list without a page size to the documented default', () => {
    expect(run(pageSize, ops.listPets, list([]), jsonResponse(200, pets(20)))).toEqual([]);
    const findings = run(pageSize, ops.listPets, list([['status', 'available']]), jsonResponse(200, pets(21)));
    expect(findings[0]!.evidence).toMatchObject({ rule: 'page-size', items: 21, cap: 20, asked: false });
  });

  it('reads the last of repeated page sizes', () => {
    const repeated = list([
      ['limit', '50'],
      ['limit', '2'],
    ]);
    expect(verdicts(run(pageSize, ops.listPets, repeated, jsonResponse(200, pets(3))))).toEqual([
      { code: 'semantic_violation', severity: 'failure' },
    ]);
  });

  it('holds an accepted page size that is not a number to nothing', () => {
    for (const limit of ['abc', ''])
      expect(run(pageSize, ops.listPets, list([['limit', limit]]), jsonResponse(200, pets(30)))).toEqual([]);
  });

  it('judges only 2xx lists of valid cases', () => {
    const invalid = invalidCase('listPets', { location: 'query.status' }, { query: [['limit', '1']] });
    expect(run(pageSize, ops.listPets, invalid, jsonResponse(200, pets(3)))).toEqual([]);
    expect(run(pageSize, ops.listPets, list([['limit', '1']]), jsonResponse(400, pets(3)))).toEqual([]);
    expect(run(pageSize, ops.listPets, list([['limit', '1']]), jsonResponse(200, { items: pets(3) }))).toEqual([]);
  });
});

describe('filterChecks', () => {
  it('passes a list whose items all have the value asked for', () => {
    expect(
      run(filter, ops.listPets, list([['status', 'sold']]), jsonResponse(200, pets(3, { status: 'sold' }))),
    ).toEqual([]);
    expect(run(filter, ops.listPets, list([['status', 'sold']]), jsonResponse(200, []))).toEqual([]);
  });

  it('fails a list with an item of another value, or none', () => {
    const body = [
      pet(1, { status: 'sold' }),
      pet(2, { status: 'pending' }),
      { id: 3, name: 'No status', categoryId: 1 },
    ];
    const findings = run(filter, ops.listPets, list([['status', 'sold']]), jsonResponse(200, body));
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(findings[0]!.evidence).toMatchObject({ rule: 'inferred-filter', wanted: 'sold', offending: 2, items: 3 });
    expect(describeFinding(findings[0]!)).toContain('2 of 3 items');
  });

  it('asks nothing without the filter, nor of an empty value, which many servers read as none', () => {
    const mixed = [pet(1, { status: 'sold' }), pet(2, { status: 'pending' })];
    expect(run(filter, ops.listPets, list([]), jsonResponse(200, mixed))).toEqual([]);
    // nest-crud (held-out set 51): `?name=` answered every user (`if (name)`).
    expect(run(filter, ops.listPets, list([['status', '']]), jsonResponse(200, mixed))).toEqual([]);
  });
});

describe('uniqueIdsCheck', () => {
  it('passes distinct ids', () => {
    expect(run(uniqueIds, ops.listPets, list([]), jsonResponse(200, pets(5)))).toEqual([]);
  });

  it('fails a repeated id and counts the others', () => {
    const body = [pet(1), pet(2), pet(1), pet(2), pet(3)];
    const findings = run(uniqueIds, ops.listPets, list([]), jsonResponse(200, body));
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(findings[0]!.evidence).toEqual({ rule: 'duplicate-ids', duplicates: ['1', '2'] });
    expect(describeFinding(findings[0]!)).toContain('repeats id 1 and 1 more');
  });

  it('tells apart ids beyond 2^53 that differ only past double precision', () => {
    const text =
      '[{"id":9007199254740992,"name":"a","categoryId":1},{"id":9007199254740993,"name":"b","categoryId":1},{"id":9223372036854775807,"name":"c","categoryId":1},{"id":9223372036854775806,"name":"d","categoryId":1}]';
    expect(run(uniqueIds, ops.listPets, list([]), response(200, text))).toEqual([]);
  });

  it('finds an exact repeat beyond 2^53, digit for digit, and judges no invalid case', () => {
    const text =
      '[{"id":9223372036854775807,"name":"a","categoryId":1},{"id":9223372036854775807,"name":"b","categoryId":1}]';
    expect(run(uniqueIds, ops.listPets, list([]), response(200, text))[0]!.evidence).toEqual({
      rule: 'duplicate-ids',
      duplicates: ['9223372036854775807'],
    });
    const invalid = invalidCase('listPets', { location: 'query.status' });
    expect(run(uniqueIds, ops.listPets, invalid, response(200, text))).toEqual([]);
  });
});

const create = (value: WireJson) => validCase('createPet', { body: { kind: 'json', value } });
const echo = (sent: WireJson, bodyText: string) =>
  run(checkCreateEcho, ops.createPet, create(sent), response(201, bodyText));

describe('createEchoCheck', () => {
  it('passes an exact echo', () => {
    expect(
      echo({ name: 'Rex', categoryId: 1, status: 'sold' }, '{"id":7,"name":"Rex","categoryId":1,"status":"sold"}'),
    ).toEqual([]);
    expect(
      echo(
        { name: 'Max', categoryId: new LosslessNumber('9223372036854775807') },
        '{"id":8,"name":"Max","categoryId":9223372036854775807}',
      ),
    ).toEqual([]);
  });

  it('warns, under integer-precision, when categoryId comes back rounded to the same double', () => {
    const findings = echo(
      { name: 'Max', categoryId: new LosslessNumber('9007199254740993'), status: 'sold' },
      '{"id":8,"name":"Max","categoryId":9007199254740992,"status":"sold"}',
    );
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'integer-precision' }]);
    expect(findings[0]!.evidence).toEqual({
      scenario: 'double-rounded',
      member: 'categoryId',
      sent: '9007199254740993',
      received: '9007199254740992',
    });
  });

  it('does not fail a member the server filled from the path (node-todos: author from {username})', () => {
    const sent = { ...create({ name: 'Rex', categoryId: 1, status: 'sold' }), pathParams: { owner: 'Rex the owner' } };
    const findings = run(
      checkCreateEcho,
      ops.createPet,
      sent,
      response(201, '{"id":7,"name":"Rex the owner","categoryId":1,"status":"sold"}'),
    );
    expect(findings.filter((f) => f.severity === 'failure')).toEqual([]);
  });

  it('fails a categoryId that is another number', () => {
    const findings = echo(
      { name: 'Rex', categoryId: 1, status: 'sold' },
      '{"id":7,"name":"Rex","categoryId":2,"status":"sold"}',
    );
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(findings[0]!.evidence).toEqual({ rule: 'echo', member: 'categoryId', sent: 1, received: '2' });
    // Another JSON value, even with the same digits (the schema check also judges its type).
    expect(
      verdicts(
        echo({ name: 'Rex', categoryId: 1, status: 'sold' }, '{"id":7,"name":"Rex","categoryId":"1","status":"sold"}'),
      ),
    ).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
  });

  it('fails a name or a status that differs', () => {
    expect(
      verdicts(
        echo(
          { name: 'Émile', categoryId: 1, status: 'sold' },
          '{"id":7,"name":"Emile","categoryId":1,"status":"sold"}',
        ),
      ),
    ).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(
      verdicts(
        echo({ name: ' Rex ', categoryId: 1, status: 'sold' }, '{"id":7,"name":"Rex","categoryId":1,"status":"sold"}'),
      ),
    ).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    const status = echo(
      { name: 'Rex', categoryId: 1, status: 'sold' },
      '{"id":7,"name":"Rex","categoryId":1,"status":"available"}',
    );
    expect(verdicts(status)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(status[0]!.evidence).toEqual({ rule: 'echo', member: 'status', sent: 'sold', received: 'available' });
    expect(
      verdicts(echo({ name: 'Rex', categoryId: 1, status: 'sold' }, '{"id":7,"name":"Rex","categoryId":1}')),
    ).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
  });

  it('asks nothing of members not sent: a default the server fills in is not an echo', () => {
    expect(echo({ name: 'Rex', categoryId: 1 }, '{"id":7,"name":"Rex","categoryId":1,"status":"available"}')).toEqual(
      [],
    );
  });

  it('judges only 2xx answers documented as the item, to bodies that are not invalid', () => {
    const wrong = '{"id":7,"name":"Other","categoryId":2,"status":"sold"}';
    // createPet documents no 200: its body is not the item.
    expect(run(checkCreateEcho, ops.createPet, create({ name: 'Rex', categoryId: 1 }), response(200, wrong))).toEqual(
      [],
    );
    expect(run(checkCreateEcho, ops.createPet, create({ name: 'Rex', categoryId: 1 }), response(400, wrong))).toEqual(
      [],
    );
    expect(
      run(
        checkCreateEcho,
        ops.createPet,
        invalidCase('createPet', {}, { body: { kind: 'json', value: { name: 42, categoryId: 1 } } }),
        response(201, wrong),
      ),
    ).toEqual([]);
    // A repeated member means what each parser makes of it: no echo to expect.
    const repeated = validCase('createPet', {
      body: { kind: 'raw', text: '{"name":"Rex","categoryId":1,"name":7}' },
      edge: { gap: 'duplicate-members', description: 'x' },
    });
    expect(run(checkCreateEcho, ops.createPet, repeated, response(201, wrong))).toEqual([]);
    expect(run(checkCreateEcho, ops.createPet, create({ name: 'Rex', categoryId: 1 }), response(201, '[]'))).toEqual(
      [],
    );
  });

  it('judges raw spellings of a body by the value they spell', () => {
    const escaped = validCase('createPet', {
      body: { kind: 'raw', text: '{"name":"\\uD83D\\uDC22 Sh\\u00E9lly","categoryId":1e2}' },
    });
    expect(
      verdicts(
        run(checkCreateEcho, ops.createPet, escaped, jsonResponse(201, pet(1, { name: '🐢 Shélly', categoryId: 100 }))),
      ).filter((v) => v.severity === 'failure'),
    ).toEqual([]);
    expect(
      verdicts(
        run(
          checkCreateEcho,
          ops.createPet,
          escaped,
          jsonResponse(201, pet(1, { name: '\ufffd\ufffd Shélly', categoryId: 100 })),
        ),
      ),
    ).toContainEqual({ code: 'semantic_violation', severity: 'failure' });
  });

  it('judges a member only once the target echoed another value of it exactly: a hash of a password is no echo', async () => {
    const spec = ops.spec;
    const fresh = () =>
      createEchoCheck(resourceModelFor(spec).model.collections.find((c) => c.path === '/pets')!, ops.createPet)!.run;
    const check = fresh();
    const send = (value: WireJson, answer: string) => run(check, ops.createPet, create(value), response(201, answer));
    // Never echoed: the name sent comes back changed (as a signup's password comes back hashed).
    const first = send(
      { name: 'hunter2', categoryId: 1 },
      '{"id":1,"name":"f52fbd32b2b3b86ff88ef6c490628285f482af15ddcb29541f94bcf526a3f6c7","categoryId":1}',
    );
    expect(verdicts(first)).toEqual([{ code: 'semantic_violation', severity: 'advisory' }]);
    expect(first[0]!.basis).toMatchObject({ kind: 'unconfirmed' });
    expect(describeFinding(first[0]!)).toContain('has not confirmed');
    // The same value echoed does not confirm it for itself; another value echoed exactly does.
    expect(send({ name: 'Rex', categoryId: 1 }, '{"id":2,"name":"Rex","categoryId":1}')).toEqual([]);
    const after = send({ name: 'Max', categoryId: 1 }, '{"id":3,"name":"MAX","categoryId":1}');
    expect(verdicts(after)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(after[0]!.basis).toMatchObject({ kind: 'confirmed', confirmedBy: 'createPet echoed name "Rex" exactly' });
    // An empty value the server fills in ("" answered "WestUs2") is judged only once empty values were echoed.
    const filled = send({ name: '', categoryId: 1 }, '{"id":4,"name":"WestUs2","categoryId":1}');
    expect(verdicts(filled)).toEqual([{ code: 'semantic_violation', severity: 'advisory' }]);
  });

  it('also judges a pet created under a bad key that was let in', () => {
    const c = authCase('createPet', 'none', { body: { kind: 'json', value: { name: 'Rex', categoryId: 1 } } });
    expect(
      verdicts(run(checkCreateEcho, ops.createPet, c, jsonResponse(201, pet(1, { name: 'Other' })))),
    ).toContainEqual({ code: 'semantic_violation', severity: 'failure' });
  });
});

describe('identityCheck', () => {
  const get = (petId: string, bodyText: string) =>
    run(checkGetIdentity, ops.getPet, validCase('getPet', { pathParams: { petId } }), response(200, bodyText));

  it('passes the pet asked for, digit for digit beyond 2^53', () => {
    expect(get('5', '{"id":5,"name":"Rex","categoryId":1}')).toEqual([]);
    expect(get('9223372036854775807', '{"id":9223372036854775807,"name":"Rex","categoryId":1}')).toEqual([]);
    expect(get('-9223372036854775808', '{"id":-9223372036854775808,"name":"Rex","categoryId":1}')).toEqual([]);
  });

  it('fails another pet', () => {
    const findings = get('5', '{"id":6,"name":"Rex","categoryId":1}');
    expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'failure' }]);
    expect(findings[0]!.evidence).toMatchObject({
      rule: 'identity',
      requested: '5',
      received: '6',
      parameter: 'petId',
    });
    expect(verdicts(get('9223372036854775807', '{"id":1,"name":"Rex","categoryId":1}'))).toEqual([
      { code: 'semantic_violation', severity: 'failure' },
    ]);
    // A body without the id shows no other item (the schema check judges the missing member).
    expect(get('5', '{"name":"Rex","categoryId":1}')).toEqual([]);
  });

  it('passes a number written in exponent form that names the same id (1e+21)', () => {
    expect(get('1e+21', '{"id":1000000000000000000000,"name":"Rex","categoryId":1}')).toEqual([]);
    expect(verdicts(get('1e+21', '{"id":6,"name":"Rex","categoryId":1}'))).toEqual([
      { code: 'semantic_violation', severity: 'failure' },
    ]);
  });

  it('only warns on a 200 for path text that is no integer: which item it names, no document says', () => {
    for (const petId of ['abc', '1.5', '6abc', '0aaa']) {
      const findings = get(petId, '{"id":6,"name":"Rex","categoryId":1}');
      expect(verdicts(findings)).toEqual([{ code: 'semantic_violation', severity: 'warning' }]);
      expect(findings[0]!.evidence).toMatchObject({ rule: 'identity', requested: petId, received: '6' });
    }
    // An invalid case of the id (the spec calls `1.5` no integer) is the negative rules' to judge:
    // what a lenient server reads it as the spec does not say (held-out set 27). The Animal Store's
    // contract does (animal-store/pet-checks.ts).
    const invalid = invalidCase('getPet', { location: 'path.petId' }, { pathParams: { petId: '1.5' } });
    expect(run(checkGetIdentity, ops.getPet, invalid, response(200, '{"id":1,"name":"Rex","categoryId":1}'))).toEqual(
      [],
    );
  });

  it('only warns on the lenient spellings probes send, and accepts the same double beyond 2^53', () => {
    for (const petId of ['0x1F', '\uff11']) {
      const probe = probeCase('getPet', { pathParams: { petId } });
      expect(
        verdicts(run(checkGetIdentity, ops.getPet, probe, response(200, '{"id":31,"name":"Rex","categoryId":1}'))),
      ).toEqual([{ code: 'semantic_violation', severity: 'warning' }]);
    }
    expect(get('9007199254740993', '{"id":9007199254740992,"name":"Rex","categoryId":1}')).toEqual([]);
  });

  it('asks nothing of other statuses or non-objects', () => {
    expect(
      run(
        checkGetIdentity,
        ops.getPet,
        validCase('getPet', { pathParams: { petId: '5' } }),
        jsonResponse(404, { id: 6 }),
      ),
    ).toEqual([]);
    expect(get('5', '[{"id":6}]')).toEqual([]);
  });
});

describe('pageSizeCheck where the parameter says it caps the page', () => {
  // zodios-openapi's users (held-out set 7): `limit` described "Limit the number of users" was
  // ignored; the page-size rule then rests on those words, not on the parameter's name alone.
  const document = (description: string) =>
    specFromDocument({
      openapi: '3.0.3',
      info: { title: 'users', version: '1' },
      paths: {
        '/users': {
          get: {
            operationId: 'listUsers',
            parameters: [{ name: 'limit', in: 'query', description, schema: { type: 'number', default: 10 } }],
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } },
              },
            },
          },
        },
      },
    });
  const judged = (description: string) => {
    const spec = document(description);
    const users = resourceModelFor(spec).model.collections.find((c) => c.path === '/users')!;
    const operation = spec.operation('listUsers')!;
    const c = validCase('listUsers', { query: [['limit', '1']] });
    return run(pageSizeCheck(users)!.run, operation, c, jsonResponse(200, [{}, {}])).map((f) =>
      settleFinding(f, operation),
    );
  };

  it('fails on the words, with their pointer as the basis', () => {
    const [finding] = judged('Limit the number of users');
    expect(finding).toMatchObject({
      severity: 'failure',
      basis: {
        kind: 'spec',
        pointer: '/paths/~1users/get/parameters/0/description',
        says: 'Limit the number of users',
      },
    });
  });

  it('is an advisory on the name alone until the target confirms it', () => {
    expect(judged('Pagination.').map((f) => f.severity)).toEqual(['advisory']);
  });
});

describe('filterChecks on integers beyond 2^53', () => {
  // crud-todo (held-out set 13): the kit filtered by userId=-9223372036854775808; the server, reading
  // numbers as doubles, lists the items it made with it as -9223372036854776000.
  const todo = { type: 'object', properties: { id: { type: 'integer' }, userId: { type: 'integer' } } };
  const spec = specFromDocument({
    openapi: '3.0.3',
    info: { title: 'todos', version: '1' },
    paths: {
      '/todos': {
        get: {
          operationId: 'listTodos',
          parameters: [{ name: 'userId', in: 'query', schema: { type: 'integer' } }],
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: todo } } } },
          },
        },
        post: {
          operationId: 'createTodo',
          requestBody: { content: { 'application/json': { schema: todo } } },
          responses: { '201': { description: 'made', content: { 'application/json': { schema: todo } } } },
        },
      },
    },
  } as never);
  const todos = resourceModelFor(spec).model.collections.find((c) => c.path === '/todos')!;
  const byUser = filterChecks(todos).find((c) => c.name(validCase('listTodos')) === 'semantics.filter')!.run;
  const asked = (userId: string) => validCase('listTodos', { query: [['userId', userId]] });

  it('the same double is the value sent; another integer is not', () => {
    const rounded = jsonResponse(200, [{ id: 1, userId: -9223372036854776000 }]);
    expect(run(byUser, spec.operation('listTodos')!, asked('-9223372036854775808'), rounded)).toEqual([]);
    const other = jsonResponse(200, [{ id: 1, userId: 7 }]);
    expect(run(byUser, spec.operation('listTodos')!, asked('8'), other).map((f) => f.severity)).toEqual(['failure']);
  });
});

describe('filterChecks on free text (held-out set 65)', () => {
  // A Hono events API filters `?name=` by a case-insensitive substring (`name.includes(q)`); the
  // document says neither search nor match, and its example (`Gala`) is part of a name.
  const event = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      status: { type: 'string', enum: ['draft', 'live'] },
    },
  };
  const spec = specFromDocument({
    openapi: '3.0.3',
    info: { title: 'events', version: '1' },
    paths: {
      '/events': {
        get: {
          operationId: 'listEvents',
          parameters: [
            { name: 'name', in: 'query', schema: { type: 'string', example: 'Gala' } },
            { name: 'status', in: 'query', schema: { type: 'string', enum: ['draft', 'live'] } },
          ],
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: event } } } },
          },
        },
        post: {
          operationId: 'createEvent',
          requestBody: { content: { 'application/json': { schema: event } } },
          responses: { '201': { description: 'made', content: { 'application/json': { schema: event } } } },
        },
      },
    },
  } as never);
  const events = resourceModelFor(spec).model.collections.find((c) => c.path === '/events')!;
  const checks = filterChecks(events);
  const judge = (parameter: string, value: string, body: unknown[]) =>
    checks.flatMap((c) =>
      c.run({
        exchange: {
          case: validCase('listEvents', { query: [[parameter, value]] }),
          request: { method: 'GET', path: '/events', headers: {} },
          response: jsonResponse(200, body),
        },
        operation: spec.operation('listEvents')!,
      } as never),
    );
  const gala = [
    { id: 'a', name: 'Summer Gala 2026', status: 'live' },
    { id: 'b', name: 'gala night', status: 'draft' },
  ];

  it('keeps items whose free-text member holds the text, in any case; fails one that does not', () => {
    expect(judge('name', 'Gala', gala)).toEqual([]);
    expect(
      judge('name', 'Gala', [...gala, { id: 'c', name: 'Picnic', status: 'live' }]).map((f) => f.severity),
    ).toEqual(['failure']);
  });

  it('asks nothing of a blank value; an enum member still has to match exactly', () => {
    expect(judge('name', ' ', [{ id: 'c', name: 'Picnic', status: 'live' }])).toEqual([]);
    expect(judge('status', 'live', gala).map((f) => f.severity)).toEqual(['failure']);
  });
});
