import type { OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import { type Answer, errorAnswer, jsonAnswer } from '../answer.js';
import { type MockErrorCode, mockError } from '../errors.js';
import { countHeaderOf } from '../total-members.js';
import { withMediaType } from './conform-error.js';
import { sampleValue } from '../../spec/generate/index.js';

// The answers every stage of the stateful store gives: a success fitted to its documented status, an
// error by the documented status of a list, a plain 404.

/** The documented 2xx status to answer with: the role's usual one when documented, else the first 2xx. */
export function successStatus(operation: OperationModel, usual: string): string {
  if (operation.responses[usual] !== undefined) return usual;
  return (
    Object.keys(operation.responses)
      .filter((s) => /^2\d\d$/.test(s))
      .sort()[0] ?? usual
  );
}

/**
 * A 2xx answer checked against the status's schema: as is when it fits, else wrapped in the member
 * `itemMember` names where the spec wraps its items (`{transaction: {...}}`, the collection's item
 * envelope), else completed with the schema's required members when that makes it fit, else
 * undefined (Prism answers instead). No body when the status documents none.
 */
export function respond(
  operation: OperationModel,
  status: string,
  body: unknown,
  write: (value: unknown) => string = JSON.stringify,
  itemMember?: string,
): Answer | undefined {
  const response = operation.responseFor(Number(status));
  const code = Number(status);
  if (!response || response.mediaTypes.length === 0 || code === 204) return { status: code, json: undefined };
  const check = response.schema;
  const answer = (value: unknown) => withMediaType(jsonAnswer(code, write(value)), response.mediaTypes);
  if (!check || check.validate(body).ok) return answer(body);
  const sample = sampleValue(check.schema);
  if (isObject(body) && isObject(sample)) {
    const wrapped = itemMember === undefined ? undefined : { ...sample, [itemMember]: body };
    for (const completed of [wrapped, { ...sample, ...body }])
      if (completed !== undefined && check.validate(completed).ok) return answer(completed);
  }
  // The status documents another body than the item (`{"accepted": true}`): its example, or one built from its schema.
  const replacement = [...Object.values(response.examples), sample].find((candidate) => check.validate(candidate).ok);
  return replacement === undefined ? undefined : answer(replacement);
}

/** A list answer with the count header its response documents (`X-Total-Count`, {@link countHeaderOf}) set to `total`. */
export function withTotalHeader(
  operation: OperationModel,
  status: string,
  answer: Answer | undefined,
  total: number,
): Answer | undefined {
  const name = countHeaderOf(operation, Number(status));
  if (!answer || name === undefined) return answer;
  return { ...answer, headers: { ...answer.headers, [name]: String(total) } };
}

/** An error answer with the first documented status of `statuses` (the first when none is), its body fitted to the spec. */
export function failure(
  operation: OperationModel,
  statuses: readonly number[],
  code: MockErrorCode | 'conflict',
  message: string,
): Answer {
  const status = statuses.find((s) => operation.responses[String(s)] !== undefined) ?? statuses[0]!;
  // The core fits every error to the spec's error shape before it leaves (conformError).
  return errorAnswer(mockError(status, code === 'conflict' ? 'invalid_body' : code, message));
}

export function notFound(message: string): Answer {
  return errorAnswer(mockError(404, 'not_found', message));
}
