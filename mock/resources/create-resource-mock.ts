import {
  LosslessNumber,
  isLosslessNumber,
  parse as parseLossless,
  stringify as stringifyLossless,
} from 'lossless-json';
import type { CompiledSchema, JsonSchema, OperationModel, SpecModel } from '../../spec/index.js';
import type {
  CollectionModel,
  OperationAssignment,
  ResourceModel,
  SingletonModel,
} from '../../spec/resources/index.js';
import { inListOrder, outsideRange, rangeBound } from '../../spec/resources/list-rules.js';
import { type Answer, errorAnswer, jsonAnswer } from '../answer.js';
import { type MockErrorCode, mockError } from '../errors.js';
import { withMediaType } from './conform-error.js';
import type { RequestInput } from '../request-input.js';
import { jsonPatch, mergePatch } from './apply-patch.js';
import { TOTAL_MEMBERS, countHeaderOf } from '../total-members.js';
import { CollectionStore, type StoredItem, keyOf } from './collection-store.js';
import { patternSample } from './pattern-sample.js';
import { sampleValue } from './sample-value.js';
import { type SeedDataSource, isExampleSeed, seedSources } from './seed-items.js';
import { isObject } from '../../spec/json/index.js';

type Obj = Record<string, unknown>;

/** Options of {@link createResourceMock}. */
export interface ResourceMockOptions {
  /** Most items one collection holds, seed included. */
  readonly capacity: number;
  /**
   * The spec's resource model (node: inferred and corrected by the config file beside the spec,
   * `resourceModelFor`; the browser: inferred only).
   */
  readonly modelFor: (spec: SpecModel) => { readonly model: ResourceModel };
  /** Seed data keyed by collection path or name (`--data`); collections it does not name are seeded from the spec's examples. */
  readonly data?: SeedDataSource;
  /**
   * Seed data in the same format for the collections `data` does not name (the domain plug-in's for
   * this spec, asked again on every reload); the spec's examples seed the rest.
   */
  readonly defaults?: (spec: SpecModel) => SeedDataSource | undefined;
  /** Where config issues go (one line each). */
  readonly log?: (line: string) => void;
}

/** The stateful mode's store for every resource the spec model infers. */
export interface ResourceMock {
  /** The resource model in use (changes on {@link ResourceMock.update}). */
  readonly model: ResourceModel;
  /** Items held, all collections together. */
  readonly size: number;
  /**
   * Answers a CRUD operation from the store, or returns undefined for one it does not model (role
   * `other`, a switched-off collection, an answer that could not be made to fit the spec): the caller
   * then answers from the spec through Prism.
   */
  answer(operation: OperationModel, input: RequestInput, contentType: string | undefined): Answer | undefined;
  /**
   * The path (base path included) of the item a create's answer `body` names by its id, when the
   * create documents a `Location`: for an answer the spec engine made (dynamic mode, `Prefer`), whose
   * generated `Location` would name nothing. Undefined for other operations and bodies without an id.
   */
  locationOf(operation: OperationModel, input: RequestInput, body: unknown): string | undefined;
  /** Restores every collection's seed. */
  reset(): void;
  /**
   * Items held per collection path (`/widgets`, `/shops/{slug}/products`), for the collections used
   * so far: an unused one still holds its seed untouched, and counting it would take its seed now.
   */
  counts(): Record<string, number>;
  /** Takes a reloaded spec: collections still at the same path keep their items. @throws like {@link createResourceMock}. */
  update(spec: SpecModel): void;
}

interface Collection {
  readonly model: CollectionModel;
  readonly store: CollectionStore;
  readonly item?: CompiledSchema;
  readonly id?: CompiledSchema;
  /** List answers by request (operation, scope, filters, page), valid while the store's version holds. */
  readonly lists: { version: number; readonly answers: Map<string, Answer | undefined> };
}

/** A collection whose item an operation's path passes through, and the path parameters naming it (by position). */
interface ItemAbove {
  readonly collection: Collection;
  readonly names: readonly string[];
}

/** Distinct list answers remembered per collection between changes. */
const LISTS_REMEMBERED = 64;

interface Singleton {
  readonly model: SingletonModel;
  readonly values: Map<string, Obj | null>;
}

/**
 * Builds the generic stateful store: infers the spec's resources (with the config file found beside
 * the spec, `<spec>.resources.yaml`), seeds them, and answers list, create, read, replace (PUT),
 * update (PATCH: JSON merge patch, or JSON Patch when the request says `application/json-patch+json`)
 * and delete. Ids are minted by kind (an integer sequence, uuids, strings the id schema accepts);
 * readOnly members are filled from their schema or the spec's examples. Nested collections are scoped
 * to their parent (a missing parent is the documented 404; deleting a parent drops its children).
 * Every answer is checked against the operation's response schema before it leaves: one that does not
 * fit is completed from the schema, and if it still does not fit, left to Prism.
 *
 * @throws `ResourceConfigError` for a bad config file, Error for a bad data file.
 */
