import { describe, expect, it } from 'vitest';
import { specFromDocument } from '../../spec/index.js';
import { mutationsOf } from './mutations.js';

describe('a 400 that refuses a parameter alone (held-out set 24, fastify-users-500)', () => {
  const operationWith = (description: string) =>
    specFromDocument({
      openapi: '3.0.3',
      info: { title: 'users', version: '1' },
      paths: {
        '/users/{id}': {
          put: {
            operationId: 'updateUser',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', additionalProperties: false, properties: { name: { type: 'string' } } },
                },
              },
            },
            responses: { '200': { description: 'updated' }, '400': { description } },
          },
        },
      },
    } as never).operation('updateUser')!;
  const firmness = (description: string, location: string) => [
    ...new Set(
      mutationsOf(operationWith(description))
        .filter((m) => m.reason.location === location)
        .map((m) => m.reason.firmness),
    ),
  ];

  it('"Invalid user ID": body faults are no documented refusal; the id still is', () => {
    expect(firmness('Invalid user ID', 'body')).not.toContain('must');
    expect(firmness('Invalid user ID', 'path.id')).toContain('must');
  });

  it('a 400 in general words keeps body faults firm', () => {
    expect(firmness('Bad Request', 'body')).toContain('must');
    expect(firmness('Invalid user ID or request body', 'body')).toContain('must');
  });

  it('an integer path id is also sent as what Number() reads as no finite number (held-out set 141)', () => {
    const texts = mutationsOf(operationWith('Invalid user ID')).flatMap((m) =>
      m.target === 'parameter' && m.reason.location === 'path.id' ? [m.text] : [],
    );
    expect(texts).toEqual(expect.arrayContaining(['Infinity', '1e400']));
  });

  it('a 400 documented only for a state of the server is no documented refusal of input (held-out set 131)', () => {
    for (const location of ['body', 'path.id'])
      expect(firmness('User already exists.', location)).not.toContain('must');
    // One reason about input among them keeps the refusal documented.
    expect(firmness('User already exists or invalid body', 'body')).toContain('must');
  });
});

describe('a nullable scalar (OpenAPI 3.1 type list)', () => {
  it('is broken by its scalar keywords, a bad date for a nullable date among them (the fleet zoo)', () => {
    const operation = specFromDocument({
      openapi: '3.1.0',
      info: { title: 'fleet', version: '1' },
      paths: {
        '/work-orders': {
          post: {
            operationId: 'createWorkOrder',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      dueDate: { type: ['string', 'null'], format: 'date' },
                      title: { type: ['string', 'null'], maxLength: 5 },
                    },
                  },
                },
              },
            },
            responses: { '201': { description: 'made' }, '400': { description: 'invalid' } },
          },
        },
      },
    } as never).operation('createWorkOrder')!;
    const broken = mutationsOf(operation).map((m) => `${m.reason.location} ${m.reason.pointer} ${m.reason.keyword}`);
    expect(broken).toContain('body /dueDate format');
    expect(broken).toContain('body /title maxLength');
  });
});

describe('null for a member that does not allow it', () => {
  const schema = {
    type: 'object',
    required: ['firstName'],
    properties: {
      firstName: { type: 'string' },
      nickname: { type: 'string' },
      note: { type: 'string', nullable: true },
    },
  };
  const operation = specFromDocument({
    openapi: '3.0.3',
    info: { title: 'users', version: '1' },
    paths: {
      '/users/{id}': {
        put: {
          operationId: 'replaceUser',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          requestBody: { content: { 'application/json': { schema } } },
          responses: { '200': { description: 'replaced' }, '400': { description: 'invalid' } },
        },
      },
    },
  } as never).operation('replaceUser')!;
  const nulled = mutationsOf(operation)
    .filter((m) => m.target === 'body')
    .map((m) => m.apply({ firstName: 'Ada', nickname: 'a' }))
    .flatMap((body) =>
      Object.entries(body !== null && typeof body === 'object' ? body : {})
        .filter(([, v]) => v === null)
        .map(([k]) => k),
    );

  it('is sent for a required member too (held-out set 102: a NOT NULL column answered 500), not where null is allowed', () => {
    expect(nulled).toContain('firstName');
    expect(nulled).toContain('nickname');
    expect(nulled).not.toContain('note');
  });
});

describe('faults one level inside a member (held-out set 149: `columns[0].order` as 1.5)', () => {
  const board = specFromDocument({
    openapi: '3.0.3',
    info: { title: 'boards', version: '1' },
    paths: {
      '/boards': {
        post: {
          operationId: 'createBoard',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['title'],
                  properties: {
                    title: { type: 'string' },
                    columns: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['title'],
                        properties: {
                          id: { type: 'string', readOnly: true },
                          title: { type: 'string' },
                          order: { type: 'integer' },
                        },
                      },
                    },
                    owner: { type: 'object', properties: { name: { type: 'string' } } },
                  },
                },
              },
            },
          },
          responses: { '201': { description: 'made' }, '400': { description: 'Bad Request' } },
        },
      },
    },
  } as never).operation('createBoard')!;
  const inner = mutationsOf(board).filter(
    (m) => m.target === 'body' && /^\/(columns\/0|owner)\//.test(m.reason.pointer),
  );

  it('breaks each member of the array’s first item and of the object member, read-only ones aside', () => {
    expect(inner.map((m) => `${m.reason.pointer} ${m.reason.keyword} ${m.reason.firmness}`)).toEqual([
      '/columns/0/title required must',
      '/columns/0/title type must',
      '/columns/0/title type must',
      '/columns/0/order type must',
      '/columns/0/order type must',
      '/owner/name type must',
      '/owner/name type must',
    ]);
    expect(inner.map((m) => m.reason.description)).toContain("'columns[0].order' is 1.5, not of type integer");
  });

  it('changes the valid body only where it holds the object, so every case made is invalid at that member', () => {
    const order = inner.find((m) => m.reason.description === "'columns[0].order' is 1.5, not of type integer")!;
    if (order.target !== 'body') throw new Error('a body mutation');
    const valid = {
      title: 'b',
      columns: [
        { title: 'todo', order: 1 },
        { title: 'done', order: 2 },
      ],
    };
    const broken = order.apply(valid);
    expect(broken).toEqual({
      title: 'b',
      columns: [
        { title: 'todo', order: 1.5 },
        { title: 'done', order: 2 },
      ],
    });
    const errors = board.requestBody!.schema.validate(broken);
    expect(errors.ok ? [] : errors.errors.map((e) => e.pointer)).toEqual(['/columns/0/order']);
    // No item to break: the body stays as it was (valid), and the case is dropped as not invalid.
    expect(order.apply({ title: 'b', columns: [] })).toEqual({ title: 'b', columns: [] });
  });
});

