import type { JsonSchema, OperationModel, SpecModel } from '../model.js';
import type { ResourceConfig } from './config.js';
import { specWords } from '../spec-words.js';
import type {
  CollectionModel,
  CrudRole,
  CursorModel,
  EnvelopeModel,
  FilterModel,
  IdKind,
  IdModel,
  ItemEnvelopeModel,
  OperationAssignment,
  OperationRole,
  PageModel,
  PageSizeModel,
  ParentModel,
  ResourceConfigIssue,
  ResourceModel,
  SingletonModel,
} from './model.js';
import {
  filterTargetOf,
  idMemberCandidates,
  isForwardCursorName,
  isPageSizeName,
  isShapingName,
  nextCursorRank,
  normalised,
  pageKindOf,
} from './_internals/naming.js';
import { isLiteral, parameterOf, parametersOf, parentPathOf, segmentsOf, shapeOf } from './_internals/paths.js';
import { inferListOrder } from './_internals/list-order.js';
import { inferRangeFilters } from './_internals/range-filters.js';
import { inferTextFilters } from './_internals/text-filters.js';
import {
  type Member,
  envelopePathOf,
  itemWrapperOf,
  itemsOf,
  keywordOf,
  membersOf,
  typeOf,
} from './_internals/schema-members.js';
import { decodeSegment, isObject } from '../json/index.js';
import { integerFormatRange } from '../integer-formats.js';

type Obj = Record<string, unknown>;

const code = (text: string): string => `\`${text}\``;
const label = (op: OperationModel): string => `${op.method.toUpperCase()} ${op.path}`;
const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * Infers the resource model of a spec from its paths and schemas: collections and their items
 * (nested ones scoped to their parent), singletons, the role of every operation, the member that
 * fills an item's path parameter, page-size, page and filter parameters. Every inference carries its
 * reason; `config` (see {@link loadResourceConfig}) corrects or switches off any of them. Config keys
 * that name nothing in the spec are reported in `issues`, never thrown.
 */
