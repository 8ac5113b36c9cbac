import type { OperationModel } from '../../spec/index.js';
import type { Answer } from '../answer.js';
import { respond, successStatus } from './answers.js';
import { type StoredItem, keyOf } from './collection-store.js';
import { type Collection, type ResourceState, visible } from './resource-state.js';

/** The delete stage: the item leaves its scope, and the items of every collection below it go with it. */
export function removeItem(
  state: ResourceState,
  collection: Collection,
  operation: OperationModel,
  scope: readonly string[],
  found: StoredItem,
): Answer | undefined {
  const status = successStatus(operation, '204');
  const answer = respond(
    operation,
    status,
    visible(collection, found.value),
    undefined,
    collection.model.itemEnvelope?.member,
  );
  if (!answer) return undefined;
  collection.store.delete(scope, found.id);
  // Children of a deleted item go with it.
  for (const child of state.current.collections.values()) {
    if (child.model.scope.length > scope.length && isBelow(state, child, collection))
      child.store.dropScopesUnder([...scope, keyOf(found.id)]);
  }
  return answer;
}

function isBelow(state: ResourceState, child: Collection, ancestor: Collection): boolean {
  const parent = child.model.parent && state.current.collections.get(child.model.parent.collection);
  if (!parent) return false;
  return parent === ancestor || isBelow(state, parent, ancestor);
}
