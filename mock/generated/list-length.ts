import type { OperationModel } from '../../spec/index.js';
import type { ResourceModel } from '../../spec/resources/index.js';
import type { RequestInput } from '../request-input.js';
import { collectionOf } from './collection-of.js';

/** How many items a generated list holds, and where the list is (a member of an envelope, or the body). */
export interface ListLength {
  readonly items: number;
  readonly member?: string;
}

/** Items of a generated list when the operation has no page size, and the most any generated list holds. */
export const DEFAULT_GENERATED_ITEMS = 10;
export const MAX_GENERATED_ITEMS = 100;

/**
 * How long a generated list answer is: the page size the request asks for (`limit=3` → 3), else its
 * default, else {@link DEFAULT_GENERATED_ITEMS}; at most {@link MAX_GENERATED_ITEMS}. Undefined for
 * operations that are not lists.
 */
export function generatedListLength(
  model: ResourceModel,
  operation: OperationModel,
  input: RequestInput,
): ListLength | undefined {
  const found = collectionOf(model, operation);
  if (found?.role !== 'list') return undefined;
  const page = found.collection.pageSize;
  const asked = page ? input.query[page.parameter] : undefined;
  const size =
    typeof asked === 'number'
      ? asked
      : (page?.default ?? Math.min(DEFAULT_GENERATED_ITEMS, page?.maximum ?? DEFAULT_GENERATED_ITEMS));
  const items = Math.max(0, Math.min(MAX_GENERATED_ITEMS, Math.floor(size)));
  const member = found.collection.envelope?.member;
  return member === undefined ? { items } : { items, member };
}