export function inferResources(spec: SpecModel, config: ResourceConfig = {}): ResourceModel {
  const issues: ResourceConfigIssue[] = [];
  const file = config.file ?? '(resource config)';
  const issue = (key: string, message: string) => issues.push({ file, key, message: `${file}: ${key}: ${message}` });

  const byShape = new Map<string, OperationModel[]>();
  for (const op of spec.operations) {
    const shape = shapeOf(op.path);
    byShape.set(shape, [...(byShape.get(shape) ?? []), op]);
  }
  const templateOf = (shape: string): string | undefined => byShape.get(shape)?.[0]?.path;
  const opsAt = (shape: string): OperationModel[] => byShape.get(shape) ?? [];

  // 1. Collection candidates, each with why.
  const candidates = new Map<string, { path: string; reason: string; source: 'inferred' | 'config' }>();
  for (const op of spec.operations) {
    const segments = segmentsOf(op.path);
    const last = segments.at(-1);
    if (parameterOf(last) !== undefined) {
      const collection = parentPathOf(op.path);
      // The base path's own collection (`servers: [{url: /books}]`, paths `/` and `/{id}`): the root
      // is one where an operation of its own lives beside the item path.
      const root = collection === '/' && spec.operations.some((o) => o.path === '/');
      if ((isLiteral(segmentsOf(collection).at(-1)) || root) && !candidates.has(shapeOf(collection))) {
        candidates.set(shapeOf(collection), {
          path: collection,
          source: 'inferred',
          reason: `${code(op.path)} is an item path below it`,
        });
      }
    }
  }
  for (const op of spec.operations) {
    if (!isLiteral(segmentsOf(op.path).at(-1)) || candidates.has(shapeOf(op.path))) continue;
    if (op.method === 'get' && listSchemaOf(op) !== undefined) {
      candidates.set(shapeOf(op.path), {
        path: op.path,
        source: 'inferred',
        reason: `${code(label(op))} answers a list`,
      });
    } else if (op.method === 'post' && op.responses['201'] !== undefined && op.requestBody !== undefined) {
      candidates.set(shapeOf(op.path), {
        path: op.path,
        source: 'inferred',
        reason: `${code(label(op))} answers 201 Created`,
      });
    }
  }
  // `/things/search` or `/things/batch` below a collection are actions on it, not collections, unless items live below them.
  for (const [shape, candidate] of [...candidates]) {
    const parent = shapeOf(parentPathOf(candidate.path));
    const hasItems = spec.operations.some(
      (op) => parameterOf(segmentsOf(op.path).at(-1)) !== undefined && shapeOf(parentPathOf(op.path)) === shape,
    );
    if (candidates.has(parent) && !hasItems) candidates.delete(shape);
  }
  const disabled: { path: string; reason: string }[] = [];
  for (const [path, corrections] of Object.entries(config.collections ?? {})) {
    const shape = shapeOf(path);
    if (!byShape.has(shape) && !byShape.has(`${shape}/{}`)) {
      issue(`collections.${path}`, 'no operation of the spec has this path');
      continue;
    }
    if (corrections.disabled === true) {
      if (candidates.delete(shape)) disabled.push({ path, reason: `switched off in ${file}` });
      else issue(`collections.${path}.disabled`, 'no collection was inferred at this path');
    } else if (!candidates.has(shape)) {
      candidates.set(shape, {
        path: templateOf(shape) ?? path,
        source: 'config',
        reason: `declared a collection in ${file}`,
      });
    }
  }

  // 2. Roles.
  const collectionShapes = new Set(candidates.keys());
  const opConfig = (op: OperationModel) => {
    const key = [op.operationId, `${op.method.toUpperCase()} ${op.path}`].find(
      (k) => config.operations?.[k] !== undefined,
    );
    return key === undefined ? undefined : { key, value: config.operations![key]! };
  };
  const usedOpKeys = new Set<string>();
  const assignments = spec.operations.map((op): OperationAssignment => {
    const inferred = inferRole(op, candidates, opsAt);
    const corrected = opConfig(op);
    if (!corrected) return inferred;
    usedOpKeys.add(corrected.key);
    const { role, collection } = corrected.value;
    const target = collection ?? inferred.collection ?? collectionFor(op.path, collectionShapes);
    if (role !== 'other' && target === undefined) {
      issue(`operations.${corrected.key}.role`, `role ${role} needs a collection: add "collection: /path"`);
      return inferred;
    }
    if (collection !== undefined && !collectionShapes.has(shapeOf(collection))) {
      issue(`operations.${corrected.key}.collection`, `${collection} is not a collection of the spec`);
      return inferred;
    }
    const { singleton: _dropped, ...rest } = inferred;
    return {
      ...rest,
      role,
      ...(target !== undefined ? { collection: candidates.get(shapeOf(target))?.path ?? target } : {}),
      source: 'config',
      reason: `${code(label(op))}: marked ${role} in ${file} (inferred: ${inferred.role})`,
    };
  });
  for (const key of Object.keys(config.operations ?? {}))
    if (!usedOpKeys.has(key))
      issue(`operations.${key}`, 'names no operation of the spec (use an operationId or "METHOD /path")');

  // 3. Collections.
  const collections: CollectionModel[] = [];
  for (const [shape, candidate] of candidates) {
    const mine = assignments.filter((a) => a.collection !== undefined && shapeOf(a.collection) === shape);
    const byRole: Partial<Record<CrudRole, OperationAssignment>> = {};
    const others: OperationAssignment[] = [];
    for (const assignment of mine) {
      if (assignment.role === 'other' || byRole[assignment.role] !== undefined) others.push(assignment);
      else byRole[assignment.role] = assignment;
    }
    const op = (role: CrudRole) => (byRole[role] ? spec.operation(byRole[role].operationId) : undefined);
    const itemTemplate = templateOf(`${shape}/{}`);
    // A root collection is named by the base path's last segment (`/v1/books` → `books`).
    const name =
      segmentsOf(candidate.path)
        .filter((s) => isLiteral(s))
        .at(-1) ??
      segmentsOf(spec.basePath)
        .filter((s) => isLiteral(s) && !/^v\d+$/i.test(s))
        .at(-1) ??
      'items';
    const corrections =
      config.collections?.[Object.keys(config.collections ?? {}).find((k) => shapeOf(k) === shape) ?? ''];
    const configKey = `collections.${Object.keys(config.collections ?? {}).find((k) => shapeOf(k) === shape) ?? candidate.path}`;

    const list = op('list');
    const listSchema = list ? listSchemaOf(list) : undefined;
    const envelopePath = envelopePathOf(listSchema, name);
    const envelope: EnvelopeModel | undefined =
      envelopePath === undefined
        ? undefined
        : {
            member: envelopePath.at(-1)!,
            ...(envelopePath.length > 1 ? { within: envelopePath.slice(0, -1) } : {}),
            reason: `${code(label(list!))} wraps its items in the array member ${code(envelopePath.join('.'))}`,
          };
    // Answers about one item may wrap it (`{transaction: {...}}`): the wrapped schema is the item's.
    const itemParameter = itemTemplate ? parameterOf(segmentsOf(itemTemplate).at(-1)) : undefined;
    const idNames = new Set(
      itemParameter === undefined ? [] : idMemberCandidates(itemParameter, name).map((c) => normalised(c.member)),
    );
    const holdsId = (members: ReadonlyMap<string, Member>) =>
      [...members.keys()].some((m) => idNames.has(normalised(m)));
    const wrapped = (['read', 'create', 'replace', 'update'] as const)
      .map((role) => {
        const schema = successSchemaOf(op(role));
        const member = itemWrapperOf(schema, name, holdsId);
        return member === undefined ? undefined : { role, member, schema: membersOf(schema).get(member)!.schema };
      })
      .find((w) => w !== undefined);
    const itemEnvelope: ItemEnvelopeModel | undefined = wrapped && {
      member: wrapped.member,
      reason: `${code(label(op(wrapped.role)!))} wraps the item in the object member ${code(wrapped.member)}`,
    };
    const unwrapped = (schema: JsonSchema | undefined) =>
      wrapped && schema !== undefined && itemWrapperOf(schema, name, holdsId) === wrapped.member
        ? membersOf(schema).get(wrapped.member)!.schema
        : schema;
    const itemSchema =
      unwrapped(successSchemaOf(op('read'))) ??
      (envelopePath
        ? itemsOf(
            envelopePath.reduce<JsonSchema | undefined>((at, member) => membersOf(at).get(member)?.schema, listSchema),
          )
        : itemsOf(listSchema)) ??
      unwrapped(successSchemaOf(op('create'))) ??
      unwrapped(successSchemaOf(op('replace'))) ??
      op('create')?.requestBody?.schema.schema;
    const members = membersOf(itemSchema);

    const id = itemTemplate
      ? inferId(
          spec,
          candidate.path,
          itemTemplate,
          name,
          members,
          op('create'),
          opsAt(`${shape}/{}`),
          corrections?.id,
          file,
        )
      : undefined;
    const pageSize = list
      ? inferPageSize(list, corrections?.pageSize, file, (k, m) => issue(`${configKey}.pageSize${k}`, m))
      : undefined;
    const page = list ? inferPage(list) : undefined;
    const cursor = list ? inferCursor(list, listSchema) : undefined;
    const filters = list
      ? inferFilters(list, members, pageSize?.parameter, page?.parameter, corrections?.filters, file, (k, m) =>
          issue(`${configKey}.filters.${k}`, m),
        )
      : [];
    if (!list && corrections?.filters) issue(`${configKey}.filters`, 'the collection has no list operation');
    const order = list && corrections?.order !== false ? inferListOrder(list, members) : undefined;
    const texts = list
      ? inferTextFilters(list, members).filter((t) => corrections?.filters?.[t.parameter] !== false)
      : [];
    const ranges = list
      ? inferRangeFilters(list, members).filter(
          (r) =>
            corrections?.filters?.[r.parameter] !== false &&
            r.parameter !== pageSize?.parameter &&
            r.parameter !== page?.parameter,
        )
      : [];

    collections.push({
      name,
      path: candidate.path,
      ...(itemTemplate ? { itemPath: itemTemplate } : {}),
      scope: parametersOf(candidate.path),
      ...(id ? { id } : {}),
      ...(itemSchema ? { itemSchema } : {}),
      ...(envelope ? { envelope } : {}),
      ...(itemEnvelope ? { itemEnvelope } : {}),
      readOnlyMembers: [...members.values()].filter((m) => m.readOnly).map((m) => m.name),
      writeOnlyMembers: [...members.values()].filter((m) => m.writeOnly).map((m) => m.name),
      operations: byRole,
      others,
      ...(pageSize ? { pageSize } : {}),
      ...(page ? { page } : {}),
      ...(cursor ? { cursor } : {}),
      filters: filters.filter(
        (f) => !ranges.some((r) => r.parameter === f.parameter) && !texts.some((t) => t.parameter === f.parameter),
      ),
      ...(order ? { order } : {}),
      ...(ranges.length > 0 ? { ranges } : {}),
      ...(texts.length > 0 ? { texts } : {}),
      source: candidate.source,
      reason: `${code(candidate.path)} is a collection: ${candidate.reason}`,
    });
  }
  // Parents: the collection whose item path the nested collection's path extends.
  const withParents = collections.map((collection): CollectionModel => {
    const parent = parentOf(collection, collections);
    return parent ? { ...collection, parent } : collection;
  });

  // 4. Singletons.
  const singletonPaths = new Set(assignments.map((a) => a.singleton).filter((s): s is string => s !== undefined));
  const singletons: SingletonModel[] = [...singletonPaths].map((path) => {
    const mine = assignments.filter((a) => a.singleton === path);
    const operations: Partial<Record<'read' | 'replace' | 'update' | 'delete', OperationAssignment>> = {};
    for (const a of mine)
      if (a.role === 'read' || a.role === 'replace' || a.role === 'update' || a.role === 'delete')
        operations[a.role] ??= a;
    const read = operations.read ? spec.operation(operations.read.operationId) : undefined;
    const itemSchema = successSchemaOf(read);
    return {
      path,
      scope: parametersOf(path),
      ...(itemSchema ? { itemSchema } : {}),
      operations,
      reason: `${code(path)} is a singleton: its GET answers one object and no item path lies below it`,
    };
  });

  return { collections: withParents, singletons, operations: assignments, disabled, issues };
}

