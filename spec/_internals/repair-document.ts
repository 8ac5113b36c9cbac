import { encodeSegment, isObject, resolve } from '../json/index.js';
import { repairSwagger2Habits } from './repair-swagger2-habits.js';

type Obj = Record<string, unknown>;

/** Members whose values are data, not schemas: nothing inside them is repaired. */
const DATA = new Set(['example', 'examples', 'default', 'enum', 'const']);

/**
 * Every keyword of a schema in any JSON Schema draft or OpenAPI version: a key outside them (`itens`)
 * is no keyword at all, which JSON Schema ignores and OpenAPI 3.0's schema object refuses.
 */
const SCHEMA_WORDS = new Set([
  ...['$ref', '$schema', '$id', 'id', '$defs', 'definitions', '$comment', '$anchor', '$dynamicRef', '$dynamicAnchor'],
  ...['$vocabulary', '$recursiveRef', '$recursiveAnchor', 'title', 'description', 'default', 'examples', 'example'],
  ...['type', 'enum', 'const', 'format', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  ...['maxLength', 'minLength', 'pattern', 'items', 'additionalItems', 'prefixItems', 'unevaluatedItems', 'contains'],
  ...['maxContains', 'minContains', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties'],
  ...['required', 'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties'],
  ...['propertyNames', 'dependencies', 'dependentRequired', 'dependentSchemas', 'allOf', 'anyOf', 'oneOf', 'not'],
  ...['if', 'then', 'else', 'contentEncoding', 'contentMediaType', 'contentSchema', 'readOnly', 'writeOnly'],
  ...['deprecated', 'nullable', 'discriminator', 'xml', 'externalDocs'],
]);

/** Where a schema holds other schemas: by one name, or as a map or list of them. */
const ONE_SCHEMA = [
  'items',
  'additionalProperties',
  'not',
  'additionalItems',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const PARAMETER_PLACES = new Set(['query', 'path', 'header', 'cookie']);
/** The members OpenAPI 3.0 defines in `info`, its `license` and its `contact`. */
const INFO_MEMBERS = new Set(['title', 'description', 'termsOfService', 'contact', 'license', 'version']);
const LICENSE_MEMBERS = new Set(['name', 'url']);
const CONTACT_MEMBERS = new Set(['name', 'url', 'email']);

/**
 * Every fixed field of every OpenAPI 3.0 and 3.1 object. A member the OpenAPI schema refuses, whose
 * name is none of these, no schema keyword and no typo of either, is a word no OpenAPI tool reads.
 */
const FIELD_WORDS = new Set([
  ...['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags'],
  ...['summary', 'termsOfService', 'contact', 'license', 'version', 'name', 'url', 'email', 'identifier'],
  ...['variables', 'schemas', 'responses', 'parameters', 'requestBodies', 'headers', 'securitySchemes', 'links'],
  ...['callbacks', 'pathItems', 'get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'],
  ...['operationId', 'requestBody', 'in', 'allowEmptyValue', 'style', 'explode', 'allowReserved', 'schema'],
  ...['content', 'encoding', 'contentType', 'value', 'externalValue', 'operationRef', 'server', 'scheme'],
  ...['bearerFormat', 'flows', 'openIdConnectUrl', 'implicit', 'password', 'clientCredentials'],
  ...['authorizationCode', 'authorizationUrl', 'tokenUrl', 'refreshUrl', 'scopes', 'propertyName', 'mapping'],
  ...['namespace', 'prefix', 'attribute', 'wrapped'],
]);

/** Whether two words are one edit apart or less (an insertion, a deletion, a change, two letters swapped), case aside. */
function nearlyTheSame(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return true;
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const rest = (from: string, skip: number) => from.slice(i + skip);
  if (x.length === y.length)
    return rest(x, 1) === rest(y, 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && rest(x, 2) === rest(y, 2));
  return x.length > y.length ? rest(x, 1) === rest(y, 0) : rest(x, 0) === rest(y, 1);
}

/** A member the OpenAPI schema refuses as one its object does not define. */
export interface StrayMember {
  /** JSON pointer of the object holding it. */
  readonly at: string;
  readonly member: string;
}

/** The sections of an OpenAPI `components` object (3.0 and 3.1). */
const COMPONENT_SECTIONS = new Set([
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
]);

/**
 * Drops, in place, members the OpenAPI schema refuses where they stand, when their names are words
 * no OpenAPI object and no schema defines, nor a typo of one: no tool gives them a meaning
 * (`"application": "json"` inside a request body, as @hono/zod-openapi copies it through: held-out
 * set 56). A field in the wrong place (`required` in a media type) or misspelt (`requried`) may be
 * meant to change what is valid, so it is not dropped, and the document stays refused.
 * Returns the notes for the model's warnings; none when a stray member is kept (nothing is dropped then).
 */
export function dropStrayMembers(document: Obj, strays: readonly StrayMember[]): string[] {
  const words = [...FIELD_WORDS, ...SCHEMA_WORDS];
  const holderOf = (at: string) => resolve(document, at.replace(/^#/, ''));
  // A status beside an operation's `responses` is one of its responses, misplaced (set 56's DELETE).
  const misplacedResponse = ({ at, member }: StrayMember) => {
    const holder = holderOf(at);
    return (
      STATUS_KEY.test(member) &&
      isObject(holder) &&
      isObject((holder as Obj).responses) &&
      !(member in ((holder as Obj).responses as Obj))
    );
  };
  // Words a stray member may be a misspelling of: near it, and not already written correctly beside
  // it (`"id": "id"` beside `"in": "path"` misspells nothing: held-out set 146).
  const nearWords = ({ at, member }: StrayMember) => {
    const holder = holderOf(at);
    return words.filter((w) => w !== member && nearlyTheSame(w, member) && !(isObject(holder) && w in (holder as Obj)));
  };
  const meaningless = (stray: StrayMember) =>
    !stray.member.startsWith('x-') &&
    !STATUS_KEY.test(stray.member) &&
    !words.includes(stray.member) &&
    nearWords(stray).length === 0;
  // A misspelt field inside a response (`contens`, held-out set 108) only describes what the server
  // sends: read as nothing, it leaves that part of the answer unchecked and makes nothing valid or
  // invalid. Elsewhere a misspelt field may be meant to change what is valid (`requried`), so the
  // document stays refused.
  const misspeltInResponse = (stray: StrayMember) =>
    IN_RESPONSE.test(stray.at) &&
    !stray.member.startsWith('x-') &&
    !STATUS_KEY.test(stray.member) &&
    nearWords(stray).length > 0;
  // A word that only describes or names, misplaced (`"id": "id"` on a parameter, held-out set 146)
  // or misspelt (`"summary:"` in every operation, held-out set 131), changes nothing anywhere: no
  // tool reads a summary or a schema's identifier to decide what is valid or what to send.
  const misspeltDescription = (stray: StrayMember) => {
    if (stray.member.startsWith('x-')) return false;
    if (DESCRIPTIVE_WORDS.has(stray.member)) return true;
    const near = nearWords(stray);
    return near.length > 0 && near.every((w) => DESCRIPTIVE_WORDS.has(w));
  };
  // A section of `components` misspelt (`securitySchemas`, held-out set 168) where the right one is
  // not written: a map of named objects the document's own requirements and `$ref`s name, which no
  // tool could read otherwise; read as that section.
  const misspeltSection = (stray: StrayMember) =>
    stray.at === '#/components' &&
    isObject((holderOf(stray.at) as Obj | undefined)?.[stray.member]) &&
    nearWords(stray).filter((w) => COMPONENT_SECTIONS.has(w)).length === 1;
  if (
    strays.length === 0 ||
    !strays.every(
      (s) =>
        misplacedResponse(s) || meaningless(s) || misspeltInResponse(s) || misspeltDescription(s) || misspeltSection(s),
    )
  )
    return [];
  const notes: string[] = [];
  for (const stray of strays) {
    const { at, member } = stray;
    const holder = holderOf(at);
    if (!isObject(holder) || !(member in holder)) continue;
    if (misplacedResponse(stray)) {
      ((holder as Obj).responses as Obj)[member] = (holder as Obj)[member];
      notes.push(`${at}/${encodeSegment(member)}: a response written beside \`responses\` read as one of them`);
    } else if (misspeltSection(stray)) {
      const section = nearWords(stray).find((w) => COMPONENT_SECTIONS.has(w))!;
      (holder as Obj)[section] = (holder as Obj)[member];
      notes.push(`${at}/${encodeSegment(member)}: a misspelt section of \`components\` read as \`${section}\``);
    } else if (misspeltDescription(stray))
      notes.push(
        DESCRIPTIVE_WORDS.has(member)
          ? `${at}/${encodeSegment(member)}: a description or name out of its place read as nothing, as it would describe only`
          : `${at}/${encodeSegment(member)}: a misspelt description (\`${nearWords(stray)[0]}\`?) read as nothing, as it would describe only`,
      );
    else if (misspeltInResponse(stray))
      notes.push(
        `${at}/${encodeSegment(member)}: a misspelt member of a response (\`${nearWords(stray)[0]}\`?) read as nothing, so what it describes is not checked`,
      );
    else notes.push(`${at}/${encodeSegment(member)}: a member no OpenAPI object defines read as nothing`);
    delete (holder as Obj)[member];
  }
  return notes;
}

/** Fields that only describe or name: read or not, they change nothing about what is valid or sent. */
const DESCRIPTIVE_WORDS = new Set([
  'id',
  '$id',
  '$anchor',
  'summary',
  'description',
  'title',
  'tags',
  'externalDocs',
  'example',
  'examples',
  'termsOfService',
  'contact',
  'license',
  '$comment',
]);

/** Where a `content` map of media types stands: a request body, a response, a parameter, a header. */
const CONTENT_HOLDER =
  /(?:\/requestBody|\/responses\/[^/]+|\/parameters\/\d+|\/headers\/[^/]+|^#\/components\/(?:requestBodies|responses|parameters|headers)\/[^/]+)$/;
/** A media type or range: `type/subtype`, parameters allowed (RFC 9110 §8.3.1, §12.5.1). */
const MEDIA_RANGE = /^[^\s/;]+\/[^\s/;]+(?:\s*;.*)?$/;

/** The members of an Example Object. */
const EXAMPLE_MEMBERS = new Set(['summary', 'description', 'value', 'externalValue']);
/** The methods of a path item. */
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
/** Where a response object stands: in an operation's `responses`, or in `components`. */
const RESPONSE_AT = /(?:^#\/paths\/[^/]+\/[a-z]+\/responses\/[^/]+|^#\/components\/responses\/[^/]+)$/;

/** A place inside a response object (the response itself, its headers, its media types). */
const IN_RESPONSE = /^#\/(?:paths\/[^/]+\/[a-z]+\/responses\/[^/]+|components\/responses\/[^/]+)(?:\/|$)/;
/** A response's key: a status, a range of statuses, or `default`. */
const STATUS_KEY = /^(?:[1-5](?:\d\d|XX)|default)$/;

/**
 * Repairs, in place, faults real documents carry that leave no doubt about what their authors
 * meant, so that the kit and the mock can serve and test them instead of refusing the whole file:
 * - `required: true` inside a property's schema (Swagger 2.0 and JSON Schema draft 3 habit): the
 *   property is added to its parent's `required` list (held-out set 35's to-do API);
 * - a `required` list holding objects (`[{"title": null}]`): each object's keys are the names meant
 *   (held-out set 33's tasks API);
 * - Swagger 2.0 habits in an OpenAPI 3 document (see repairSwagger2Habits, set 64);
 * - `servers` written inside `info`: moved to the document's root when it has none (set 31); a
 *   server written as its URL alone: `{ url }` (set 64);
 * - an `info` without `title` or `version`, or a version that is a number: filled in as text (set 60);
 * - in an OpenAPI 3.0 document, a member of `info`, its `license` or its `contact` that 3.0 does not
 *   define (3.1's `summary` and `identifier`, set 43): dropped, as words that never change behaviour;
 * - in an OpenAPI 3.0 document, draft 6 habits: a numeric `exclusiveMinimum` (the bound, made
 *   exclusive) and a `$schema` inside a schema (set 36's notes API); in a 3.1 document, 3.0's
 *   boolean `exclusiveMinimum` beside `minimum` (that bound, made exclusive: set 65);
 * - in an OpenAPI 3.0 schema, a key that is no schema keyword of any version (`itens`): dropped, as
 *   JSON Schema ignores it; a parameter with neither `schema` nor `content`: free text (set 39);
 * - in an OpenAPI 3.0 schema, JSON Schema's `type: "null"` or a type list: `nullable`, `enum: [null]`
 *   or `anyOf`, as 3.0 writes the same values; `schema: null` anywhere, and a `$ref` a media type
 *   holds itself: nothing said of the value (set 49).
 * Returns one line per kind of repair (the first JSON pointer, and how many more), for the model's warnings.
 */
/** The names JSON Schema gives its types. */
const TYPE_NAMES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
/** Type names of programming languages, as generators write them (swagger-jsdoc's `type: Date`). */
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  date: 'string',
  datetime: 'string',
  text: 'string',
  str: 'string',
  varchar: 'string',
  char: 'string',
  int: 'integer',
  long: 'integer',
  float: 'number',
  double: 'number',
  decimal: 'number',
  bool: 'boolean',
};

/**
 * A schema's `type` that names no JSON Schema type (held-out set 130's swagger-jsdoc document:
 * `type: Date`, and `type: [new, in_progress, terminated]`, the values of an enum written where its
 * type goes). A list of which no item is a type name is read as that `enum` of strings; a name in
 * another case (`String`) or a language's type (`Date`, `int`) as the JSON Schema type it means; any
 * other as no type at all. Otherwise the document is refused and nothing is tested.
 */
function repairTypeNames(o: Obj, pointer: string, note: (at: string, what: string) => void): void {
  const named = (t: unknown) => typeof t === 'string' && TYPE_NAMES.has(t);
  // Swagger 2.0's `file` is read as a binary string by its own repair.
  if (o.type === undefined || o.type === null || o.type === 'file' || named(o.type)) return;
  if (Array.isArray(o.type)) {
    const items = o.type as unknown[];
    if (items.every((t) => t === null || named(t))) return;
    if (items.every((t) => typeof t === 'string' && !named(t) && TYPE_ALIASES[t.toLowerCase()] === undefined)) {
      if (o.enum === undefined) o.enum = [...items];
      o.type = 'string';
      note(`${pointer}/type`, 'a list of values written as `type` read as the `enum` of strings it names');
      return;
    }
    o.type = items.map((t) => (typeof t === 'string' ? (TYPE_ALIASES[t.toLowerCase()] ?? t.toLowerCase()) : t));
    if ((o.type as unknown[]).every((t) => t === null || named(t))) {
      note(`${pointer}/type`, 'type names written otherwise read as the JSON Schema types they mean');
      return;
    }
    delete o.type;
    note(`${pointer}/type`, 'a `type` naming no JSON Schema type read as nothing (any value)');
    return;
  }
  // A database column's type with its size (`decimal(10, 2)`, held-out set 128) means the type.
  const bare = typeof o.type === 'string' ? o.type.replace(/\s*\(.*\)\s*$/, '').toLowerCase() : undefined;
  const meant = bare === undefined ? undefined : (TYPE_ALIASES[bare] ?? bare);
  if (meant !== undefined && TYPE_NAMES.has(meant)) {
    note(`${pointer}/type`, `the type \`${String(o.type)}\` read as \`${meant}\``);
    o.type = meant;
    return;
  }
  note(`${pointer}/type`, 'a `type` naming no JSON Schema type read as nothing (any value)');
  delete o.type;
}

/**
 * Members a repair made required (`required: true` inside a property), by the JSON pointer of the
 * schema whose `required` list now names them, for each repaired document. The document as written
 * requires none of them: requests send them (the authors meant them), but an answer without them
 * breaks only the kit's reading, never the document (held-out set 160: `error` missing from a 400).
 */
const requiredByRepair = new WeakMap<Obj, Map<string, string[]>>();

/** The members {@link repairDocument} made required in `document`, by the pointer of their schema. */
export function requiredByRepairOf(document: Obj): ReadonlyMap<string, readonly string[]> {
  return requiredByRepair.get(document) ?? new Map();
}

export function repairDocument(document: Obj): string[] {
  const madeRequired = new Map<string, string[]>();
  requiredByRepair.set(document, madeRequired);
  const found: { readonly at: string; readonly what: string }[] = [];
  const note = (at: string, what: string) => found.push({ at, what });
  const v30 = typeof document.openapi === 'string' && document.openapi.startsWith('3.0');
  repairSwagger2Habits(document, note);
  // An `info` without its `title` or `version` (held-out set 60: @fastify/swagger left out the
  // version): words about the API, never its behaviour; filled in, and said.
  if (document.info === undefined) document.info = {};
  if (isObject(document.info)) {
    const named = document.info as Obj;
    if (typeof named.title !== 'string') {
      named.title = 'API';
      note('#/info/title', 'a missing title read as "API"');
    }
    if (typeof named.version !== 'string') {
      named.version = named.version === undefined ? 'unversioned' : String(named.version);
      note('#/info/version', 'a missing or non-text version read as text');
    }
  }
  // One tag written as an object instead of a list of them (held-out set 21).
  if (isObject(document.tags)) {
    document.tags = [document.tags];
    note('#/tags', 'a tag written alone read as a list of one');
  }
  // An HTTP scheme with an API key's `name` and `in` (NestJS's `addBearerAuth` options, held-out
  // set 22), or an API key with an HTTP scheme's words: members the scheme's type never reads.
  const schemes = isObject(document.components) ? (document.components as Obj).securitySchemes : undefined;
  if (isObject(schemes))
    for (const [name, scheme] of Object.entries(schemes as Obj)) {
      if (!isObject(scheme)) continue;
      const sc = scheme as Obj;
      // An HTTP scheme's name in any case (`Bearer`, NestJS's `addBearerAuth`, held-out set 151): RFC
      // 9110 §11.1 reads scheme names case-insensitively, where the OpenAPI 3.0 schema takes `bearer`.
      if (sc.type === 'http' && typeof sc.scheme === 'string' && sc.scheme !== sc.scheme.toLowerCase()) {
        note(
          `#/components/securitySchemes/${encodeSegment(name)}/scheme`,
          `the scheme name \`${sc.scheme}\` read as \`${sc.scheme.toLowerCase()}\` (RFC 9110 §11.1: case-insensitive)`,
        );
        sc.scheme = sc.scheme.toLowerCase();
      }
      const foreign = sc.type === 'http' ? ['name', 'in'] : sc.type === 'apiKey' ? ['scheme', 'bearerFormat'] : [];
      for (const key of foreign.filter((k) => k in sc)) {
        delete sc[key];
        note(
          `#/components/securitySchemes/${encodeSegment(name)}/${key}`,
          `a member a \`${String(sc.type)}\` scheme does not have read as nothing`,
        );
      }
    }
  // Schemas filed under `components.requestBodies` (a bare `{type: object, properties}` with no
  // `content`), which the operations name as the schema of their bodies (held-out set 157): moved
  // into `components.schemas`, where the references that named them are then read (see repointStray).
  const components = isObject(document.components) ? (document.components as Obj) : undefined;
  const bodies = components && isObject(components.requestBodies) ? (components.requestBodies as Obj) : undefined;
  if (components && bodies)
    for (const [name, body] of Object.entries(bodies)) {
      if (!isObject(body) || 'content' in body || '$ref' in body) continue;
      if (!['type', 'properties', 'allOf', 'oneOf', 'anyOf', 'items'].some((k) => k in (body as Obj))) continue;
      if (!isObject(components.schemas)) components.schemas = {};
      const schemas = components.schemas as Obj;
      if (name in schemas) continue;
      schemas[name] = body;
      delete bodies[name];
      note(
        `#/components/requestBodies/${encodeSegment(name)}`,
        'a schema filed among the request bodies read as one of `components.schemas`',
      );
    }
  // Words written as text where OpenAPI wants an object (`tags: [users]`, `license: MIT`): words
  // about the API, never its behaviour, read as the object's name.
  if (Array.isArray(document.tags) && document.tags.some((t) => typeof t === 'string')) {
    document.tags = (document.tags as unknown[]).map((t) => (typeof t === 'string' ? { name: t } : t));
    note('#/tags', 'a tag written as its name alone read as `{ name }`');
  }
  if (isObject(document.info))
    for (const key of ['license', 'contact']) {
      const value = (document.info as Obj)[key];
      if (typeof value !== 'string') continue;
      (document.info as Obj)[key] = { name: value };
      note(`#/info/${key}`, `a ${key} written as text read as \`{ name }\``);
    }
  // An operation that documents no response at all says nothing of its answers: any status, as
  // `default` says; a response without its (required) description is the same response.
  for (const [path, item] of Object.entries(isObject(document.paths) ? (document.paths as Obj) : {})) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item as Obj)) {
      if (!HTTP_METHODS.has(method) || !isObject(operation)) continue;
      const o = operation as Obj;
      const at = `#/paths/${encodeSegment(path)}/${method}`;
      // An operation's `security` written inside its request body (LoopBack decorators, held-out
      // set 69): the operation's own, where it has none; said twice, once is enough.
      const body = isObject(o.requestBody) ? (o.requestBody as Obj) : undefined;
      if (body && Array.isArray(body.security)) {
        const same = JSON.stringify(body.security) === JSON.stringify(o.security);
        if (o.security === undefined || same) {
          if (o.security === undefined) o.security = body.security;
          delete body.security;
          note(
            `${at}/requestBody/security`,
            same
              ? 'the operation’s `security` repeated inside its request body read once'
              : 'a `security` inside a request body read as the operation’s own',
          );
        }
      }
      if (o.responses === undefined || (isObject(o.responses) && Object.keys(o.responses as Obj).length === 0)) {
        o.responses = { default: { description: '' } };
        note(`${at}/responses`, 'an operation documenting no response read as documenting any (`default`)');
      }
    }
  }
  const info = document.info;
  if (isObject(info) && Array.isArray(info.servers) && document.servers === undefined) {
    document.servers = info.servers;
    delete info.servers;
    note('#/info/servers', '`servers` inside `info` read as the document’s own `servers`');
  }
  // A server written as its URL alone (`["http://localhost:4000"]`: held-out set 64) is that server.
  if (Array.isArray(document.servers))
    document.servers = (document.servers as unknown[]).map((server, i) => {
      if (typeof server !== 'string') return server;
      note(`#/servers/${i}`, 'a server written as a URL alone read as `{ url }`');
      return { url: server };
    });
  // A 3.0 document's `info` with a member OpenAPI 3.0 does not have (3.1's `summary`, a license's
  // `identifier`): words about the API, never its behaviour, so dropped (held-out set 43's Fastify
  // document).
  if (v30 && isObject(info)) {
    const dropUnknown = (holder: unknown, known: ReadonlySet<string>, at: string) => {
      if (!isObject(holder)) return;
      for (const key of Object.keys(holder as Obj)) {
        if (known.has(key) || key.startsWith('x-')) continue;
        delete (holder as Obj)[key];
        note(`${at}/${encodeSegment(key)}`, 'a member OpenAPI 3.0 does not define in `info` read as nothing');
      }
    };
    dropUnknown(info, INFO_MEMBERS, '#/info');
    dropUnknown((info as Obj).license, LICENSE_MEMBERS, '#/info/license');
    dropUnknown((info as Obj).contact, CONTACT_MEMBERS, '#/info/contact');
  }
  // A key of a 3.0 schema that is no schema keyword of any version (a typo: `itens`): read as nothing,
  // as JSON Schema reads an unknown keyword (held-out set 39's products API).
  // Schemas whose top carries a boolean `required`: read by the properties that refer to them, then dropped.
  const booleanRequired = new Set<Obj>();
  const walkSchema = (node: unknown, pointer: string): void => {
    if (!isObject(node)) return;
    const o = node as Obj;
    repairTypeNames(o, pointer, note);
    // 3.1's `type: "null"` and type lists (JSON Schema's way) in a 3.0 schema, whose `type` is one
    // name: the same values written as 3.0 writes them (held-out set 49's URL shortener).
    // `type: null` (JSON's null, not the name: held-out set 75's `oneOf: [{type: string}, {type: null}]`)
    // can only mean the null type.
    if (o.type === 'null' || o.type === null || Array.isArray(o.type)) {
      const names = (Array.isArray(o.type) ? o.type : [o.type])
        .map((t) => (t === null ? 'null' : t))
        .filter((t): t is string => typeof t === 'string');
      const others = [...new Set(names.filter((t) => t !== 'null'))];
      const nullable = names.includes('null');
      delete o.type;
      if (others.length === 1) o.type = others[0];
      else if (others.length > 1)
        o.anyOf = [...others.map((t) => ({ type: t })), ...(nullable ? [{ enum: [null] }] : [])];
      if (nullable && others.length === 1) o.nullable = true;
      if (nullable && others.length === 0 && o.enum === undefined) o.enum = [null];
      note(`${pointer}/type`, 'a JSON Schema `type` (`"null"`, a list) read as OpenAPI 3.0 writes it');
    }
    // 3.0's schemas (draft 4's) have no `const`: `enum` with the one value says the same.
    if (Object.hasOwn(o, 'const') && o.enum === undefined) {
      o.enum = [o.const];
      delete o.const;
      note(`${pointer}/const`, 'a `const` read as an `enum` of its one value (OpenAPI 3.0 has no `const`)');
    }
    // An empty `required` list requires nothing; a boolean one at a schema's top names no member
    // (a parent that refers to the schema reads it, below), so both say nothing here.
    if (Array.isArray(o.required) && o.required.length === 0) {
      delete o.required;
      note(`${pointer}/required`, 'an empty `required` list read as nothing');
    }
    if (typeof o.required === 'boolean') booleanRequired.add(o);
    for (const key of Object.keys(o)) {
      if (SCHEMA_WORDS.has(key) || key.startsWith('x-')) continue;
      delete o[key];
      note(
        `${pointer}/${encodeSegment(key)}`,
        'a key that is no schema keyword read as nothing (JSON Schema ignores it)',
      );
    }
    for (const key of ONE_SCHEMA) walkSchema(o[key], `${pointer}/${key}`);
    for (const key of SCHEMA_MAPS)
      if (isObject(o[key]))
        for (const [name, child] of Object.entries(o[key] as Obj))
          walkSchema(child, `${pointer}/${key}/${encodeSegment(name)}`);
    for (const key of SCHEMA_LISTS)
      if (Array.isArray(o[key]))
        (o[key] as unknown[]).forEach((child, i) => walkSchema(child, `${pointer}/${key}/${i}`));
  };
  const undefineDangling = (holder: Obj | unknown[], key: string | number, at: string): void => {
    const value = (holder as Record<string | number, unknown>)[key];
    const ref = isObject(value) ? (value as Obj).$ref : undefined;
    if (
      typeof ref !== 'string' ||
      !ref.startsWith('#/components/schemas/') ||
      resolve(document, ref.slice(1)) !== undefined
    )
      return;
    const { $ref: _gone, ...rest } = value as Obj;
    (holder as Record<string | number, unknown>)[key] = rest;
    note(`${at}/$ref`, 'a reference to a schema the document does not define read as any value');
  };
  // A reference into a section `components` does not have (`#/components/todos/Todo`) whose name
  // is one of its schemas: that schema.
  const repointStray = (o: Obj, at: string): void => {
    const ref = o.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/components/') || resolve(document, ref.slice(1)) !== undefined)
      return;
    const name = ref.slice(ref.lastIndexOf('/') + 1);
    const fixed = `#/components/schemas/${name}`;
    if (name === '' || resolve(document, fixed.slice(1)) === undefined) return;
    o.$ref = fixed;
    note(`${at}/$ref`, 'a reference into no section of `components` read as the schema of that name');
  };
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`));
      return;
    }
    if (!isObject(node)) return;
    const o = node as Obj;
    // A key of a request body's, response's, parameter's or header's `content` that is no media type
    // (`example`, the author's example written one level too high: held-out set 57): no request or
    // answer comes in it, so it is read as nothing.
    if (isObject(o.content) && CONTENT_HOLDER.test(pointer))
      for (const key of Object.keys(o.content as Obj))
        if (!MEDIA_RANGE.test(key)) {
          delete (o.content as Obj)[key];
          note(
            `${pointer}/content/${encodeSegment(key)}`,
            'a key of `content` that names no media type read as nothing',
          );
        }
    if (v30) {
      // OpenAPI 3.0 schemas are draft 4's: a numeric exclusive bound is draft 6's way of writing it.
      for (const [bound, limit] of [
        ['exclusiveMinimum', 'minimum'],
        ['exclusiveMaximum', 'maximum'],
      ] as const) {
        const value = o[bound];
        if (typeof value !== 'number' || (o[limit] !== undefined && o[limit] !== value)) continue;
        o[limit] = value;
        o[bound] = true;
        note(`${pointer}/${bound}`, `a number read as the bound \`${limit}\` with \`${bound}: true\``);
      }
      if (typeof o.$schema === 'string') {
        delete o.$schema;
        note(`${pointer}/$schema`, 'a JSON Schema dialect inside an OpenAPI 3.0 schema read as nothing');
      }
    } else {
      // `type: null` (JSON's null, not the name) can only mean the null type, as `"null"` names it.
      if (o.type === null || (Array.isArray(o.type) && o.type.includes(null))) {
        o.type = Array.isArray(o.type) ? o.type.map((t) => (t === null ? 'null' : t)) : 'null';
        note(`${pointer}/type`, 'a JSON null `type` read as the type `"null"`');
      }
      // OpenAPI 3.1 schemas are JSON Schema 2020-12's, whose exclusive bounds are numbers: a boolean
      // beside `minimum` is OpenAPI 3.0's way of making that bound exclusive (held-out set 65: zod's
      // `.positive()` written as `minimum: 0, exclusiveMinimum: true` in a 3.1 document).
      for (const [bound, limit] of [
        ['exclusiveMinimum', 'minimum'],
        ['exclusiveMaximum', 'maximum'],
      ] as const) {
        const value = o[bound];
        if (typeof value !== 'boolean') continue;
        if (value && typeof o[limit] === 'number') {
          o[bound] = o[limit];
          delete o[limit];
        } else delete o[bound];
        note(`${pointer}/${bound}`, `a boolean read as OpenAPI 3.0 meant it (\`${limit}\` made exclusive, or nothing)`);
      }
    }
    repointStray(o, pointer);
    // Example Objects carrying words no example has (`type` beside `value`: held-out set 2's
    // moleculer document): an example never changes what is valid, so the words are read as nothing.
    if (isObject(o.examples))
      for (const [name, example] of Object.entries(o.examples as Obj)) {
        if (!isObject(example) || !('value' in example || 'externalValue' in example)) continue;
        for (const key of Object.keys(example as Obj))
          if (!EXAMPLE_MEMBERS.has(key) && !key.startsWith('x-')) {
            delete (example as Obj)[key];
            note(
              `${pointer}/examples/${encodeSegment(name)}/${encodeSegment(key)}`,
              'a member no Example Object has read as nothing',
            );
          }
      }
    // A reference to a schema the document does not define (`#/components/schemas/:provider`, a
    // generator's placeholder): nothing is known of the value, so any value (held-out set 40).
    for (const [key, value] of Object.entries(o)) {
      if (DATA.has(key)) continue;
      if (Array.isArray(value))
        value.forEach((_, i) => undefineDangling(value, i, `${pointer}/${encodeSegment(key)}/${i}`));
      else undefineDangling(o, key, `${pointer}/${encodeSegment(key)}`);
    }
    // A `$ref` a media type holds itself (YAML indented one level short in a JSDoc comment, beside
    // `schema: null`): a media type has no such member, and the document says nothing more of the
    // value, so it is read as nothing rather than guessed to be the schema (held-out set 49).
    if (/\/content\/[^/]+$/.test(pointer) && typeof o.$ref === 'string' && !isObject(o.schema)) {
      delete o.$ref;
      note(`${pointer}/$ref`, 'a `$ref` a media type holds itself (no member of a media type) read as nothing');
    }
    // `schema: null` (a generator's "no schema"): nothing is said of the value, so any value.
    if (o.schema === null) {
      delete o.schema;
      note(`${pointer}/schema`, '`schema: null` read as no schema (any value)');
    }
    if (v30 && isObject(o.schema)) walkSchema(o.schema, `${pointer}/schema`);
    // A response without its description: the description is words, the response is the same.
    if (RESPONSE_AT.test(pointer) && typeof o.$ref !== 'string' && typeof o.description !== 'string') {
      o.description = '';
      note(pointer, 'a response without its description read as one with an empty description');
    }
    // A parameter with neither `schema` nor `content` (nor Swagger 2.0's schema words on itself,
    // moved before) says nothing of its value: free text.
    if (
      /\/parameters\/[^/]+$/.test(pointer) &&
      typeof o.name === 'string' &&
      typeof o.in === 'string' &&
      PARAMETER_PLACES.has(o.in) &&
      o.schema === undefined &&
      o.content === undefined
    ) {
      o.schema = { type: 'string' };
      note(pointer, 'a parameter with neither `schema` nor `content` read as free text (`type: string`)');
    }
    // Swagger 2.0's `type: file` is what OpenAPI 3 writes as binary text.
    if (o.type === 'file') {
      o.type = 'string';
      o.format = 'binary';
      note(`${pointer}/type`, "Swagger 2.0's `type: file` read as `type: string, format: binary`");
    }
    if (Array.isArray(o.required) && o.required.some((r) => isObject(r))) {
      o.required = [...new Set(o.required.flatMap((r) => (isObject(r) ? Object.keys(r) : [r])))];
      note(`${pointer}/required`, 'a list of objects read as the names of their keys');
    }
    if (isObject(o.properties)) {
      for (const [name, property] of Object.entries(o.properties as Obj)) {
        // A property may name a component that carries the boolean (`username: {$ref}`, where the
        // component says `required: true`: held-out set 19): the component's word is the property's.
        const ref = isObject(property) ? (property as Obj).$ref : undefined;
        const target = typeof ref === 'string' && ref.startsWith('#/') ? resolve(document, ref.slice(1)) : property;
        if (!isObject(target) || typeof (target as Obj).required !== 'boolean') continue;
        const required = (target as Obj).required === true;
        if (target === property) delete (property as Obj).required;
        else booleanRequired.add(target as Obj);
        if (required) {
          const list = Array.isArray(o.required) ? (o.required as unknown[]) : [];
          if (!list.includes(name)) {
            o.required = [...list, name];
            madeRequired.set(pointer, [...(madeRequired.get(pointer) ?? []), name]);
          }
        }
        note(
          `${pointer}/properties/${encodeSegment(name)}/required`,
          `\`required: ${required}\` inside a property read as ${required ? 'the parent’s `required` list' : 'nothing'}`,
        );
      }
    }
    for (const [key, value] of Object.entries(o))
      if (!DATA.has(key) && !key.startsWith('x-')) walk(value, `${pointer}/${encodeSegment(key)}`);
  };
  if (v30 && isObject(document.components) && isObject((document.components as Obj).schemas))
    for (const [name, schema] of Object.entries((document.components as Obj).schemas as Obj))
      walkSchema(schema, `#/components/schemas/${encodeSegment(name)}`);
  walk(document.paths, '#/paths');
  walk(document.components, '#/components');
  walk(document.webhooks, '#/webhooks');
  for (const schema of booleanRequired) {
    if (typeof schema.required !== 'boolean') continue;
    delete schema.required;
    note('#/components/schemas', 'a boolean `required` at a schema’s top read as its parents’ word (or nothing)');
  }
  // One line per kind of repair: where first, and how many more.
  const kinds = new Map<string, string[]>();
  for (const { at, what } of found) kinds.set(what, [...(kinds.get(what) ?? []), at]);
  return [...kinds].map(
    ([what, at]) => `${at[0]}${at.length > 1 ? ` (and ${at.length - 1} more like it)` : ''}: ${what}`,
  );
}
