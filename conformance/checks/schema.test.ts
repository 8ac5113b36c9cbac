import { beforeAll, describe, expect, it } from 'vitest';
import { checkSchema } from './schema.js';
import {
  errorBody,
  jsonResponse,
  loadOperations,
  pet,
  probeCase,
  REQUEST,
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

describe('checkSchema: documented statuses', () => {
  it('passes bodies that match the documented schema', () => {
    expect(
      run(checkSchema, ops.listPets, validCase('listPets'), jsonResponse(200, [pet(1), pet(2, { status: 'sold' })])),
    ).toEqual([]);
    expect(run(checkSchema, ops.listPets, validCase('listPets'), jsonResponse(200, []))).toEqual([]);
    expect(run(checkSchema, ops.createPet, validCase('createPet'), jsonResponse(201, pet(7)))).toEqual([]);
    expect(
      run(
        checkSchema,
        ops.getPet,
        validCase('getPet'),
        response(200, '{"id":9223372036854775807,"name":"Max","categoryId":-9223372036854775808}'),
      ),
    ).toEqual([]);
    expect(run(checkSchema, ops.getPet, validCase('getPet'), response(404, errorBody(404, 'not_found')))).toEqual([]);
  });

  it('fails a list item without its id, pointing at it', () => {
    const { id: _, ...noId } = pet(2);
    const findings = run(checkSchema, ops.listPets, validCase('listPets'), jsonResponse(200, [pet(1), noId]));
    expect(verdicts(findings)).toEqual([{ code: 'schema_mismatch', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('the 200 schema');
    expect((findings[0]!.evidence as { issues?: unknown })?.issues).toContainEqual(
      expect.objectContaining({ pointer: '/1', keyword: 'required' }),
    );
  });

  it.each([
    ['a status outside the enum', pet(1, { status: 'adopted' }), '/status'],
    ['a string id', pet(1, { id: '1' }), '/id'],
    ['a fractional categoryId', pet(1, { categoryId: 1.5 }), '/categoryId'],
  ])('fails a created pet with %s', (_, body, pointer) => {
    const findings = run(checkSchema, ops.createPet, validCase('createPet'), jsonResponse(201, body));
    expect(verdicts(findings)).toEqual([{ code: 'schema_mismatch', severity: 'failure' }]);
    expect((findings[0]!.evidence as { issues?: unknown })?.issues).toContainEqual(
      expect.objectContaining({ pointer }),
    );
  });

  it('fails an object where the list is documented as an array', () => {
    expect(
      verdicts(run(checkSchema, ops.listPets, validCase('listPets'), jsonResponse(200, { items: [pet(1)] }))),
    ).toEqual([{ code: 'schema_mismatch', severity: 'failure' }]);
  });

  it('fails a documented error without the Error fields', () => {
    const findings = run(checkSchema, ops.createPet, validCase('createPet'), jsonResponse(400, { error: 'bad' }));
    expect(verdicts(findings)).toEqual([{ code: 'schema_mismatch', severity: 'failure' }]);
    expect(describeFinding(findings[0]!)).toContain('the 400 schema');
  });
});

describe('checkSchema: statuses without content', () => {
  it('passes an empty 204 or 205 whatever body schema the spec gives it, and still judges a 204 with a body', () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/items/{id}': {
          delete: {
            operationId: 'deleteItem',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '204': {
                description: 'deleted',
                content: { 'application/json': { schema: { type: 'object', required: ['id'] } } },
              },
              '205': {
                description: 'reset',
                content: { 'application/json': { schema: { type: 'object', required: ['id'] } } },
              },
            },
          },
        },
      },
    });
    const op = spec.operation('deleteItem')!;
    expect(run(checkSchema, op, validCase('deleteItem'), response(204, ''))).toEqual([]);
    expect(run(checkSchema, op, validCase('deleteItem'), response(205, ''))).toEqual([]);
    expect(run(checkSchema, op, validCase('deleteItem'), jsonResponse(204, {})).length).toBe(1);
  });
});