describe('a string member sent as an array (held-out set 161)', () => {
  it('is an array of its own valid value, once and twice, so that only its type is at fault', () => {
    const operation = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'urls', version: '1' },
      paths: {
        '/shorten': {
          post: {
            operationId: 'shorten',
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['url'], properties: { url: { type: 'string', format: 'uri' } } },
                },
              },
            },
            responses: { '201': { description: 'made' }, '400': { description: 'invalid' } },
          },
        },
      },
    } as never).operation('shorten')!;
    const valid = { url: 'https://a.example/x' };
    const arrays = mutationsOf(operation)
      .filter((m) => m.target === 'body')
      .map((m) => (m.target === 'body' ? m.apply(valid) : undefined))
      .filter((body) => Array.isArray((body as { url?: unknown } | null)?.url));
    expect(arrays).toEqual([{ url: ['https://a.example/x'] }, { url: ['https://a.example/x', 'https://a.example/x'] }]);
  });
});

describe('a format broken as loose checks miss it (held-out set 163)', () => {
  it('sends a near miss besides a plain non-value: two dots in an email, 30 February', () => {
    const operation = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'contacts', version: '1' },
      paths: {
        '/contacts': {
          post: {
            operationId: 'createContact',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      email: { type: 'string', format: 'email' },
                      born: { type: 'string', format: 'date' },
                    },
                  },
                },
              },
            },
            responses: { '201': { description: 'made' } },
          },
        },
      },
    } as never).operation('createContact')!;
    const broken = mutationsOf(operation)
      .filter((m) => m.reason.keyword === 'format')
      .map((m) => (m.target === 'body' ? m.apply({ email: 'a@example.com', born: '2000-01-01' }) : undefined));
    expect(broken).toEqual(
      expect.arrayContaining([
        { email: 'first..last@example.com', born: '2000-01-01' },
        { email: 'a@example.com', born: '2024-02-30' },
      ]),
    );
    // Each is invalid by the spec's own validator.
    const schema = operation.requestBody!.schema;
    for (const body of broken) expect(schema.validate(body).ok).toBe(false);
  });
});

describe('a 400 documented for members left out (held-out set 164)', () => {
  const operationWith = (description: string) =>
    specFromDocument({
      openapi: '3.0.3',
      info: { title: 'products', version: '1' },
      paths: {
        '/products': {
          post: {
            operationId: 'createProduct',
            parameters: [{ name: 'dryRun', in: 'query', required: true, schema: { type: 'boolean' } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['name'],
                    properties: { name: { type: 'string' }, category: { type: 'string' } },
                  },
                },
              },
            },
            responses: { '201': { description: 'made' }, '400': { description } },
          },
        },
      },
    } as never).operation('createProduct')!;
  const firmness = (description: string) => {
    const byKeyword = new Map<string, Set<string>>();
    for (const m of mutationsOf(operationWith(description)))
      byKeyword.set(m.reason.keyword, (byKeyword.get(m.reason.keyword) ?? new Set()).add(m.reason.firmness));
    return { required: [...(byKeyword.get('required') ?? [])], type: [...(byKeyword.get('type') ?? [])] };
  };

  it('is firm for a member left out, not for one of another type', () => {
    expect(firmness('Missing required fields')).toEqual({ required: ['must'], type: ['should'] });
    expect(firmness('Name and price are required')).toEqual({ required: ['must'], type: ['should'] });
  });

  it('stays firm for every fault where its words name values too, or nothing', () => {
    for (const words of ['Missing or invalid fields', 'Validation failed: name is required', 'Bad Request'])
      expect(firmness(words).type).toContain('must');
  });
});

describe('a 400 that names one query parameter (held-out set 172: "Invalid role")', () => {
  it('is firm for that parameter only', () => {
    const operation = specFromDocument({
      openapi: '3.0.3',
      info: { title: 'users', version: '1' },
      paths: {
        '/users': {
          get: {
            operationId: 'listUsers',
            parameters: [
              { name: 'page', in: 'query', schema: { type: 'integer' } },
              { name: 'role', in: 'query', schema: { type: 'string', enum: ['admin', 'user'] } },
            ],
            responses: { '200': { description: 'users' }, '400': { description: 'Invalid role' } },
          },
        },
      },
    } as never).operation('listUsers')!;
    const firmness = (location: string) => [
      ...new Set(
        mutationsOf(operation)
          .filter((m) => m.reason.location === location)
          .map((m) => m.reason.firmness),
      ),
    ];
    expect(firmness('query.role')).toContain('must');
    expect(firmness('query.page')).toEqual(['should']);
  });
});
