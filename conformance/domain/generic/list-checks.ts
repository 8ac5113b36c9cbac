import {
  type CollectionModel,
  envelopeHolder,
  firstOutOfOrder,
  isPagingName,
  outsideRange,
  type RangeFilterModel,
  rangeBound,
  segmentsOf,
  singular,
} from '../../../spec/resources/index.js';
import type { JsonSchema, OperationModel } from '../../../spec/index.js';
import type { SpecWords } from '../../../spec/spec-words.js';
import { statedFilter } from './stated-filter.js';
import { isFreeText, mergeAllOf } from '../../generate/index.js';
import type { Exchange } from '../../cases/index.js';
import type { RegisteredCheck } from '../../checks/index.js';
import { findingOf } from '../../checks/index.js';
import { type Finding, specBasis } from '../../findings/index.js';
import { idOfItem, itemsOf } from './items.js';
import { sameNumber } from './same-value.js';

/** The value of a query parameter the case sent (the last one, as most servers read repeats). */
function sent(query: readonly (readonly [string, string])[], name: string): string | undefined {
  return [...query].reverse().find(([k]) => k === name)?.[1];
}

/**
 * A page holds at most as many items as its page-size parameter asks, and at most its documented
 * default when the parameter is left out. Rests on the page-size inference, which it names.
 */
export function pageSizeCheck(collection: CollectionModel): RegisteredCheck | undefined {
  const page = collection.pageSize;
  if (!page) return undefined;
  return {
    name: () => 'semantics.page_size',
    run: ({ exchange }) => {
      const r = exchange.response;
      if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind !== 'valid') return [];
      const items = itemsOf(collection, r.json);
      if (!items) return [];
      const text = sent(exchange.case.query, page.parameter);
      const cap =
        text !== undefined && /^\d+$/.test(text) ? Number(text) : text === undefined ? page.default : undefined;
      // A page size of 0 is "no limit" to many servers (@dataui/crud, Spring's unpaged, SQL's LIMIT
      // ALL by another name), and a parameter that allows 0 does not say which (held-out set 63).
      if (cap === undefined || cap === 0 || items.length <= cap) return [];
      return [
        findingOf(exchange, {
          code: 'semantic_violation',
          severity: 'failure',
          check: 'semantics.page_size',
          // The parameter's own words ("Limit the number of users") are the spec's: no inference then.
          ...(page.stated ? { basis: specBasis(page.stated) } : {}),
          evidence: {
            rule: 'page-size',
            items: items.length,
            cap,
            parameter: page.parameter,
            asked: text !== undefined,
            inference: page.reason,
          },
        }),
      ];
    },
  };
}

/**
 * Every item of a filtered list has the member value the filter asked for. Rests on the filter
 * inference, which a target confirms on values it filters by; an empty or blank value (`?name=`,
 * `?name=%20`) is not one of them: many servers read it as no filter at all (`if (name)`, after a
 * trim), and the document does not say which (held-out set 51). A free-text member may be
 * searched rather than matched (`?name=Gala` keeps "Summer Gala 2026", held-out set 65): the
 * document says neither, so an item whose value holds the text, in any case, is kept rightly.
 */
export function filterChecks(collection: CollectionModel, list?: OperationModel): RegisteredCheck[] {
  const properties = (collection.itemSchema ? (mergeAllOf(collection.itemSchema).properties ?? {}) : {}) as Record<
    string,
    JsonSchema
  >;
  return collection.filters.map((filter) => {
    const searchable = isFreeText(properties[filter.member]);
    // Where the spec states the filter (its words, or the member's own enum), it is no inference.
    const stated = list ? statedFilter(list, collection, filter) : undefined;
    return {
      name: () => 'semantics.filter',
      run: ({ exchange }) => {
        const r = exchange.response;
        if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind !== 'valid') return [];
        const wanted = sent(exchange.case.query, filter.parameter);
        const items = itemsOf(collection, r.json);
        if (wanted === undefined || wanted.trim() === '' || !items) return [];
        const off = items.filter((item) => {
          const value = memberOf(item, filter.member);
          if (value === undefined) return true;
          if (searchable && typeof value === 'string' && value.toLowerCase().includes(wanted.toLowerCase()))
            return false;
          return !isValueSent(value, wanted);
        });
        if (off.length === 0) return [];
        return [filterFinding(exchange, filter, String(wanted), items, off, stated)];
      },
    };
  });
}

/**
 * Whether a listed member holds the value a filter sent: the same text, or, for an integer beyond
 * ±(2^53−1), the same double (a server that reads numbers as doubles stores -2^63 as
 * -9223372036854776000; that rounding is the `integer-precision` gap, RFC 8259 §6, not another value).
 */