/** The 2xx JSON schema of an operation: 200, 201, then any other 2xx. */
function successSchemaOf(op: OperationModel | undefined): JsonSchema | undefined {
  if (!op) return undefined;
  const statuses = Object.keys(op.responses)
    .filter((s) => /^2/.test(s))
    .sort();
  for (const status of statuses) {
    const schema = op.responses[status]?.schema?.schema;
    if (schema) return schema;
  }
  return undefined;
}

/** The 2xx schema of a GET when it is a list: an array, or an object wrapping one array. */
function listSchemaOf(op: OperationModel): JsonSchema | undefined {
  const schema = successSchemaOf(op);
  if (typeOf(schema) === 'array') return schema;
  const name = segmentsOf(op.path).at(-1) ?? '';
  return envelopePathOf(schema, name) !== undefined ? schema : undefined;
}

/** The collection whose path or item path is the longest prefix of a path. */
function collectionFor(path: string, collectionShapes: ReadonlySet<string>): string | undefined {
  let shape = shapeOf(path);
  while (shape !== '') {
    if (collectionShapes.has(shape)) return shape;
    shape = shape.slice(0, shape.lastIndexOf('/'));
  }
  return undefined;
}

function inferRole(
  op: OperationModel,
  candidates: ReadonlyMap<string, { readonly path: string }>,
  opsAt: (shape: string) => OperationModel[],
): OperationAssignment {
  const collectionShapes = new Set(candidates.keys());
  const base = { operationId: op.operationId, method: op.method, path: op.path, source: 'inferred' as const };
  const shape = shapeOf(op.path);
  const at = (role: OperationRole, reason: string, collection?: string): OperationAssignment => ({
    ...base,
    role,
    ...(collection !== undefined ? { collection } : {}),
    reason: `${code(label(op))}: ${reason}`,
  });
  if (collectionShapes.has(shape)) {
    const collection = candidates.get(shape)!.path;
    if (op.method === 'get') {
      return listSchemaOf(op)
        ? at('list', `GET on the collection ${code(collection)}, answering a list`, collection)
        : at('other', `GET on the collection ${code(collection)} that answers no list`, collection);
    }
    if (op.method === 'post') return at('create', `POST on the collection ${code(collection)}`, collection);
    return at('other', `${op.method.toUpperCase()} on a whole collection is not CRUD`, collection);
  }
  const parentShape = shapeOf(parentPathOf(op.path));
  if (parameterOf(segmentsOf(op.path).at(-1)) !== undefined && collectionShapes.has(parentShape)) {
    const collection = candidates.get(parentShape)!.path;
    const role: OperationRole | undefined = { get: 'read', put: 'replace', patch: 'update', delete: 'delete' }[
      op.method as string
    ] as OperationRole | undefined;
    if (role) return at(role, `${op.method.toUpperCase()} on the item path of ${code(collection)}`, collection);
    return at('other', `${op.method.toUpperCase()} on an item is not CRUD`, collection);
  }
  // A singleton: a literal last segment whose GET answers one object (`/me`, `/users/{id}/settings`).
  const get = opsAt(shape).find((o) => o.method === 'get');
  if (isLiteral(segmentsOf(op.path).at(-1)) && get && typeOf(successSchemaOf(get)) === 'object' && !listSchemaOf(get)) {
    const role: OperationRole | undefined = { get: 'read', put: 'replace', patch: 'update', delete: 'delete' }[
      op.method as string
    ] as OperationRole | undefined;
    if (role)
      return {
        ...base,
        role,
        singleton: get.path,
        reason: `${code(label(op))}: ${op.method.toUpperCase()} on the singleton ${code(get.path)}`,
      };
  }
  const owner = collectionFor(parentPathOf(op.path), collectionShapes);
  if (owner !== undefined) {
    const collection = candidates.get(owner)!.path;
    return at(
      'other',
      `below ${code(collection)} but neither its collection nor its item path (an action)`,
      collection,
    );
  }
  return at('other', 'not on a collection, item or singleton path');
}

