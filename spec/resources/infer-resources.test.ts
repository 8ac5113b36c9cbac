import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, specFromDocument, type SpecModel } from '../index.js';
import {
  type CollectionModel,
  type ResourceModel,
  envelopeItems,
  inferResources,
  loadResourceConfig,
} from './index.js';

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));
const specs: Record<string, SpecModel> = {};
beforeAll(async () => {
  for (const name of ['flat', 'nested', 'links']) specs[name] = await loadSpec(fixture(`${name}.yaml`));
  specs.animal = await loadSpec();
});

function collection(model: ResourceModel, path: string): CollectionModel {
  const found = model.collections.find((c) => c.path === path);
  if (!found) throw new Error(`no collection ${path}: ${model.collections.map((c) => c.path).join(', ')}`);
  return found;
}
const roles = (model: ResourceModel) => Object.fromEntries(model.operations.map((o) => [o.operationId, o.role]));

describe('inferResources: the Animal Store', () => {
  it('comes out exactly as its domain rules know it', () => {
    const model = inferResources(specs.animal!);
    expect(model.collections).toHaveLength(1);
    const pets = collection(model, '/pets');
    expect(roles(model)).toEqual({ listPets: 'list', createPet: 'create', getPet: 'read' });
    expect(pets.itemPath).toBe('/pets/{petId}');
    expect(pets.pageSize).toMatchObject({ parameter: 'limit', default: 20, maximum: 100 });
    expect(pets.pageSize?.reason).toBe(
      '`limit`: an integer query parameter named like a page size, default 20, maximum 100',
    );
    expect(pets.filters.map((f) => [f.parameter, f.member, f.kind])).toEqual([['status', 'status', 'enum']]);
    expect(pets.filters[0]?.values).toEqual(['available', 'pending', 'sold']);
    expect(pets.id).toMatchObject({ parameter: 'petId', member: 'id', kind: 'integer', via: 'name', location: false });
    expect(pets.operations.create?.operationId).toBe('createPet');
    expect(pets.operations.read?.operationId).toBe('getPet');
    expect(pets.parent).toBeUndefined();
    expect(model.singletons).toEqual([]);
    expect(model.issues).toEqual([]);
  });
});

describe('inferResources: a flat collection', () => {
  it('gives every CRUD operation its role, and actions, searches and logins the role other', () => {
    const model = inferResources(specs.flat!);
    expect(roles(model)).toEqual({
      listThings: 'list',
      createThing: 'create',
      searchThings: 'other',
      getThing: 'read',
      replaceThing: 'replace',
      updateThing: 'update',
      deleteThing: 'delete',
      archiveThing: 'other',
      getMe: 'read',
      updateMe: 'update',
      login: 'other',
    });
    const things = collection(model, '/things');
    expect(things.others.map((o) => o.operationId)).toEqual(['searchThings', 'archiveThing']);
    expect(model.operations.find((o) => o.operationId === 'archiveThing')?.reason).toContain('an action');
    expect(model.collections.map((c) => c.path)).toEqual(['/things']);
  });

  it('finds the integer id by name through allOf, the page size, the page number and the filters', () => {
    const things = collection(inferResources(specs.flat!), '/things');
    expect(things.id).toMatchObject({ parameter: 'thingId', member: 'id', kind: 'integer' });
    expect(things.id?.reason).toContain('`id` is what remains of `thingId`');
    expect(things.pageSize).toMatchObject({ parameter: 'per_page', default: 10, maximum: 50 });
    expect(things.page).toMatchObject({ parameter: 'page', kind: 'page', first: 1 });
    // `sort` shapes the list; `unrelated` names no member.
    expect(things.filters.map((f) => `${f.parameter}:${f.kind}`)).toEqual(['colour:enum', 'name:equality']);
    expect(things.filters[1]?.reason).toBe('`name`: a query parameter named like the item member `name`');
  });

  it('models /me as a singleton, not a collection', () => {
    const model = inferResources(specs.flat!);
    expect(model.singletons.map((s) => [s.path, Object.keys(s.operations)])).toEqual([['/me', ['read', 'update']]]);
    expect(model.operations.find((o) => o.operationId === 'getMe')).toMatchObject({ singleton: '/me' });
  });
});