function isValueSent(value: unknown, wanted: string): boolean {
  if ((typeof value === 'string' ? value : JSON.stringify(value)) === wanted) return true;
  return (
    typeof value === 'number' &&
    /^-?\d+$/.test(wanted) &&
    !Number.isSafeInteger(Number(wanted)) &&
    sameNumber(wanted, String(value))
  );
}

/** A member of an item, or undefined for an item that is no object. */
export function memberOf(item: unknown, member: string): unknown {
  return item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[member] : undefined;
}

/**
 * The member by which an item of a nested collection names its parent, for a scope parameter. A
 * parameter named like an id of its own (`id` in `/movies/{id}/quotes`) is not that member: each
 * quote's `id` is the quote's (held-out set 33). Then the parent's singular name is tried
 * (`movieId`, `movie_id`); undefined when the item declares neither.
 */
export function scopeMemberOf(collection: CollectionModel, parameter: string): string | undefined {
  const own = collection.id?.member ?? 'id';
  if (parameter !== own && parameter.toLowerCase() !== 'id') return parameter;
  const segments = segmentsOf(collection.path);
  const at = segments.indexOf(`{${parameter}}`);
  const segment = at > 0 ? segments[at - 1]! : undefined;
  // `movies` is `movie`, `categories` is `category`: both spellings are tried.
  const parents = segment === undefined ? [] : [...new Set([singular(segment), segment.replace(/s$/, '')])];
  const declared = (collection.itemSchema ? (mergeAllOf(collection.itemSchema).properties ?? {}) : {}) as Record<
    string,
    unknown
  >;
  return parents.flatMap((parent) => [`${parent}Id`, `${parent}_id`]).find((m) => m in declared);
}

/**
 * The finding of a filtered list that holds items (`off`, of `items`) the filter should have left
 * out; `filter.match` says how the member had to agree when not by equality.
 */
export function filterFinding(
  exchange: Exchange,
  filter: {
    readonly parameter: string;
    readonly member: string;
    readonly reason: string;
    readonly match?: 'contains-any' | 'one-of' | 'at-least' | 'at-most';
  },
  wanted: string,
  items: readonly unknown[],
  off: readonly unknown[],
  stated?: SpecWords,
): Finding {
  return findingOf(exchange, {
    code: 'semantic_violation',
    severity: 'failure',
    check: 'semantics.filter',
    ...(stated ? { basis: specBasis(stated) } : {}),
    evidence: {
      rule: 'inferred-filter',
      parameter: filter.parameter,
      ...(filter.match ? { match: filter.match } : {}),
      member: filter.member,
      wanted,
      offending: off.length,
      items: items.length,
      example: memberOf(off[0], filter.member) ?? null,
      inference: filter.reason,
    },
  });
}

/**
 * No id twice in one list answer: the id the resource model infers names one item, so a page that
 * shows it twice repeats an item or gives two items one id. Rests on the id inference.
 */
export function uniqueIdsCheck(collection: CollectionModel): RegisteredCheck | undefined {
  if (!collection.id?.member) return undefined;
  return {
    name: () => 'semantics.unique_ids',
    run: ({ exchange }) => {
      const r = exchange.response;
      if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind === 'invalid') return [];
      // Parsed losslessly: ids beyond 2^53 stay distinct.
      const items = itemsOf(collection, r.exactJson ?? r.json);
      if (!items) return [];
      const seen = new Set<string>();
      const duplicates = new Set<string>();
      for (const item of items) {
        const id = idOfItem(collection, item);
        if (id === undefined) continue;
        if (seen.has(id)) duplicates.add(id);
        seen.add(id);
      }
      if (duplicates.size === 0) return [];
      return [
        findingOf(exchange, {
          code: 'semantic_violation',
          severity: 'failure',
          check: 'semantics.unique_ids',
          evidence: { rule: 'duplicate-ids', duplicates: [...duplicates].slice(0, 10) },
        }),
      ];
    },
  };
}

/** Names of an envelope member that counts every item the request matches (normalised). */
const TOTAL_NAMES = new Set(['total', 'totalcount', 'totalitems', 'totalresults', 'totalelements', 'totalrecords']);

