import { encodeSegment, isObject } from '../json/index.js';

type Obj = Record<string, unknown>;
/** Says one repair: where, and what was read how. */
type Note = (at: string, what: string) => void;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Where Swagger 2.0 keeps what OpenAPI 3 keeps under `components`, and the sections of `components`
 * themselves (written at the root by mistake): root name → section of `components`.
 */
const ROOT_SECTIONS: Readonly<Record<string, string>> = {
  definitions: 'schemas',
  securityDefinitions: 'securitySchemes',
  schemas: 'schemas',
  responses: 'responses',
  parameters: 'parameters',
  examples: 'examples',
  requestBodies: 'requestBodies',
  headers: 'headers',
  securitySchemes: 'securitySchemes',
  links: 'links',
  callbacks: 'callbacks',
  pathItems: 'pathItems',
};

/**
 * The schema words a Swagger 2.0 parameter or header carries itself: those of its value, not its own
 * fields (`description`, `required`, `deprecated`, `example` stay where they are).
 */
const INLINE_SCHEMA_WORDS = new Set([
  ...['type', 'format', 'items', 'enum', 'default', 'maximum', 'exclusiveMaximum', 'minimum'],
  ...['exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf'],
]);

/** Swagger 2.0's `collectionFormat` as OpenAPI 3's `style` and `explode` of a query parameter. */
const COLLECTION_FORMATS: Readonly<Record<string, Obj>> = {
  csv: { style: 'form', explode: false },
  multi: { style: 'form', explode: true },
  ssv: { style: 'spaceDelimited', explode: false },
  pipes: { style: 'pipeDelimited', explode: false },
};

/** Swagger 2.0's OAuth flows by their OpenAPI 3 names. */
const OAUTH_FLOWS: Readonly<Record<string, string>> = {
  implicit: 'implicit',
  password: 'password',
  application: 'clientCredentials',
  accessCode: 'authorizationCode',
};

/**
 * Repairs, in place, Swagger 2.0 ways of writing that an OpenAPI 3 document carries (generators and
 * JSDoc comments mix the two: held-out set 64), each of which has one meaning in OpenAPI 3:
 * - Swagger 2.0's `host`, `basePath` and `schemes`: the document's `servers`, when it has none;
 * - Swagger 2.0's root `definitions` and `securityDefinitions`, and any section of `components`
 *   written at the root: moved into `components` (names `components` already has win), and every
 *   `$ref` to them pointed at their new place;
 * - a security scheme in Swagger 2.0's form (`type: basic`, OAuth's `flow`), or written `type: bearer`;
 * - a path written without its leading `/`;
 * - a parameter or header carrying its schema words itself (`type: string` beside `in`), and
 *   `collectionFormat`; a path parameter not marked `required` (OpenAPI says it always is);
 * - a parameter `in: body` or `in: formData`: the operation's request body, in the media types its
 *   `consumes` names (else JSON, or a form);
 * - a response's `schema` and `examples` beside its description, and a request body's `schema`
 *   without `content`: that content, in the media types `produces`/`consumes` name (else JSON);
 * - `type: file`: binary text, as OpenAPI 3 writes a file.
 */
