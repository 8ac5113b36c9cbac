import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, checkParameterText, SpecLoadError, type SpecModel } from './index.js';

let spec: SpecModel;
beforeAll(async () => {
  spec = await loadSpec();
});

async function specFile(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'spec-'));
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

async function loadError(file: string): Promise<SpecLoadError> {
  const error = await loadSpec(file).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SpecLoadError);
  return error as SpecLoadError;
}

describe('loadSpec', () => {
  it('models every operation in document order', () => {
    expect(spec.operations.map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual([
      'get /pets listPets',
      'post /pets createPet',
      'get /pets/{petId} getPet',
    ]);
    expect(spec.operation('createPet')?.requestBody?.required).toBe(true);
    expect(spec.operation('nope')).toBeUndefined();
  });

  it('takes the base path from the first server', () => {
    expect(spec.basePath).toBe('/v1');
  });

  it('matches concrete paths and extracts raw path parameters', () => {
    const getPet = spec.operation('getPet')!;
    expect(getPet.matchPath('/pets/42')).toEqual({ petId: '42' });
    expect(getPet.matchPath('/pets/a%20b')).toEqual({ petId: 'a%20b' });
    expect(getPet.matchPath('/pets')).toBeUndefined();
    expect(getPet.matchPath('/pets/1/2')).toBeUndefined();
    expect(spec.operation('listPets')!.matchPath('/pets')).toEqual({});
  });

  it('finds documented responses by exact status only when no range is written', () => {
    const createPet = spec.operation('createPet')!;
    expect(createPet.responseFor(201)?.status).toBe('201');
    expect(createPet.responseFor(400)?.schema).toBeDefined();
    expect(createPet.responseFor(422)).toBeUndefined();
  });

  it('compiles validators that report a JSON pointer and keyword', () => {
    const body = spec.operation('createPet')!.requestBody!.schema;
    expect(body.validate({ name: 'Rex', categoryId: 1 })).toEqual({ ok: true });
    const result = body.validate({ name: 'Rex', categoryId: 1.5 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ pointer: '/categoryId', keyword: 'type' });
  });

  it('enforces the int64 range, which ajv-formats alone does not', () => {
    const categoryId = spec.schemas.NewPet!;
    expect(categoryId.validate({ name: 'a', categoryId: -(2 ** 63) }).ok).toBe(true);
    expect(categoryId.validate({ name: 'a', categoryId: 9007199254740993 }).ok).toBe(true);
    const result = categoryId.validate({ name: 'a', categoryId: -5.7e22 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatchObject({ pointer: '/categoryId', keyword: 'format' });
  });

  it('caches compiled schemas by identity', () => {
    const schema = spec.schemas.Pet!.schema;
    expect(spec.compile(schema)).toBe(spec.compile(schema));
  });
});

describe('checkParameterText', () => {
  const limit = () => spec.operation('listPets')!.parameters.find((p) => p.name === 'limit')!;
  it.each([
    ['1', 1],
    ['100', 100],
  ])('accepts limit=%s', (raw, value) => {
    expect(checkParameterText(limit(), raw)).toEqual({ ok: true, value });
  });
  it.each(['0', '101', '5.0', ' 5', '', 'abc', '1e2', '-1'])('rejects limit=%j with a reason', (raw) => {
    const parsed = checkParameterText(limit(), raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues[0]!.message).toContain("query parameter 'limit'");
  });
});

describe('bad spec files get a clear SpecLoadError', () => {
  it('missing file', async () => {
    const error = await loadError('/nonexistent/openapi.yaml');
    expect(error.code).toBe('spec_not_found');
    expect(error.message).toContain('/nonexistent/openapi.yaml');
  });
  it('unparseable YAML', async () => {
    const error = await loadError(await specFile('bad.yaml', 'openapi: 3.1.0\ninfo: [unclosed\n'));
    expect(error.code).toBe('spec_unparseable');
  });
  it('a version other than Swagger 2.0, OpenAPI 3.0 or 3.1 is refused by name', async () => {
    const error = await loadError(
      await specFile('future.yaml', 'openapi: 4.0.0\ninfo: {title: t, version: "1"}\npaths: {}\n'),
    );
    expect(error.code).toBe('spec_unsupported');
    expect(error.message).toContain('"4.0.0"');
  });
  it('a document that breaks the OpenAPI schema', async () => {
    const error = await loadError(
      await specFile('invalid.yaml', 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: []\n'),
    );
    expect(error.code).toBe('spec_invalid');
  });
  it('a 3.1 license with a name alone loads; one with both an identifier and a url does not', async () => {
    const doc = (license: string) => `openapi: 3.1.0\ninfo: {title: t, version: "1", license: ${license}}\npaths: {}\n`;
    const spec = await loadSpec(await specFile('license-name.yaml', doc('{name: MIT}')));
    expect(spec.title).toBe('t');
    await loadSpec(await specFile('license-id.yaml', doc('{name: MIT, identifier: MIT}')));
    const error = await loadError(
      await specFile('license-both.yaml', doc('{name: MIT, identifier: MIT, url: "https://example.com/mit"}')),
    );
    expect(error.code).toBe('spec_invalid');
  });
  it('a dangling $ref to a response (one to a schema is read as any value: below)', async () => {
    const text = [
      'openapi: 3.1.0',
      'info: {title: t, version: "1"}',
      'paths:',
      '  /x:',
      '    get:',
      '      responses:',
      "        '200': {$ref: '#/components/responses/Missing'}",
    ].join('\n');
    const error = await loadError(await specFile('dangling.yaml', text));
    expect(error.code).toBe('spec_invalid');
  });
});

describe('faults whose meaning is plain are repaired, and said', () => {
  it('required: true inside a property, a required list of objects, and servers inside info', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 't', version: '1', servers: [{ url: '/api' }] },
      paths: {
        '/todos': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      title: { type: 'string', required: true },
                      done: { type: 'boolean', required: false },
                    },
                  },
                },
              },
            },
            responses: { '201': { description: 'made' } },
          },
        },
      },
      components: {
        schemas: {
          Task: { type: 'object', required: [{ title: null }], properties: { title: { type: 'string' } } },
        },
      },
    };
    const spec = await loadSpec(await specFile('repairable.json', JSON.stringify(document)));
    expect(spec.basePath).toBe('/api');
    const body = spec.operations[0]!.requestBody!.schema;
    expect(body.validate({ done: true }).ok).toBe(false);
    expect(body.validate({ title: 'x' }).ok).toBe(true);
    expect(spec.warnings.filter((w) => /read as/.test(w))).toHaveLength(4);
    expect(spec.repairs).toHaveLength(4);
    expect(spec.warnings.join('\n')).toContain('#/components/schemas/Task/required');
    // Without any of these faults, nothing is said.
    const clean = await loadSpec(
      await specFile('clean.yaml', 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n'),
    );
    expect(clean.warnings.filter((w) => /read as/.test(w))).toEqual([]);
    expect(clean.repairs).toBeUndefined();
  });
});

