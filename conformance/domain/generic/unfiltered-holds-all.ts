import type { JsonSchema, SpecModel } from '../../../spec/index.js';
import type { CollectionModel, FilterModel } from '../../../spec/resources/index.js';
import type { Case, WireJson } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import type { Finding, ItemRef } from '../../findings/index.js';
import { mergeAllOf } from '../../generate/index.js';
import type { SequenceContext } from '../rules.js';
import {
  createCase,
  createdItem,
  holdsEverything,
  is2xx,
  largestPage,
  operationsOf,
  requiredMembers,
  scopeOf,
  withoutMember,
} from './collection-requests.js';
import { idOfItem, itemsOf } from './items.js';

const FAMILY = 'semantics.unfiltered';

/**
 * Values that name an item set aside (deleted, archived, …): a service may keep those out of its
 * ordinary list without saying so, as a recycle bin does; they are not created.
 */
const SET_ASIDE = /^(deleted|archived|trashed|removed|hidden|disabled|inactive|closed|expired)$/i;

/**
 * Enum filters a creation can set, with the values to create: the list parameter has no default (a
 * default would filter the list left without it) and is not required, and the create body declares
 * the member.
 */
export function settableEnumFilters(spec: SpecModel, collection: CollectionModel): FilterModel[] {
  const { list, create } = operationsOf(spec, collection);
  const body = create?.requestBody?.schema.schema;
  if (!list || !body) return [];
  const properties = (mergeAllOf(body).properties ?? {}) as Record<string, JsonSchema>;
  return collection.filters.filter((filter) => {
    const parameter = list.parameters.find((p) => p.name === filter.parameter && p.in === 'query');
    return (
      filter.kind === 'enum' &&
      (filter.values?.length ?? 0) > 0 &&
      parameter !== undefined &&
      !parameter.required &&
      parameter.schema.schema.default === undefined &&
      properties[filter.member] !== undefined &&
      mergeAllOf(properties[filter.member]!).readOnly !== true
    );
  });
}

/**
 * A list without a filter parameter is not filtered: it holds items of every value of the member
 * the filter would narrow by. Creates one item with each value of each enum filter (status=sold, …),
 * and one without the member where it is optional, then reads the list at its largest page: while it holds everything (shorter than that page, not
 * narrowed, no next page), every item created is in it. A store larger than the page gives no
 * verdict (the contract orders nothing, so the page may hold any of them).
 */
export async function probeUnfilteredHoldsAll(
  context: SequenceContext,
  spec: SpecModel,
  collection: CollectionModel,
  rewrite: (c: Case) => Case = (c) => c,
): Promise<Finding[]> {
  const { list, create } = operationsOf(spec, collection);
  const filters = settableEnumFilters(spec, collection);
  if (context.readOnly || !list || !create || !collection.id || filters.length === 0) return [];
  const scope = scopeOf(context, collection, list);
  if (!scope) return [];
  // Only worth the creations while the store may still fit in one page.
  const page = largestPage(list, collection, scope, FAMILY);
  const before = await context.send(page.testCase);
  if (!holdsEverything(before, collection, page.cap)) return [];
  const shownBefore = itemsOf(collection, before.response!.exactJson ?? before.response!.json)!.length;
  const made: { item: ItemRef; filter: FilterModel; value: unknown }[] = [];
  const required = requiredMembers(create);
  for (const filter of filters) {
    // Each value, and no value at all where the member is optional (an item the filter never matches).
    const values: unknown[] = filter.values!.filter((v) => !(typeof v === 'string' && SET_ASIDE.test(v)));
    if (!required.has(filter.member)) values.push(undefined);
    for (const value of values) {
      const ordinary = createCase(
        context,
        create,
        scope,
        FAMILY,
        value === undefined ? {} : { [filter.member]: value as WireJson },
      );
      const exchange = await context.send(
        rewrite(value === undefined ? withoutMember(ordinary, filter.member) : ordinary),
      );
      const item = createdItem(collection, create, exchange);
      if (item && is2xx(exchange)) made.push({ item, filter, value });
    }
  }
  if (made.length === 0) return [];
  const listed = await context.send(page.testCase);
  if (!holdsEverything(listed, collection, page.cap)) return [];
  const r = listed.response!;
  const items = itemsOf(collection, r.exactJson ?? r.json)!;
  // A list that did not grow with the creations is cut short by the server, not complete.
  if (items.length <= shownBefore) return [];
  const ids = new Set(items.map((item) => idOfItem(collection, item)));
  const missing = made.find(({ item }) => !ids.has(item.id));
  if (!missing) return [];
  return [
    findingOf(listed, {
      code: 'semantic_violation',
      severity: 'failure',
      check: 'semantics.list_shows_created',
      evidence: {
        rule: 'unfiltered-hides',
        list: list.operationId,
        items: items.length,
        parameter: missing.filter.parameter,
        member: missing.filter.member,
        ...(missing.value === undefined
          ? {}
          : { value: typeof missing.value === 'string' ? missing.value : JSON.stringify(missing.value) }),
        item: missing.item,
        inference: missing.filter.reason,
      },
    }),
  ];
}