export function repairSwagger2Habits(document: Obj, note: Note): void {
  if (document.servers === undefined && (typeof document.host === 'string' || typeof document.basePath === 'string')) {
    const schemes = Array.isArray(document.schemes) ? document.schemes : [];
    const scheme = typeof schemes[0] === 'string' ? schemes[0] : 'http';
    const host = typeof document.host === 'string' ? `${scheme}://${document.host}` : '';
    const base = typeof document.basePath === 'string' ? document.basePath.replace(/\/+$/, '') : '';
    document.servers = [{ url: `${host}${base}` || '/' }];
    note(
      typeof document.host === 'string' ? '#/host' : '#/basePath',
      "Swagger 2.0's `host` and `basePath` read as `servers`",
    );
  }
  moveRootSections(document, note);
  const components = isObject(document.components) ? (document.components as Obj) : undefined;
  if (components && isObject(components.securitySchemes))
    for (const [name, scheme] of Object.entries(components.securitySchemes as Obj))
      if (isObject(scheme))
        repairSecurityScheme(scheme as Obj, `#/components/securitySchemes/${encodeSegment(name)}`, note);
  if (isObject(document.paths)) {
    const paths = document.paths as Obj;
    for (const key of Object.keys(paths)) {
      if (key.startsWith('/') || key.startsWith('x-') || !isObject(paths[key])) continue;
      const fixed = `/${key}`;
      if (fixed in paths) continue;
      paths[fixed] = paths[key];
      delete paths[key];
      note(`#/paths/${encodeSegment(key)}`, 'a path written without its leading `/` read with it');
    }
  }
  const rootConsumes = mediaTypesOf(document.consumes);
  const rootProduces = mediaTypesOf(document.produces);
  if (components && isObject(components.parameters))
    for (const [name, parameter] of Object.entries(components.parameters as Obj))
      if (isObject(parameter))
        repairParameter(parameter as Obj, `#/components/parameters/${encodeSegment(name)}`, note);
  if (components && isObject(components.headers))
    for (const [name, header] of Object.entries(components.headers as Obj))
      if (isObject(header)) repairInlineSchema(header as Obj, `#/components/headers/${encodeSegment(name)}`, note);
  if (components && isObject(components.responses))
    for (const [name, response] of Object.entries(components.responses as Obj))
      if (isObject(response))
        repairResponse(response as Obj, `#/components/responses/${encodeSegment(name)}`, rootProduces, note);
  for (const [path, item] of Object.entries(isObject(document.paths) ? (document.paths as Obj) : {})) {
    if (!isObject(item)) continue;
    const at = `#/paths/${encodeSegment(path)}`;
    const shared = Array.isArray((item as Obj).parameters) ? ((item as Obj).parameters as unknown[]) : [];
    shared.forEach((p, i) => {
      if (isObject(p)) repairParameter(p as Obj, `${at}/parameters/${i}`, note);
    });
    for (const method of METHODS) {
      const operation = (item as Obj)[method];
      if (!isObject(operation)) continue;
      repairOperation(operation as Obj, `${at}/${method}`, rootConsumes, rootProduces, note);
    }
  }
  // Read into the operations above; OpenAPI 3 has no such members.
  delete document.host;
  delete document.basePath;
  dropRead(document, '#', note);
}

/** Root sections moved into `components`, and the `$ref`s that named them pointed there. */
function moveRootSections(document: Obj, note: Note): void {
  const moved = new Map<string, string>();
  for (const [root, section] of Object.entries(ROOT_SECTIONS)) {
    const misplaced = document[root];
    if (!isObject(misplaced)) continue;
    if (document.components === undefined) document.components = {};
    if (!isObject(document.components)) return;
    const components = document.components as Obj;
    const existing = isObject(components[section]) ? (components[section] as Obj) : {};
    // What `components` already names wins: the misplaced copy only adds names it lacks.
    components[section] = { ...(misplaced as Obj), ...existing };
    delete document[root];
    moved.set(`#/${root}/`, `#/components/${section}/`);
    note(
      `#/${root}`,
      root === section
        ? 'a section of `components` written at the root read as part of `components`'
        : `Swagger 2.0's \`${root}\` read as \`components/${section}\``,
    );
  }
  if (moved.size === 0) return;
  const repoint = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) repoint(item);
      return;
    }
    if (!isObject(node)) return;
    const o = node as Obj;
    if (typeof o.$ref === 'string')
      for (const [from, to] of moved)
        if (o.$ref.startsWith(from)) {
          o.$ref = `${to}${o.$ref.slice(from.length)}`;
          break;
        }
    for (const [key, value] of Object.entries(o)) if (key !== 'example' && key !== 'examples') repoint(value);
  };
  repoint(document);
}