export function createResourceMock(spec: SpecModel, options: ResourceMockOptions): ResourceMock {
  let current = build(spec, new Map());

  function build(next: SpecModel, previous: ReadonlyMap<string, Collection>) {
    const { model } = options.modelFor(next);
    for (const issue of model.issues) options.log?.(`resource config: ${issue.message}`);
    // Seeds are taken on each collection's first use: GitHub's spec starts in half the time.
    const seeds = seedSources(next, model, options.data, options.defaults?.(next));
    const collections = new Map<string, Collection>();
    for (const c of model.collections) {
      const kept = previous.get(c.path);
      collections.set(c.path, {
        model: c,
        store: kept?.store ?? new CollectionStore(seeds.get(c.path) ?? [], options.capacity),
        ...(c.itemSchema ? { item: next.compile(c.itemSchema) } : {}),
        ...(c.id ? { id: next.compile(c.id.schema) } : {}),
        lists: { version: -1, answers: new Map() },
      });
    }
    const singletons = new Map(
      model.singletons.map((s) => [s.path, { model: s, values: new Map<string, Obj | null>() }]),
    );
    const roles = new Map(model.operations.map((a) => [a.operationId, a]));
    return { spec: next, model, collections, singletons, roles, above: new Map<OperationModel, ItemAbove[]>() };
  }

  /**
   * The collections whose items the operation's path passes through, outermost first (the first
   * missing item is the one to name), each with the operation's path parameters up to its item.
   * Asked on every stateful request: computed once per operation and spec.
   */
  function itemsAbove(operation: OperationModel): ItemAbove[] {
    const segments = segmentsOf(operation.path);
    const above: { collection: Collection; length: number }[] = [];
    for (const collection of current.collections.values()) {
      const itemPath = collection.model.itemPath;
      if (!itemPath || !collection.model.id) continue;
      const own = segmentsOf(itemPath);
      if (own.length >= segments.length || !own.every((s, i) => sameSegment(s, segments[i]!))) continue;
      above.push({ collection, length: own.length });
    }
    return above
      .sort((a, b) => a.length - b.length)
      .map(({ collection, length }) => ({
        collection,
        names: segments
          .slice(0, length)
          .map(parameterName)
          .filter((name): name is string => name !== undefined),
      }));
  }

  const memberChecks = new WeakMap<JsonSchema, CompiledSchema>();
  // Integers beyond 2^53 a stored item was sent with, as their source digits (the item holds doubles).
  const exactOf = new WeakMap<object, Readonly<Record<string, string>>>();
  const scopeOf = (names: readonly string[], input: RequestInput) => names.map((p) => keyOf(input.path[p]));
  /** Where an item lives: its path, base path included, from its parents' ids and its own. */
  const itemLocation = (m: CollectionModel, ids: readonly string[]) =>
    `${current.spec.basePath}${fillPath(m.itemPath!, ids)}`;

  function answer(operation: OperationModel, input: RequestInput, contentType: string | undefined): Answer | undefined {
    const assignment = current.roles.get(operation.operationId);
    const missing = belowMissingItem(operation, input);
    if (missing) return missing;
    if (!assignment || assignment.role === 'other') return undefined;
    if (assignment.singleton !== undefined) {
      const singleton = current.singletons.get(assignment.singleton);
      return singleton ? answerSingleton(singleton, assignment, operation, input, contentType) : undefined;
    }
    const collection = assignment.collection === undefined ? undefined : current.collections.get(assignment.collection);
    if (!collection) return undefined;
    const scope = scopeOf(collection.model.scope, input);
    switch (assignment.role) {
      case 'list':
        return list(collection, operation, input, scope);
      case 'create':
        return create(collection, operation, input, scope);
      case 'read':
      case 'replace':
      case 'update':
      case 'delete': {
        const idModel = collection.model.id;
        if (!idModel) return undefined;
        const id = input.path[idModel.parameter];
        const found = collection.store.get(scope, id);
        if (!found) {
          // PUT creates at its URI (RFC 9110 §9.3.4) when it documents 201, or takes no body (a membership:
          // `PUT /installations/{id}/repositories/{repository_id}` adds the repository).
          if (assignment.role === 'replace' && (successStatus(operation, '201') === '201' || !operation.requestBody))
            return create(collection, operation, input, scope, id);
          return notFound(`No ${singular(collection.model.name)} has the ${idModel.parameter} ${keyOf(id)}.`);
        }
        if (assignment.role === 'read')
          return respond(
            operation,
            successStatus(operation, '200'),
            visible(collection, found.value),
            exactWriter(exactOf.get(found.value)),
          );
        if (assignment.role === 'delete') return remove(collection, operation, scope, found);
        return change(collection, operation, input, scope, found, assignment.role, contentType);
      }
      default:
        return undefined;
    }
  }

  /**
   * The 404 for any operation below an item the store does not hold (`GET /schedule/{id}/download_result_file`,
   * a nested list or create, a singleton such as `/users/{id}/settings`): what a deleted or never
   * created parent answers, so nothing below it lives on. The documented 404 when there is one, else
   * the plain one (a path that names nothing is not found, documented or not). Undefined when every
   * item the path passes through exists. Path parameters are matched by position, so an operation may
   * name them otherwise than the item path does (`{orgid}` and `{orgId}`).
   */
  function belowMissingItem(operation: OperationModel, input: RequestInput): Answer | undefined {
    let above = current.above.get(operation);
    if (!above) current.above.set(operation, (above = itemsAbove(operation)));
    for (const { collection, names } of above) {
      const values = names.map((name) => input.path[name]);
      const id = values.at(-1);
      if (id === undefined || values.length !== collection.model.scope.length + 1) continue;
      if (collection.store.has(values.slice(0, -1).map(keyOf), id)) continue;
      return notFound(`No ${singular(collection.model.name)} has the ${collection.model.id!.parameter} ${keyOf(id)}.`);
    }
    return undefined;
  }

  function list(
    collection: Collection,
    operation: OperationModel,
    input: RequestInput,
    scope: readonly string[],
  ): Answer | undefined {
    const m = collection.model;
    const given = countOf(m.pageSize ? input.query[m.pageSize.parameter] : undefined);
    const size = given ?? m.pageSize?.default ?? m.pageSize?.maximum ?? Number.POSITIVE_INFINITY;
    let start = 0;
    const at = m.page ? input.query[m.page.parameter] : undefined;
    if (m.page && typeof at === 'number')
      start = m.page.kind === 'offset' ? at : Number.isFinite(size) ? (at - m.page.first) * size : 0;
    // The same list asked again while nothing changed gets the same answer, not a new filter, check and
    // stringify: a client polling a list is the mock's most common load (issue 23).
    let key = `${operation.operationId}\u0000${scope.join('/')}\u0000${size}\u0000${start}`;
    for (const filter of [...m.filters, ...(m.ranges ?? [])]) {
      const wanted = input.query[filter.parameter];
      key += wanted === undefined ? '\u0000' : `\u0000=${keyOf(wanted)}`;
    }
    const lists = collection.lists;
    const version = collection.store.version;
    if (lists.version !== version) {
      lists.answers.clear();
      lists.version = version;
    }
    if (lists.answers.has(key)) return lists.answers.get(key);
    const answer = listAnswer(collection, operation, input, scope, size, start);
    if (lists.answers.size >= LISTS_REMEMBERED) lists.answers.clear();
    lists.answers.set(key, answer);
    return answer;
  }

  function listAnswer(
    collection: Collection,
    operation: OperationModel,
    input: RequestInput,
    scope: readonly string[],
    size: number,
    start: number,
  ): Answer | undefined {
    const m = collection.model;
    let items = collection.store.list(scope);
    for (const filter of m.filters) {
      const wanted = input.query[filter.parameter];
      if (wanted !== undefined)
        items = items.filter(
          (item) => item.value[filter.member] !== undefined && keyOf(item.value[filter.member]) === keyOf(wanted),
        );
    }
    // Range filters the parameters' words state ("at or after this instant"), which the kit judges too.
    for (const range of m.ranges ?? []) {
      const bound = rangeBound(range, input.query[range.parameter]);
      if (bound !== undefined) items = items.filter((item) => outsideRange(range, bound, item.value) === false);
    }
    // The order the spec's words give the list (`sorted by \`startsAt\` ascending`), which the kit judges too.
    if (m.order) items = inListOrder(m.order, items, (item) => item.value);
    const total = items.length;
    let exact = false;
    const page = items.slice(Math.max(0, start), Math.max(0, start) + size).map((item) => {
      const shown = visible(collection, item.value);
      const digits = exactOf.get(item.value);
      if (digits) {
        exactOf.set(shown, digits);
        exact = true;
      }
      return shown;
    });
    // Integers beyond 2^53 items were created with are listed as sent, digit for digit.
    const write = exact
      ? (value: unknown) => withExactItems(value, m.envelope?.member, (item) => exactOf.get(item))
      : undefined;
    const status = successStatus(operation, '200');
    if (!m.envelope) return withTotalHeader(operation, status, respond(operation, status, page, write), total);
    const schema = operation.responses[status]?.schema?.schema;
    const example = Object.values(operation.responses[status]?.examples ?? {}).find(isObject);
    const body: Obj = {
      ...(isObject(example) ? example : isObject(sampleValue(schema)) ? (sampleValue(schema) as Obj) : {}),
      [m.envelope.member]: page,
    };
    for (const name of TOTAL_MEMBERS) {
      if (name in body && typeof body[name] === 'number') body[name] = total;
    }
    return withTotalHeader(operation, status, respond(operation, status, body, write), total);
  }

  function create(
    collection: Collection,
    operation: OperationModel,
    input: RequestInput,
    scope: readonly string[],
    givenId?: unknown,
  ): Answer | undefined {
    const m = collection.model;
    const idMember = m.id?.member;
    const sent = isObject(input.body) ? input.body : {};
    let id = givenId;
    if (
      id === undefined &&
      idMember !== undefined &&
      sent[idMember] !== undefined &&
      !m.readOnlyMembers.includes(idMember) &&
      requestDeclares(operation, idMember)
    )
      id = sent[idMember];
    const held = id === undefined || givenId !== undefined ? undefined : collection.store.get(scope, id);
    // An id held by an example seed is taken over: the spec's own example create (a label named "bug")
    // must not collide with the example item it also documents. A conflict is refused with the 409 the
    // operation documents (by code, range or default); where it documents none, the spec gives no
    // refusal for it, and the create replaces the item.
    if (held && !isExampleSeed(held.value) && operation.responseFor(409) !== undefined) {
      return failure(operation, [409], 'conflict', `A ${singular(m.name)} with the id ${keyOf(id)} exists already.`);
    }
    id ??= mintId(collection, scope);
    const body = withRequestDefaults(operation, input.body);
    // An item schema with oneOf/anyOf has several shapes: the first one the item fits decides what is kept and filled.
    let value: Obj | undefined;
    // Only when no shape takes the item as sent: a member the request spells otherwise than the item
    // (an object where the item keeps its JSON text), as the item takes it, or left out.
    for (const fit of [false, true]) {
      for (const shape of shapesOf(m.itemSchema)) {
        // A minted or chosen id leads the item, as the spec's examples and most APIs write it.
        const candidate: Obj = idMember === undefined ? {} : { [idMember]: id };
        Object.assign(candidate, clientMembers(collection, shape, body));
        if (idMember !== undefined) candidate[idMember] = id;
        fillOwned(collection, shape, operation, candidate, scope, undefined);
        if (fit) {
          if (!fitMembers(shape, candidate)) continue;
          fillOwned(collection, shape, operation, candidate, scope, undefined);
        }
        if (!collection.item || collection.item.validate(candidate).ok) {
          value = candidate;
          break;
        }
      }
      if (value) break;
    }
    if (!value) return undefined;
    const status = successStatus(operation, '201');
    const exact = exactIntegersOf(input.bodyText);
    const answer = respond(operation, status, visible(collection, value), exactWriter(exact));
    if (!answer) return undefined;
    collection.store.put(scope, id, value, true);
    if (exact) exactOf.set(value, exact);
    return m.id?.location && m.itemPath
      ? {
          ...answer,
          headers: {
            ...answer.headers,
            Location: itemLocation(m, [...scope, keyOf(id)]),
          },
        }
      : answer;
  }

  function change(
    collection: Collection,
    operation: OperationModel,
    input: RequestInput,
    scope: readonly string[],
    found: StoredItem,
    role: 'replace' | 'update',
    contentType: string | undefined,
  ): Answer | undefined {
    let next: unknown;
    // A PUT or PATCH without a body (the operation takes none: `PUT /installations/{id}/repositories/{repo}`
    // adds a membership) has nothing to change: the item stays as it is.
    if (input.body === undefined) next = found.value;
    else if (role === 'replace') next = input.body;
    else if (
      /json-patch\+json/i.test(contentType ?? '') ||
      (Array.isArray(input.body) && operation.requestBody?.mediaTypes.some((t) => /json-patch\+json/i.test(t)))
    ) {
      const patched = jsonPatch(found.value, input.body);
      if (!patched.ok) return failure(operation, [400, 409, 422], 'invalid_body', `request body: ${patched.message}`);
      next = patched.value;
    } else next = mergePatch(found.value, input.body);
    if (!isObject(next))
      return failure(operation, [400, 422], 'invalid_body', 'request body: the patched item is not an object');
    // The server's members stay the server's: the id, readOnly members, the parent ids.
    const idMember = collection.model.id?.member;
    let value: Obj | undefined;
    let firstProblem = '';
    for (const shape of shapesOf(collection.model.itemSchema)) {
      // The id leads the item, as on create.
      const candidate: Obj = idMember === undefined ? {} : { [idMember]: found.id };
      Object.assign(candidate, clientMembers(collection, shape, next));
      if (idMember !== undefined) candidate[idMember] = found.id;
      fillOwned(collection, shape, operation, candidate, scope, found.value);
      const result = collection.item?.validate(candidate) ?? { ok: true as const };
      if (result.ok) {
        value = candidate;
        break;
      }
      firstProblem ||= result.errors.map((e) => e.message.replace(/^\/ /, '')).join('; ');
    }
    if (!value)
      return failure(
        operation,
        [400, 422],
        'invalid_body',
        `request body: the ${role === 'update' ? 'patched' : 'new'} item ${firstProblem}`,
      );
    const sent = exactIntegersOf(input.bodyText);
    const kept = exactOf.get(found.value);
    const exact = sent || kept ? { ...(role === 'update' ? kept : {}), ...sent } : undefined;
    const answer = respond(operation, successStatus(operation, '200'), visible(collection, value), exactWriter(exact));
    if (answer) {
      collection.store.put(scope, found.id, value, false);
      if (exact) exactOf.set(value, exact);
    }
    return answer;
  }

  function remove(
    collection: Collection,
    operation: OperationModel,
    scope: readonly string[],
    found: StoredItem,
  ): Answer | undefined {
    const status = successStatus(operation, '204');
    const answer = respond(operation, status, visible(collection, found.value));
    if (!answer) return undefined;
    collection.store.delete(scope, found.id);
    // Children of a deleted item go with it.
    for (const child of current.collections.values()) {
      if (child.model.scope.length > scope.length && isBelow(child, collection))
        child.store.dropScopesUnder([...scope, keyOf(found.id)]);
    }
    return answer;
  }

  function isBelow(child: Collection, ancestor: Collection): boolean {
    const parent = child.model.parent && current.collections.get(child.model.parent.collection);
    if (!parent) return false;
    return parent === ancestor || isBelow(parent, ancestor);
  }

  function answerSingleton(
    singleton: Singleton,
    assignment: OperationAssignment,
    operation: OperationModel,
    input: RequestInput,
    contentType: string | undefined,
  ): Answer | undefined {
    const key = scopeOf(singleton.model.scope, input).join('/');
    const read = singleton.model.operations.read && current.spec.operation(singleton.model.operations.read.operationId);
    const stored = singleton.values.get(key);
    const example = Object.values(read?.responses[successStatus(read, '200')]?.examples ?? {}).find(isObject);
    const now = stored === undefined ? example : stored;
    switch (assignment.role) {
      case 'read':
        if (now === undefined) return undefined;
        if (now === null) return notFound(`${singleton.model.path} was deleted.`);
        return respond(operation, successStatus(operation, '200'), now);
      case 'replace':
      case 'update': {
        const base = isObject(now) ? now : {};
        let value: unknown;
        if (assignment.role === 'replace') value = input.body;
        else if (/json-patch\+json/i.test(contentType ?? '') || Array.isArray(input.body)) {
          const patched = jsonPatch(base, input.body);
          if (!patched.ok)
            return failure(operation, [400, 409, 422], 'invalid_body', `request body: ${patched.message}`);
          value = patched.value;
        } else value = mergePatch(base, input.body);
        if (!isObject(value))
          return failure(operation, [400, 422], 'invalid_body', 'request body: the result is not an object');
        const answer = respond(operation, successStatus(operation, '200'), value);
        if (answer) keep(singleton, key, value);
        return answer;
      }
      case 'delete': {
        const answer = respond(operation, successStatus(operation, '204'), now ?? {});
        if (answer) keep(singleton, key, null);
        return answer;
      }
      default:
        return undefined;
    }
  }

  /** Stores a singleton's value for one scope; past `capacity` scopes, the oldest goes (memory stays bounded). */
  function keep(singleton: Singleton, key: string, value: Obj | null): void {
    singleton.values.delete(key);
    singleton.values.set(key, value);
    if (singleton.values.size > options.capacity) singleton.values.delete(singleton.values.keys().next().value!);
  }

  /** The body's members the item declares (all of them when it declares none), readOnly ones dropped: the server owns those. */
  function clientMembers(collection: Collection, shape: JsonSchema | undefined, body: unknown): Obj {
    const source = isObject(body) ? body : {};
    const declared = shape ? declaredSchemas(shape) : new Map<string, JsonSchema>();
    const out: Obj = {};
    // Form fields often spell members otherwise (`ExtensionContext` for `extension_context`): matched once case, _ and - are ignored.
    const loose = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
    const byLoose = new Map([...declared.keys()].map((name) => [loose(name), name]));
    for (const [sent, value] of Object.entries(source)) {
      const key = declared.has(sent) ? sent : (byLoose.get(loose(sent)) ?? sent);
      if (key !== sent && Object.hasOwn(source, key)) continue;
      if (declared.size > 0 && !declared.has(key)) continue;
      if (collection.model.readOnlyMembers.includes(key) || declared.get(key)?.readOnly === true) continue;
      out[key] = value;
    }
    return out;
  }

  /**
   * Makes each member of an item fit the item's own schema for it: a value that breaks it is written
   * as its JSON text when that fits (a request's object where the item holds a string), else left
   * out (a required one is then filled like any other left out). True when anything changed.
   */
  function fitMembers(shape: JsonSchema | undefined, value: Obj): boolean {
    let changed = false;
    for (const [name, schema] of shape ? declaredSchemas(shape) : []) {
      if (value[name] === undefined) continue;
      const check = compiledMember(schema);
      if (check.validate(value[name]).ok) continue;
      const text = typeof value[name] === 'string' ? undefined : JSON.stringify(value[name]);
      if (text !== undefined && check.validate(text).ok) value[name] = text;
      else delete value[name];
      changed = true;
    }
    return changed;
  }

  function compiledMember(schema: JsonSchema): CompiledSchema {
    let check = memberChecks.get(schema);
    if (!check) {
      check = current.spec.compile(schema);
      memberChecks.set(schema, check);
    }
    return check;
  }

  /** Fills what the server owns: parent ids named like the path parameters, readOnly members, required members left out. */
  function fillOwned(
    collection: Collection,
    schema: JsonSchema | undefined,
    operation: OperationModel,
    value: Obj,
    scope: readonly string[],
    previous: Readonly<Obj> | undefined,
  ): void {
    const m = collection.model;
    const properties = schema ? declaredSchemas(schema) : new Map<string, JsonSchema>();
    const readOnly = new Set([
      ...m.readOnlyMembers,
      ...[...properties].filter(([, p]) => p.readOnly === true).map(([name]) => name),
    ]);
    m.scope.forEach((name, i) => {
      if (properties.has(name)) value[name] = typedLike(properties.get(name), scope[i]!);
    });
    const example = exampleItem(operation);
    // One instant for every timestamp this change writes: a new item's `createdAt` and `updatedAt` agree.
    const now = new Date();
    // A timestamp of now where the member would take one: a change moves the server's own "last changed"
    // stamp (`updatedAt`, `modified_at`, `updateTime`); a new item's date-time members with nothing
    // more specific to take (no value of their own in the schema, no example) are now.
    const stampOf = (name: string): unknown => {
      const member = properties.get(name);
      const wanted =
        previous !== undefined
          ? UPDATE_STAMP.test(name)
          : member !== undefined && !OWN_VALUE_KEYS.some((k) => k in member) && example?.[name] === undefined;
      const stamp = wanted ? nowIn(member, now) : undefined;
      // Only where it fits (a `pattern` may refuse the milliseconds): else the member is filled as before.
      return stamp !== undefined && compiledMember(member!).validate(stamp).ok ? stamp : undefined;
    };
    for (const name of readOnly) {
      if (name === m.id?.member || m.scope.includes(name) || (!properties.has(name) && properties.size > 0)) continue;
      value[name] = stampOf(name) ?? previous?.[name] ?? fittingOwnedValue(properties.get(name), example?.[name]);
    }
    for (const name of requiredNames(schema)) {
      if (value[name] !== undefined) continue;
      const kept = previous?.[name];
      value[name] = kept ?? stampOf(name) ?? fittingOwnedValue(properties.get(name), example?.[name]);
    }
  }

  /** {@link ownedValue}, unless it breaks the member's schema (a spec example often does): then one built from the schema. */
  function fittingOwnedValue(schema: JsonSchema | undefined, example: unknown): unknown {
    const first = ownedValue(schema, example);
    if (!schema) return first;
    const check = current.spec.compile(schema);
    if (check.validate(first).ok) return first;
    const built = sampleValue(schema);
    if (check.validate(built).ok) return built;
    // The schema's own default or example breaks it (a `uri` default holding `{$INSTITUTION_ID}`): one from its type and format alone.
    const { default: _default, example: _example, examples: _examples, ...bare } = schema;
    const plain = sampleValue(bare);
    return check.validate(plain).ok ? plain : first;
  }

  function mintId(collection: Collection, scope: readonly string[]): unknown {
    const kind = collection.model.id?.kind ?? 'integer';
    if (kind === 'integer') return collection.store.mintInteger();
    if (kind === 'uuid') return crypto.randomUUID();
    for (let attempt = 0; attempt < 100; attempt++) {
      const n = collection.store.mintInteger();
      // A string id the id schema takes: the counter, the counter written into the schema's example (`an_k2v81q` → `an_000007`), a uuid.
      const fromExamples = examplesOf(collection.model.id?.schema)
        .filter((e): e is string => typeof e === 'string')
        .map((e) => counterInto(e, n));
      // And the counter written over the end of a value the id's pattern takes (`^ZX[0-9a-f]{32}$` → `ZX0…07`).
      const idSchema = collection.model.id?.schema;
      const patterned =
        typeof idSchema?.pattern === 'string'
          ? patternSample(idSchema.pattern, typeof idSchema.minLength === 'number' ? idSchema.minLength : 0)
          : undefined;
      const fromPattern =
        patterned === undefined || patterned.length < String(n).length
          ? []
          : [patterned.slice(0, patterned.length - String(n).length) + String(n)];
      const candidates = [
        String(n),
        ...fromExamples,
        ...fromPattern,
        crypto.randomUUID(),
        `${singular(collection.model.name)}-${n}`,
      ];
      const id = candidates.find((c) => collection.id?.validate(c).ok ?? true) ?? candidates[0]!;
      if (!collection.store.has(scope, id)) return id;
    }
    return crypto.randomUUID();
  }

  function visible(collection: Collection, value: Readonly<Obj>): Obj {
    if (collection.model.writeOnlyMembers.length === 0) return { ...value };
    const out: Obj = {};
    for (const [key, v] of Object.entries(value)) if (!collection.model.writeOnlyMembers.includes(key)) out[key] = v;
    return out;
  }

  return {
    get model() {
      return current.model;
    },
    get size() {
      let n = 0;
      for (const c of current.collections.values()) n += c.store.size;
      return n;
    },
    answer,
    locationOf(operation, input, body) {
      const assignment = current.roles.get(operation.operationId);
      const collection =
        assignment?.role === 'create' && assignment.collection !== undefined
          ? current.collections.get(assignment.collection)
          : undefined;
      const m = collection?.model;
      const idMember = m?.id?.member;
      if (!m?.id?.location || !m.itemPath || idMember === undefined || !isObject(body)) return undefined;
      const id = body[idMember];
      if (id === undefined || id === null || typeof id === 'object') return undefined;
      return itemLocation(m, [...scopeOf(m.scope, input), keyOf(id)]);
    },
    reset() {
      for (const c of current.collections.values()) c.store.reset();
      for (const s of current.singletons.values()) s.values.clear();
    },
    counts() {
      const out: Record<string, number> = {};
      for (const [path, c] of current.collections) if (c.store.used) out[path] = c.store.size;
      return out;
    },
    update(next) {
      current = build(next, current.collections);
    },
  };
}