function idKindOf(schema: JsonSchema | undefined): IdKind {
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return 'integer';
  if (keywordOf(schema, 'format') === 'uuid') return 'uuid';
  return 'string';
}

function kindReason(kind: IdKind, where: string): string {
  return kind === 'integer'
    ? `an integer (${where})`
    : kind === 'uuid'
      ? `a uuid (${where}: format uuid)`
      : `a string (${where})`;
}

function inferId(
  spec: SpecModel,
  collectionPath: string,
  itemPath: string,
  name: string,
  members: ReadonlyMap<string, Member>,
  create: OperationModel | undefined,
  itemOps: readonly OperationModel[],
  corrections: { readonly member?: string | null; readonly kind?: IdKind } | undefined,
  file: string,
): IdModel {
  const parameter = parameterOf(segmentsOf(itemPath).at(-1))!;
  const parameterSchema =
    itemOps.flatMap((o) => o.parameters).find((p) => p.in === 'path' && p.name === parameter)?.schema.schema ?? {};
  const location = create ? locationDocumented(spec, create) : false;
  let member: string | undefined;
  let via: IdModel['via'] = 'name';
  let why = '';
  const link = create ? memberFromLinks(spec, create, itemPath, parameter, itemOps) : undefined;
  if (link) {
    member = link.member;
    via = 'link';
    why = link.why;
  } else {
    // Exact names first, then names equal once case, `_` and `-` are ignored (`Sid` ← `sid`, `task_id` ← `taskId`).
    const byNormal = new Map([...members.keys()].map((m) => [normalised(m), m]));
    const candidates = idMemberCandidates(parameter, name);
    const exact = candidates.find((c) => members.has(c.member));
    const loose = exact ? undefined : candidates.find((c) => byNormal.has(normalised(c.member)));
    const found =
      exact ??
      (loose
        ? {
            member: byNormal.get(normalised(loose.member))!,
            why: `${loose.why}, written ${code(byNormal.get(normalised(loose.member))!)}`,
          }
        : undefined);
    if (found) {
      member = found.member;
      why = `${code(parameter)} ← member ${code(found.member)}: ${found.why}`;
    } else if (location) {
      via = 'location';
      why = `${code(parameter)} ← the last segment of the 201 \`Location\` header of ${code(label(create!))} (no member is named like it)`;
    } else {
      why = `${code(parameter)}: no member of the item is named like it and nothing else says which one fills it`;
    }
  }
  if (location && via !== 'location') why += `; ${code(label(create!))} also documents a 201 \`Location\` header`;
  let source: IdModel['source'] = 'inferred';
  if (corrections?.member !== undefined) {
    member = corrections.member ?? undefined;
    via = 'config';
    source = 'config';
    why =
      member === undefined
        ? `${code(parameter)}: no member holds the id (set in ${file})`
        : `${code(parameter)} ← member ${code(member)} (set in ${file})`;
  }
  const memberSchema = member === undefined ? undefined : members.get(member)?.schema;
  const schema = memberSchema ?? parameterSchema;
  let kind = idKindOf(typeOf(schema) === undefined ? parameterSchema : schema);
  let kindWhy = kindReason(kind, memberSchema ? `the member's schema` : `the path parameter's schema`);
  if (corrections?.kind !== undefined) {
    kind = corrections.kind;
    source = 'config';
    kindWhy = `${kind} (set in ${file})`;
  }
  void collectionPath;
  return {
    parameter,
    ...(member !== undefined ? { member } : {}),
    via,
    kind,
    schema,
    location,
    source,
    reason: `${why}; the id is ${kindWhy}`,
  };
}