describe('OpenAPI 3.0 documents with 3.1 members in info (held-out set 43)', () => {
  it('drops info.summary and license.identifier, says so, and still refuses a 3.1 member elsewhere', async () => {
    const document = (extra: object) => ({
      openapi: '3.0.3',
      info: { title: 't', version: '1', summary: 'Users', license: { name: 'MIT', identifier: 'MIT' } },
      paths: { '/users': { get: { responses: { '200': { description: 'ok' } } } } },
      ...extra,
    });
    const spec = await loadSpec(await specFile('info31.json', JSON.stringify(document({}))));
    expect(spec.warnings.join('\n')).toContain('#/info/summary (and 1 more like it)');
    expect(spec.repairs).toHaveLength(1);
    // Outside `info` a member 3.0 does not define still makes the document invalid.
    const webhooks = document({ webhooks: {} });
    const error = await loadError(await specFile('webhooks30.json', JSON.stringify(webhooks)));
    expect(error.code).toBe('spec_invalid');
  });
});

describe('an info without its title or version (held-out set 60)', () => {
  it('is filled in and said; the rest of the document still has to be valid', async () => {
    const paths = { '/users': { get: { responses: { '200': { description: 'ok' } } } } };
    const spec = await loadSpec(
      await specFile('no-version.json', JSON.stringify({ openapi: '3.0.3', info: { title: 'Users' }, paths })),
    );
    expect(spec.repairs).toEqual(['#/info/version: a missing or non-text version read as text']);
    const numeric = await loadSpec(
      await specFile(
        'numeric-version.json',
        JSON.stringify({ openapi: '3.0.3', info: { title: 'U', version: 1 }, paths }),
      ),
    );
    expect(numeric.repairs).toEqual(['#/info/version: a missing or non-text version read as text']);
    const bare = await loadSpec(await specFile('no-info.json', JSON.stringify({ openapi: '3.1.0', paths })));
    expect(bare.title).toBe('API');
    const broken = await loadError(
      await specFile('no-version-bad.json', JSON.stringify({ openapi: '3.0.3', info: { title: 'U' }, paths: [] })),
    );
    expect(broken.code).toBe('spec_invalid');
  });
});

