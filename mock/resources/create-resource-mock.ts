import type { OperationModel, SpecModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import type { ResourceModel } from '../../spec/resources/index.js';
import { parameterOf, segmentsOf, singular } from '../../spec/resources/names.js';
import type { Answer } from '../answer.js';
import type { RequestInput } from '../request-input.js';
import { answerSingleton } from './answer-singleton.js';
import { notFound, respond, successStatus } from './answers.js';
import { changeItem } from './change-item.js';
import { keyOf } from './collection-store.js';
import { createItem } from './create-item.js';
import { exactWriter } from './exact-digits.js';
import { listItems } from './list-items.js';
import { removeItem } from './remove-item.js';
import {
  type Collection,
  type ItemAbove,
  type ResourceMockOptions,
  ResourceState,
  scopeOf,
  visible,
} from './resource-state.js';

export type { ResourceMockOptions } from './resource-state.js';

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
  const state = new ResourceState(spec, options);

  /**
   * The collections whose items the operation's path passes through, outermost first (the first
   * missing item is the one to name), each with the operation's path parameters up to its item.
   * Asked on every stateful request: computed once per operation and spec.
   */
  function itemsAbove(operation: OperationModel): ItemAbove[] {
    const segments = segmentsOf(operation.path);
    const above: { collection: Collection; length: number }[] = [];
    for (const collection of state.current.collections.values()) {
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
          .map(parameterOf)
          .filter((name): name is string => name !== undefined),
      }));
  }

  function answer(operation: OperationModel, input: RequestInput, contentType: string | undefined): Answer | undefined {
    const assignment = state.current.roles.get(operation.operationId);
    const missing = belowMissingItem(operation, input);
    if (missing) return missing;
    if (!assignment || assignment.role === 'other') return undefined;
    if (assignment.singleton !== undefined) {
      const singleton = state.current.singletons.get(assignment.singleton);
      return singleton ? answerSingleton(state, singleton, assignment, operation, input, contentType) : undefined;
    }
    const collection =
      assignment.collection === undefined ? undefined : state.current.collections.get(assignment.collection);
    if (!collection) return undefined;
    const scope = scopeOf(collection.model.scope, input);
    switch (assignment.role) {
      case 'list':
        return listItems(state, collection, operation, input, scope);
      case 'create':
        return createItem(state, collection, operation, input, scope);
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
            return createItem(state, collection, operation, input, scope, id);
          return notFound(`No ${singular(collection.model.name)} has the ${idModel.parameter} ${keyOf(id)}.`);
        }
        if (assignment.role === 'read')
          return respond(
            operation,
            successStatus(operation, '200'),
            visible(collection, found.value),
            exactWriter(state.exactOf.get(found.value)),
            collection.model.itemEnvelope?.member,
          );
        if (assignment.role === 'delete') return removeItem(state, collection, operation, scope, found);
        return changeItem(state, collection, operation, input, scope, found, assignment.role, contentType);
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
    let above = state.current.above.get(operation);
    if (!above) state.current.above.set(operation, (above = itemsAbove(operation)));
    for (const { collection, names } of above) {
      const values = names.map((name) => input.path[name]);
      const id = values.at(-1);
      if (id === undefined || values.length !== collection.model.scope.length + 1) continue;
      if (collection.store.has(values.slice(0, -1).map(keyOf), id)) continue;
      return notFound(`No ${singular(collection.model.name)} has the ${collection.model.id!.parameter} ${keyOf(id)}.`);
    }
    return undefined;
  }

  return {
    get model() {
      return state.current.model;
    },
    get size() {
      let n = 0;
      for (const c of state.current.collections.values()) n += c.store.size;
      return n;
    },
    answer,
    locationOf(operation, input, body) {
      const assignment = state.current.roles.get(operation.operationId);
      const collection =
        assignment?.role === 'create' && assignment.collection !== undefined
          ? state.current.collections.get(assignment.collection)
          : undefined;
      const m = collection?.model;
      const idMember = m?.id?.member;
      if (!m?.id?.location || !m.itemPath || idMember === undefined || !isObject(body)) return undefined;
      const id = body[idMember];
      if (id === undefined || id === null || typeof id === 'object') return undefined;
      return state.itemLocation(m, [...scopeOf(m.scope, input), keyOf(id)]);
    },
    reset() {
      for (const c of state.current.collections.values()) c.store.reset();
      for (const s of state.current.singletons.values()) s.values.clear();
    },
    counts() {
      const out: Record<string, number> = {};
      for (const [path, c] of state.current.collections) if (c.store.used) out[path] = c.store.size;
      return out;
    },
    update(next) {
      state.update(next);
    },
  };
}

/** Two path template segments that match the same request segments: equal literals, or both one parameter. */
function sameSegment(a: string, b: string): boolean {
  const pa = parameterOf(a);
  const pb = parameterOf(b);
  return pa !== undefined || pb !== undefined ? pa !== undefined && pb !== undefined : a === b;
}
