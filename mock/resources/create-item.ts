import type { OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import { singular } from '../../spec/resources/names.js';
import type { Answer } from '../answer.js';
import type { RequestInput } from '../request-input.js';
import { failure, respond, successStatus } from './answers.js';
import { keyOf } from './collection-store.js';
import { exactIntegersOf, exactWriter } from './exact-digits.js';
import { requestDeclares, shapesOf, withRequestDefaults } from './item-schema.js';
import { mintId } from './mint-id.js';
import { clientMembers, fillOwned, fitMembers } from './owned-members.js';
import type { Obj, Collection, ResourceState } from './resource-state.js';
import { visible } from './resource-state.js';
import { isExampleSeed } from './seed-items.js';

/**
 * The create stage: a new item from the request's body (the client's members, the server's filled in,
 * the first shape of the item schema it fits), under a minted id or the one the client may choose,
 * stored in its scope and answered with its `Location` where the spec documents one. Undefined when
 * no item fitting the schema can be made (Prism answers instead).
 */
export function createItem(
  state: ResourceState,
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
      fillOwned(state, collection, shape, operation, candidate, scope, undefined);
      if (fit) {
        if (!fitMembers(state, shape, candidate)) continue;
        fillOwned(state, collection, shape, operation, candidate, scope, undefined);
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
  const answer = respond(
    operation,
    status,
    visible(collection, value),
    exactWriter(exact),
    collection.model.itemEnvelope?.member,
  );
  if (!answer) return undefined;
  collection.store.put(scope, id, value, true);
  if (exact) state.exactOf.set(value, exact);
  return m.id?.location && m.itemPath
    ? {
        ...answer,
        headers: {
          ...answer.headers,
          Location: state.itemLocation(m, [...scope, keyOf(id)]),
        },
      }
    : answer;
}