/** A page size or page number as sent: a number, or a string of digits (a spec typing it as a string). */
function countOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** The documented 2xx status to answer with: the role's usual one when documented, else the first 2xx. */
function successStatus(operation: OperationModel, usual: string): string {
  if (operation.responses[usual] !== undefined) return usual;
  return (
    Object.keys(operation.responses)
      .filter((s) => /^2\d\d$/.test(s))
      .sort()[0] ?? usual
  );
}

/**
 * A 2xx answer checked against the status's schema: as is when it fits, completed with the schema's
 * required members when that makes it fit, else undefined (Prism answers instead). No body when the
 * status documents none.
 */
function respond(
  operation: OperationModel,
  status: string,
  body: unknown,
  write: (value: unknown) => string = JSON.stringify,
): Answer | undefined {
  const response = operation.responseFor(Number(status));
  const code = Number(status);
  if (!response || response.mediaTypes.length === 0 || code === 204) return { status: code, json: undefined };
  const check = response.schema;
  const answer = (value: unknown) => withMediaType(jsonAnswer(code, write(value)), response.mediaTypes);
  if (!check || check.validate(body).ok) return answer(body);
  const sample = sampleValue(check.schema);
  if (isObject(body) && isObject(sample)) {
    const completed = { ...sample, ...body };
    if (check.validate(completed).ok) return answer(completed);
  }
  // The status documents another body than the item (`{"accepted": true}`): its example, or one built from its schema.
  const replacement = [...Object.values(response.examples), sample].find((candidate) => check.validate(candidate).ok);
  return replacement === undefined ? undefined : answer(replacement);
}

