import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthVariant } from '../cases/index.js';
import { BAD_AUTH, GOOD_AUTH } from '../generate/index.js';
import { edgeOf } from '../generate/edge.js';
import { checkStatus, describeAuth } from './status.js';
import { operationSecurity } from '../../spec/security/index.js';
import {
  authCase,
  errorBody,
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
} from './_test-support.js';
import { describeFinding } from '../report/describe-finding.js';
import { specFromDocument } from '../../spec/index.js';

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

const err = (status: number) => response(status, errorBody(status));

describe('checkStatus: valid input', () => {
  it('reports a 401 or 403 to the valid key with a header real clients send as a client-headers gap', () => {
    for (const status of [401, 403]) {
      const c = validCase('listPets', {
        headers: { origin: 'https://example.com' },
        edge: { gap: 'client-headers', description: 'the request carried Origin: https://example.com' },
      });
      const findings = run(checkStatus, ops.listPets, c, err(status));
      expect(findings.map((f) => [f.code, f.severity, f.gap])).toEqual([['contract_gap', 'warning', 'client-headers']]);
      // Without that edge, the valid key refused is a failure.
      expect(verdicts(run(checkStatus, ops.listPets, validCase('listPets'), err(status)))).toEqual([
        { code: 'auth_rejected_valid', severity: 'failure' },
      ]);
    }
  });

  it('passes the documented success of each operation', () => {
    expect(run(checkStatus, ops.listPets, validCase('listPets'), jsonResponse(200, [pet(1)]))).toEqual([]);
    expect(run(checkStatus, ops.createPet, validCase('createPet'), jsonResponse(201, pet(1)))).toEqual([]);
    expect(
      run(checkStatus, ops.getPet, validCase('getPet', { pathParams: { petId: '1' } }), jsonResponse(200, pet(1))),
    ).toEqual([]);
  });

  it('passes a 404 on getPet for an id the kit made up', () => {
    expect(run(checkStatus, ops.getPet, validCase('getPet', { pathParams: { petId: '77' } }), err(404))).toEqual([]);
  });

  it('fails a 404 on getPet for an id the target itself returned', () => {
    const c = validCase('getPet', { pathParams: { petId: '77' }, existing: ['petId'] });
    const findings = run(checkStatus, ops.getPet, c, err(404));
    expect(verdicts(findings)).toEqual([{ code: 'positive_rejected', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('petId=77');
    expect(findings[0]!.evidence).toEqual({ scenario: 'existing-not-found', existing: { petId: '77' } });
  });

  it('fails a 404 where the operation documents none (listPets)', () => {
    expect(verdicts(run(checkStatus, ops.listPets, validCase('listPets'), err(404)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });

  it.each([401, 403])('reports %i to the valid key as auth_rejected_valid, even on an edge case', (status) => {
    const c = validCase('createPet', {
      edge: { gap: 'field-size-limits', description: '/body/name is 300 UTF-16 units long' },
    });
    expect(verdicts(run(checkStatus, ops.createPet, c, err(status)))).toEqual([
      { code: 'auth_rejected_valid', severity: 'failure' },
    ]);
  });

  it('takes a 401 to a body with a password the kit made up as that password refused (held-out set 144)', () => {
    // LoopBack's `/login`, under the document's bearer scheme: a wrong password gets 401 with the valid key.
    const signIn = (body: Record<string, string>) => validCase('createPet', { body: { kind: 'json', value: body } });
    const refused = run(checkStatus, ops.createPet, signIn({ email: 'a@b.c', password: 'Secret1!' }), err(401));
    expect(verdicts(refused)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' }]);
    expect(describeFinding(refused[0]!)).toContain('made-up credentials in the body ("password")');
    // Without such a member the 401 still refuses the key.
    expect(verdicts(run(checkStatus, ops.createPet, signIn({ name: 'Rex' }), err(401)))).toEqual([
      { code: 'auth_rejected_valid', severity: 'failure' },
    ]);
    // A multipart sign-up's password, refused with the documented 400 (held-out set 145).
    const multipart = validCase('createPet', {
      body: {
        kind: 'raw',
        contentType: 'multipart/form-data; boundary=kit',
        text: '--kit\r\nContent-Disposition: form-data; name="password"\r\n\r\njuniper silver\r\n--kit--\r\n',
      },
    });
    expect(verdicts(run(checkStatus, ops.createPet, multipart, err(400)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unjudged-input' },
    ]);
  });

  it.each(GOOD_AUTH)('treats the valid spelling %s like the valid key', (auth) => {
    const c = authCase('listPets', auth);
    expect(run(checkStatus, ops.listPets, c, jsonResponse(200, []))).toEqual([]);
    const refused = run(checkStatus, ops.listPets, c, err(401));
    expect(verdicts(refused)).toEqual([{ code: 'auth_rejected_valid', severity: 'failure' }]);
    expect(describeFinding(refused[0]!)).toContain(describeAuth(auth));
  });

  it.each([400, 404, 409, 422])('reports %i on a valid edge case as the contract gap the edge names', (status) => {
    const c = validCase('createPet', {
      edge: { gap: 'integer-precision', description: '/body/categoryId 9223372036854775807 is beyond 2^53' },
    });
    const findings = run(checkStatus, ops.createPet, c, err(status));
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'integer-precision' }]);
    expect(findings[0]!.evidence).toEqual({
      scenario: 'edge-refused',
      status,
      edge: '/body/categoryId 9223372036854775807 is beyond 2^53',
    });
  });

  it('fails a blank string refused with a status the operation does not document; a documented one is the gap', () => {
    // lb4-todo (held-out set 40): `"title": ""` answered 422 "can't be blank", where 422 is not documented.
    const blank = validCase('createPet', {
      body: { kind: 'json', value: { name: '' } },
      edge: { gap: 'field-size-limits', description: '/body/name is an empty string', documentedRefusalOnly: true },
    });
    expect(verdicts(run(checkStatus, ops.createPet, blank, err(422)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
    expect(verdicts(run(checkStatus, ops.createPet, blank, err(400)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'field-size-limits' },
    ]);
  });

  it('fails an undeclared member refused with a status the operation does not document (held-out sets 74, 76)', () => {
    const extra = validCase('createPet', {
      body: { kind: 'json', value: { name: 'Rex', nickname: 'R' } },
      edge: edgeOf({ name: 'Rex', nickname: 'R' }, new Set(['name']), '/body')!,
    });
    expect(verdicts(run(checkStatus, ops.createPet, extra, err(422)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
    // Refusing it with a documented status is a choice the contract leaves open.
    expect(verdicts(run(checkStatus, ops.createPet, extra, err(400)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'unknown-fields' },
    ]);
  });

  it.each([
    [413, 'field-size-limits'],
    [414, 'field-size-limits'],
    [431, 'field-size-limits'],
    [429, 'rate-limits'],
  ])('reports %i on a valid ordinary case as a contract gap (%s)', (status, gap) => {
    expect(verdicts(run(checkStatus, ops.createPet, validCase('createPet'), err(status)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap },
    ]);
  });

  it.each([400, 409, 415, 422])('fails %i on a valid ordinary case as positive_rejected', (status) => {
    const findings = run(checkStatus, ops.createPet, validCase('createPet'), err(status));
    expect(verdicts(findings)).toEqual([{ code: 'positive_rejected', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('expected 201');
  });

  it('a success to an operation that documents none (errors only) is a gap, not a failure', () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/things/{id}': {
          delete: {
            operationId: 'deleteThing',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '404': { description: 'not found' } },
          },
        },
      },
    });
    const remove = spec.operation('deleteThing')!;
    const findings = run(checkStatus, remove, validCase('deleteThing', { pathParams: { id: 'a' } }), response(204));
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'undocumented-success' }]);
    expect(describeFinding(findings[0]!)).toBe(
      'Got 204; deleteThing documents no success status at all, so the contract does not say which one.',
    );
  });

  it('fails a success status the operation does not document (200 on createPet, 204 on listPets)', () => {
    const created = run(checkStatus, ops.createPet, validCase('createPet'), jsonResponse(200, pet(1)));
    expect(verdicts(created)).toEqual([{ code: 'undocumented_status', severity: 'failure' }]);
    expect(created[0]!.evidence).toEqual({ status: 200, documented: ['201', '400', '401'], successes: ['201'] });
    expect(verdicts(run(checkStatus, ops.listPets, validCase('listPets'), response(204)))).toEqual([
      { code: 'undocumented_status', severity: 'failure' },
    ]);
  });
});

describe('checkStatus: invalid input', () => {
  const must = () => invalidCase('createPet', { firmness: 'must' });

  it.each([200, 201, 204])('fails a must-refuse fault accepted with %i', (status) => {
    const findings = run(checkStatus, ops.createPet, must(), jsonResponse(status, pet(1)));
    expect(verdicts(findings)).toEqual([{ code: 'negative_accepted', severity: 'failure' }]);
    expect(findings[0]!.evidence).toMatchObject({ location: 'body', pointer: '/name', keyword: 'type' });
  });

  it('passes the documented 400', () => {
    expect(run(checkStatus, ops.createPet, must(), err(400))).toEqual([]);
  });

  it('files an accepted coercible spelling ("5" for an integer) as type-coercion, and still judges its refusal status', () => {
    const coerced = invalidCase('createPet', {
      pointer: '/categoryId',
      description: `'categoryId' is "5", not of type integer`,
      gap: 'type-coercion',
    });
    const accepted = run(checkStatus, ops.createPet, coerced, jsonResponse(201, pet(1)));
    expect(verdicts(accepted)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'type-coercion' }]);
    expect(accepted[0]!.evidence).toMatchObject({ scenario: 'invalid-accepted', pointer: '/categoryId' });
    expect(verdicts(run(checkStatus, ops.createPet, coerced, err(422)))).toEqual([
      { code: 'negative_wrong_status', severity: 'failure' },
    ]);
  });

  it('fails a coercible spelling the answer shows back unchanged: it was stored, not coerced (held-out set 37)', () => {
    const spelled = invalidCase('createPet', {
      pointer: '/categoryId',
      description: `'categoryId' is "5", not of type integer`,
      gap: 'type-coercion',
    });
    const sent = { kind: 'json' as const, value: { name: 'Rex', categoryId: '5' } };
    const stored = run(
      checkStatus,
      ops.createPet,
      { ...spelled, body: sent },
      jsonResponse(201, { ...pet(1), categoryId: '5' }),
    );
    expect(verdicts(stored)).toEqual([{ code: 'negative_accepted', severity: 'failure' }]);
    // Answered as the number it spells: coerced, the gap stands.
    const coerced = run(
      checkStatus,
      ops.createPet,
      { ...spelled, body: sent },
      jsonResponse(201, { ...pet(1), categoryId: 5 }),
    );
    expect(verdicts(coerced)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'type-coercion' }]);
  });

  it.each([404, 409, 422])('fails a must-refuse fault refused with the undocumented %i', (status) => {
    expect(verdicts(run(checkStatus, ops.createPet, must(), err(status)))).toEqual([
      { code: 'negative_wrong_status', severity: 'failure' },
    ]);
  });

  it('fails another refusal status only where the documented 400 says it answers invalid input (held-out set 57)', () => {
    const withWords = (description: string) => ({
      ...ops.createPet,
      responses: { ...ops.createPet.responses, '400': { ...ops.createPet.responses['400']!, description } },
    });
    // The flagship's words tie its 400 to invalid values: a 422 breaks them, and the basis quotes them.
    const [stated] = run(checkStatus, withWords('The body contains invalid values.'), must(), err(422));
    expect(stated).toMatchObject({ code: 'negative_wrong_status', severity: 'failure' });
    // tsoa's `description: ""`, or the reason phrase alone: the spec lists a 400 without saying when.
    for (const silent of ['', 'Bad Request']) {
      const found = run(checkStatus, withWords(silent), must(), err(422));
      expect(verdicts(found)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'invalid-body-format' }]);
      expect(found[0]!.evidence).toMatchObject({ scenario: 'invalid-status-undocumented', documents400: true });
    }
  });

  it.each([422, 409])('passes a must-refuse fault refused with %i where the operation documents it too', (status) => {
    // A spec that documents 400 and another refusal leaves to the server which one invalid input gets.
    const both = {
      ...ops.createPet,
      responses: { ...ops.createPet.responses, [status]: ops.createPet.responses['400']! },
    };
    expect(run(checkStatus, both, must(), err(status))).toEqual([]);
  });

  it.each([413, 429])('reports a limit status %i on invalid input as a warning', (status) => {
    expect(verdicts(run(checkStatus, ops.createPet, must(), err(status)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'invalid-body-format' },
    ]);
  });

  it.each([401, 403])('reports %i to the valid key on invalid input as auth_rejected_valid', (status) => {
    expect(verdicts(run(checkStatus, ops.createPet, must(), err(status)))).toEqual([
      { code: 'auth_rejected_valid', severity: 'failure' },
    ]);
  });

  it('takes a syntax fault refused with 400 as right, and with 415 or 422 as a contract gap', () => {
    const syntax = invalidCase('createPet', {
      layer: 'syntax',
      pointer: '',
      keyword: 'json',
      description: 'the body is truncated JSON',
      firmness: 'must',
    });
    expect(run(checkStatus, ops.createPet, syntax, err(400))).toEqual([]);
    for (const status of [415, 422]) {
      expect(verdicts(run(checkStatus, ops.createPet, syntax, err(status)))).toEqual([
        { code: 'contract_gap', severity: 'warning', gap: 'request-format-errors' },
      ]);
    }
    expect(verdicts(run(checkStatus, ops.createPet, syntax, jsonResponse(201, pet(1))))).toEqual([
      { code: 'negative_accepted', severity: 'failure' },
    ]);
  });

  it('warns when a should-refuse fault is accepted, naming the gap by location', () => {
    const limit = invalidCase('listPets', {
      location: 'query.limit',
      pointer: '',
      keyword: 'maximum',
      description: 'limit="101": above the maximum 100',
      firmness: 'should',
    });
    expect(verdicts(run(checkStatus, ops.listPets, limit, jsonResponse(200, [])))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'invalid-parameters' },
    ]);
    const format = invalidCase('createPet', {
      pointer: '/categoryId',
      keyword: 'format',
      description: 'outside int64',
      firmness: 'should',
    });
    expect(verdicts(run(checkStatus, ops.createPet, format, jsonResponse(201, pet(1))))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'invalid-body-format' },
    ]);
  });

  it('warns on 400 for an invalid listPets query, which the contract does not document', () => {
    const limit = invalidCase('listPets', {
      location: 'query.limit',
      pointer: '',
      keyword: 'type',
      description: 'limit="abc": not an integer',
      firmness: 'should',
    });
    expect(verdicts(run(checkStatus, ops.listPets, limit, err(400)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'invalid-parameters' },
    ]);
    expect(verdicts(run(checkStatus, ops.listPets, limit, err(422)))).toEqual([
      { code: 'contract_gap', severity: 'warning', gap: 'invalid-parameters' },
    ]);
  });

  it('passes a documented 404 for an invalid petId, which getPet has no 400 for', () => {
    const petId = invalidCase(
      'getPet',
      {
        location: 'path.petId',
        pointer: '',
        keyword: 'type',
        description: 'petId="abc": not an integer',
        firmness: 'should',
      },
      { pathParams: { petId: 'abc' } },
    );
    expect(run(checkStatus, ops.getPet, petId, err(404))).toEqual([]);
  });
});

