import type { OperationModel } from '../spec/index.js';

/**
 * Names APIs give the item count beside a page in a list envelope (`{items, total}`): the stateful
 * store writes its count there, generated answers the count they made up.
 */
export const TOTAL_MEMBERS: readonly string[] = [
  'total',
  'totalCount',
  'total_count',
  'count',
  'totalItems',
  'total_items',
  'totalElements',
  'total_results',
  'totalResults',
];

/**
 * Names APIs give a response header that counts a list's items beside a bare array page
 * (`X-Total-Count`, `X-Total`, `Total-Count`, `X-Pagination-Total-Count`), lower-case as the spec
 * model keys them: the stateful store sends its count there when the list documents one.
 */
const TOTAL_HEADER = /^(?:x-)?(?:pagination-)?(?:total|total-count|total-items|total-results|result-count)$/;

/** The name (as the spec writes it) of the count header the response for `status` documents, if any. */
export function countHeaderOf(operation: OperationModel, status: number): string | undefined {
  const headers = operation.responseFor(status)?.headers ?? {};
  const key = Object.keys(headers).find((name) => TOTAL_HEADER.test(name));
  return key === undefined ? undefined : headers[key]!.name;
}