/** A list answer with the count header its response documents (`X-Total-Count`, {@link countHeaderOf}) set to `total`. */
function withTotalHeader(
  operation: OperationModel,
  status: string,
  answer: Answer | undefined,
  total: number,
): Answer | undefined {
  const name = countHeaderOf(operation, Number(status));
  if (!answer || name === undefined) return answer;
  return { ...answer, headers: { ...answer.headers, [name]: String(total) } };
}

/** Integers a double cannot hold, member → the source digits the client sent. */
type ExactDigits = Readonly<Record<string, string>>;

/** A writer of one item's JSON text with its {@link ExactDigits} (plain `JSON.stringify` when there are none). */
function exactWriter(exact: ExactDigits | undefined): ((value: unknown) => string) | undefined {
  return exact ? (value) => withExactIntegers(value, exact) : undefined;
}

/**
 * JSON text of an answer with the top-level integers a double cannot hold written as the client sent
 * them, where the value still is that double.
 */
function withExactIntegers(value: unknown, exact: ExactDigits): string {
  const lossless = isObject(value) ? losslessMembers(value, exact) : undefined;
  return lossless ? (stringifyLossless(lossless) ?? JSON.stringify(value)) : JSON.stringify(value);
}

/** The item with its exact members as lossless numbers, or undefined when none still holds its double. */
function losslessMembers(value: Obj, exact: ExactDigits): Obj | undefined {
  let out: Obj | undefined;
  for (const [member, digits] of Object.entries(exact)) {
    if (typeof value[member] === 'number' && value[member] === Number(digits)) {
      out ??= { ...value };
      out[member] = new LosslessNumber(digits);
    }
  }
  return out;
}