describe('checkSchema: undocumented statuses', () => {
  it('holds an undocumented 4xx to the error schema only as an advisory: the document gives that status none', () => {
    const findings = run(
      checkSchema,
      ops.createPet,
      validCase('createPet'),
      jsonResponse(415, { message: 'unsupported media type' }),
    );
    expect(verdicts(findings)).toEqual([{ code: 'schema_mismatch', severity: 'advisory' }]);
    expect(describeFinding(findings[0]!)).toContain('the error schema');
    expect(run(checkSchema, ops.createPet, validCase('createPet'), response(415, errorBody(415)))).toEqual([]);
    expect(verdicts(run(checkSchema, ops.listPets, validCase('listPets'), jsonResponse(422, ['bad limit'])))).toEqual([
      { code: 'schema_mismatch', severity: 'advisory' },
    ]);
  });

  it('holds an undocumented 4xx to the error schema in the media type the errors are documented in (XML: not read)', () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/queues': {
          get: {
            operationId: 'listQueues',
            responses: {
              '200': { description: 'ok', content: { 'text/xml': { schema: { type: 'object' } } } },
              '480': {
                description: 'not found',
                content: { 'text/xml': { schema: { $ref: '#/components/schemas/QueueNotFound' } } },
              },
            },
          },
        },
      },
      components: { schemas: { QueueNotFound: { type: 'object', properties: { Code: { type: 'string' } } } } },
    });
    const op = spec.operation('listQueues')!;
    const xml = '<?xml version="1.0"?><Error><Code>bad</Code></Error>';
    expect(run(checkSchema, op, validCase('listQueues'), response(400, xml, { 'content-type': 'text/xml' }))).toEqual(
      [],
    );
  });

  it('has no schema for an undocumented success', () => {
    expect(run(checkSchema, ops.createPet, validCase('createPet'), jsonResponse(200, { anything: true }))).toEqual([]);
  });

  it.each([500, 302])('leaves %i to its own check', (status) => {
    expect(
      run(checkSchema, ops.listPets, validCase('listPets'), response(status, 'nope', { 'content-type': 'text/plain' })),
    ).toEqual([]);
  });
});

describe('checkSchema: bodies that are not JSON', () => {
  it('fails an empty body where a schema is documented', () => {
    for (const [op, status, severity] of [
      [ops.listPets, 200, 'failure'],
      [ops.getPet, 404, 'failure'],
      // 415 is not documented for createPet: its errors' schema is an inference, an advisory there.
      [ops.createPet, 415, 'advisory'],
    ] as const) {
      const findings = run(checkSchema, op, validCase(op.operationId), response(status, '  '));
      expect(verdicts(findings)).toEqual([{ code: 'schema_mismatch', severity }]);
      expect(describeFinding(findings[0]!)).toContain('empty');
    }
  });

  it('reports a body that does not parse as invalid_json', () => {
    const findings = run(
      checkSchema,
      ops.createPet,
      validCase('createPet'),
      response(201, '{"id":1,', { 'content-type': 'application/json' }),
    );
    expect(verdicts(findings)).toEqual([{ code: 'invalid_json', severity: 'failure' }]);
    expect(
      verdicts(
        run(
          checkSchema,
          ops.getPet,
          validCase('getPet'),
          response(404, '<h1>Not Found</h1>', { 'content-type': 'text/html' }),
        ),
      ),
    ).toEqual([{ code: 'invalid_json', severity: 'failure' }]);
  });

  it('fails a JSON null where an object is documented', () => {
    expect(verdicts(run(checkSchema, ops.getPet, validCase('getPet'), response(200, 'null')))).toEqual([
      { code: 'schema_mismatch', severity: 'failure' },
    ]);
  });

  it("fails a probe's error only where its status is documented; undocumented 405, 413 are advisories", () => {
    expect(
      verdicts(
        run(
          checkSchema,
          ops.getPet,
          probeCase('getPet'),
          response(405, 'Method Not Allowed', { 'content-type': 'text/plain' }),
        ),
      ),
    ).toEqual([{ code: 'invalid_json', severity: 'advisory' }]);
    expect(verdicts(run(checkSchema, ops.getPet, probeCase('getPet'), jsonResponse(404, { error: 'x' })))).toEqual([
      { code: 'schema_mismatch', severity: 'failure' },
    ]);
    expect(verdicts(run(checkSchema, ops.createPet, validCase('createPet'), response(413, '')))).toEqual([
      { code: 'schema_mismatch', severity: 'advisory' },
    ]);
    // Outside the operation (a trailing slash, a dot-segment, another method): never judged by its schema.
    for (const literalPath of [
      { path: '/pets/1/', description: 'a trailing slash' },
      { path: '/pets/./1', description: 'a dot-segment' },
    ])
      expect(
        run(checkSchema, ops.getPet, probeCase('getPet', { literalPath }), jsonResponse(404, { error: 'x' })),
      ).toEqual([]);
    expect(
      run(checkSchema, ops.getPet, probeCase('getPet', { method: 'PATCH' }), jsonResponse(404, { error: 'x' })),
    ).toEqual([]);
    expect(run(checkSchema, ops.getPet, probeCase('getPet'), response(405, errorBody(405)))).toEqual([]);
  });

  it("holds nothing where the operation's errors have several shapes, and only warns on a probe's success", () => {
    const mixed = {
      ...ops.getPet,
      responses: {
        ...ops.getPet.responses,
        '404': { ...ops.getPet.responses['404']!, schema: ops.spec.compile({ type: 'object', required: ['detail'] }) },
      },
    };
    expect(
      run(
        checkSchema,
        mixed,
        probeCase('getPet'),
        response(405, 'Method Not Allowed', { 'content-type': 'text/plain' }),
      ),
    ).toEqual([]);
    expect(verdicts(run(checkSchema, ops.listPets, probeCase('listPets'), jsonResponse(200, { error: 'x' })))).toEqual([
      { code: 'schema_mismatch', severity: 'warning', gap: 'other-endpoints' },
    ]);
  });

  it('asks no body of a response to HEAD', () => {
    const head = {
      case: validCase('listPets', { method: 'HEAD' }),
      request: { ...REQUEST, method: 'HEAD' },
      response: response(401, ''),
    };
    expect(checkSchema({ exchange: head, operation: ops.listPets })).toEqual([]);
    expect(verdicts(checkSchema({ exchange: { ...head, request: REQUEST }, operation: ops.listPets }))).toEqual([
      { code: 'schema_mismatch', severity: 'failure' },
    ]);
  });
});