/** The envelope's count of matching items (`{"items": [...], "total": 7}`), if the answer has one. */
export function totalOf(
  collection: CollectionModel,
  body: unknown,
): { readonly member: string; readonly value: number } | undefined {
  // Beside the list: at the root, or in the wrapper that holds it (`data.total`).
  const holder = envelopeHolder(collection.envelope, body);
  if (!holder) return undefined;
  for (const [member, value] of Object.entries(holder))
    if (
      TOTAL_NAMES.has(member.toLowerCase().replace(/[_-]/g, '')) &&
      Number.isSafeInteger(value) &&
      (value as number) >= 0
    )
      return { member, value: value as number };
  return undefined;
}

/** A query as words for a report (`status=on_sale&limit=100`). */
export function queryText(query: readonly (readonly [string, string])[]): string {
  return query.map(([k, v]) => `${k}=${v}`).join('&');
}

/**
 * Whether a list answer of `n` items holds every item its request matches: the first page (no
 * offset, page number or cursor beyond the start), shorter than the page size it asked for (or the
 * documented default). Without a known page size no length proves it.
 */
export function completePage(
  collection: CollectionModel,
  query: readonly (readonly [string, string])[],
  n: number,
): boolean {
  const size = collection.pageSize;
  if (!size) return false;
  const text = sent(query, size.parameter);
  const cap = text !== undefined ? (/^\d+$/.test(text) ? Number(text) : undefined) : size.default;
  if (cap === undefined || n >= cap) return false;
  const page = collection.page;
  if (page) {
    const at = sent(query, page.parameter);
    if (at !== undefined && Number(at) !== page.first) return false;
  }
  return query.every(([name]) => name === size.parameter || name === page?.parameter || !isPagingName(name));
}

/**
 * A list envelope's total counts the items the request matches: never fewer than the page shows,
 * and on a complete page (see {@link completePage}) exactly as many. Rests on the inference that the
 * member counts matches (not pages, not the unfiltered collection), which the ledger confirms once a
 * complete page of another request agreed with it.
 */
export function totalCheck(collection: CollectionModel): RegisteredCheck | undefined {
  if (!collection.envelope) return undefined;
  return {
    name: () => 'semantics.total',
    run: ({ exchange }) => {
      const r = exchange.response;
      if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind !== 'valid') return [];
      const items = itemsOf(collection, r.json);
      const total = totalOf(collection, r.json);
      if (!items || !total) return [];
      const complete = completePage(collection, exchange.case.query, items.length);
      if (total.value >= items.length && (!complete || total.value === items.length))
        return offsetPastTotal(collection, exchange, items.length, total);
      return [
        findingOf(exchange, {
          code: 'semantic_violation',
          severity: 'failure',
          check: 'semantics.total',
          evidence: {
            rule: 'total',
            member: total.member,
            total: total.value,
            items: items.length,
            query: queryText(exchange.case.query),
            complete: total.value >= items.length,
            inference: `\`${total.member}\` beside the list \`${collection.envelope!.member}\` counts the items the request matches`,
          },
        }),
      ];
    },
  };
}

/**
 * An offset past every match the answer's own total counts (past it even read as 1-based) leaves
 * no item to show: an answer that shows items ignored the offset (the greenhouse and rentals zoos:
 * `?offset=2147483647` answered the first page beside `total: 3`). Rests on the total inference,
 * confirmed as {@link totalCheck}'s is, and on the offset inference, which it names.
 */
function offsetPastTotal(
  collection: CollectionModel,
  exchange: Parameters<RegisteredCheck['run']>[0]['exchange'],
  items: number,
  total: { readonly member: string; readonly value: number },
): ReturnType<RegisteredCheck['run']> {
  const page = collection.page;
  if (page?.kind !== 'offset' || items === 0) return [];
  const text = sent(exchange.case.query, page.parameter);
  const offset = text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
  if (offset === undefined || !Number.isSafeInteger(offset) || offset <= total.value) return [];
  return [
    findingOf(exchange, {
      code: 'semantic_violation',
      severity: 'failure',
      check: 'semantics.total',
      evidence: {
        rule: 'offset-past-total',
        member: total.member,
        total: total.value,
        items,
        parameter: page.parameter,
        offset,
        query: queryText(exchange.case.query),
        inference: `\`${total.member}\` beside the list \`${collection.envelope!.member}\` counts the items the request matches, and ${page.reason}`,
      },
    }),
  ];
}

/**
 * A list under a parent (`/venues/{venueId}/events`) shows that parent's items only: an item whose
 * member named like the scope parameter (`venueId`) holds another value was listed under the wrong
 * parent. Rests on the inference that the member names the parent, confirmed once a list under
 * another parent value showed only items naming it.
 */