/** JSON text of a list (a plain array, or an envelope's `member`) with each item's exact integers as sent. */
function withExactItems(
  value: unknown,
  member: string | undefined,
  exactOfItem: (item: object) => ExactDigits | undefined,
): string {
  const items = member === undefined ? value : isObject(value) ? value[member] : undefined;
  if (!Array.isArray(items)) return JSON.stringify(value);
  let changed = false;
  const written = items.map((item) => {
    const exact = isObject(item) ? exactOfItem(item) : undefined;
    const lossless = exact && isObject(item) ? losslessMembers(item, exact) : undefined;
    if (lossless) changed = true;
    return lossless ?? item;
  });
  if (!changed) return JSON.stringify(value);
  const out = member === undefined ? written : { ...(value as Obj), [member]: written };
  return stringifyLossless(out) ?? JSON.stringify(value);
}

/**
 * A create's body with the `default` of each member the request schema declares and the body leaves
 * out: the value the server assumes for it (OpenAPI's `default`), so a task created without `priority`
 * holds the documented `medium`, not a sample of the item's enum. Other bodies are returned as they are.
 */
function withRequestDefaults(operation: OperationModel, body: unknown): unknown {
  const schema = operation.requestBody?.schema?.schema;
  if (!schema || !isObject(body)) return body;
  let out: Obj | undefined;
  for (const [name, member] of declaredSchemas(schema)) {
    if (body[name] !== undefined || !('default' in member) || member.readOnly === true) continue;
    out ??= { ...body };
    out[name] = structuredClone(member.default);
  }
  return out ?? body;
}

