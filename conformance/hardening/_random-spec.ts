import fc from 'fast-check';

type Obj = Record<string, unknown>;

/** A JSON Schema of a member, in either dialect: 3.0 (`nullable`) or 3.1 (type lists). */
function memberSchema(v31: boolean): fc.Arbitrary<Obj> {
  const nullable = (schema: Obj): Obj =>
    v31 ? { ...schema, type: [schema.type, 'null'] } : { ...schema, nullable: true };
  const scalar = fc.oneof(
    fc.constant<Obj>({ type: 'string' }),
    fc.record({
      type: fc.constant('string'),
      minLength: fc.integer({ min: 0, max: 3 }),
      maxLength: fc.integer({ min: 4, max: 40 }),
    }),
    fc.constantFrom<Obj>(
      { type: 'string', format: 'uuid' },
      { type: 'string', format: 'date-time' },
      { type: 'string', format: 'date' },
      { type: 'string', format: 'email' },
      { type: 'string', format: 'uri' },
      { type: 'string', format: 'x-custom' },
    ),
    fc.constant<Obj>({ type: 'string', pattern: '^[A-Z]{2}-[0-9]{3}$' }),
    fc
      .uniqueArray(fc.constantFrom('red', 'green', 'blue', 'Ünïcode', 'with space'), { minLength: 1, maxLength: 3 })
      .map((e): Obj => ({ type: 'string', enum: e })),
    fc.constantFrom<Obj>(
      { type: 'integer' },
      { type: 'integer', format: 'int32' },
      { type: 'integer', format: 'int64', minimum: 0 },
      { type: 'integer', minimum: 1, maximum: 100 },
    ),
    fc.constantFrom<Obj>(
      { type: 'number' },
      { type: 'number', minimum: 0, maximum: 1 },
      { type: 'number', format: 'double' },
    ),
    fc.constant<Obj>({ type: 'boolean' }),
  );
  return fc.oneof(
    { arbitrary: scalar, weight: 6 },
    { arbitrary: scalar.map(nullable), weight: 1 },
    { arbitrary: scalar.map((items): Obj => ({ type: 'array', items, maxItems: 4 })), weight: 1 },
    {
      arbitrary: fc
        .tuple(scalar, scalar)
        .map(([a, b]): Obj => ({ type: 'object', properties: { a, b }, required: ['a'] })),
      weight: 1,
    },
  );
}

/** An item schema: an id the server owns, members of every kind, some required. */
function itemSchema(v31: boolean, idSchema: Obj): fc.Arbitrary<Obj> {
  return fc
    .dictionary(
      fc.constantFrom('name', 'title', 'note', 'count', 'price', 'tags', 'when', 'owner', 'colour', 'flag'),
      memberSchema(v31),
      { minKeys: 1, maxKeys: 5 },
    )
    .chain((properties) =>
      fc.subarray(Object.keys(properties)).map(
        (required): Obj => ({
          type: 'object',
          required: ['id', ...required],
          properties: { id: { ...idSchema, readOnly: true }, ...properties },
        }),
      ),
    );
}

const SCHEMES: Record<string, Obj> = {
  bearerAuth: { type: 'http', scheme: 'bearer' },
  basicAuth: { type: 'http', scheme: 'basic' },
  headerKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
  cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
  oauth: {
    type: 'oauth2',
    flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'read' } } },
  },
};

/** Security requirements: none, one scheme, alternatives (OR), combined schemes (AND), or optional. */
const security: fc.Arbitrary<Obj[] | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(...Object.keys(SCHEMES)).map((s) => [{ [s]: [] }]),
  fc
    .uniqueArray(fc.constantFrom(...Object.keys(SCHEMES)), { minLength: 2, maxLength: 2 })
    .map(([a, b]) => [{ [a!]: [] }, { [b!]: [] }]),
  fc.constantFrom<Obj[]>([{ bearerAuth: [], headerKey: [] }], [{}, { basicAuth: [] }]),
);

