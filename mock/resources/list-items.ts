import type { OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import { inListOrder, outsideRange, rangeBound } from '../../spec/resources/list-rules.js';
import type { Answer } from '../answer.js';
import type { RequestInput } from '../request-input.js';
import { TOTAL_MEMBERS } from '../total-members.js';
import { respond, successStatus, withTotalHeader } from './answers.js';
import { keyOf } from './collection-store.js';
import { withExactItems } from './exact-digits.js';
import { type Collection, type Obj, type ResourceState, visible } from './resource-state.js';
import { sampleValue } from '../../spec/generate/index.js';
import { envelopeHolder, withEnvelopeItems } from '../../spec/resources/envelope.js';

/** Distinct list answers remembered per collection between changes. */
const LISTS_REMEMBERED = 64;

/**
 * The list stage: one page of a collection's items in a scope, filtered, ranged and ordered as the
 * spec's parameters and words say, in the list's envelope when it has one, with its total.
 */
export function listItems(
  state: ResourceState,
  collection: Collection,
  operation: OperationModel,
  input: RequestInput,
  scope: readonly string[],
): Answer | undefined {
  const m = collection.model;
  const given = countOf(m.pageSize ? input.query[m.pageSize.parameter] : undefined);
  const size = given ?? m.pageSize?.default ?? m.pageSize?.maximum ?? Number.POSITIVE_INFINITY;
  let start = 0;
  const at = m.page ? input.query[m.page.parameter] : undefined;
  if (m.page && typeof at === 'number')
    start = m.page.kind === 'offset' ? at : Number.isFinite(size) ? (at - m.page.first) * size : 0;
  // The same list asked again while nothing changed gets the same answer, not a new filter, check and
  // stringify: a client polling a list is the mock's most common load (issue 23).
  let key = `${operation.operationId}\u0000${scope.join('/')}\u0000${size}\u0000${start}`;
  for (const filter of [...m.filters, ...(m.ranges ?? [])]) {
    const wanted = input.query[filter.parameter];
    key += wanted === undefined ? '\u0000' : `\u0000=${keyOf(wanted)}`;
  }
  const lists = collection.lists;
  const version = collection.store.version;
  if (lists.version !== version) {
    lists.answers.clear();
    lists.version = version;
  }
  if (lists.answers.has(key)) return lists.answers.get(key);
  const answer = listAnswer(state, collection, operation, input, scope, size, start);
  if (lists.answers.size >= LISTS_REMEMBERED) lists.answers.clear();
  lists.answers.set(key, answer);
  return answer;
}

function listAnswer(
  state: ResourceState,
  collection: Collection,
  operation: OperationModel,
  input: RequestInput,
  scope: readonly string[],
  size: number,
  start: number,
): Answer | undefined {
  const m = collection.model;
  let items = collection.store.list(scope);
  for (const filter of m.filters) {
    const wanted = input.query[filter.parameter];
    if (wanted !== undefined)
      items = items.filter(
        (item) => item.value[filter.member] !== undefined && keyOf(item.value[filter.member]) === keyOf(wanted),
      );
  }
  // Range filters the parameters' words state ("at or after this instant"), which the kit judges too.
  for (const range of m.ranges ?? []) {
    const bound = rangeBound(range, input.query[range.parameter]);
    if (bound !== undefined) items = items.filter((item) => outsideRange(range, bound, item.value) === false);
  }
  // The order the spec's words give the list (`sorted by \`startsAt\` ascending`), which the kit judges too.
  if (m.order) items = inListOrder(m.order, items, (item) => item.value);
  const total = items.length;
  let exact = false;
  const page = items.slice(Math.max(0, start), Math.max(0, start) + size).map((item) => {
    const shown = visible(collection, item.value);
    const digits = state.exactOf.get(item.value);
    if (digits) {
      state.exactOf.set(shown, digits);
      exact = true;
    }
    return shown;
  });
  // Integers beyond 2^53 items were created with are listed as sent, digit for digit.
  const write = exact
    ? (value: unknown) => withExactItems(value, m.envelope, (item) => state.exactOf.get(item))
    : undefined;
  const status = successStatus(operation, '200');
  if (!m.envelope) return withTotalHeader(operation, status, respond(operation, status, page, write), total);
  const schema = operation.responses[status]?.schema?.schema;
  const example = Object.values(operation.responses[status]?.examples ?? {}).find(isObject);
  const body = withEnvelopeItems(
    m.envelope,
    isObject(example) ? example : isObject(sampleValue(schema)) ? (sampleValue(schema) as Obj) : {},
    page,
  ) as Obj;
  // Totals sit beside the items: at the root, or in the wrapper that holds them (`data.total`).
  const holder = envelopeHolder(m.envelope, body) ?? body;
  for (const name of TOTAL_MEMBERS) {
    if (name in holder && typeof holder[name] === 'number') holder[name] = total;
  }
  return withTotalHeader(operation, status, respond(operation, status, body, write), total);
}

/** A page size or page number as sent: a number, or a string of digits (a spec typing it as a string). */
function countOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}