/** A security scheme in Swagger 2.0's form, or `type: bearer`/`basic`, or an API key with no `type`. */
function repairSecurityScheme(scheme: Obj, at: string, note: Note): void {
  const said = (what: string) => note(at, what);
  if (scheme.type === 'basic' || scheme.type === 'bearer') {
    const kind = scheme.type;
    scheme.type = 'http';
    scheme.scheme = kind;
    said(`\`type: ${kind}\` read as \`type: http, scheme: ${kind}\``);
  } else if (scheme.type === undefined && typeof scheme.name === 'string' && typeof scheme.in === 'string') {
    scheme.type = 'apiKey';
    said('a scheme with `name` and `in` but no `type` read as an API key');
  } else if (scheme.type === 'oauth2' && typeof scheme.flow === 'string' && scheme.flows === undefined) {
    const flow = OAUTH_FLOWS[scheme.flow];
    if (!flow) return;
    const { authorizationUrl, tokenUrl, scopes } = scheme;
    scheme.flows = {
      [flow]: {
        ...(authorizationUrl !== undefined ? { authorizationUrl } : {}),
        ...(tokenUrl !== undefined ? { tokenUrl } : {}),
        scopes: isObject(scopes) ? scopes : {},
      },
    };
    for (const key of ['flow', 'authorizationUrl', 'tokenUrl', 'scopes']) delete scheme[key];
    said("Swagger 2.0's OAuth `flow` read as OpenAPI 3's `flows`");
  }
}

/** A parameter's own schema words, its `collectionFormat`, and a path parameter's `required`. */
function repairParameter(parameter: Obj, at: string, note: Note): void {
  if (parameter.in === 'body' || parameter.in === 'formData') return;
  repairInlineSchema(parameter, at, note);
  if (parameter.collectionFormat !== undefined) {
    const style = COLLECTION_FORMATS[String(parameter.collectionFormat)];
    // Path and header values keep `simple` (comma-separated, as `csv`); only a query has the others.
    if (style && parameter.in === 'query' && parameter.style === undefined && parameter.explode === undefined)
      Object.assign(parameter, style);
    delete parameter.collectionFormat;
    note(`${at}/collectionFormat`, "Swagger 2.0's `collectionFormat` read as `style` and `explode`");
  }
  if (parameter.in === 'path' && parameter.required !== true) {
    parameter.required = true;
    note(`${at}/required`, 'a path parameter not marked `required` read as required (OpenAPI says it always is)');
  }
}

/** Schema words written on a parameter or header itself (Swagger 2.0) moved into its `schema`. */
function repairInlineSchema(holder: Obj, at: string, note: Note): void {
  if (holder.content !== undefined || typeof holder.$ref === 'string') return;
  const inline = Object.keys(holder).filter((key) => INLINE_SCHEMA_WORDS.has(key));
  if (inline.length === 0) return;
  // Beside a schema (`default` next to `schema`: held-out set 2), each word the schema lacks joins it.
  if (isObject(holder.schema)) {
    const schema = holder.schema as Obj;
    for (const key of inline) {
      if (!(key in schema)) schema[key] = holder[key];
      delete holder[key];
    }
    note(at, 'schema words written beside a parameter’s or header’s `schema` read as part of it');
    return;
  }
  if (holder.schema !== undefined) return;
  const schema: Obj = {};
  for (const key of inline) {
    schema[key] = holder[key];
    delete holder[key];
  }
  holder.schema = schema;
  note(at, 'schema words written on a parameter or header itself (Swagger 2.0) read as its `schema`');
}

