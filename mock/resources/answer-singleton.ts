import type { OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import type { OperationAssignment } from '../../spec/resources/index.js';
import type { Answer } from '../answer.js';
import type { RequestInput } from '../request-input.js';
import { jsonPatch, mergePatch } from './apply-patch.js';
import { failure, notFound, respond, successStatus } from './answers.js';
import { type Obj, type ResourceState, type Singleton, scopeOf } from './resource-state.js';

/**
 * The singleton stage (`/users/{id}/settings`): read, replace, update and delete one value per scope,
 * starting from the read's documented example.
 */
export function answerSingleton(
  state: ResourceState,
  singleton: Singleton,
  assignment: OperationAssignment,
  operation: OperationModel,
  input: RequestInput,
  contentType: string | undefined,
): Answer | undefined {
  const key = scopeOf(singleton.model.scope, input).join('/');
  const read =
    singleton.model.operations.read && state.current.spec.operation(singleton.model.operations.read.operationId);
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
        if (!patched.ok) return failure(operation, [400, 409, 422], 'invalid_body', `request body: ${patched.message}`);
        value = patched.value;
      } else value = mergePatch(base, input.body);
      if (!isObject(value))
        return failure(operation, [400, 422], 'invalid_body', 'request body: the result is not an object');
      const answer = respond(operation, successStatus(operation, '200'), value);
      if (answer) keep(state, singleton, key, value);
      return answer;
    }
    case 'delete': {
      const answer = respond(operation, successStatus(operation, '204'), now ?? {});
      if (answer) keep(state, singleton, key, null);
      return answer;
    }
    default:
      return undefined;
  }
}

/** Stores a singleton's value for one scope; past `capacity` scopes, the oldest goes (memory stays bounded). */
function keep(state: ResourceState, singleton: Singleton, key: string, value: Obj | null): void {
  singleton.values.delete(key);
  singleton.values.set(key, value);
  if (singleton.values.size > state.options.capacity) singleton.values.delete(singleton.values.keys().next().value!);
}