export function listScopeCheck(collection: CollectionModel): RegisteredCheck | undefined {
  if (collection.scope.length === 0) return undefined;
  return {
    name: () => 'semantics.scope',
    run: ({ exchange }) => {
      const r = exchange.response;
      if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind !== 'valid') return [];
      const items = itemsOf(collection, r.json);
      if (!items || items.length === 0) return [];
      for (const name of collection.scope) {
        const asked = exchange.case.pathParams[name];
        const member = scopeMemberOf(collection, name);
        if (asked === undefined || member === undefined) continue;
        const values = items.map((item) => memberOf(item, member));
        // Only where every item names a parent: a member named so on some items only is not the parent.
        if (values.some((v) => v === undefined || v === null || typeof v === 'object')) continue;
        const off = values.filter((v) => String(v) !== String(asked));
        if (off.length === 0) continue;
        return [
          findingOf(exchange, {
            code: 'semantic_violation',
            severity: 'failure',
            check: 'semantics.scope',
            evidence: {
              rule: 'list-scope',
              scope: name,
              asked: String(asked),
              other: String(off[0]),
              offending: off.length,
              items: items.length,
            },
          }),
        ];
      }
      return [];
    },
  };
}

/** Query parameters that choose an order (`sort=-startsAt`): a list sent one is in the order it asked for. */
const SORT_PARAMETER =
  /^(?:sort|sorting|sort[_-]?by|sort[_-]?order|sort[_-]?dir(?:ection)?|order|ordering|order[_-]?by|dir|direction)$/i;

/**
 * A list is in the order the spec's own words give it (`sorted by \`startsAt\` ascending`): the
 * first item out of order fails, resting on those words (a pointer into the document). A request that
 * chose an order of its own (a `sort` parameter) is not judged.
 */
export function listOrderCheck(collection: CollectionModel): RegisteredCheck | undefined {
  const order = collection.order;
  if (!order) return undefined;
  return {
    name: () => 'semantics.order',
    run: ({ exchange }) => {
      const r = exchange.response;
      if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind !== 'valid') return [];
      if (exchange.case.query.some(([name]) => SORT_PARAMETER.test(name))) return [];
      const items = itemsOf(collection, r.json);
      if (!items) return [];
      const at = firstOutOfOrder(order, items);
      if (at === undefined) return [];
      const shown = (item: unknown) => JSON.stringify(memberOf(item, order.member) ?? null);
      const previous = items
        .slice(0, at)
        .reverse()
        .find((item) => memberOf(item, order.member) !== undefined && memberOf(item, order.member) !== null);
      return [
        findingOf(exchange, {
          code: 'semantic_violation',
          severity: 'failure',
          check: 'semantics.order',
          basis: specBasis(order),
          evidence: {
            rule: 'list-order',
            member: order.member,
            direction: order.direction,
            position: at + 1,
            value: shown(items[at]),
            previous: shown(previous),
            items: items.length,
            query: queryText(exchange.case.query),
          },
        }),
      ];
    },
  };
}

/**
 * The `range-filter` finding of a list answer that shows an item beyond the range bound the request
 * sent, resting on the parameter's words; undefined when it shows none or sent no readable bound.
 */
export function rangeFindingOf(
  exchange: Exchange,
  collection: CollectionModel,
  range: RangeFilterModel,
): Finding | undefined {
  const r = exchange.response;
  if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind !== 'valid') return undefined;
  const asked = sent(exchange.case.query, range.parameter);
  const bound = asked === undefined ? undefined : rangeBound(range, asked);
  const items = itemsOf(collection, r.json);
  if (bound === undefined || !items) return undefined;
  const off = items.filter((item) => outsideRange(range, bound, item) === true);
  if (off.length === 0) return undefined;
  return findingOf(exchange, {
    code: 'semantic_violation',
    severity: 'failure',
    check: 'semantics.filter',
    basis: specBasis(range),
    evidence: {
      rule: 'range-filter',
      parameter: range.parameter,
      member: range.member,
      bound: range.bound,
      asked: asked!,
      value: JSON.stringify(memberOf(off[0], range.member) ?? null),
      offending: off.length,
      items: items.length,
    },
  });
}

/**
 * A list filtered by a range parameter (`from`, `minPrice`) shows no item beyond the bound it sent,
 * as the parameter's own words say ("Only events whose `startsAt` is at or after this instant"): an
 * item strictly beyond it fails, and one exactly at it only where the words call the bound exclusive.
 */
export function rangeFilterChecks(collection: CollectionModel): RegisteredCheck[] {
  return (collection.ranges ?? []).map((range) => ({
    name: () => 'semantics.filter',
    run: ({ exchange }) => {
      const finding = rangeFindingOf(exchange, collection, range);
      return finding ? [finding] : [];
    },
  }));
}