describe('Swagger 2.0 habits in an OpenAPI 3 document (held-out set 64)', () => {
  const responses = { '200': { description: 'ok' } };
  it('a parameter’s own schema words are its schema; collectionFormat is style and explode', async () => {
    const spec = await loadSpec(
      await specFile(
        'swagger2-parameters.json',
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Films', version: '1', servers: ['http://localhost:4000/api'] },
          paths: {
            '/films/{id}': {
              get: {
                parameters: [
                  { name: 'id', in: 'path', required: true, type: 'integer', format: 'int32', minimum: 1 },
                  { name: 'tags', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'csv' },
                  { name: 'q', in: 'query', description: 'words' },
                ],
                responses,
              },
            },
          },
        }),
      ),
    );
    const op = spec.operations[0]!;
    const id = op.parameters.find((p) => p.name === 'id')!;
    expect(id.schema.schema).toMatchObject({ type: 'integer', format: 'int32', minimum: 1 });
    expect(id.required).toBe(true);
    const tags = op.parameters.find((p) => p.name === 'tags')!;
    expect(tags.schema.schema).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(tags.explode).toBe(false);
    expect(op.parameters.find((p) => p.name === 'q')!.schema.schema).toEqual({ type: 'string' });
    // The server written as its URL alone gives the base path.
    expect(spec.basePath).toBe('/api');
    const repairs = spec.repairs!.join('\n');
    expect(repairs).toContain(
      'schema words written on a parameter or header itself (Swagger 2.0) read as its `schema`',
    );
    expect(repairs).toContain('#/servers/0: a server written as a URL alone read as `{ url }`');
    expect(repairs).toContain('collectionFormat');
  });

  it('a section of components written at the root is read as part of components', async () => {
    const spec = await loadSpec(
      await specFile(
        'root-security-schemes.json',
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Orgs', version: '1' },
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
          security: [{ bearerAuth: [] }],
          components: { schemas: { Org: { type: 'object' } } },
          paths: { '/orgs': { get: { responses } } },
        }),
      ),
    );
    expect([...spec.securitySchemes.keys()]).toEqual(['bearerAuth']);
    expect(spec.operations[0]!.security.access).toBe('required');
    expect(spec.repairs).toContain(
      '#/securitySchemes: a section of `components` written at the root read as part of `components`',
    );
    // A root member that is no section of components is still refused.
    const refused = await loadError(
      await specFile(
        'root-stray.json',
        JSON.stringify({ openapi: '3.0.3', info: { title: 'O', version: '1' }, securitySchemas: {}, paths: {} }),
      ),
    );
    expect(refused.code).toBe('spec_invalid');
  });
});

describe('Swagger 2.0 ways of writing, and text for objects, in an OpenAPI 3 document', () => {
  it('reads each as the OpenAPI 3 it means, and says so', async () => {
    const pet = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1', license: 'MIT', contact: 'pets@example.com' },
      host: 'localhost:3000',
      basePath: '/api/',
      produces: ['application/json'],
      tags: ['pets'],
      definitions: { Pet: pet },
      securityDefinitions: { basicAuth: { type: 'basic' }, token: { type: 'bearer' } },
      security: [{ basicAuth: [] }],
      paths: {
        pets: {
          post: {
            operationId: 'addPet',
            parameters: [{ name: 'pet', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }],
            responses: { '201': { description: 'made', schema: { $ref: '#/definitions/Pet' } } },
          },
        },
        '/pets/{id}/photo': {
          put: {
            operationId: 'putPhoto',
            security: [{ token: [] }],
            parameters: [
              { name: 'id', in: 'path', type: 'integer' },
              { name: 'photo', in: 'formData', type: 'file', required: true },
              { name: 'caption', in: 'formData', type: 'string' },
            ],
            responses: { '204': {} },
          },
          get: { operationId: 'getPhoto', parameters: [{ name: 'id', in: 'path', type: 'integer' }] },
        },
      },
    };
    const spec = await loadSpec(await specFile('swagger2-habits.json', JSON.stringify(document)));
    expect(spec.basePath).toBe('/api');
    const add = spec.operation('addPet')!;
    expect(add.path).toBe('/pets');
    expect(add.requestBody!.required).toBe(true);
    expect(add.requestBody!.mediaTypes).toEqual(['application/json']);
    expect(add.requestBody!.schema.validate({ name: 'Rex' }).ok).toBe(true);
    expect(add.requestBody!.schema.validate({}).ok).toBe(false);
    expect(add.parameters).toEqual([]);
    expect(add.responses['201']!.mediaTypes).toEqual(['application/json']);
    expect(add.responses['201']!.schema!.validate({}).ok).toBe(false);
    expect(add.security.alternatives[0]![0]!.scheme.kind).toBe('basic');
    const photo = spec.operation('putPhoto')!;
    expect(photo.security.alternatives[0]![0]!.scheme.kind).toBe('bearer');
    expect(photo.parameters.map((p) => [p.name, p.required, p.schema.schema.type])).toEqual([['id', true, 'integer']]);
    expect(photo.requestBody!.mediaTypes).toEqual(['multipart/form-data']);
    expect(photo.requestBody!.schema.schema).toMatchObject({
      required: ['photo'],
      properties: { photo: { type: 'string', format: 'binary' }, caption: { type: 'string' } },
    });
    expect(Object.keys(spec.operation('getPhoto')!.responses)).toEqual(['default']);
    const repairs = spec.repairs!.join('\n');
    for (const said of [
      "Swagger 2.0's `host` and `basePath` read as `servers`",
      "Swagger 2.0's `definitions` read as `components/schemas`",
      "Swagger 2.0's `securityDefinitions` read as `components/securitySchemes`",
      '`type: basic` read as `type: http, scheme: basic`',
      '`type: bearer` read as `type: http, scheme: bearer`',
      'a path written without its leading `/` read with it',
      'a parameter `in: body` (Swagger 2.0) read as the request body',
      'parameters `in: formData` (Swagger 2.0) read as a form request body',
      "a response's `schema` or `examples` beside its description (Swagger 2.0) read as its content",
      'a path parameter not marked `required` read as required',
      'a response without its description read as one with an empty description',
      'an operation documenting no response read as documenting any (`default`)',
      'a tag written as its name alone read as `{ name }`',
      'a license written as text read as `{ name }`',
    ])
      expect(repairs).toContain(said);
  });
});