/** An operation's body and form parameters, its request body's bare `schema`, and its responses. */
function repairOperation(
  operation: Obj,
  at: string,
  rootConsumes: readonly string[] | undefined,
  rootProduces: readonly string[] | undefined,
  note: Note,
): void {
  const consumes = mediaTypesOf(operation.consumes) ?? rootConsumes;
  const produces = mediaTypesOf(operation.produces) ?? rootProduces;
  if (Array.isArray(operation.parameters)) {
    const parameters = operation.parameters as unknown[];
    const body = parameters.find((p) => isObject(p) && (p as Obj).in === 'body') as Obj | undefined;
    const form = parameters.filter((p) => isObject(p) && (p as Obj).in === 'formData') as Obj[];
    if ((body || form.length > 0) && operation.requestBody === undefined) {
      if (body) {
        operation.requestBody = {
          ...(typeof body.description === 'string' ? { description: body.description } : {}),
          ...(body.required === true ? { required: true } : {}),
          content: contentOf(consumes ?? ['application/json'], isObject(body.schema) ? body.schema : {}),
        };
        note(`${at}/parameters`, 'a parameter `in: body` (Swagger 2.0) read as the request body');
      } else {
        const properties: Obj = {};
        const required: string[] = [];
        for (const p of form) {
          if (typeof p.name !== 'string') continue;
          repairInlineSchema(p, at, () => {});
          const schema = isObject(p.schema) ? ({ ...(p.schema as Obj) } as Obj) : {};
          if (typeof p.description === 'string' && schema.description === undefined) schema.description = p.description;
          properties[p.name] = schema;
          if (p.required === true) required.push(p.name);
        }
        const file = Object.values(properties).some((s) => isObject(s) && (s as Obj).type === 'file');
        const types = consumes ?? [file ? 'multipart/form-data' : 'application/x-www-form-urlencoded'];
        operation.requestBody = {
          ...(required.length > 0 ? { required: true } : {}),
          content: contentOf(types, {
            type: 'object',
            properties,
            ...(required.length > 0 ? { required } : {}),
          }),
        };
        note(`${at}/parameters`, 'parameters `in: formData` (Swagger 2.0) read as a form request body');
      }
    }
    operation.parameters = parameters.filter(
      (p) => !(isObject(p) && ((p as Obj).in === 'body' || (p as Obj).in === 'formData')),
    );
    (operation.parameters as unknown[]).forEach((p, i) => {
      if (isObject(p)) repairParameter(p as Obj, `${at}/parameters/${i}`, note);
    });
  }
  const requestBody = operation.requestBody;
  if (isObject(requestBody) && (requestBody as Obj).content === undefined && isObject((requestBody as Obj).schema)) {
    const { schema, ...rest } = requestBody as Obj;
    operation.requestBody = { ...rest, content: contentOf(consumes ?? ['application/json'], schema) };
    note(`${at}/requestBody`, 'a request body’s `schema` without `content` read as its JSON content');
  }
  if (isObject(operation.responses))
    for (const [status, response] of Object.entries(operation.responses as Obj))
      if (isObject(response))
        repairResponse(response as Obj, `${at}/responses/${encodeSegment(status)}`, produces, note);
  dropRead(operation, at, note);
}

/** Swagger 2.0's media type lists and schemes, once read into the bodies and servers: said and dropped. */
function dropRead(holder: Obj, at: string, note: Note): void {
  const present = SWAGGER2_LISTS.filter((key) => key in holder);
  if (present.length === 0) return;
  for (const key of present) delete holder[key];
  note(`${at}/${present[0]}`, "Swagger 2.0's `consumes`, `produces` or `schemes` read into the bodies and servers");
}

const SWAGGER2_LISTS = ['consumes', 'produces', 'schemes'] as const;

/** A response's `schema` and `examples` (Swagger 2.0) as its content, and its headers' schema words. */
function repairResponse(response: Obj, at: string, produces: readonly string[] | undefined, note: Note): void {
  if (isObject(response.headers))
    for (const [name, header] of Object.entries(response.headers as Obj))
      if (isObject(header)) repairInlineSchema(header as Obj, `${at}/headers/${encodeSegment(name)}`, note);
  if (response.content !== undefined || typeof response.$ref === 'string') return;
  const examples = isObject(response.examples) ? (response.examples as Obj) : undefined;
  if (!isObject(response.schema) && !examples) return;
  const types = produces ?? (examples ? Object.keys(examples) : undefined) ?? ['application/json'];
  const content: Obj = contentOf(types, isObject(response.schema) ? response.schema : undefined);
  if (examples)
    for (const [type, example] of Object.entries(examples))
      if (isObject(content[type])) (content[type] as Obj).example = example;
  response.content = content;
  delete response.schema;
  delete response.examples;
  note(at, "a response's `schema` or `examples` beside its description (Swagger 2.0) read as its content");
}

function contentOf(types: readonly string[], schema: unknown): Obj {
  const content: Obj = {};
  for (const type of types) content[type] = schema === undefined ? {} : { schema };
  return content;
}

/** A `consumes`/`produces` list of media types, or undefined when there is none. */
function mediaTypesOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const types = value.filter((t): t is string => typeof t === 'string' && t.includes('/'));
  return types.length > 0 ? types : undefined;
}
