import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_PATH, loadSpec } from './load-spec.js';
import { specFromDocument } from './spec-from-document.js';

// The browser mock's loader: a document object (or its text) through the same model builder as loadSpec.
describe('specFromDocument', () => {
  const text = readFileSync(DEFAULT_SPEC_PATH, 'utf8');

  it('builds the model loadSpec builds from the file, and leaves the object as it was', async () => {
    const document = parse(text) as Record<string, unknown>;
    const before = structuredClone(document);
    const fromObject = specFromDocument(document, { name: 'openapi.yaml' });
    const fromFile = await loadSpec();
    expect(document).toEqual(before);
    const summary = (spec: typeof fromFile) => ({
      title: spec.title,
      basePath: spec.basePath,
      format: spec.format,
      operations: spec.operations.map((op) => [op.operationId, op.method, op.path, Object.keys(op.responses)]),
      schemas: Object.keys(spec.schemas),
      schemes: [...spec.securitySchemes.keys()],
      document: spec.document,
    });
    expect(summary(fromObject)).toEqual(summary(fromFile));
    expect(fromObject.file).toBe('openapi.yaml');
    // The compiled validators work the same.
    const pet = { id: 1, name: 'Rex', categoryId: 1 };
    expect(fromObject.schemas.Pet!.validate(pet).ok).toBe(true);
    expect(fromObject.schemas.Pet!.validate({ ...pet, id: 'x' }).ok).toBe(false);
    // YAML text works too, and the base path can be overridden.
    expect(specFromDocument(text, { basePath: '/' }).basePath).toBe('');
  });

  it('refuses what only the file loader can do, with the loader errors', () => {
    const document = parse(text) as Record<string, unknown>;
    const external = { ...document, components: { schemas: { Pet: { $ref: 'pet.yaml' } } } };
    expect(() => specFromDocument(external)).toThrow(/spec_invalid|\$ref cannot be resolved.*bundle/);
    expect(() => specFromDocument({ swagger: '2.0', info: {}, paths: {} })).toThrow(/Swagger 2\.0/);
    expect(() => specFromDocument({ openapi: '4.0.0', paths: {} })).toThrow(/expected "openapi: 3\.0\.x"/);
    expect(() => specFromDocument('[: not yaml')).toThrow(/not valid YAML or JSON/);
    expect(() => specFromDocument({ openapi: '3.1.0', info: { title: 't', version: '1' } })).toThrow(/no paths/);
  });
});

describe('the token endpoint of an OAuth2 flow', () => {
  const document = (tokenUrl: string) => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    components: {
      securitySchemes: {
        oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl, scopes: {} } } },
      },
    },
    paths: {
      '/oauth2/token': { post: { operationId: 'token', responses: { '200': { description: 'ok' } } } },
      '/items': { post: { operationId: 'createItem', responses: { '201': { description: 'ok' } } } },
    },
  });

  it('is the POST at the path the tokenUrl names, relative or absolute, behind a base path or not', async () => {
    for (const url of ['/oauth2/token', 'https://api.example/v1/oauth2/token', '/oauth2/token/']) {
      const spec = await specFromDocument(document(url));
      expect(spec.operation('token')?.tokenEndpointOf).toBe('oauth');
      expect(spec.operation('createItem')?.tokenEndpointOf).toBeUndefined();
    }
  });

  it('is no operation where the tokenUrl names another path', async () => {
    const spec = await specFromDocument(document('https://auth.example/token/issue'));
    expect(spec.operation('token')?.tokenEndpointOf).toBeUndefined();
  });
});

describe('a path template variable no parameter declares', () => {
  // tsoa's express skeleton (held-out set 8): `/users/{userId}` with no `userId` parameter. With an
  // empty value the kit sent `POST /users/`, the public create, and judged it as GetUser's path.
  it('is taken as a required, non-empty string path parameter, with a warning', () => {
    const spec = specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: { '/users/{userId}': { get: { operationId: 'getUser', responses: { '200': { description: 'ok' } } } } },
    });
    const parameter = spec.operation('getUser')!.parameters.find((p) => p.name === 'userId');
    expect(parameter).toMatchObject({ in: 'path', required: true });
    expect(parameter!.schema.validate('').ok).toBe(false);
    expect(parameter!.schema.validate('42').ok).toBe(true);
    expect(spec.warnings).toContainEqual(expect.stringContaining('{userId} has no path parameter'));
  });
});

describe('a path parameter the template names otherwise', () => {
  // NestJS (held-out set 121): `DELETE /user/{id}` declaring the path parameter `userId`. The kit
  // sent nothing: `userId` had nowhere to go.
  const spec = (parameters: object[], path = '/user/{id}') =>
    specFromDocument({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        [path]: { delete: { operationId: 'deleteUser', parameters, responses: { '200': { description: 'ok' } } } },
      },
    });
  const userId = { name: 'userId', in: 'path', required: true, schema: { type: 'integer' } };

  it('is read under the template’s name with its own schema, with a warning', () => {
    const s = spec([userId]);
    const names = s.operation('deleteUser')!.parameters.map((p) => p.name);
    expect(names).toEqual(['id']);
    const id = s.operation('deleteUser')!.parameters[0]!;
    expect(id.schema.validate(3).ok).toBe(true);
    expect(id.schema.validate('x').ok).toBe(false);
    expect(s.warnings).toContainEqual(expect.stringContaining('userId is read as {id}'));
  });

  it('is left alone where the pairing is not one to one', () => {
    const two = spec([userId, { ...userId, name: 'other' }]);
    expect(
      two
        .operation('deleteUser')!
        .parameters.map((p) => p.name)
        .sort(),
    ).toEqual(['id', 'other', 'userId']);
    // An Express path written into the document names no variable at all (held-out set 49).
    const colon = spec([userId], '/user/:userId');
    expect(colon.operation('deleteUser')!.parameters.map((p) => p.name)).toEqual(['userId']);
  });
});