/** Query parameters in the styles OpenAPI names. */
const queryParameters: fc.Arbitrary<Obj[]> = fc.subarray([
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
  {
    name: 'tags',
    in: 'query',
    style: 'form',
    explode: false,
    schema: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
  },
  { name: 'ids', in: 'query', style: 'pipeDelimited', schema: { type: 'array', items: { type: 'integer' } } },
  {
    name: 'words',
    in: 'query',
    style: 'spaceDelimited',
    explode: false,
    schema: { type: 'array', items: { type: 'string', maxLength: 8 } },
  },
  {
    name: 'filter',
    in: 'query',
    style: 'deepObject',
    explode: true,
    schema: { type: 'object', properties: { min: { type: 'integer' }, max: { type: 'integer' } } },
  },
  {
    name: 'q',
    in: 'query',
    content: { 'application/json': { schema: { type: 'object', properties: { term: { type: 'string' } } } } },
  },
  { name: 'X-Request-Id', in: 'header', schema: { type: 'string', format: 'uuid' } },
  { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', maxLength: 16 } },
  { name: 'pref', in: 'cookie', schema: { type: 'string', enum: ['light', 'dark'] } },
]);

/**
 * OpenAPI documents the kit and the mock must both take without an internal error: 3.0 or 3.1, a
 * collection and its items with any subset of CRUD operations, ids of every kind, members of every
 * schema feature, parameters of every style, bodies in JSON, form, multipart and text, and every
 * security shape.
 */
export const openApiDocument: fc.Arbitrary<Obj> = fc
  .record({
    v31: fc.boolean(),
    idSchema: fc.constantFrom<Obj>(
      { type: 'integer', format: 'int64' },
      { type: 'string', format: 'uuid' },
      { type: 'string', pattern: '^[a-z]{3}_[0-9]{4}$' },
    ),
    security,
    operationSecurity: fc.option(fc.constantFrom<Obj[]>([], [{}]), { nil: undefined }),
    parameters: queryParameters,
    bodyType: fc.constantFrom(
      'application/json',
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/merge-patch+json',
    ),
    operations: fc.record({
      list: fc.boolean(),
      create: fc.boolean(),
      read: fc.boolean(),
      replace: fc.boolean(),
      update: fc.boolean(),
      remove: fc.boolean(),
      text: fc.boolean(),
    }),
    base: fc.constantFrom('/v1', '/api/v2', '', 'https://{host}/x'),
  })
  .chain((shape) => itemSchema(shape.v31, shape.idSchema).map((item) => ({ ...shape, item })))
  .map(({ v31, idSchema, security: sec, operationSecurity, parameters, bodyType, operations: ops, base, item }) => {
    const inputRequired = ((item.required as string[]) ?? []).filter((r) => r !== 'id');
    // OpenAPI 3.0 forbids an empty `required`.
    const { required: _required, ...rest } = item;
    const input: Obj = inputRequired.length > 0 ? { ...rest, required: inputRequired } : rest;
    const error = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
    const json = (schema: Obj) => ({ 'application/json': { schema } });
    const errors = {
      '400': { description: 'bad', content: json({ $ref: '#/components/schemas/Error' }) },
      '404': { description: 'none', content: json({ $ref: '#/components/schemas/Error' }) },
    };
    const itemRef = { $ref: '#/components/schemas/Thing' };
    const body = (type: string) => ({
      required: true,
      content: { [type]: { schema: { $ref: '#/components/schemas/NewThing' } } },
    });
    const withSecurity = (op: Obj, index: number) =>
      operationSecurity !== undefined && index === 0 ? { ...op, security: operationSecurity } : op;
    const collection: Obj = {};
    if (ops.list)
      collection.get = withSecurity(
        {
          operationId: 'listThings',
          parameters,
          responses: { '200': { description: 'ok', content: json({ type: 'array', items: itemRef }) }, ...errors },
        },
        0,
      );
    if (ops.create || Object.keys(collection).length === 0)
      collection.post = {
        operationId: 'createThing',
        requestBody: body(bodyType === 'application/merge-patch+json' ? 'application/json' : bodyType),
        responses: { '201': { description: 'created', content: json(itemRef) }, ...errors },
      };
    const idParameter = { name: 'thingId', in: 'path', required: true, schema: idSchema };
    const itemPath: Obj = { parameters: [idParameter] };
    if (ops.read)
      itemPath.get = {
        operationId: 'getThing',
        responses: { '200': { description: 'ok', content: json(itemRef) }, ...errors },
      };
    if (ops.replace)
      itemPath.put = {
        operationId: 'replaceThing',
        requestBody: body('application/json'),
        responses: { '200': { description: 'ok', content: json(itemRef) }, ...errors },
      };
    if (ops.update)
      itemPath.patch = {
        operationId: 'updateThing',
        requestBody: {
          content: {
            [bodyType === 'application/merge-patch+json' ? bodyType : 'application/json']: {
              schema: { type: 'object', properties: (input.properties as Obj) ?? {} },
            },
          },
        },
        responses: { '200': { description: 'ok', content: json(itemRef) }, ...errors },
      };
    if (ops.remove)
      itemPath.delete = {
        operationId: 'deleteThing',
        responses: { '204': { description: 'gone' }, '404': errors['404'] },
      };
    const paths: Obj = { '/things': collection };
    if (Object.keys(itemPath).length > 1) paths['/things/{thingId}'] = itemPath;
    if (ops.text)
      paths['/things/{thingId}/label'] = {
        parameters: [idParameter],
        get: {
          operationId: 'getLabel',
          responses: {
            '200': { description: 'text', content: { 'text/plain': { schema: { type: 'string' } } } },
            default: { description: 'error', content: json({ $ref: '#/components/schemas/Error' }) },
          },
        },
      };
    return {
      openapi: v31 ? '3.1.0' : '3.0.3',
      info: { title: 'Random things', version: '1.0.0' },
      servers: [
        base.includes('{') ? { url: base, variables: { host: { default: 'example.com' } } } : { url: base || '/' },
      ],
      ...(sec ? { security: sec } : {}),
      paths,
      components: { schemas: { Thing: item, NewThing: input, Error: error }, securitySchemes: SCHEMES },
    };
  });