/**
 * Whether a create may take the id the client sends: when its request schema declares the id member,
 * or declares no member at all. An id only the item declares (`Pet` has it, `NewPet` not) is the
 * server's to assign.
 */
function requestDeclares(operation: OperationModel, member: string): boolean {
  const schema = operation.requestBody?.schema?.schema;
  if (!schema) return true;
  const declared = declaredSchemas(schema);
  return declared.size === 0 || declared.has(member);
}

/** The top-level integers of a JSON body text that a double cannot hold, as their source digits. */
function exactIntegersOf(bodyText: string | undefined): Record<string, string> | undefined {
  if (bodyText === undefined || !/\d{16}/.test(bodyText)) return undefined;
  try {
    const parsed = parseLossless(bodyText);
    if (!isObject(parsed)) return undefined;
    const out: Record<string, string> = {};
    for (const [member, token] of Object.entries(parsed))
      if (isLosslessNumber(token) && /^-?\d+$/.test(token.value) && !Number.isSafeInteger(Number(token.value)))
        out[member] = token.value;
    return Object.keys(out).length > 0 ? out : undefined;
  } catch {
    return undefined;
  }
}

/** An error answer with the first documented status of `statuses` (the first when none is), its body fitted to the spec. */
function failure(
  operation: OperationModel,
  statuses: readonly number[],
  code: MockErrorCode | 'conflict',
  message: string,
): Answer {
  const status = statuses.find((s) => operation.responses[String(s)] !== undefined) ?? statuses[0]!;
  // The core fits every error to the spec's error shape before it leaves (conformError).
  return errorAnswer(mockError(status, code === 'conflict' ? 'invalid_body' : code, message));
}