describe('checkStatus: bad credentials', () => {
  it.each(BAD_AUTH)('passes 401 for %s', (auth) => {
    expect(run(checkStatus, ops.listPets, authCase('listPets', auth), err(401))).toEqual([]);
  });

  it.each(BAD_AUTH)('fails 2xx for %s as auth_ignored', (auth: AuthVariant) => {
    const findings = run(checkStatus, ops.createPet, authCase('createPet', auth), jsonResponse(201, pet(1)));
    expect(verdicts(findings)).toEqual([{ code: 'auth_ignored', severity: 'failure' }]);
    expect(findings[0]!.evidence).toEqual({ scenario: 'accepted', status: 201, auth, credential: describeAuth(auth) });
    expect(describeFinding(findings[0]!)).toContain(describeAuth(auth));
  });

  it.each(BAD_AUTH)('reports 429 for %s as a rate-limit gap, not a failure', (auth) => {
    const findings = run(checkStatus, ops.getPet, authCase('getPet', auth, { pathParams: { petId: '1' } }), err(429));
    expect(verdicts(findings)).toEqual([{ code: 'contract_gap', severity: 'warning', gap: 'rate-limits' }]);
  });

  it.each(['method-override-options', 'method-override-head'])(
    'passes an empty 2xx for %s (the override served an OPTIONS or HEAD), fails one with data',
    (auth) => {
      expect(run(checkStatus, ops.listPets, authCase('listPets', auth), response(204, ''))).toEqual([]);
      expect(verdicts(run(checkStatus, ops.listPets, authCase('listPets', auth), jsonResponse(200, [pet(1)])))).toEqual(
        [{ code: 'auth_ignored', severity: 'failure' }],
      );
    },
  );

  it.each(BAD_AUTH)('fails 403 for %s as auth_wrong_status', (auth) => {
    expect(
      verdicts(run(checkStatus, ops.getPet, authCase('getPet', auth, { pathParams: { petId: '1' } }), err(403))),
    ).toEqual([{ code: 'auth_wrong_status', severity: 'failure' }]);
  });

  it('reads a refusal of a range sent inverted (from past to) as a gap; one in order still fails', () => {
    const list = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/appointments': {
          get: {
            operationId: 'listAppointments',
            parameters: [
              { name: 'startsAtFrom', in: 'query', schema: { type: 'string', format: 'date-time' } },
              { name: 'startsAtTo', in: 'query', schema: { type: 'string', format: 'date-time' } },
            ],
            responses: { '200': { description: 'ok' }, '400': { description: 'Invalid query' } },
          },
        },
      },
    }).operation('listAppointments')!;
    const asked = (from: string, to: string) =>
      validCase('listAppointments', {
        query: [
          ['startsAtFrom', from],
          ['startsAtTo', to],
        ],
      });
    const inverted = run(checkStatus, list, asked('2026-05-01T00:00:00Z', '2026-04-01T00:00:00Z'), response(400));
    expect(inverted.map((f) => [f.code, f.gap])).toEqual([['contract_gap', 'unjudged-input']]);
    expect(describeFinding(inverted[0]!)).toContain('startsAtFrom (2026-05-01T00:00:00Z), past its startsAtTo');
    // Equal ends, an empty range where one end is exclusive (the rentals zoo): refusing it is a gap too.
    const empty = run(checkStatus, list, asked('1970-01-01', '1970-01-01'), response(400));
    expect(empty.map((f) => [f.code, f.gap])).toEqual([['contract_gap', 'unjudged-input']]);
    expect(describeFinding(empty[0]!)).toContain('startsAtFrom and startsAtTo, both 1970-01-01');
    expect(
      verdicts(run(checkStatus, list, asked('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'), response(400))),
    ).toEqual([{ code: 'positive_rejected', severity: 'failure' }]);
  });

  it('reads a refused path value that is none of the kinds its words name as a gap (held-out set 123)', () => {
    const remove = (description: string, type = 'string') =>
      specFromDocument({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/users/{id}': {
            delete: {
              operationId: 'deleteUser',
              parameters: [
                {
                  name: 'id',
                  in: 'path',
                  required: true,
                  description,
                  schema: type === 'string' ? { type, pattern: '^(\\d+|[0-9a-fA-F-]{36})$' } : { type },
                },
              ],
              responses: { '204': { description: 'Deleted' }, '400': { description: 'Validation error' } },
            },
          },
        },
      }).operation('deleteUser')!;
    const at = (id: string) => validCase('deleteUser', { pathParams: { id } });
    const loose = 'b0-1A-2DeafbbC----c2bF-C7-DFadc1--8f';
    const gap = run(checkStatus, remove('Numeric id or UUID'), at(loose), response(400));
    expect(gap.map((f) => [f.code, f.gap])).toEqual([['contract_gap', 'unjudged-input']]);
    expect(describeFinding(gap[0]!)).toContain('none of what its words name ("Numeric id or UUID")');
    // A UUID or a number refused still fails; so does a value whose words name no kind.
    for (const [words, id] of [
      ['Numeric id or UUID', '0e8f2c1a-6b3d-4c9e-9f1a-2b3c4d5e6f70'],
      ['Numeric id or UUID', '42'],
      ['The user', loose],
    ] as const)
      expect(verdicts(run(checkStatus, remove(words), at(id), response(400)))).toEqual([
        { code: 'positive_rejected', severity: 'failure' },
      ]);
  });

  it('reads a documented 400 naming a state (held-out set 66) as a gap for valid input; others fail', () => {
    const unlike = (description: string) =>
      specFromDocument({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: {
          '/songs/latest/like': {
            delete: {
              operationId: 'unlike',
              // An input the request may carry: a generic 400 is then a refusal of it (set 76's
              // operations with no input at all are another rule).
              parameters: [{ name: 'reason', in: 'query', schema: { type: 'string', enum: ['dislike'] } }],
              responses: { '200': { description: 'Unliked' }, '400': { description } },
            },
          },
        },
      }).operation('unlike')!;
    const valid = validCase('unlike');
    expect(
      run(checkStatus, unlike('Song is not liked'), valid, response(400)).map((f) => [f.code, f.severity, f.gap]),
    ).toEqual([['contract_gap', 'warning', 'unjudged-input']]);
    // One reason of several that names a state is enough (held-out set 119: "Validation error or
    // not enough questions"); reasons that all name input or nothing are not.
    for (const listed of ['Validation error or not enough questions', 'Invalid input; quiz already finished'])
      expect(run(checkStatus, unlike(listed), valid, response(400)).map((f) => [f.code, f.gap])).toEqual([
        ['contract_gap', 'unjudged-input'],
      ]);
    for (const generic of [
      'Bad Request',
      '',
      'Invalid song id',
      'Validation error or missing field',
      'Bad request / invalid body',
    ])
      expect(verdicts(run(checkStatus, unlike(generic), valid, response(400)))).toEqual([
        { code: 'positive_rejected', severity: 'failure' },
      ]);
  });

  it('reads a documented 400 whose body words name a credential the operation does not declare as a gap (set 72)', () => {
    const refresh = (words: string, security?: object[]) =>
      specFromDocument({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        paths: {
          '/auth/token': {
            get: {
              operationId: 'refresh',
              // A declared input: without one, any documented refusal is a gap (another rule).
              parameters: [{ name: 'scope', in: 'query', schema: { type: 'string', enum: ['read'] } }],
              ...(security ? { security } : {}),
              responses: {
                '200': { description: 'Success' },
                '400': {
                  description: 'Bad Request',
                  content: {
                    'application/json': {
                      schema: { type: 'object', properties: { error: { type: 'string', description: words } } },
                    },
                  },
                },
              },
            },
          },
        },
      }).operation('refresh')!;
    const valid = validCase('refresh');
    const found = run(
      checkStatus,
      refresh('Usually an error due to token expired or not provided.'),
      valid,
      response(400),
    );
    expect(found.map((f) => [f.code, f.severity, f.gap])).toEqual([['contract_gap', 'warning', 'unjudged-input']]);
    expect(describeFinding(found[0]!)).toContain('name a credential ("Usually an error due to token expired');
    // Words about anything else, or an operation that declares the credential, still fail.
    expect(verdicts(run(checkStatus, refresh('The name is too long.'), valid, response(400)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
    expect(
      verdicts(run(checkStatus, refresh('token expired', [{ bearer: [] }]), valid, response(400))).map((v) => v.code),
    ).toContain('positive_rejected');
  });

  it('reads documented refusals of what the document cannot state as gaps (held-out set 76)', () => {
    const bad = { description: 'Invalid parameters' };
    const doc = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/oauth/authorize': {
          get: { operationId: 'authorize', responses: { '200': { description: 'ok' }, '400': bad } },
        },
        '/upload/image': {
          post: {
            operationId: 'upload',
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
                },
              },
            },
            responses: { '201': { description: 'stored' }, '400': bad },
          },
        },
        '/users': {
          post: {
            operationId: 'createUser',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { email: { type: 'string' }, role: { type: 'string', enum: ['admin', 'user'] } },
                  },
                },
              },
            },
            responses: { '201': { description: 'created' }, '400': bad },
          },
          put: {
            operationId: 'replaceUsers',
            requestBody: {
              content: {
                'application/json': { schema: { type: 'object', properties: { email: { type: 'string' } } } },
              },
            },
            responses: { '200': { description: 'replaced' } },
          },
        },
      },
    });
    const gap = (operationId: string, c = validCase(operationId)) =>
      run(checkStatus, doc.operation(operationId)!, c, response(400)).map((f) => [f.code, f.gap]);
    expect(gap('authorize')).toEqual([['contract_gap', 'unjudged-input']]);
    const upload = validCase('upload', { body: { kind: 'json', value: { file: 'x' } } });
    const refused = (text: string) =>
      run(checkStatus, doc.operation('upload')!, upload, response(400, JSON.stringify({ message: text }))).map((f) => [
        f.code,
        f.gap,
      ]);
    expect(refused('Invalid image type. Allowed: jpg, png, gif, webp')).toEqual([['contract_gap', 'unjudged-input']]);
    expect(refused('uploads are closed')).toEqual([['positive_rejected', undefined]]);
    const user = (email: string) => validCase('createUser', { body: { kind: 'json', value: { email, role: 'user' } } });
    expect(gap('createUser', user('a'))).toEqual([['contract_gap', 'unjudged-input']]);
    // An address the syntax fits, refused, still fails; so does a status the operation does not document.
    expect(gap('createUser', user('ann@example.com'))).toEqual([['positive_rejected', undefined]]);
    expect(gap('replaceUsers', validCase('replaceUsers', { body: { kind: 'json', value: { email: 'a' } } }))).toEqual([
      ['positive_rejected', undefined],
    ]);
  });

  it('reads a documented 401 of a public operation that declares no input as a gap (held-out set 87)', () => {
    // NestJS: `POST /auth/login` declares no body and no security, and documents 401: what it judged
    // (credentials in a body the document does not describe) is nothing the kit can send right.
    const doc = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      paths: {
        '/auth/login': {
          post: { operationId: 'login', responses: { '200': { description: '' }, '401': { description: '' } } },
        },
        '/me': {
          get: {
            operationId: 'me',
            security: [{ bearer: [] }],
            responses: { '200': { description: '' }, '401': { description: '' } },
          },
        },
      },
    });
    expect(
      run(checkStatus, doc.operation('login')!, validCase('login'), response(401)).map((f) => [f.code, f.gap]),
    ).toEqual([['contract_gap', 'unjudged-input']]);
    // A secured operation's 401 judged its key: the valid one refused still fails.
    expect(
      verdicts(run(checkStatus, doc.operation('me')!, validCase('me'), response(401))).map((v) => v.severity),
    ).toContain('failure');
  });

  it('reads a documented 400 of a time before now as a gap where the words say times lie ahead (set 77)', () => {
    const book = (description: string) =>
      specFromDocument({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: {
          '/appointments': {
            post: {
              operationId: 'book',
              requestBody: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        start: { type: 'string', format: 'date-time' },
                        note: { type: 'string', maxLength: 9 },
                      },
                    },
                  },
                },
              },
              responses: { '201': { description: 'booked' }, '400': { description } },
            },
          },
        },
      }).operation('book')!;
    const at = (start: string) => validCase('book', { body: { kind: 'json', value: { start, note: 'x' } } });
    const words = 'Invalid input (invalid ISO, or appointment in the past)';
    expect(run(checkStatus, book(words), at('2025-10-21T09:00:00Z'), response(400)).map((f) => f.gap)).toEqual([
      'unjudged-input',
    ]);
    // A time ahead refused, or words that say nothing of time, still fail.
    expect(verdicts(run(checkStatus, book(words), at('2999-01-01T09:00:00Z'), response(400)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
    expect(verdicts(run(checkStatus, book('Invalid input'), at('2025-10-21T09:00:00Z'), response(400)))).toEqual([
      { code: 'positive_rejected', severity: 'failure' },
    ]);
  });

  it('passes a 4xx the operation documents for a refused credential (held-out set 64), still fails a 2xx', () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      paths: {
        '/artists': {
          post: {
            operationId: 'createArtist',
            security: [{ bearerAuth: [] }],
            responses: {
              '201': { description: 'Artist created' },
              '400': { description: 'User access token missing' },
              '401': { description: 'User access token expired' },
              '404': { description: 'One or more movies not found' },
            },
          },
        },
      },
    });
    const create = spec.operation('createArtist')!;
    const edge = { gap: 'auth-precedence' as const, description: 'also invalid: sent in chunks' };
    for (const [auth, fields] of [
      ['none', {}],
      ['unknown-key', {}],
      ['percent-encoded-key', { edge }],
    ] as const) {
      expect(run(checkStatus, create, authCase('createArtist', auth, fields), response(400))).toEqual([]);
      expect(verdicts(run(checkStatus, create, authCase('createArtist', auth, fields), response(201)))).toEqual([
        { code: 'auth_ignored', severity: 'failure' },
      ]);
    }
    // A status whose description names no credential is still not the refusal.
    expect(verdicts(run(checkStatus, create, authCase('createArtist', 'none'), response(404)))).toEqual([
      { code: 'auth_wrong_status', severity: 'failure' },
    ]);
  });

  it('fails 400 for a bad key on invalid input: the key is judged first', () => {
    const c = authCase('createPet', 'none', {
      edge: { gap: 'auth-precedence', description: "also invalid: required property 'name' is missing" },
    });
    const findings = run(checkStatus, ops.createPet, c, err(400));
    expect(verdicts(findings)).toEqual([{ code: 'auth_wrong_status', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('the key is judged first');
  });

  it('notes 400 for a bad key on a malformed body as the auth-precedence gap, and still fails a 2xx or 403', () => {
    const c = authCase('createPet', 'none', {
      edge: { gap: 'auth-precedence', description: 'also invalid: the body has a trailing comma', layer: 'syntax' },
    });
    expect(run(checkStatus, ops.createPet, c, err(400)).map((f) => [f.code, f.severity, f.gap])).toEqual([
      ['contract_gap', 'warning', 'auth-precedence'],
    ]);
    expect(verdicts(run(checkStatus, ops.createPet, c, err(403)))).toEqual([
      { code: 'auth_wrong_status', severity: 'failure' },
    ]);
    expect(verdicts(run(checkStatus, ops.createPet, c, jsonResponse(201, pet(1))))).toEqual([
      { code: 'auth_ignored', severity: 'failure' },
    ]);
  });
});

describe('checkStatus: a refused credential answered as the valid one was', () => {
  it('is the auth-precedence gap for a 404, and fails for a 409 or 412, which only a request let in can get (the courses zoo)', () => {
    const asValid = (status: number) => authCase('getPet', 'none', { validKeyStatus: status });
    expect(run(checkStatus, ops.getPet, asValid(404), err(404)).map((f) => [f.code, f.gap])).toEqual([
      ['contract_gap', 'auth-precedence'],
    ]);
    for (const status of [409, 412])
      expect(run(checkStatus, ops.getPet, asValid(status), err(status)).map((f) => [f.code, f.severity])).toEqual([
        ['auth_wrong_status', 'failure'],
      ]);
  });
});

describe('checkStatus: 411 Length Required', () => {
  it('is a request-framing gap for a chunked body, and wrong for a body with a Content-Length', () => {
    const chunked = validCase('createPet', {
      body: { kind: 'json', value: { name: 'Rex', categoryId: 1 } },
      headers: { 'transfer-encoding': 'chunked' },
    });
    expect(run(checkStatus, ops.createPet, chunked, err(411)).map((f) => [f.code, f.gap])).toEqual([
      ['contract_gap', 'request-framing'],
    ]);
    const plain = validCase('createPet', { body: { kind: 'json', value: { name: 'Rex', categoryId: 1 } } });
    expect(verdicts(run(checkStatus, ops.createPet, plain, err(411)))).toContainEqual({
      code: 'positive_rejected',
      severity: 'failure',
    });
  });
});

describe('checkStatus: left to other checks', () => {
  it.each([500, 502, 503, 301, 302, 307, 308])('returns nothing for %i, whatever the case', (status) => {
    for (const [op, c] of [
      [ops.listPets, validCase('listPets')],
      [ops.createPet, invalidCase('createPet')],
      [ops.createPet, authCase('createPet', 'none')],
    ] as const) {
      expect(run(checkStatus, op, c, response(status, '', { location: '/elsewhere' }))).toEqual([]);
    }
  });

  it('does not judge probes', () => {
    expect(run(checkStatus, ops.listPets, probeCase('listPets', { method: 'DELETE' }), err(405))).toEqual([]);
    expect(run(checkStatus, ops.listPets, probeCase('listPets', { method: 'PATCH' }), jsonResponse(200, []))).toEqual(
      [],
    );
  });
});

describe('status: auth expectations from the scheme handlers', () => {
  it('a variant another alternative accepts (authExpect accept) must not be refused', () => {
    const c = authCase('listPets', 'key-in-header', { authExpect: 'accept' });
    expect(run(checkStatus, ops.listPets, c, jsonResponse(200, []))).toEqual([]);
    expect(verdicts(run(checkStatus, ops.listPets, c, response(401, errorBody(401))))).toEqual([
      { code: 'auth_rejected_valid', severity: 'failure' },
    ]);
  });

  it('words a variant of another scheme with its handler description', () => {
    const document = { components: { securitySchemes: { k: { type: 'apiKey', in: 'query', name: 'api_key' } } } };
    const operation = { ...ops.listPets, security: operationSecurity(document, { security: [{ k: [] }] }) };
    const findings = run(
      checkStatus,
      operation,
      authCase('listPets', 'name-case', { authScheme: 'k' }),
      jsonResponse(200, []),
    );
    expect(verdicts(findings)).toEqual([{ code: 'auth_ignored', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('a query parameter named API_KEY instead of api_key');
    expect(findings[0]!.evidence).toMatchObject({ auth: 'name-case', scheme: 'k' });
  });
});

describe('checkStatus: another valid spelling of the key', () => {
  it('refused as the default spelling was on the same request, is not the spelling (held-out set 91)', () => {
    const spelled = (validKeyStatus: number) =>
      authCase('listPets', 'valid-lowercase-scheme' as AuthVariant, { authExpect: 'accept', validKeyStatus });
    expect(run(checkStatus, ops.listPets, spelled(401), err(401))).toEqual([]);
    expect(run(checkStatus, ops.listPets, spelled(403), err(403))).toEqual([]);
    // The default spelling was served: the refusal is the spelling's.
    expect(run(checkStatus, ops.listPets, spelled(200), err(401)).map((f) => f.code)).toEqual(['auth_rejected_valid']);
    // The default spelling itself refused carries the verdict.
    expect(run(checkStatus, ops.listPets, validCase('listPets'), err(401)).map((f) => f.code)).toEqual([
      'auth_rejected_valid',
    ]);
  });
});