describe('faults of earlier held-out documents (sets 2, 3, 14, 19, 21, 22)', () => {
  it('reads each as meant, and says so', async () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 'Todos', version: '1' },
      tags: { name: 'todos' },
      components: {
        // NestJS writes the scheme's name as given (`Bearer`, held-out set 151).
        securitySchemes: { bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT', name: 'JWT', in: 'Header' } },
        schemas: {
          username: { type: 'string', required: true },
          Todo: { type: 'object', required: [], properties: { username: { $ref: '#/components/schemas/username' } } },
          Health: { type: 'object', properties: { status: { type: 'string', const: 'ok' } } },
        },
      },
      security: [{ bearer: [] }],
      paths: {
        '/todos': {
          get: {
            operationId: 'listTodos',
            parameters: [
              {
                name: 'version',
                in: 'header',
                default: '1.0.0',
                schema: { type: 'string' },
                examples: { v1: { type: 'string', value: '1.0.0' } },
              },
            ],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': { schema: { type: 'array', items: { $ref: '#/components/todos/Todo' } } },
                },
              },
            },
          },
        },
        '/health': {
          get: {
            operationId: 'health',
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
              },
            },
          },
        },
      },
    };
    const spec = await loadSpec(await specFile('held-out-faults.json', JSON.stringify(document)));
    const list = spec.operation('listTodos')!;
    expect(list.security.alternatives[0]![0]!.scheme.kind).toBe('bearer');
    expect(list.parameters[0]!.schema.schema).toEqual({ type: 'string', default: '1.0.0' });
    const todos = list.responses['200']!.schema!;
    // The item reference is the Todo schema, whose username the component marks required: requests
    // send it; an answer is judged by the document as written, which requires nothing (set 160).
    expect(todos.validate([{ username: 'ann' }]).ok).toBe(true);
    expect(todos.validate([{}]).ok).toBe(true);
    expect(spec.compile(todos.schema, 'request').validate([{}]).ok).toBe(false);
    expect(spec.compile(todos.schema, 'request').validate([{ username: 'ann' }]).ok).toBe(true);
    const health = spec.operation('health')!.responses['200']!.schema!;
    expect([{ status: 'ok' }, { status: 'down' }].map((b) => health.validate(b).ok)).toEqual([true, false]);
    const repairs = spec.repairs!.join('\n');
    for (const said of [
      'a tag written alone read as a list of one',
      'a member a `http` scheme does not have read as nothing',
      'the scheme name `Bearer` read as `bearer` (RFC 9110 §11.1: case-insensitive)',
      'schema words written beside a parameter’s or header’s `schema` read as part of it',
      'a member no Example Object has read as nothing',
      'a reference into no section of `components` read as the schema of that name',
      '`required: true` inside a property read as the parent’s `required` list',
      'an empty `required` list read as nothing',
      'a `const` read as an `enum` of its one value',
    ])
      expect(repairs).toContain(said);
  });
});

