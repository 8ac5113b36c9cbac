import type { OperationModel } from '../../spec/index.js';
import type { CollectionModel, OperationRole, ResourceModel } from '../../spec/resources/index.js';

/** An operation's role and the collection it acts on, from the resource model. */
export interface CollectionRole {
  readonly role: OperationRole;
  readonly collection: CollectionModel;
}

const cache = new WeakMap<ResourceModel, Map<string, CollectionRole | undefined>>();

/** The operation's collection and role (list, create, read ...), or undefined outside collections. Cached per model. */
export function collectionOf(model: ResourceModel, operation: OperationModel): CollectionRole | undefined {
  let byId = cache.get(model);
  if (!byId) {
    const collections = new Map(model.collections.map((c) => [c.path, c]));
    byId = new Map(
      model.operations.map((a) => {
        const collection = a.collection === undefined ? undefined : collections.get(a.collection);
        return [a.operationId, collection ? { role: a.role, collection } : undefined];
      }),
    );
    cache.set(model, byId);
  }
  return byId.get(operation.operationId);
}