describe('checkSchema: a spec that names no media type', () => {
  it('reads a text answer as one string (Swagger 2.0 without produces), and still judges JSON', () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/dog': {
          get: {
            operationId: 'getDog',
            responses: { '200': { description: 'ok', content: { '*/*': { schema: { type: 'string' } } } } },
          },
        },
      },
    });
    const getDog = spec.operation('getDog')!;
    const text = response(200, 'get dog ok', { 'content-type': 'text/plain; charset=utf-8' });
    expect(run(checkSchema, getDog, validCase('getDog'), text)).toEqual([]);
    expect(verdicts(run(checkSchema, getDog, validCase('getDog'), response(200, '{"a":1}')))).toEqual([
      { code: 'schema_mismatch', severity: 'failure' },
    ]);
  });
});

describe('checkSchema: a oneOf whose branches overlap', () => {
  // jumpseller.com (APIs.guru sample): the 200 schema is `oneOf` two object schemas with no member
  // required, so every object matches both and no body can be valid; the fault is the spec's.
  const spec = specFromDocument({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/thing': {
        get: {
          operationId: 'getThing',
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    oneOf: [
                      { type: 'object', properties: { a: { type: 'string' } } },
                      { type: 'object', properties: { b: { type: 'integer' } } },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
  });
  const getThing = spec.operation('getThing')!;

  it('is a contract gap when the body matches several branches and nothing else is wrong', () => {
    const found = run(checkSchema, getThing, validCase('getThing'), response(200, '{"a":"x"}'));
    expect(verdicts(found)).toEqual([{ code: 'schema_mismatch', severity: 'warning', gap: 'one-of-overlap' }]);
    expect(describeFinding(found[0]!)).toContain('matches branches 0 and 1 of oneOf');
  });

  it('still fails a body that matches no branch', () => {
    expect(verdicts(run(checkSchema, getThing, validCase('getThing'), response(200, '{"a":1,"b":"x"}')))).toEqual([
      { code: 'schema_mismatch', severity: 'failure' },
    ]);
    expect(verdicts(run(checkSchema, getThing, validCase('getThing'), response(200, '[]')))).toEqual([
      { code: 'schema_mismatch', severity: 'failure' },
    ]);
  });
});
