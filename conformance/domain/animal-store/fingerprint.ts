import type { OperationFingerprint } from '../../../spec/fingerprint.js';

/**
 * The Animal Store's three operations: a spec with all of them (same operationId, method and path)
 * is the Animal Store, for the kit's rules (`select-rules.ts`) and the mock's plug-in (`mock.ts`) alike.
 */
export const ANIMAL_STORE_OPERATIONS: OperationFingerprint = {
  listPets: 'GET /pets',
  createPet: 'POST /pets',
  getPet: 'GET /pets/{petId}',
};