describe('an operation’s security written inside its request body (held-out set 69)', () => {
  it('is read once where it repeats the operation’s, and as the operation’s where it has none', async () => {
    const body = (security: unknown) => ({
      security,
      content: { 'application/json': { schema: { type: 'object' } } },
    });
    const bearer = [{ bearerAuth: [] }];
    const document = {
      openapi: '3.0.3',
      info: { title: 'Users', version: '1' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      paths: {
        '/users': {
          patch: {
            operationId: 'patchUsers',
            security: bearer,
            requestBody: body(bearer),
            responses: { '204': { description: 'ok' } },
          },
          post: { operationId: 'createUser', requestBody: body(bearer), responses: { '201': { description: 'ok' } } },
        },
      },
    };
    const spec = await loadSpec(await specFile('body-security.json', JSON.stringify(document)));
    expect(spec.operation('patchUsers')!.security.access).toBe('required');
    expect(spec.operation('createUser')!.security.access).toBe('required');
    const repairs = spec.repairs!.join('\n');
    expect(repairs).toContain('the operation’s `security` repeated inside its request body read once');
    expect(repairs).toContain('a `security` inside a request body read as the operation’s own');
    // A different requirement than the operation's own is not guessed at: the document stays refused.
    const other = structuredClone(document);
    (other.paths['/users'].patch.requestBody as { security: unknown }).security = [{ apiKey: [] }];
    expect((await loadError(await specFile('body-security-other.json', JSON.stringify(other)))).code).toBe(
      'spec_invalid',
    );
  });
});

describe('members no OpenAPI object defines (held-out set 56)', () => {
  const document = (post: object, del: object = {}) => ({
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {
      '/users': {
        post: {
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
            ...post,
          },
          responses: { '201': { description: 'created' } },
        },
      },
      '/users/{id}': {
        delete: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'gone' } },
          ...del,
        },
      },
    },
  });

  it('drops a member no tool reads, and reads a status beside `responses` as one of them', async () => {
    const spec = await loadSpec(
      await specFile(
        'stray.json',
        JSON.stringify(
          document({ application: 'json' }, { '400': { description: 'bad id', content: { 'application/json': {} } } }),
        ),
      ),
    );
    expect(spec.repairs).toEqual([
      '#/paths/~1users/post/requestBody/application: a member no OpenAPI object defines read as nothing',
      '#/paths/~1users~1{id}/delete/400: a response written beside `responses` read as one of them',
    ]);
    expect(spec.operation(spec.operations[1]!.operationId)!.responseFor(400)).toBeDefined();
  });

  it('reads a key of `content` that names no media type as nothing (held-out set 57)', async () => {
    const spec = await loadSpec(
      await specFile(
        'content-example.json',
        JSON.stringify(
          document({ content: { 'application/json': { schema: { type: 'object' } }, example: { email: 'a' } } }),
        ),
      ),
    );
    expect(spec.repairs).toEqual([
      '#/paths/~1users/post/requestBody/content/example: a key of `content` that names no media type read as nothing',
    ]);
    expect(spec.operations[0]!.requestBody!.mediaTypes).toEqual(['application/json']);
    // A schema property called `content` is a schema, not a map of media types: left alone.
    const property = await loadSpec(
      await specFile(
        'content-property.json',
        JSON.stringify(
          document({
            content: {
              'application/json': { schema: { type: 'object', properties: { content: { type: 'string' } } } },
            },
          }),
        ),
      ),
    );
    expect(property.repairs).toBeUndefined();
  });

  it('still refuses a field in the wrong place or misspelt: it may be meant to change what is valid', async () => {
    for (const stray of [{ requried: true }, { Required: true }, { schema: { type: 'string' } }]) {
      const error = await loadError(await specFile('kept-stray.json', JSON.stringify(document(stray))));
      expect(error.code).toBe('spec_invalid');
      expect(error.message).toContain(Object.keys(stray)[0]);
    }
  });

  it('reads a misspelt member of a response as nothing: it only describes the answer (held-out set 108)', async () => {
    const misspelt = (version: string) => {
      const d = document({}) as { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };
      d.openapi = version;
      d.paths['/users']!.post!.responses = {
        '201': {
          description: 'created',
          contens: { 'application/json': { schema: { type: 'object', required: ['id'] } } },
        },
      };
      return d;
    };
    for (const version of ['3.0.3', '3.1.0']) {
      const spec = await loadSpec(await specFile(`contens-${version}.json`, JSON.stringify(misspelt(version))));
      expect(spec.repairs).toEqual([
        '#/paths/~1users/post/responses/201/contens: a misspelt member of a response (`content`?) read as nothing, so what it describes is not checked',
      ]);
      // Nothing it described is claimed: the answer's body is not judged.
      expect(spec.operation(spec.operations[0]!.operationId)!.responses['201']!.schema).toBeUndefined();
    }
  });
});

