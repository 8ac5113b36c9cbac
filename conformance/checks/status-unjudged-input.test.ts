// Refusals of "valid" requests the spec cannot promise to serve, first seen on held-out real servers
// (LoopBack 3, hexlet's Fastify example, NestJS): each is a gap naming why, never a failure, and the
// same refusal without that reason is still a failure.
import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import { checkStatus } from './status.js';
import { REQUEST, authCase, exchange, jsonResponse, response, run, validCase, verdicts } from './_test-support.js';
import { describeFinding } from '../report/describe-finding.js';
import { settleFinding } from '../findings/basis.js';

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const body = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
const spec = specFromDocument({
  openapi: '3.0.3',
  info: { title: 'shops', version: '1' },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
  },
  paths: {
    '/token': {
      post: {
        operationId: 'token',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['username', 'password'],
                properties: { username: { type: 'string' }, password: { type: 'string' } },
              },
            },
          },
        },
        responses: { '200': ok['200'], '422': { description: 'Validation Error' } },
      },
    },
    '/reservations': {
      post: {
        operationId: 'createReservation',
        description:
          'The window is half-open. `endsAt` must be after `startsAt` and at most 24 hours later (otherwise 400 or 422).',
        requestBody: body({
          type: 'object',
          required: ['plate', 'startsAt', 'endsAt'],
          properties: {
            plate: { type: 'string', minLength: 1, maxLength: 12 },
            startsAt: { type: 'string', format: 'date-time' },
            endsAt: { type: 'string', format: 'date-time' },
          },
        }),
        responses: { '201': ok['200'], '400': { description: 'Invalid request' } },
      },
    },
    '/shifts': {
      post: {
        operationId: 'createShift',
        description: 'Creates a shift. The `plate` must be unique.',
        requestBody: body({
          type: 'object',
          required: ['plate', 'startsAt', 'endsAt'],
          properties: {
            plate: { type: 'string', minLength: 1, maxLength: 12 },
            startsAt: { type: 'string', format: 'date-time' },
            endsAt: { type: 'string', format: 'date-time' },
          },
        }),
        responses: { '201': ok['200'], '400': { description: 'Invalid request' } },
      },
    },
    '/books': {
      post: {
        operationId: 'createBook',
        requestBody: body({ type: 'object', properties: { title: { type: 'string' }, author: { type: 'string' } } }),
        responses: { '201': ok['200'], '400': { description: 'Validation error' } },
      },
    },
    '/todos': {
      post: {
        operationId: 'createTodo',
        requestBody: body({
          type: 'object',
          required: ['task', 'isDone'],
          properties: { task: { type: 'string' }, isDone: { type: 'number' } },
        }),
        responses: { '201': ok['200'], '400': { description: 'Invalid parameters' } },
      },
    },
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: body({
          type: 'object',
          required: ['title'],
          properties: { title: { type: 'string' }, status: { type: 'string' } },
        }),
        responses: { '201': ok['200'], '400': { description: 'Invalid note' } },
      },
    },
    '/pets': {
      post: {
        operationId: 'createPet',
        requestBody: body({
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', maxLength: 30 }, nickname: { type: 'string' } },
        }),
        responses: { '201': ok['200'], '400': { description: 'Invalid pet' } },
      },
    },
    '/shops': {
      get: {
        operationId: 'findShops',
        parameters: [
          { name: 'filter', in: 'query', schema: { type: 'string', format: 'JSON' } },
          { name: 'near', in: 'query', schema: { type: 'string', format: 'date' } },
        ],
        responses: ok,
      },
    },
    '/shops/{id}': {
      patch: {
        operationId: 'patchShop',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: body({ type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } }),
        responses: ok,
      },
    },
    '/users': {
      post: {
        operationId: 'createUser',
        requestBody: body({ type: 'object', properties: { email: { type: 'string' } } }),
        responses: { '201': ok['200'], '400': { description: 'Invalid input, or an e-mail already registered.' } },
      },
    },
    '/people': {
      get: {
        operationId: 'listPeople',
        parameters: [{ name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'ok', content: { 'application/vnd.api+json': { schema: { type: 'object' } } } },
        },
      },
    },
    '/auth/login': {
      post: {
        operationId: 'login2',
        requestBody: body({
          type: 'object',
          required: ['username', 'password'],
          properties: { username: { type: 'string' }, password: { type: 'string' } },
        }),
        responses: { ...ok, '400': { description: 'Invalid credentials' } },
      },
    },
    '/auth/login-secured': {
      post: {
        operationId: 'loginSecured',
        security: [{ bearer: [] }],
        requestBody: body({
          type: 'object',
          required: ['email', 'password'],
          properties: { email: { type: 'string' }, password: { type: 'string' } },
        }),
        responses: { ...ok, '400': { description: 'Invalid credentials' } },
      },
    },
    '/auth/register': {
      post: {
        operationId: 'register',
        requestBody: body({
          type: 'object',
          required: ['name', 'code', 'confirmCode'],
          properties: {
            name: { type: 'string' },
            code: { type: 'string' },
            confirmCode: { type: 'string', description: 'Code confirmation' },
          },
        }),
        responses: { '201': ok['200'], '400': { description: 'Validation error' } },
      },
    },
    '/courses/{id}': {
      get: {
        operationId: 'getCourse',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: ok,
      },
    },
    '/employees/{id}': {
      get: {
        operationId: 'getEmployee',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { ...ok, '400': { description: 'Employee id not found.' } },
      },
    },
    '/members': {
      post: {
        operationId: 'createMember',
        requestBody: body({
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string', description: "The member's unique identifier" },
            name: { type: 'string' },
          },
        }),
        responses: { '201': ok['200'] },
      },
    },
    '/users/login': {
      post: { operationId: 'login', requestBody: body({ type: 'object' }), responses: ok },
    },
    '/tokens': {
      post: {
        operationId: 'createToken',
        requestBody: body({
          type: 'object',
          required: ['email', 'password'],
          properties: { email: { type: 'string' }, password: { type: 'string' } },
        }),
        responses: { '201': ok['200'] },
      },
    },
    '/secured': {
      get: {
        operationId: 'getSecured',
        security: [{ bearer: [] }],
        responses: { ...ok, '401': { description: 'Missing token.' } },
      },
    },
    '/login': {
      post: {
        operationId: 'signIn',
        security: [{ bearer: [] }],
        requestBody: body({
          type: 'object',
          properties: { email: { type: 'string', minLength: 0 }, password: { type: 'string', minLength: 0 } },
        }),
        responses: { ...ok, '400': { description: 'Bad input' }, '401': { description: 'Unauthorized' } },
      },
    },
    '/users/search': {
      get: {
        operationId: 'searchUsers',
        parameters: [
          { name: 'email', in: 'query', schema: { type: 'string' } },
          { name: 'name', in: 'query', schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        responses: { ...ok, '400': { description: 'Missing query parameters' } },
      },
    },
    '/members/{id}': {
      patch: {
        operationId: 'patchMember',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: {
          required: true,
          content: {
            'application/merge-patch+json': { schema: { type: 'object', properties: { name: { type: 'string' } } } },
          },
        },
        responses: { ...ok, '415': { description: 'Unsupported media type' } },
      },
    },
    '/authentication/{accessToken}': {
      delete: {
        operationId: 'logout',
        security: [{ bearer: [] }],
        parameters: [{ name: 'accessToken', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { ...ok, '401': { description: 'Not authenticated' } },
      },
    },
    '/tags': {
      get: {
        operationId: 'listTags',
        parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
        responses: { ...ok, '400': { description: 'Bad query' } },
      },
    },
    '/plain': {
      get: {
        operationId: 'getPlain',
        security: [{ bearer: [] }],
        responses: { ...ok, '401': { description: 'Unauthorized' } },
      },
    },
  },
});
const op = (id: string) => spec.operation(id)!;
const refused = (status: number) => jsonResponse(status, { message: 'no' });

describe('refusals the spec cannot judge', () => {
  it('a parameter of a format the validators do not check (`format: JSON`) is a gap; a checked format is not', () => {
    const unchecked = run(
      checkStatus,
      op('findShops'),
      validCase('findShops', { query: [['filter', 'a']] }),
      refused(400),
    );
    expect(verdicts(unchecked)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' }]);
    expect(describeFinding(unchecked[0]!)).toContain('format "JSON"');
    const checked = run(
      checkStatus,
      op('findShops'),
      validCase('findShops', { query: [['near', '2024-01-01']] }),
      refused(400),
    );
    expect(verdicts(checked)).toEqual([{ code: 'positive_rejected', severity: 'failure' }]);
  });

  it('a body whose schema names no member is a gap', () => {
    const c = validCase('login', { body: { kind: 'json', value: {} } });
    expect(verdicts(run(checkStatus, op('login'), c, refused(400)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
  });

  it('a body id that names another item than the path is a gap; the same id is judged', () => {
    const crossed = validCase('patchShop', { pathParams: { id: '1' }, body: { kind: 'json', value: { id: 0 } } });
    const findings = run(checkStatus, op('patchShop'), crossed, refused(400));
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' }]);
    expect(describeFinding(findings[0]!)).toContain("the body's id (0)");
    const same = validCase('patchShop', { pathParams: { id: '1' }, body: { kind: 'json', value: { id: 1 } } });
    expect(verdicts(run(checkStatus, op('patchShop'), same, refused(400)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });

  it('a value the target says it already holds, with a documented status, is a gap; without those words, or undocumented, it fails', () => {
    // fastify-docutopia (held-out set 8): a run that registered an e-mail once gets the documented 400
    // "User with this email already exists" for it again.
    const again = validCase('createUser', { body: { kind: 'json', value: { email: 'a@b.io' } } });
    const taken = jsonResponse(400, { message: 'User with this email already exists' });
    const findings = run(checkStatus, op('createUser'), again, taken);
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' }]);
    expect(describeFinding(findings[0]!)).toContain('already exists');
    // Without those words: the e-mail's schema states only a type, so the spec does not say which
    // addresses the server takes (a gap, below); a constrained member refused still fails.
    expect(verdicts(run(checkStatus, op('createUser'), again, refused(400)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
    // The catalogue's create-duplicate-name-409: a status the operation does not document stays a failure.
    const undocumented = jsonResponse(409, { message: 'A user with this e-mail already exists' });
    const judged = verdicts(run(checkStatus, op('createUser'), again, undocumented));
    expect(judged.map((v) => v.severity)).toContain('failure');
    expect(judged.map((v) => v.gap)).not.toContain('unjudged-input');
  });

  it('a refusal of an Accept that names none of the documented types is a gap; a matching Accept refused fails', () => {
    // jsonapi-people (held-out set 11): `Accept: application/json` to a JSON:API operation got 422.
    const refusedWith = (accept: string) =>
      verdicts(
        checkStatus({
          exchange: {
            ...exchange(validCase('listPeople'), jsonResponse(422, { errors: [] })),
            request: { ...REQUEST, headers: { accept } },
          },
          operation: op('listPeople'),
        }),
      );
    expect(refusedWith('application/json')).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
    for (const accept of ['application/vnd.api+json', '*/*', 'application/*'])
      expect(refusedWith(accept)).toEqual([{ code: 'positive_rejected', severity: 'failure' }]);
  });

  it('free text in a styled query parameter (written in rawQuery) refused is a gap too', () => {
    // jsonapi-people (held-out set 11): `filter` is deepObject over a string; `?filter=a` got 422.
    const styled = validCase('listPeople', { rawQuery: ['filter=a'] });
    expect(verdicts(run(checkStatus, op('listPeople'), styled, jsonResponse(422, {})))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
  });

  it('a login under a declared bearer requirement, refused with its documented 400, judged the body (set 15)', () => {
    const made = validCase('loginSecured', { body: { kind: 'json', value: { email: 'a@a.aa', password: 'a' } } });
    expect(
      verdicts(run(checkStatus, op('loginSecured'), made, jsonResponse(400, { message: 'Invalid credentials' }))),
    ).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' }]);
  });

  it('a confirmation member that differs from what it confirms, refused, is a gap; matching and refused fails', () => {
    // express-todo-jwt (held-out set 15): confirmPassword "a" for password "aaaaaa" got 400 "Passwords do not match".
    const differing = validCase('register', {
      body: { kind: 'json', value: { name: 'a', code: 'aaaaaa', confirmCode: 'a' } },
    });
    expect(verdicts(run(checkStatus, op('register'), differing, jsonResponse(400, { message: 'no match' })))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
    const same = validCase('register', {
      body: { kind: 'json', value: { name: 'a', code: 'aaaaaa', confirmCode: 'aaaaaa' } },
    });
    expect(verdicts(run(checkStatus, op('register'), same, jsonResponse(422, {}))).map((v) => v.severity)).toContain(
      'failure',
    );
  });

  it('a documented 400 whose words say "not found", to an id the kit made up, is the not-found answer (set 19)', () => {
    const made = validCase('getEmployee', { pathParams: { id: '0' } });
    expect(run(checkStatus, op('getEmployee'), made, jsonResponse(400, { message: 'not found' }))).toEqual([]);
    // An id the run knows to exist, refused so, still fails.
    const known = validCase('getEmployee', { pathParams: { id: '3' }, existing: ['id'] });
    expect(
      verdicts(run(checkStatus, op('getEmployee'), known, jsonResponse(400, { message: 'not found' }))).map(
        (v) => v.severity,
      ),
    ).toContain('failure');
  });

  it('the words may be in the language the server writes its messages in (set 91)', () => {
    const made = validCase('getCourse', { pathParams: { id: '0' } });
    for (const says of [
      'Pedido não encontrado',
      'Pedido n\u00e3o encontrado',
      'Recurso no encontrado',
      'Cours introuvable',
      'Kurs nicht gefunden',
    ]) {
      const findings = run(checkStatus, op('getCourse'), made, jsonResponse(400, { detail: says }));
      expect(findings.map((f) => f.gap)).toEqual(['undocumented-not-found']);
    }
    // A refusal in other words is still a refused valid request.
    const other = jsonResponse(400, { detail: 'Usuário já existe com este email' });
    expect(verdicts(run(checkStatus, op('getCourse'), made, other)).map((v) => v.severity)).toContain('failure');
  });

  it('an undocumented 4xx to an id the kit made up, whose body says it does not exist, is the not-found gap (set 82)', () => {
    // NestJS (held-out set 82): `GET /courses/0` answered 400 "Course with id 0 does not exist";
    // only 200 is documented. The target's words say the id names nothing, as a 404 would.
    const made = validCase('getCourse', { pathParams: { id: '0' } });
    const missing = jsonResponse(400, { statusCode: 400, message: 'Course with id 0 does not exist' });
    const findings = run(checkStatus, op('getCourse'), made, missing);
    expect(findings.map((f) => [f.code, f.severity, f.gap])).toEqual([
      ['contract_gap', 'warning', 'undocumented-not-found'],
    ]);
    expect(describeFinding(findings[0]!)).toContain('A path naming no resource got 400');
    // Other words, or an id the run knows to exist, still fail.
    const other = jsonResponse(400, { message: 'title must not be empty' });
    expect(verdicts(run(checkStatus, op('getCourse'), made, other)).map((v) => v.severity)).toContain('failure');
    const known = validCase('getCourse', { pathParams: { id: '3' }, existing: ['id'] });
    expect(verdicts(run(checkStatus, op('getCourse'), known, missing)).map((v) => v.severity)).toContain('failure');
  });

  it('an undocumented refusal of a value the spec calls unique, said to be held already, is a gap', () => {
    // express-oas-users (held-out set 9): `id` is "The user's unique identifier"; a run that created
    // an id once gets an undocumented 400 "User already exists." for it again.
    const again = validCase('createMember', { body: { kind: 'json', value: { id: '<b>&amp;</b>' } } });
    const taken = jsonResponse(400, { message: 'User already exists.', code: 'Error' });
    const findings = run(checkStatus, op('createMember'), again, taken);
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' }]);
    expect(describeFinding(findings[0]!)).toContain("which the spec's words call unique");
    // Without those words in the refusal, it fails; a member the spec does not call unique fails too.
    expect(verdicts(run(checkStatus, op('createMember'), again, refused(400)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
    const named = validCase('createMember', { body: { kind: 'json', value: { name: 'Rex' } } });
    expect(verdicts(run(checkStatus, op('createMember'), named, taken)).map((v) => v.severity)).toContain('failure');
  });

  it('a public sign-in with made-up credentials answered its documented 400 is a gap (dummyjson: "Invalid credentials")', () => {
    const made = validCase('login2', { body: { kind: 'json', value: { username: 'a', password: 'a' } } });
    const invalid = jsonResponse(400, { message: 'Invalid credentials' });
    expect(verdicts(run(checkStatus, op('login2'), made, invalid))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
    // Where 400 is not documented, it still fails.
    expect(verdicts(run(checkStatus, op('createToken'), made, invalid)).map((v) => v.severity)).toContain('failure');
  });

  it('a public sign-in with made-up credentials answered 404 (no such account) is a gap; without a secret it fails', () => {
    const made = validCase('createToken', { body: { kind: 'json', value: { email: 'a', password: 'a' } } });
    expect(verdicts(run(checkStatus, op('createToken'), made, refused(404)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
    const plain = validCase('createToken', { body: { kind: 'json', value: { email: 'a' } } });
    expect(verdicts(run(checkStatus, op('createToken'), plain, refused(404)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });
});

describe('the valid key in a lenient form', () => {
  it('accepted where the spec does not say invalid credentials are refused: an advisory, not a failure', () => {
    for (const auth of ['trailing-junk', 'key-padded']) {
      const findings = run(checkStatus, op('getSecured'), authCase('getSecured', auth), jsonResponse(200, {})).map(
        (f) => settleFinding(f, op('getSecured')),
      );
      expect(verdicts(findings)).toEqual([{ code: 'auth_ignored', severity: 'advisory' }]);
    }
  });

  it('answered 404 for an id nothing has (tyex): past the credential check, an advisory like a 2xx', () => {
    const c = authCase('getSecured', 'trailing-junk');
    const findings = run(checkStatus, op('getSecured'), c, jsonResponse(404, { message: 'no such user' })).map((f) =>
      settleFinding(f, op('getSecured')),
    );
    expect(verdicts(findings)).toEqual([{ code: 'auth_ignored', severity: 'advisory' }]);
    // A missing key answered 404 is still no refusal of it.
    const missing = run(checkStatus, op('getSecured'), authCase('getSecured', 'missing'), jsonResponse(404, {}));
    expect(verdicts(missing).map((v) => v.severity)).toContain('failure');
  });

  it('refused with 400 (RFC 6750 §3.1 invalid_request) is a gap; 403 still fails', () => {
    const c = authCase('getSecured', 'trailing-junk');
    const findings = run(checkStatus, op('getSecured'), c, response(400, ''));
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'auth-status' }]);
    expect(describeFinding(findings[0]!)).toContain('RFC 6750 §3.1');
    expect(verdicts(run(checkStatus, op('getSecured'), c, refused(403)))).toEqual([
      { code: 'auth_wrong_status', severity: 'failure' },
    ]);
  });
});

describe('a body naming another resource by a made-up value', () => {
  it('refused is a gap; with a known value, or no such member, the refusal fails', () => {
    const made = validCase('createToken', {
      body: { kind: 'json', value: { email: 'a', password: 'a' } },
      madeUpReferences: ['email'],
    });
    expect(verdicts(run(checkStatus, op('createToken'), made, refused(400)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
    const known = validCase('createToken', { body: { kind: 'json', value: { email: 'a', password: 'a' } } });
    expect(verdicts(run(checkStatus, op('createToken'), known, refused(400)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });
});

describe('403 to a bad credential', () => {
  it('is a gap where the 401 does not say which credentials get it (RFC 9110 §15.5.4), a failure where it does', () => {
    const plain = run(checkStatus, op('getPlain'), authCase('getPlain', 'unknown-key'), refused(403));
    expect(verdicts(plain)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'auth-status' }]);
    expect(describeFinding(plain[0]!)).toContain('RFC 9110 §15.5.4');
    expect(verdicts(run(checkStatus, op('getSecured'), authCase('getSecured', 'none'), refused(403)))).toEqual([
      { code: 'auth_wrong_status', severity: 'failure' },
    ]);
  });

  it('a body leaving out members of a schema that marks none required is a gap; with a required list it fails', () => {
    // bookstore-rest-api (held-out set 34): `POST /books {}` refused, "All fields required.".
    const empty = validCase('createBook', { body: { kind: 'json', value: { title: 'Dune' } } });
    const findings = run(checkStatus, op('createBook'), empty, refused(400));
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' }]);
    expect(describeFinding(findings[0]!)).toContain('"author"');
    // With a status the operation does not document, it is a valid request refused (held-out set 58:
    // `{}` answered 400 where only 200 is documented).
    const { '400': _documented, ...others } = op('createBook').responses;
    const undocumented = {
      ...op('createBook'),
      responses: others,
      responseFor: (status: number) => (status === 400 ? undefined : op('createBook').responseFor(status)),
    } as ReturnType<typeof op>;
    expect(verdicts(run(checkStatus, undocumented, empty, refused(400)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
    // The catalogue's rejects-omitted-status: the schema lists what is required, the rest is optional.
    const named = validCase('createPet', { body: { kind: 'json', value: { name: 'Rex' } } });
    expect(verdicts(run(checkStatus, op('createPet'), named, refused(400)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });

  it('judges a body written out byte by byte as the JSON value it spells', () => {
    // notes-app (held-out set 43): `{"title":"\uD83D\uDC22 ..."}` sent as escaped text, without
    // `content`, was judged as no object at all and failed, where the same body built as JSON was a gap.
    const escaped = validCase('createBook', {
      body: { kind: 'raw', text: '{"t\\u0069tle":"\\uD83D\\uDC22"}', contentType: 'application/json' },
    });
    const findings = run(checkStatus, op('createBook'), escaped, refused(400));
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' }]);
    expect(describeFinding(findings[0]!)).toContain('"author"');
    // Bytes that spell no JSON object are no body the rule can read: a refusal still fails.
    const form = validCase('createBook', {
      body: { kind: 'raw', text: 'title=Dune', contentType: 'application/x-www-form-urlencoded' },
    });
    expect(verdicts(run(checkStatus, op('createBook'), form, refused(400)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });

  it('a 401 to a request carrying a token the kit made up in its path is a gap; with a known one it fails', () => {
    // feathers (held-out set 40): "Invalid access token" for the path's made-up token, bearer key valid.
    const madeUp = validCase('logout', { pathParams: { accessToken: 'kit-unused-0' } });
    const findings = run(checkStatus, op('logout'), madeUp, refused(401));
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' }]);
    expect(describeFinding(findings[0]!)).toContain('the path parameter accessToken, a token the kit made up');
    const known = { ...madeUp, existing: ['accessToken'] };
    expect(verdicts(run(checkStatus, op('logout'), known, refused(401)))).toEqual([
      { code: 'auth_rejected_valid', severity: 'failure' },
    ]);
  });

  it('a documented 415 of a body in the media type the operation declares fails; of another type it passes', () => {
    // Library zoo (held-out): `application/merge-patch+json` declared, and refused with 415.
    const patch = validCase('patchMember', { body: { kind: 'json', value: { name: 'Ann' } } });
    const sentAs = (type: string) => ({
      case: patch,
      request: { method: 'PATCH', path: '/members/1', headers: { 'content-type': type }, body: '{"name":"Ann"}' },
      response: refused(415),
    });
    const declared = checkStatus({
      exchange: sentAs('application/merge-patch+json; charset=utf-8'),
      operation: op('patchMember'),
    });
    expect(verdicts(declared)).toEqual([{ code: 'positive_rejected', severity: 'failure' }]);
    const other = checkStatus({ exchange: sentAs('application/json'), operation: op('patchMember') });
    expect(verdicts(other)).toEqual([]);
  });

  it('a 415 of a body in the declared media type fails whatever edge the case carries (the greenhouse zoo)', () => {
    const edged = validCase('patchMember', {
      body: { kind: 'json', value: { name: 'Ann' } },
      edge: { gap: 'field-size-limits', description: 'path.memberId is only white space' },
    });
    const exchange = {
      case: edged,
      request: {
        method: 'PATCH',
        path: '/members/%20',
        headers: { 'content-type': 'application/merge-patch+json' },
        body: '{"name":"Ann"}',
      },
      response: refused(415),
    };
    expect(verdicts(checkStatus({ exchange, operation: op('patchMember') }))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });

  it('none of several optional query parameters, refused with the documented 400, is a gap', () => {
    // users-sqlite (held-out set 37): `GET /api/users/search` with neither `email` nor `name` → its
    // documented 400 "Missing query parameters". OpenAPI cannot say "at least one of these".
    const bare = validCase('searchUsers', { query: [['limit', '5']] });
    const findings = run(checkStatus, op('searchUsers'), bare, refused(400));
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' }]);
    expect(describeFinding(findings[0]!)).toContain('"email", "name"');
    // Undocumented, it still fails.
    expect(verdicts(run(checkStatus, op('searchUsers'), bare, refused(422))).map((v) => v.severity)).toContain(
      'failure',
    );
    // A single optional parameter left out is the spec's own word: refusing that fails.
    expect(verdicts(run(checkStatus, op('listTags'), validCase('listTags', { query: [] }), refused(400)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });

  it('values whose schemas state only a type, refused with the documented 400, are a gap', () => {
    // nest-todo (held-out set 32): `isDone: 5e-324` refused, the code taking only 0 or 1.
    const todo = validCase('createTodo', { body: { kind: 'json', value: { task: 'x', isDone: 5e-324 } } });
    const findings = run(checkStatus, op('createTodo'), todo, refused(400));
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' }]);
    expect(describeFinding(findings[0]!)).toContain('only a type');
    // A status the operation does not document stays a failure.
    expect(verdicts(run(checkStatus, op('createTodo'), todo, refused(422))).map((v) => v.severity)).toContain(
      'failure',
    );
    // A value with a bound sent: the spec said which names it takes, and the refusal fails.
    const pet = validCase('createPet', { body: { kind: 'json', value: { name: 'Rex', nickname: 'r' } } });
    expect(verdicts(run(checkStatus, op('createPet'), pet, refused(400)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });

  it('a sign-in refusing its body without the inherited key: which check comes first is a gap', () => {
    // bookstore-rest-api (held-out set 34): `POST /login` under the document's bearer requirement
    // answered 400 to empty members, with or without a token.
    const signIn = authCase('signIn', 'none', { body: { kind: 'json', value: { email: '', password: '' } } });
    expect(verdicts(run(checkStatus, op('signIn'), signIn, refused(400)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'auth-precedence' },
    ]);
    // Served without the key: still a failure. And a 400 without the key elsewhere still fails.
    expect(verdicts(run(checkStatus, op('signIn'), signIn, jsonResponse(200, {}))).map((v) => v.code)).toContain(
      'auth_ignored',
    );
    expect(verdicts(run(checkStatus, op('getPlain'), authCase('getPlain', 'none'), refused(400)))).toEqual([
      { code: 'auth_wrong_status', severity: 'failure' },
    ]);
  });
});

describe('a 401 on an operation that requires no credentials', () => {
  // simple-api-server (held-out set 45): Basic declared but required by no operation, every request
  // answered 401, and each 401 was blamed on an edge or on free text in the path.
  const publicSpec = specFromDocument({
    openapi: '3.0.3',
    info: { title: 'collections', version: '1' },
    components: { securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } } },
    paths: {
      '/collections/{collectionName}': {
        get: {
          operationId: 'getCollection',
          parameters: [{ name: 'collectionName', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  });
  const get = publicSpec.operation('getCollection')!;
  const named = validCase('getCollection', { pathParams: { collectionName: 'books' } });

  it('fails, whatever edge or free text the request carried; the same edge refused with 400 is a gap', () => {
    expect(verdicts(run(checkStatus, get, named, refused(401)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
    const long = { ...named, edge: { gap: 'field-size-limits', description: '/path/collectionName is long' } };
    expect(verdicts(run(checkStatus, get, long, refused(401)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
    expect(verdicts(run(checkStatus, get, long, refused(400)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'field-size-limits' },
    ]);
    expect(verdicts(run(checkStatus, get, named, refused(400)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
  });

  it('a path value the target handed out is no free text: an undocumented refusal of it fails', () => {
    // The greenhouse zoo: deleting a site the run made got a 422 the operation does not document.
    const handedOut = { ...named, existing: ['collectionName'] };
    expect(verdicts(run(checkStatus, get, handedOut, refused(422)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });
});

describe('a rule the operation states in words across members (the parking zoo)', () => {
  const window = { plate: 'AB-1', startsAt: '2099-12-31T23:59:59.000Z', endsAt: '2023-12-31T23:59:59.999Z' };
  it('a documented 400 of a body holding the members the rule names is unjudged input, quoting the rule', () => {
    const c = validCase('createReservation', { body: { kind: 'json', value: window } });
    const findings = run(
      checkStatus,
      op('createReservation'),
      c,
      jsonResponse(400, { detail: 'endsAt must be after startsAt' }),
    );
    expect(findings.map((f) => [f.code, f.gap])).toEqual([['contract_gap', 'unjudged-input']]);
    expect(describeFinding(findings[0]!)).toContain('`endsAt` must be after `startsAt`');
  });

  it('a rule naming one member only, or no rule, leaves the 400 a refused valid request', () => {
    const c = validCase('createShift', { body: { kind: 'json', value: window } });
    expect(
      verdicts(run(checkStatus, op('createShift'), c, jsonResponse(400, { detail: 'no' }))).map((v) => v.severity),
    ).toContain('failure');
  });
});

describe('made-up credentials in a form body (held-out set 95: an OAuth 2.0 password grant)', () => {
  it('refused as no such account is unjudged input, as a JSON sign-in is', () => {
    const form = validCase('token', {
      body: { kind: 'raw', text: 'username=a&password=toString', contentType: 'application/x-www-form-urlencoded' },
    });
    const findings = run(checkStatus, op('token'), form, jsonResponse(404, { detail: 'Incorrect input data' }));
    expect(findings.map((f) => [f.code, f.gap])).toEqual([['contract_gap', 'unjudged-input']]);
  });
});

describe('a 409 whose words say the value is held already (held-out set 95)', () => {
  it('is the uniqueness rule of the target where the operation documents no refusal; other words still fail', () => {
    const c = validCase('token', { body: { kind: 'json', value: { username: '' } } });
    const taken = run(checkStatus, op('token'), c, jsonResponse(409, { detail: 'User : Duplicate name' }));
    expect(taken.map((f) => [f.code, f.gap])).toEqual([['contract_gap', 'unjudged-input']]);
    const other = run(checkStatus, op('token'), c, jsonResponse(409, { detail: 'Try again later' }));
    expect(verdicts(other).map((v) => v.severity)).toContain('failure');
  });
});