describe('inferResources: nested collections', () => {
  it('scopes two levels of collections to their parents', () => {
    const model = inferResources(specs.nested!);
    expect(model.collections.map((c) => c.path)).toEqual([
      '/users',
      '/users/{userId}/repos',
      '/users/{userId}/repos/{repoId}/issues',
    ]);
    const repos = collection(model, '/users/{userId}/repos');
    expect(repos.parent).toMatchObject({ collection: '/users', parameter: 'userId' });
    expect(repos.scope).toEqual(['userId']);
    const issues = collection(model, '/users/{userId}/repos/{repoId}/issues');
    expect(issues.parent).toMatchObject({ collection: '/users/{userId}/repos', parameter: 'repoId' });
    expect(issues.scope).toEqual(['userId', 'repoId']);
    expect(collection(model, '/users').parent).toBeUndefined();
  });

  it('reads an envelope one wrapper down (`{success, data: {todos: [...]}}`), not an item with an array', () => {
    const list = (properties: object) => ({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/todos': {
          get: {
            operationId: 'listTodos',
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'object', properties } } },
              },
            },
          },
        },
        '/todos/{id}': { get: { operationId: 'getTodo', responses: { '200': { description: 'ok' } } } },
      },
    });
    const todo = { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' } } };
    const wrapped = inferResources(
      specFromDocument(
        list({
          success: { type: 'boolean' },
          data: { type: 'object', properties: { todos: { type: 'array', items: todo }, total: { type: 'integer' } } },
        }),
      ),
    ).collections[0]!;
    expect(wrapped.envelope).toMatchObject({ member: 'todos', within: ['data'] });
    expect(wrapped.operations.list?.operationId).toBe('listTodos');
    expect(envelopeItems(wrapped.envelope, { success: true, data: { todos: [{ id: 'a' }], total: 1 } })).toEqual([
      { id: 'a' },
    ]);
    // A wrapper not named like one, or an array named like nothing of a list, is no envelope.
    const other = inferResources(
      specFromDocument(list({ owner: { type: 'object', properties: { tags: { type: 'array', items: todo } } } })),
    ).collections[0]!;
    expect(other.envelope).toBeUndefined();
  });

  it('reads the item inside a wrapped answer about one item (`{transaction: {...}}`), not a wrapper with no id', () => {
    const json = (schema: object) => ({ content: { 'application/json': { schema } } });
    const document = (readSchema: object) => ({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/transactions': {
          post: {
            operationId: 'createTransaction',
            requestBody: json({ type: 'object', properties: { title: { type: 'string' } } }),
            responses: { '201': { description: 'made', ...json(readSchema) } },
          },
        },
        '/transactions/{id}': {
          get: { operationId: 'getTransaction', responses: { '200': { description: 'ok', ...json(readSchema) } } },
        },
      },
    });
    const transaction = {
      type: 'object',
      properties: { id: { type: 'string', format: 'uuid' }, title: { type: 'string' } },
    };
    const wrapped = inferResources(
      specFromDocument(document({ type: 'object', properties: { transaction, message: { type: 'string' } } })),
    ).collections[0]!;
    expect(wrapped.itemEnvelope).toEqual({
      member: 'transaction',
      reason: '`GET /transactions/{id}` wraps the item in the object member `transaction`',
    });
    expect(wrapped.itemSchema).toEqual(transaction);
    expect(wrapped.id).toMatchObject({ member: 'id', kind: 'uuid' });
    // A wrapper word (`data`) wraps as well; a member named like neither (`owner`) does not, nor does
    // one beside an id of the root's own.
    const data = inferResources(
      specFromDocument(document({ type: 'object', properties: { success: { type: 'boolean' }, data: transaction } })),
    ).collections[0]!;
    expect(data.itemEnvelope?.member).toBe('data');
    for (const properties of [{ owner: transaction }, { id: { type: 'string' }, data: transaction }]) {
      const plain = inferResources(specFromDocument(document({ type: 'object', properties }))).collections[0]!;
      expect(plain.itemEnvelope).toBeUndefined();
    }
  });

  it('reads uuid ids, envelopes, and ids named like their parameter', () => {
    const model = inferResources(specs.nested!);
    const repos = collection(model, '/users/{userId}/repos');
    expect(repos.id).toMatchObject({ parameter: 'repoId', member: 'id', kind: 'uuid' });
    expect(repos.envelope).toMatchObject({ member: 'data' });
    expect(repos.itemSchema).toBeDefined();
    const issues = collection(model, '/users/{userId}/repos/{repoId}/issues');
    expect(issues.id).toMatchObject({ parameter: 'number', member: 'number', kind: 'integer' });
    // No member of User is named like `userId`, and nothing else tells: the kind comes from the parameter.
    expect(collection(model, '/users').id).toMatchObject({ parameter: 'userId', kind: 'string' });
    expect(collection(model, '/users').id?.member).toBeUndefined();
    expect(model.singletons.map((s) => s.path)).toEqual(['/users/{userId}/settings']);
  });

  it('recognises page-size names: pageSize, size, max_results', () => {
    const model = inferResources(specs.nested!);
    expect(model.collections.map((c) => c.pageSize?.parameter)).toEqual(['pageSize', 'size', 'max_results']);
    expect(collection(model, '/users/{userId}/repos/{repoId}/issues').pageSize).toMatchObject({ default: 30 });
  });
});