describe('a misspelt word that only describes (held-out set 131)', () => {
  it('reads `"summary:"` in an operation as nothing, and still refuses a misspelt word that may change what is valid', async () => {
    const document = (operation: Record<string, unknown>) => ({
      openapi: '3.0.3',
      info: { title: 'products', version: '1' },
      paths: { '/products': { get: { responses: { '200': { description: 'ok' } }, ...operation } } },
    });
    const spec = await loadSpec(
      await specFile('summary-colon.json', JSON.stringify(document({ 'summary:': 'List products', Tagss: ['x'] }))),
    );
    expect(spec.operations).toHaveLength(1);
    expect(spec.repairs).toEqual([
      '#/paths/~1products/get/summary:: a misspelt description (`summary`?) read as nothing, as it would describe only',
      '#/paths/~1products/get/Tagss: a misspelt description (`tags`?) read as nothing, as it would describe only',
    ]);
    const error = await loadError(
      await specFile('security-colon.json', JSON.stringify(document({ 'summary:': 'x', 'security:': [] }))),
    );
    expect(error.code).toBe('spec_invalid');
  });
});

describe('schemas filed among the request bodies (held-out set 157)', () => {
  it('are read as schemas, where the operations name them as the schema of their bodies', async () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 'movies', version: '1' },
      paths: {
        '/cinemas': {
          post: {
            operationId: 'createCinema',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: '#/components/requestBodies/CinemaForm' } } },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      components: {
        requestBodies: {
          CinemaForm: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        },
      },
    };
    const spec = await loadSpec(await specFile('request-bodies-as-schemas.json', JSON.stringify(document)));
    const body = spec.operation('createCinema')!.requestBody!.schema;
    expect([{ name: 'Rex' }, {}].map((b) => body.validate(b).ok)).toEqual([true, false]);
    expect(spec.repairs).toContain(
      '#/components/requestBodies/CinemaForm: a schema filed among the request bodies read as one of `components.schemas`',
    );
  });
});

describe('a word that only names, out of its place (held-out set 146)', () => {
  it('reads `"id": "id"` on a parameter as nothing, and still refuses a schema word that changes what is valid', async () => {
    const document = (extra: Record<string, unknown>) => ({
      openapi: '3.0.1',
      info: { title: 'rides', version: '1' },
      paths: {
        '/rides/{id}': {
          get: {
            parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' }, ...extra }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    const spec = await loadSpec(await specFile('parameter-id.json', JSON.stringify(document({ id: 'id' }))));
    expect(spec.operations).toHaveLength(1);
    expect(spec.repairs).toEqual([
      '#/paths/~1rides~1{id}/get/parameters/0/id: a description or name out of its place read as nothing, as it would describe only',
    ]);
    // A misspelt `nullable` may be meant to change what is valid: the document stays refused.
    const error = await loadError(
      await specFile('parameter-nullabel.json', JSON.stringify(document({ nullabel: true }))),
    );
    expect(error.code).toBe('spec_invalid');
  });
});

describe('a schema type that names no JSON Schema type (held-out set 130)', () => {
  it('reads enum values written as `type` as the enum, a language type as the JSON type, others as none', async () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 'deel', version: '1' },
      paths: {
        '/contracts': {
          get: {
            operationId: 'listContracts',
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        status: { type: ['new', 'in_progress', 'terminated'] },
                        createdAt: { type: 'Date' },
                        name: { type: 'String' },
                        odd: { type: 'Widget' },
                        price: { type: 'decimal(10, 2)' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const spec = await loadSpec(await specFile('type-names.json', JSON.stringify(document)));
    expect(spec.repairs).toEqual([
      expect.stringContaining(
        '/status/type: a list of values written as `type` read as the `enum` of strings it names',
      ),
      expect.stringContaining('/createdAt/type: the type `Date` read as `string`'),
      expect.stringContaining('/name/type: the type `String` read as `string`'),
      expect.stringContaining('/odd/type: a `type` naming no JSON Schema type read as nothing'),
      expect.stringContaining('/price/type: the type `decimal(10, 2)` read as `number`'),
    ]);
    const schema = spec.operation('listContracts')!.responses['200']!.schema!;
    expect(schema.validate({ status: 'new', createdAt: '2023-01-01', name: 'x', odd: 5 }).ok).toBe(true);
    expect(schema.validate({ status: 'done' }).ok).toBe(false);
    expect(schema.validate({ createdAt: 5 }).ok).toBe(false);
    expect(schema.validate({ price: '9.99' }).ok).toBe(false);
  });
});

describe('OpenAPI 3.0 documents written with draft 6 habits (held-out set 36)', () => {
  it('a numeric exclusiveMinimum is the bound made exclusive; a $schema inside a schema is dropped', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/notes': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    $schema: 'http://json-schema.org/draft-07/schema#',
                    type: 'object',
                    properties: { duration: { type: 'number', exclusiveMinimum: 0 } },
                  },
                },
              },
            },
            responses: { '201': { description: 'made' } },
          },
        },
      },
    };
    const spec = await loadSpec(await specFile('draft6.json', JSON.stringify(document)));
    const body = spec.operations[0]!.requestBody!.schema;
    expect([0, 0.5].map((duration) => body.validate({ duration }).ok)).toEqual([false, true]);
    expect(spec.repairs).toHaveLength(2);
    expect(spec.repairs!.join('\n')).toMatch(/exclusiveMinimum: a number read as the bound `minimum`/);
  });
});

