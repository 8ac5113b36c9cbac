import type { OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import type { Answer } from '../answer.js';
import type { RequestInput } from '../request-input.js';
import { jsonPatch, mergePatch } from './apply-patch.js';
import { failure, respond, successStatus } from './answers.js';
import type { StoredItem } from './collection-store.js';
import { exactIntegersOf, exactWriter } from './exact-digits.js';
import { shapesOf } from './item-schema.js';
import { clientMembers, fillOwned } from './owned-members.js';
import { type Collection, type Obj, type ResourceState, visible } from './resource-state.js';

/**
 * The replace and update stage: PUT takes the body as the new item, PATCH applies a JSON merge patch
 * (or a JSON Patch when the request says `application/json-patch+json`). The server's members stay
 * the server's; a result the item schema refuses is the documented 400 or 422.
 */
export function changeItem(
  state: ResourceState,
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
    fillOwned(state, collection, shape, operation, candidate, scope, found.value);
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
  const kept = state.exactOf.get(found.value);
  const exact = sent || kept ? { ...(role === 'update' ? kept : {}), ...sent } : undefined;
  const answer = respond(
    operation,
    successStatus(operation, '200'),
    visible(collection, value),
    exactWriter(exact),
    collection.model.itemEnvelope?.member,
  );
  if (answer) {
    collection.store.put(scope, found.id, value, false);
    if (exact) state.exactOf.set(value, exact);
  }
  return answer;
}
