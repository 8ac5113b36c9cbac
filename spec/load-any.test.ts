import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec, SpecLoadError } from './index.js';

/** Writes files into a fresh directory and returns the path of the first. */
async function files(entries: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'spec-any-'));
  for (const [name, content] of Object.entries(entries))
    await writeFile(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return join(dir, Object.keys(entries)[0]!);
}

const info = { title: 't', version: '1' };
const ok = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
const doc30 = (
  schemas: Record<string, unknown>,
  paths: Record<string, unknown> = { '/x': { get: { responses: ok({ $ref: '#/components/schemas/Thing' }) } } },
) => ({
  openapi: '3.0.3',
  info,
  paths,
  components: { schemas },
});

describe('OpenAPI 3.0 schemas are read as JSON Schema 2020-12', () => {
  it('nullable on a type, on an enum and beside a $ref; boolean exclusive bounds; example', async () => {
    const spec = await loadSpec(
      await files({
        'a.json': doc30({
          Thing: {
            type: 'object',
            required: ['n', 'e', 'r', 'x'],
            properties: {
              n: { type: 'string', nullable: true },
              e: { type: 'string', enum: ['a', 'b'], nullable: true },
              r: { $ref: '#/components/schemas/Other', nullable: true, description: 'ignored in 3.0' },
              x: {
                type: 'integer',
                minimum: 0,
                exclusiveMinimum: true,
                maximum: 10,
                exclusiveMaximum: false,
                example: 5,
              },
            },
          },
          Other: { type: 'object', properties: { id: { type: 'integer' } } },
        }),
      }),
    );
    const thing = spec.schemas.Thing!;
    expect(thing.validate({ n: null, e: null, r: null, x: 1 })).toEqual({ ok: true });
    expect(thing.validate({ n: 'a', e: 'b', r: { id: 1 }, x: 10 })).toEqual({ ok: true });
    expect(thing.validate({ n: 'a', e: 'c', r: null, x: 1 }).ok).toBe(false);
    expect(thing.validate({ n: 'a', e: 'a', r: null, x: 0 }).ok).toBe(false);
    const x = (thing.schema.properties as Record<string, Record<string, unknown>>).x!;
    expect(x).toMatchObject({ exclusiveMinimum: 0, maximum: 10, examples: [5] });
    expect(x.minimum).toBeUndefined();
    expect(spec.format).toBe('openapi-3.0');
  });

  it('readOnly members are not required in requests, writeOnly ones not in responses', async () => {
    const user = {
      type: 'object',
      required: ['id', 'name', 'password'],
      properties: {
        id: { type: 'integer', readOnly: true },
        name: { type: 'string' },
        password: { type: 'string', writeOnly: true },
      },
    };
    const spec = await loadSpec(
      await files({
        'a.json': doc30(
          { User: user },
          {
            '/users': {
              post: {
                requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
                responses: ok({ $ref: '#/components/schemas/User' }),
              },
            },
          },
        ),
      }),
    );
    const op = spec.operations[0]!;
    expect(op.requestBody!.schema.validate({ name: 'a', password: 'p' })).toEqual({ ok: true });
    expect(op.requestBody!.schema.validate({ name: 'a' }).ok).toBe(false);
    expect(op.responseFor(200)!.schema!.validate({ id: 1, name: 'a' })).toEqual({ ok: true });
    expect(op.responseFor(200)!.schema!.validate({ name: 'a' }).ok).toBe(false);
  });

  it('recursive schemas validate nested values through $ref', async () => {
    const spec = await loadSpec(
      await files({
        'a.json': doc30({
          Thing: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
            },
          },
        }),
      }),
    );
    const thing = spec.schemas.Thing!;
    const children = (thing.schema.properties as Record<string, { items: unknown }>).children!.items;
    expect(children).toBe(thing.schema);
    expect(thing.validate({ name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] })).toEqual({ ok: true });
    const deep = thing.validate({ name: 'a', children: [{ name: 'b', children: [{}] }] });
    expect(deep.ok).toBe(false);
    if (!deep.ok) expect(deep.errors[0]).toMatchObject({ pointer: '/children/0/children/0', keyword: 'required' });
  });

  it('patterns are ECMA-262 with the u flag: needless escapes repaired, the unrepairable dropped with a warning', async () => {
    const spec = await loadSpec(
      await files({
        'a.json': doc30({
          Thing: {
            type: 'object',
            properties: {
              slug: { type: 'string', pattern: '^[\\w\\-]+\\:\\d$' },
              bad: { type: 'string', pattern: '(?<=' },
            },
          },
        }),
      }),
    );
    const thing = spec.schemas.Thing!;
    expect(thing.validate({ slug: 'a-b:1' })).toEqual({ ok: true });
    expect(thing.validate({ slug: 'a b:1' }).ok).toBe(false);
    expect(spec.warnings.some((w) => w.includes('/bad/pattern'))).toBe(true);
  });

  it('formats: the OpenAPI ones checked (int64 to its real range), unknown ones tolerated', async () => {
    const spec = await loadSpec(
      await files({
        'a.json': doc30({
          Thing: {
            type: 'object',
            properties: {
              id: { type: 'string', format: 'uuid' },
              at: { type: 'string', format: 'date-time' },
              n: { type: 'integer', format: 'int64' },
              i: { type: 'integer', format: 'int32' },
              odd: { type: 'string', format: 'x-company-id' },
              b: { type: 'string', format: 'byte' },
            },
          },
        }),
      }),
    );
    const thing = spec.schemas.Thing!;
    expect(
      thing.validate({
        id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
        at: '2030-12-05T00:00:00Z',
        n: 2 ** 60,
        i: 2 ** 31 - 1,
        odd: 'anything',
        b: 'aGk=',
      }),
    ).toEqual({ ok: true });
    for (const bad of [{ id: 'a' }, { at: '2030-12-05' }, { n: 2 ** 64 }, { i: 2 ** 31 }, { b: '!!' }])
      expect(thing.validate(bad).ok).toBe(false);
  });
});