describe('OpenAPI 3.1 documents written with 3.0 habits (held-out set 65)', () => {
  it('a boolean exclusiveMinimum makes the minimum beside it exclusive; false says nothing', async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/events': {
          get: {
            parameters: [
              { name: 'page', in: 'query', schema: { type: 'integer', minimum: 0, exclusiveMinimum: true } },
              { name: 'size', in: 'query', schema: { type: 'integer', maximum: 50, exclusiveMaximum: false } },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    const spec = await loadSpec(await specFile('31-booleans.json', JSON.stringify(document)));
    const [page, size] = spec.operations[0]!.parameters;
    expect(page!.schema.schema).toEqual({ type: 'integer', exclusiveMinimum: 0 });
    expect([0, 1].map((value) => page!.schema.validate(value).ok)).toEqual([false, true]);
    expect(size!.schema.schema).toEqual({ type: 'integer', maximum: 50 });
    expect(size!.schema.validate(50).ok).toBe(true);
    expect(spec.repairs!.join('\n')).toContain('exclusiveMinimum: a boolean read as OpenAPI 3.0 meant it');
  });
});

describe('JSON Schema habits in OpenAPI 3.0, and schema: null (held-out set 49)', () => {
  it('reads type "null" and type lists as 3.0 writes them, and a null schema as any value', async () => {
    const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
    const document = {
      openapi: '3.0.3',
      info: { title: 'habits', version: '1' },
      paths: {
        '/links/{id}': {
          get: {
            operationId: 'follow',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': { description: 'found', ...json({ type: ['string', 'null'] }) },
              '202': { description: 'either', ...json({ type: ['string', 'integer'] }) },
              '204': { description: 'nothing', ...json({ type: 'null' }) },
              '404': { description: 'any', ...json(null) },
              '410': {
                description: 'a reference beside a null schema',
                content: { 'application/json': { schema: null, $ref: '#/components/schemas/Gone' } },
              },
            },
          },
        },
      },
      components: { schemas: { Gone: { type: 'object', required: ['reason'] } } },
    };
    const spec = await loadSpec(await specFile('habits.json', JSON.stringify(document)));
    const { responses } = spec.operations[0]!;
    const ok = (status: string, value: unknown) => responses[status]!.schema!.validate(value).ok;
    expect([ok('200', 'a'), ok('200', null), ok('200', 1)]).toEqual([true, true, false]);
    expect([ok('202', 'a'), ok('202', 1), ok('202', null)]).toEqual([true, true, false]);
    expect([ok('204', null), ok('204', 'a')]).toEqual([true, false]);
    expect(responses['404']!.schema).toBeUndefined();
    // The document says nothing of the value there (a media type has no `$ref`): no guess of a schema.
    expect(responses['410']!.schema).toBeUndefined();
    expect(spec.repairs!.join('\n')).toContain('(and 2 more like it): a JSON Schema `type`');
    expect(spec.repairs!.join('\n')).toContain('`schema: null` read as no schema (any value)');
  });
});

describe('a JSON null written as a schema type (held-out set 75)', () => {
  it.each(['3.0.3', '3.1.0'])('reads `type: null` as the null type in %s', async (openapi) => {
    const title = { oneOf: [{ type: 'string' }, { type: null }] };
    const document = {
      openapi,
      info: { title: 'todos', version: '1' },
      paths: {
        '/todos/{id}': {
          put: {
            operationId: 'updateTodo',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            requestBody: {
              content: { 'application/json': { schema: { type: 'object', properties: { title } } } },
            },
            responses: { '200': { description: 'updated' } },
          },
        },
      },
    };
    const spec = await loadSpec(await specFile(`todo-${openapi}.json`, JSON.stringify(document)));
    const body = spec.operations[0]!.requestBody!.schema;
    expect([
      body.validate({ title: 'a' }).ok,
      body.validate({ title: null }).ok,
      body.validate({ title: 1 }).ok,
    ]).toEqual([true, true, false]);
    expect(spec.repairs!.join('\n')).toMatch(/oneOf\/1\/type: a (JSON Schema `type`|JSON null `type`)/);
  });
});