/** The raw document object of an operation, for what the model does not carry (links, response headers). */
function rawOperation(spec: SpecModel, op: OperationModel): Obj | undefined {
  const paths = spec.document.paths;
  if (!isObject(paths)) return undefined;
  const item = paths[op.path];
  return isObject(item) && isObject(item[op.method]) ? (item[op.method] as Obj) : undefined;
}

function successResponses(spec: SpecModel, op: OperationModel): [string, Obj][] {
  const responses = rawOperation(spec, op)?.responses;
  if (!isObject(responses)) return [];
  return Object.entries(responses).filter((e): e is [string, Obj] => /^2/.test(e[0]) && isObject(e[1]));
}

function locationDocumented(spec: SpecModel, create: OperationModel): boolean {
  return successResponses(spec, create).some(
    ([, response]) =>
      isObject(response.headers) && Object.keys(response.headers).some((h) => h.toLowerCase() === 'location'),
  );
}

/** An OpenAPI link from a create answer to an item operation, passing `$response.body#/member` as the item parameter. */
function memberFromLinks(
  spec: SpecModel,
  create: OperationModel,
  itemPath: string,
  parameter: string,
  itemOps: readonly OperationModel[],
): { member: string; why: string } | undefined {
  const itemIds = new Set(itemOps.map((o) => o.operationId));
  for (const [status, response] of successResponses(spec, create)) {
    if (!isObject(response.links)) continue;
    for (const [linkName, link] of Object.entries(response.links)) {
      if (!isObject(link) || !isObject(link.parameters)) continue;
      const target =
        typeof link.operationId === 'string'
          ? itemIds.has(link.operationId)
          : typeof link.operationRef === 'string' && pointsTo(link.operationRef, itemPath);
      if (!target) continue;
      const expression = link.parameters[parameter] ?? link.parameters[`path.${parameter}`];
      if (typeof expression !== 'string') continue;
      const m = /^\$response\.body#\/([^/]+)$/.exec(expression);
      if (!m) continue;
      const member = decodeSegment(m[1]!);
      return {
        member,
        why: `${code(parameter)} ← member ${code(member)}: link ${code(linkName)} of ${code(label(create))}'s ${status} passes ${code(expression)}`,
      };
    }
  }
  return undefined;
}

