import type { OperationModel } from '../../spec/model.js';
import { challengeOf } from '../../spec/security/index.js';
import { absoluteLocation } from '../absolute-location.js';
import type { Answer } from '../answer.js';
import { conformSuccess } from '../conform-answer.js';
import { cutToPage } from '../generated/list-length.js';
import type { RequestInput } from '../request-input.js';
import { conformError } from '../resources/conform-error.js';
import type { CoreParts, CoreRequest, Served } from './types.js';
import { hasHeader, joined, withHeaders } from './wire.js';

/**
 * The stage after an operation's answer is decided: an error takes the shape and media type the
 * operation documents for its status, and a success a body that fits its schema in the media type
 * the client accepts (or one generated in its place); then a 401's challenge names the operation's
 * schemes, a Location becomes absolute, and the operation's own headers (deprecation) are added.
 */
export async function finishAnswer(
  req: CoreRequest,
  operation: OperationModel,
  decided: Answer,
  path: string,
  search: string,
  current: Served,
  parts: Pick<CoreParts, 'resources'>,
): Promise<Answer> {
  // Errors from any layer (auth, validation, store) take the shape and media type the operation documents for their status.
  const errorChecked = conformError(current.spec, operation, decided);
  // Successes too: the body fits its schema in the media type the client accepts, or is replaced.
  const conformed = await conformSuccess(operation, errorChecked, joined(req.headers.accept), async (status, attempt) =>
    cutToPage(
      parts.resources.model,
      operation,
      pageQueryOf(search),
      await generated(operation, path, status, attempt, current),
    ),
  );
  // A 401 forced through Prefer names the operation's own schemes too (Bearer, Basic, APIKey ...),
  // last among the headers, where the generic fallback in respond() puts it.
  const challenge =
    conformed.status === 401 && !hasHeader(conformed.headers ?? {}, 'www-authenticate')
      ? challengeOf(operation.security, { realm: current.spec.title })
      : undefined;
  const challenged =
    challenge === undefined
      ? conformed
      : { ...conformed, headers: { ...conformed.headers, 'WWW-Authenticate': challenge } };
  const located = absoluteLocation(operation, challenged, req.url, joined(req.headers.host));
  return withHeaders(located, current.operationHeaders.get(operation) ?? {});
}

/** A body the engine generates from the spec for a status (undefined when it cannot). */
async function generated(
  operation: OperationModel,
  path: string,
  status: number,
  attempt: number,
  current: Served,
): Promise<unknown> {
  const request = { path: path.slice(current.spec.basePath.length), query: {}, headers: {}, body: undefined };
  const result = await current.engine.answer(operation, request, {
    dynamic: true,
    code: status,
    seed: `conform-${attempt}`,
  });
  return result.ok && result.status === status ? result.body : undefined;
}

/** The query's numeric values, as far as a page cut reads them (`pageSize=2` → 2); others as text. */
function pageQueryOf(search: string): RequestInput {
  const query: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(search.startsWith('?') ? search.slice(1) : search))
    query[name] = /^\d+$/.test(value) ? Number(value) : value;
  return { query } as unknown as RequestInput;
}
