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