function pointsTo(operationRef: string, itemPath: string): boolean {
  const pointer = operationRef.slice(operationRef.indexOf('#') + 1).split('/');
  if (pointer[1] !== 'paths' || pointer[2] === undefined) return false;
  return shapeOf(decodeSegment(pointer[2])) === shapeOf(itemPath);
}

function inferPageSize(
  list: OperationModel,
  correction: false | { readonly parameter?: string; readonly default?: number; readonly maximum?: number } | undefined,
  file: string,
  issue: (key: string, message: string) => void,
): PageSizeModel | undefined {
  if (correction === false) return undefined;
  const query = list.parameters.filter((p) => p.in === 'query');
  let parameter = query.find((p) => isPageSizeName(p.name) && countSchema(p.schema.schema));
  if (correction?.parameter !== undefined) {
    parameter = query.find((p) => p.name === correction.parameter);
    if (!parameter) {
      issue('.parameter', `${code(label(list))} has no query parameter ${code(correction.parameter)}`);
      return undefined;
    }
  }
  if (!parameter) return undefined;
  const schema = parameter.schema.schema;
  const fallback = keywordOf(schema, 'default');
  const max = keywordOf(schema, 'maximum');
  const dflt = correction?.default ?? (typeof fallback === 'number' ? fallback : undefined);
  const maximum = correction?.maximum ?? (typeof max === 'number' ? max : undefined);
  const facts = [
    dflt !== undefined ? `default ${dflt}` : 'no default',
    maximum !== undefined ? `maximum ${maximum}` : 'no maximum',
  ].join(', ');
  const corrected = correction !== undefined;
  const stated =
    typeof parameter.description === 'string' && CAPS_THE_COUNT.test(parameter.description)
      ? specWords(`${parameter.pointer}/description`, parameter.description)
      : undefined;
  return {
    parameter: parameter.name,
    ...(dflt !== undefined ? { default: dflt } : {}),
    ...(maximum !== undefined ? { maximum } : {}),
    ...(stated ? { stated } : {}),
    source: corrected ? 'config' : 'inferred',
    reason: corrected
      ? `${code(parameter.name)}: set as the page size in ${file}, ${facts}`
      : `${code(parameter.name)}: ${typeOf(schema) === 'string' ? 'a string-of-digits' : 'an integer'} query parameter named like a page size, ${facts}`,
  };
}