describe('OpenAPI 3.0 documents with a misspelt keyword or a parameter without a schema (held-out set 39)', () => {
  it('a key that is no schema keyword is dropped; a parameter with no schema is free text', async () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {
        '/products/findByName': {
          get: {
            parameters: [{ name: 'name', in: 'query', required: true }],
            responses: {
              '200': {
                description: 'found',
                content: {
                  'application/json': {
                    schema: { type: 'array', itens: { $ref: '#/components/schemas/Product' } },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Product: { type: 'object', properties: { name: { type: 'string', lenght: 3 } }, 'x-kept': true },
        },
        // An API key scheme has a name and a place too, and no schema: it is no parameter.
        securitySchemes: { key: { type: 'apiKey', name: 'X-Key', in: 'header' } },
      },
    };
    const spec = await loadSpec(await specFile('misspelt.json', JSON.stringify(document)));
    const [operation] = spec.operations;
    expect(operation!.parameters[0]!.schema.validate('any text').ok).toBe(true);
    expect(operation!.responses['200']!.schema!.validate([{ name: 'x' }]).ok).toBe(true);
    expect(spec.repairs).toHaveLength(2);
    expect(spec.repairs!.join('\n')).toContain(
      '#/components/schemas/Product/properties/name/lenght (and 1 more like it): a key that is no schema keyword read as nothing',
    );
    expect(spec.repairs!.join('\n')).toContain('a parameter with neither `schema` nor `content` read as free text');
    // In 3.1 an unknown keyword is JSON Schema's to ignore: nothing to repair, nothing said.
    const v31 = await loadSpec(
      await specFile('unknown-31.json', JSON.stringify({ ...document, openapi: '3.1.0', paths: {} })),
    );
    expect(v31.repairs).toBeUndefined();
  });
});

describe('a reference to a schema the document does not define (held-out set 40)', () => {
  it('is read as any value, and said; a defined one is kept', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/oauth/{provider}': {
          get: {
            parameters: [
              { name: 'provider', in: 'path', required: true, schema: { $ref: '#/components/schemas/:provider' } },
            ],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      allOf: [{ $ref: '#/components/schemas/Known' }, { $ref: '#/components/schemas/:providerList' }],
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: { Known: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } },
    };
    const spec = await loadSpec(await specFile('dangling.json', JSON.stringify(document)));
    const [operation] = spec.operations;
    expect(operation!.parameters[0]!.schema.validate('google').ok).toBe(true);
    const answer = operation!.responses['200']!.schema!;
    expect([answer.validate({ id: 1 }).ok, answer.validate({}).ok]).toEqual([true, false]);
    expect(spec.repairs).toEqual([
      '#/paths/~1oauth~1{provider}/get/parameters/0/schema/$ref (and 1 more like it): a reference to a schema the document does not define read as any value',
    ]);
  });
});

describe('a misspelt section of components (held-out set 168: `securitySchemas`)', () => {
  const document = (section: string, alsoRight = false) => ({
    openapi: '3.0.0',
    info: { title: 'books', version: '1' },
    components: {
      [section]: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      ...(alsoRight ? { securitySchemes: { other: { type: 'http', scheme: 'basic' } } } : {}),
    },
    security: [{ bearerAuth: [] }],
    paths: { '/books': { get: { operationId: 'listBooks', responses: { '200': { description: 'ok' } } } } },
  });

  it('is read as that section, and said', async () => {
    const spec = await loadSpec(await specFile('section-typo.json', JSON.stringify(document('securitySchemas'))));
    expect(spec.operation('listBooks')!.security.alternatives[0]![0]!.scheme.kind).toBe('bearer');
    expect(spec.repairs!.join('\n')).toContain('a misspelt section of `components` read as `securitySchemes`');
  });

  it('is not read as a section written beside it', async () => {
    const spec = await loadSpec(
      await specFile('section-typo-both.json', JSON.stringify(document('securitySchemas', true))),
    );
    expect(spec.repairs!.join('\n')).not.toContain('read as `securitySchemes`');
    expect(spec.document.components).toMatchObject({ securitySchemes: { other: { scheme: 'basic' } } });
    expect((spec.document.components as { securitySchemes: object }).securitySchemes).not.toHaveProperty('bearerAuth');
  });
});