function notFound(message: string): Answer {
  return errorAnswer(mockError(404, 'not_found', message));
}

function exampleItem(operation: OperationModel): Obj | undefined {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2/.test(status)) continue;
    const found = Object.values(response.examples).find(isObject);
    if (found) return found;
  }
  return undefined;
}

/** Names of a member holding when an item last changed: `updatedAt`, `updated_at`, `lastModified`, `modifiedOn`, `updateTime`, `dateModified`. */
const UPDATE_STAMP =
  /^(?:last_?)?(?:updated|modified|changed)(?:_?(?:at|on|date|time))?$|^(?:date|time)_?(?:updated|modified|changed)$|^update_?time$/i;

/** The instant `now` as the member's schema writes it (a `date-time` string), else undefined. */
function nowIn(schema: JsonSchema | undefined, now: Date): unknown {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  if (type === 'string' && schema?.format === 'date-time') return now.toISOString();
  return undefined;
}

/** Keywords that give a member a value of its own, which {@link ownedValue} takes first. */
const OWN_VALUE_KEYS = ['const', 'default', 'examples', 'example', 'enum'];

/** A value for a member the server owns: the schema's own value (const, default, examples), else the spec's example, else one built from the schema. */
function ownedValue(schema: JsonSchema | undefined, example: unknown): unknown {
  if (schema && OWN_VALUE_KEYS.some((k) => k in schema)) return sampleValue(schema);
  if (example !== undefined) return example;
  return sampleValue(schema);
}