/**
 * Words that say a parameter caps how many items a page holds: "Limit the number of users",
 * "Maximum number of items to return", "How many results per page", "The page size".
 */
const CAPS_THE_COUNT =
  /\b(?:limits? the number|(?:maximum|max\.?|the) number of (?:\w+ ){0,2}(?:to return|returned|per page|in the (?:page|response|result))|maximum (?:\w+ ){0,2}(?:items|results|records|entries|elements|objects|rows)|how many|page size|per page|at most)\b/i;

/**
 * Whether a parameter schema holds a count: an integer or number, or a string of digits (a `pattern`
 * of digits, an integer format such as `int32`), as specs that type every query parameter as a string write it.
 */
function countSchema(schema: JsonSchema): boolean {
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return true;
  if (type !== 'string') return false;
  const pattern = keywordOf(schema, 'pattern');
  const format = keywordOf(schema, 'format');
  return (
    (typeof pattern === 'string' && /\\d|\[0-9\]/.test(pattern)) ||
    integerFormatRange(format) !== undefined ||
    format === 'integer'
  );
}

function inferPage(list: OperationModel): PageModel | undefined {
  for (const p of list.parameters) {
    // A page number is a count however it is typed (`type: number` in TypeSpec output, digits in a string).
    if (p.in !== 'query' || !countSchema(p.schema.schema)) continue;
    const kind = pageKindOf(p.name);
    if (!kind) continue;
    const minimum = keywordOf(p.schema.schema, 'minimum');
    const first = kind === 'page' ? (minimum === 0 ? 0 : 1) : 0;
    return {
      parameter: p.name,
      kind,
      first,
      reason: `${code(p.name)}: a numeric query parameter named like ${kind === 'offset' ? 'an item offset' : `a page number (first page ${first})`}`,
    };
  }
  return undefined;
}

/**
 * The list's cursor: a string query parameter named like a forward cursor (`cursor`, `page_token`),
 * and a string member of the list answer named like the next one (`nextCursor`, `next_page_token`,
 * `meta.next`), at its root or one object below it. Both must be there: a cursor parameter alone
 * says nothing of where the next value comes from.
 */
