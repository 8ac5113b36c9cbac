/**
 * The stateful mode's store for every resource the spec's resource model infers (`spec/resources/`).
 * @packageDocumentation
 */
export { createResourceMock } from './create-resource-mock.js';
export type { ResourceMock, ResourceMockOptions } from './create-resource-mock.js';
export { CollectionStore, keyOf } from './collection-store.js';
export type { SeedItem, StoredItem } from './collection-store.js';
export { seedItems, seedSources } from './seed-items.js';
export type { SeedData, SeedDataSource } from './seed-items.js';
export { jsonPatch, mergePatch } from './apply-patch.js';
export type { PatchResult } from './apply-patch.js';
export { conformError } from './conform-error.js';