describe('inferResources: links and Location', () => {
  it('takes the id member from an OpenAPI link over a member named id', () => {
    const widgets = collection(inferResources(specs.links!), '/widgets');
    expect(widgets.id).toMatchObject({ parameter: 'widgetId', member: 'uid', via: 'link', kind: 'string' });
    expect(widgets.id?.reason).toContain('link `GetWidgetByUid`');
    expect(widgets.pageSize?.parameter).toBe('limit');
  });

  it('takes the id from the 201 Location header when no member holds it', () => {
    const orders = collection(inferResources(specs.links!), '/orders');
    expect(orders.id).toMatchObject({ parameter: 'orderKey', via: 'location', kind: 'uuid', location: true });
    expect(orders.id?.member).toBeUndefined();
    expect(orders.operations.create?.operationId).toBe('placeOrder');
  });

  it('matches id members once case, _ and - are ignored', () => {
    const model = inferResources(specs.links!);
    expect(collection(model, '/credentials').id).toMatchObject({ parameter: 'Sid', member: 'sid' });
    expect(collection(model, '/tasks').id).toMatchObject({ parameter: 'task_id', member: 'taskId' });
    expect(collection(model, '/tasks').id?.reason).toContain('written `taskId`');
  });

  it('finds a list-only collection and the maxResults page size', () => {
    const gadgets = collection(inferResources(specs.links!), '/gadgets');
    expect(gadgets.itemPath).toBeUndefined();
    expect(gadgets.pageSize?.parameter).toBe('maxResults');
  });
});

describe('inferResources: the config corrects and switches off', () => {
  it('applies the corrections file', () => {
    const config = loadResourceConfig(fixture('corrections.yaml'));
    const model = inferResources(specs.nested!, config);
    expect(model.issues).toEqual([]);
    expect(model.collections.map((c) => c.path)).toEqual(['/users', '/users/{userId}/repos']);
    expect(model.disabled.map((d) => d.path)).toEqual(['/users/{userId}/repos/{repoId}/issues']);
    expect(collection(model, '/users').id).toMatchObject({ member: 'login', via: 'config', source: 'config' });
    const repos = collection(model, '/users/{userId}/repos');
    expect(repos.pageSize).toBeUndefined();
    expect(repos.filters).toEqual([]);
    expect(model.singletons).toEqual([]);
    expect(model.operations.find((o) => o.operationId === 'getSettings')).toMatchObject({
      role: 'other',
      source: 'config',
    });
  });

  it('marks roles, adds filters, overrides page sizes and id kinds', () => {
    const model = inferResources(specs.flat!, {
      collections: {
        '/things': {
          pageSize: { default: 5 },
          filters: { unrelated: { member: 'name' }, colour: false },
          id: { kind: 'string' },
        },
      },
      operations: {
        'POST /things/{thingId}/actions/archive': { role: 'other' },
        searchThings: { role: 'list', collection: '/things' },
      },
    });
    const things = collection(model, '/things');
    expect(things.pageSize).toMatchObject({ parameter: 'per_page', default: 5, maximum: 50, source: 'config' });
    expect(things.filters.map((f) => `${f.parameter}→${f.member}`)).toEqual(['name→name', 'unrelated→name']);
    expect(things.id).toMatchObject({ kind: 'string', source: 'config' });
    // Two lists: the first stays the list, the corrected one joins the others.
    expect(model.operations.find((o) => o.operationId === 'searchThings')).toMatchObject({
      role: 'list',
      source: 'config',
    });
    expect(model.issues).toEqual([]);
  });

  it('reports keys that name nothing in the spec, with the file and the key', () => {
    const model = inferResources(specs.flat!, {
      file: '/x/flat.resources.yaml',
      collections: {
        '/nowhere': { disabled: true },
        '/things': { filters: { nope: false }, pageSize: { parameter: 'missing' } },
      },
      operations: { nothing: { role: 'read' } },
    });
    expect(model.issues.map((i) => i.key)).toEqual([
      'collections./nowhere',
      'operations.nothing',
      'collections./things.pageSize.parameter',
      'collections./things.filters.nope',
    ]);
    expect(model.issues[0]?.message).toBe(
      '/x/flat.resources.yaml: collections./nowhere: no operation of the spec has this path',
    );
    // The rest still applies.
    expect(collection(model, '/things').pageSize).toBeUndefined();
  });
});

describe('inferResources: OpenAPI 3.0', () => {
  it('infers the same model from a 3.0 document', async () => {
    const { mkdtemp, readFile, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'resources-30-'));
    const file = join(dir, 'flat.yaml');
    await writeFile(file, (await readFile(fixture('flat.yaml'), 'utf8')).replace('openapi: 3.1.0', 'openapi: 3.0.3'));
    const model = inferResources(await loadSpec(file));
    expect(roles(model)).toEqual(roles(inferResources(specs.flat!)));
    expect(collection(model, '/things')).toMatchObject({
      id: { member: 'id', kind: 'integer' },
      pageSize: { parameter: 'per_page', default: 10, maximum: 50 },
    });
  });
});