function inferCursor(list: OperationModel, listSchema: JsonSchema | undefined): CursorModel | undefined {
  const parameter = list.parameters.find(
    (p) => p.in === 'query' && isForwardCursorName(p.name) && [undefined, 'string'].includes(typeOf(p.schema.schema)),
  );
  if (!parameter || !listSchema) return undefined;
  let best: { readonly next: string[]; readonly rank: number } | undefined;
  const consider = (schema: JsonSchema | undefined, path: readonly string[]) => {
    for (const member of membersOf(schema).values()) {
      const rank = nextCursorRank(member.name);
      const type = typeOf(member.schema);
      if (rank !== undefined && (type === 'string' || type === undefined) && (!best || rank + path.length < best.rank))
        best = { next: [...path, member.name], rank: rank + path.length };
      if (path.length === 0 && type === 'object') consider(member.schema, [member.name]);
    }
  };
  consider(listSchema, []);
  if (!best) return undefined;
  return {
    parameter: parameter.name,
    next: best.next,
    reason: `${code(parameter.name)} is a query parameter named like a cursor, and the answer's ${code(best.next.join('.'))} is named like the next one`,
  };
}

function inferFilters(
  list: OperationModel,
  members: ReadonlyMap<string, Member>,
  pageSize: string | undefined,
  page: string | undefined,
  corrections: Readonly<Record<string, false | { readonly member: string }>> | undefined,
  file: string,
  issue: (key: string, message: string) => void,
): FilterModel[] {
  const byNormal = new Map([...members.keys()].map((m) => [normalised(m), m]));
  const out: FilterModel[] = [];
  for (const p of list.parameters) {
    if (p.in !== 'query' || p.name === pageSize || p.name === page) continue;
    const correction = corrections?.[p.name];
    if (correction === false) continue;
    const values = keywordOf(p.schema.schema, 'enum');
    const kind = Array.isArray(values) ? ('enum' as const) : ('equality' as const);
    const enumPart = Array.isArray(values) ? `, enum of ${values.length} values` : '';
    if (correction !== undefined) {
      if (!members.has(correction.member))
        issue(`${p.name}.member`, `the item has no member ${code(correction.member)}`);
      out.push({
        parameter: p.name,
        member: correction.member,
        kind,
        ...(Array.isArray(values) ? { values } : {}),
        source: 'config',
        reason: `${code(p.name)}: filters on ${code(correction.member)} (set in ${file})${enumPart}`,
      });
      continue;
    }
    if (isShapingName(p.name) || isPageSizeName(p.name) || pageKindOf(p.name)) continue;
    const target = filterTargetOf(p.name);
    const member = members.has(target) ? target : byNormal.get(normalised(target));
    if (member === undefined) continue;
    const paramType = typeOf(p.schema.schema);
    const memberType = typeOf(members.get(member)!.schema);
    if (!SCALARS.has(paramType ?? '') || (memberType !== undefined && !SCALARS.has(memberType))) continue;
    const how =
      member === p.name ? `named like the item member ${code(member)}` : `names the item member ${code(member)}`;
    out.push({
      parameter: p.name,
      member,
      kind,
      ...(Array.isArray(values) ? { values } : {}),
      source: 'inferred',
      reason: `${code(p.name)}: a query parameter ${how}${enumPart}`,
    });
  }
  for (const name of Object.keys(corrections ?? {})) {
    if (!list.parameters.some((p) => p.in === 'query' && p.name === name))
      issue(name, `${code(label(list))} has no query parameter ${code(name)}`);
  }
  return out;
}

function parentOf(collection: CollectionModel, all: readonly CollectionModel[]): ParentModel | undefined {
  const segments = segmentsOf(collection.path);
  let index = -1;
  segments.forEach((s, i) => {
    if (parameterOf(s) !== undefined) index = i;
  });
  if (index < 1) return undefined;
  const parentShape = shapeOf(`/${segments.slice(0, index).join('/')}`);
  const parent = all.find((c) => shapeOf(c.path) === parentShape && c.itemPath !== undefined);
  if (!parent) return undefined;
  const parameter = parameterOf(segments[index])!;
  return {
    collection: parent.path,
    parameter,
    reason: `${code(collection.path)} lies below the item path ${code(parent.itemPath!)}: its items belong to one ${code(parameter)}`,
  };
}