describe('documents in every shape', () => {
  it('split across files with relative $refs', async () => {
    const main = await files({
      'main.yaml': [
        'openapi: 3.1.0',
        'info: {title: t, version: "1"}',
        'paths:',
        '  /things:',
        '    get:',
        '      responses:',
        "        '200': {description: ok, content: {application/json: {schema: {$ref: './schemas.yaml#/Thing'}}}}",
      ].join('\n'),
      'schemas.yaml': [
        'Thing:',
        '  type: object',
        '  required: [id]',
        '  properties:',
        '    id: {type: string, format: uuid}',
      ].join('\n'),
    });
    const spec = await loadSpec(main);
    const schema = spec.operations[0]!.responseFor(200)!.schema!;
    expect(schema.validate({ id: '3fa85f64-5717-4562-b3fc-2c963f66afa6' })).toEqual({ ok: true });
    expect(schema.validate({ id: 1 }).ok).toBe(false);
  });

  it('Swagger 2.0 is converted to OpenAPI 3.0 on load', async () => {
    const spec = await loadSpec(
      await files({
        'swagger.json': {
          swagger: '2.0',
          info,
          basePath: '/api',
          paths: {
            '/pets': {
              post: {
                operationId: 'addPet',
                consumes: ['application/json'],
                parameters: [
                  {
                    in: 'body',
                    name: 'body',
                    required: true,
                    schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
                  },
                ],
                responses: { '201': { description: 'ok' } },
              },
            },
          },
        },
      }),
    );
    expect(spec.format).toBe('swagger-2.0');
    expect(spec.basePath).toBe('/api');
    const body = spec.operation('addPet')!.requestBody!;
    expect(body.mediaTypes).toEqual(['application/json']);
    expect(body.schema.validate({}).ok).toBe(false);
  });

  it('servers: variables take their defaults (a described variable is valid 3.1), relative URLs, and an override', async () => {
    const text = [
      'openapi: 3.1.0',
      'info: {title: t, version: "1"}',
      'servers:',
      '  - url: "https://{region}.example.com/{version}/"',
      '    variables:',
      '      region: {default: eu, description: the region}',
      '      version: {default: v2, enum: [v1, v2]}',
      'paths: {}',
    ].join('\n');
    const file = await files({ 'a.yaml': text });
    expect((await loadSpec(file)).basePath).toBe('/v2');
    expect((await loadSpec(file)).servers[0]!.resolvedUrl).toBe('https://eu.example.com/v2/');
    expect((await loadSpec(file, { basePath: '/' })).basePath).toBe('');
    const relative = await files({
      'b.yaml': ['openapi: 3.0.3', 'info: {title: t, version: "1"}', 'servers: [{url: /api/v3}]', 'paths: {}'].join(
        '\n',
      ),
    });
    expect((await loadSpec(relative)).basePath).toBe('/api/v3');
  });

  it('parameters: style defaults, content-typed parameters, and the header names OpenAPI ignores', async () => {
    const spec = await loadSpec(
      await files({
        'a.json': {
          openapi: '3.1.0',
          info,
          paths: {
            '/things/{id}': {
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
              get: {
                parameters: [
                  { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } }, explode: false },
                  { name: 'filter', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } },
                  { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
                  { name: 'Accept', in: 'header', schema: { type: 'string' } },
                  { name: 'session', in: 'cookie', schema: { type: 'string' } },
                ],
                responses: {
                  '2XX': {
                    description: 'ok',
                    headers: { 'X-Rate-Limit': { required: true, schema: { type: 'integer' } } },
                    links: { self: { operationId: 'x', parameters: { id: '$response.body#/id' } } },
                  },
                  default: { description: 'error' },
                },
              },
            },
          },
        },
      }),
    );
    const op = spec.operations[0]!;
    expect(op.parameters.map((p) => [p.name, p.in, p.style, p.explode, p.required])).toEqual([
      ['id', 'path', 'simple', false, true],
      ['tags', 'query', 'form', false, false],
      ['filter', 'query', 'form', true, false],
      ['X-Trace', 'header', 'simple', false, false],
      ['session', 'cookie', 'form', true, false],
    ]);
    expect(op.parameters[2]!.contentType).toBe('application/json');
    expect(op.responseFor(204)!.status).toBe('2XX');
    expect(op.responseFor(503)!.status).toBe('default');
    expect(op.responseFor(200)!.headers['x-rate-limit']).toMatchObject({ name: 'X-Rate-Limit', required: true });
    expect(op.responseFor(200)!.links).toEqual([
      { name: 'self', operationId: 'x', parameters: { id: '$response.body#/id' } },
    ]);
  });

  it('bodies in every media type keep their own schemas; JSON is preferred', async () => {
    const spec = await loadSpec(
      await files({
        'a.json': {
          openapi: '3.1.0',
          info,
          paths: {
            '/upload': {
              post: {
                requestBody: {
                  content: {
                    'multipart/form-data': {
                      schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
                      encoding: { file: { contentType: 'image/png' } },
                    },
                    'application/vnd.api+json': { schema: { type: 'object', required: ['data'] } },
                    'text/plain': { schema: { type: 'string' } },
                  },
                },
                responses: {
                  '201': {
                    description: 'ok',
                    content: { 'text/plain': { schema: { type: 'string' }, example: 'done' } },
                  },
                },
              },
            },
          },
        },
      }),
    );
    const op = spec.operations[0]!;
    expect(op.requestBody!.preferredMediaType).toBe('application/vnd.api+json');
    expect(op.requestBody!.content['multipart/form-data']!.encoding).toEqual({ file: { contentType: 'image/png' } });
    expect(op.requestBody!.content['text/plain']!.schema!.validate('x')).toEqual({ ok: true });
    expect(op.responseFor(201)!.examples).toEqual({ default: 'done' });
  });

  it('an invalid document gets one message naming the file, the JSON pointer and the fault', async () => {
    const file = await files({
      'bad.json': {
        openapi: '3.0.3',
        info,
        paths: {
          '/x': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { type: 'object', properties: 5 } } },
                },
              },
            },
          },
        },
      },
    });
    const error = await loadSpec(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpecLoadError);
    expect((error as SpecLoadError).code).toBe('spec_invalid');
    expect((error as SpecLoadError).message).toContain(file);
    expect((error as SpecLoadError).message).toMatch(/#\/paths\/~1x\/get\/responses\/200/);
  });
});