/** The shapes an item can take: each oneOf/anyOf branch with the rest of the schema, or the schema itself. */
function shapesOf(schema: JsonSchema | undefined): (JsonSchema | undefined)[] {
  const branches = schema?.oneOf ?? schema?.anyOf;
  if (!schema || !Array.isArray(branches) || branches.length === 0) return [schema];
  const { oneOf: _one, anyOf: _any, discriminator: _d, ...base } = schema;
  return branches.filter(isObject).map((branch) => ({ allOf: [base, branch] }));
}

/** The `examples` and `example` of a schema, looking through `allOf`. */
function examplesOf(schema: JsonSchema | undefined, depth = 0): unknown[] {
  if (!schema || depth > 8) return [];
  const own = [
    ...(Array.isArray(schema.examples) ? schema.examples : []),
    ...('example' in schema ? [schema.example] : []),
  ];
  const parts = Array.isArray(schema.allOf)
    ? (schema.allOf as JsonSchema[]).flatMap((p) => examplesOf(p, depth + 1))
    : [];
  return [...own, ...parts];
}

/** An example id with its last run of letters and digits replaced by the counter, as wide as the run. */
function counterInto(example: string, n: number): string {
  const m = /[0-9A-Za-z]+$/.exec(example);
  if (!m) return `${example}${n}`;
  const run = m[0];
  const digits = /^\d+$/.test(run) ? String(n) : n.toString(36);
  const written = /^[A-Z0-9]+$/.test(run) && /[A-Z]/.test(run) ? digits.toUpperCase() : digits;
  return example.slice(0, m.index) + written.padStart(run.length, '0');
}

function declaredSchemas(schema: JsonSchema, out = new Map<string, JsonSchema>(), depth = 0): Map<string, JsonSchema> {
  if (depth > 8) return out;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts))
      for (const part of key === 'allOf' ? parts : parts.slice(0, 1))
        if (isObject(part)) declaredSchemas(part, out, depth + 1);
  }
  if (isObject(schema.properties))
    for (const [name, member] of Object.entries(schema.properties)) if (isObject(member)) out.set(name, member);
  return out;
}

function requiredNames(schema: JsonSchema | undefined, depth = 0): string[] {
  if (!schema || depth > 8) return [];
  const own = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const parts = Array.isArray(schema.allOf)
    ? (schema.allOf as JsonSchema[]).flatMap((p) => requiredNames(p, depth + 1))
    : [];
  return [...new Set([...own, ...parts])];
}

/** A path parameter's text as the member's type: `"5"` → 5 for an integer member. */
function typedLike(schema: JsonSchema | undefined, text: string): unknown {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

function fillPath(template: string, values: readonly string[]): string {
  let i = 0;
  // A lone surrogate has no UTF-8 form (encodeURIComponent throws): it is written as U+FFFD.
  return template.replace(/\{[^{}]+\}/g, () =>
    encodeURIComponent(
      (values[i++] ?? '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
    ),
  );
}

function singular(name: string): string {
  if (/ies$/i.test(name)) return `${name.slice(0, -3)}y`;
  if (/s$/i.test(name) && !/ss$/i.test(name)) return name.slice(0, -1);
  return name;
}

function segmentsOf(template: string): string[] {
  return template.split('/').filter((s) => s !== '');
}

/** The name of a segment that is exactly one path parameter (`{orgId}` → `orgId`). */
function parameterName(segment: string): string | undefined {
  return /^\{([^{}]+)\}$/.exec(segment)?.[1];
}

/** Two path template segments that match the same request segments: equal literals, or both one parameter. */
function sameSegment(a: string, b: string): boolean {
  const pa = parameterName(a);
  const pb = parameterName(b);
  return pa !== undefined || pb !== undefined ? pa !== undefined && pb !== undefined : a === b;
}
