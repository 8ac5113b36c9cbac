import { isObject } from '../../../spec/json/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { Case, Exchange } from '../../cases/index.js';
import { is2xx } from './collection-requests.js';
import { idOfItem, itemsOf } from './items.js';

/** What walking a list page by page showed. */
export interface PageWalk {
  /** Every item of every page, in the order served. */
  readonly items: readonly unknown[];
  /** True when the walk reached the list's end: an empty page, or a page that names no next one. */
  readonly complete: boolean;
  /** How many pages were read. */
  readonly pages: number;
  /** The last page's exchange, when one was read. */
  readonly last?: Exchange;
}

/** More pages than this and the walk gives no verdict (a large store, a small page). */
const MOST_PAGES = 40;

/**
 * Walks a list from its first page to its end, the way a client pages through it, so that a list
 * that pages can be judged whole. The next page is the one the answer names (RFC 8288
 * `Link: rel="next"`, or the cursor member the resource model infers, as a token or a link);
 * otherwise the next offset (advanced by the items received, whatever page size the server chose)
 * or page number. The walk is complete only at the list's own end: an empty page, or, for a cursor
 * or link, an answer that names no next page. It gives up (incomplete) on a refusal, a cached
 * answer (RFC 9111 `Age`), a page served twice (the parameter is ignored) or after
 * {@link MOST_PAGES} pages. Page numbers: the first page is read both without the parameter and at
 * the number the model infers; where they differ the numbering is not the one inferred, and the
 * walk stops there.
 */
export async function walkPages(
  send: (c: Case) => Promise<Exchange>,
  collection: CollectionModel,
  first: Case,
): Promise<PageWalk> {
  const items: unknown[] = [];
  const served = new Set<string>();
  const page = collection.page;
  const cursor = collection.cursor;
  // The page size stays as the first case set it: the same on every page, as page numbers need.
  let at: Case = first;
  let last: Exchange | undefined;
  let number: number | undefined;
  let offset = 0;
  // The first page's exchange when it was already read (the page-number check below).
  let read: Exchange | undefined;
  if (page && !cursor && page.kind === 'page') {
    number = Math.max(page.first, 0);
    at = setQuery(first, page.parameter, String(number));
    // The first page as the server numbers it must be the page it serves by default.
    const plain = idsOf(await send(without(first, page.parameter)), collection);
    read = await send(at);
    const numbered = idsOf(read, collection);
    if (plain === undefined || numbered === undefined || plain !== numbered)
      return { items, complete: false, pages: 0, last: read };
  }
  for (let pages = 1; pages <= MOST_PAGES; pages++) {
    const exchange = read ?? (await send(at));
    read = undefined;
    last = exchange;
    const r = exchange.response;
    if (!r || !is2xx(exchange) || r.headers.age !== undefined) return { items, complete: false, pages, last };
    const shown = itemsOf(collection, r.exactJson ?? r.json);
    if (!shown) return { items, complete: false, pages, last };
    if (shown.length === 0) return { items, complete: true, pages, last };
    const key = idsOf(exchange, collection)!;
    if (served.has(key)) return { items, complete: false, pages, last };
    served.add(key);
    items.push(...shown);
    const named = nextPageOf(exchange, collection);
    if (named?.kind === 'case') {
      at = named.testCase(at);
      continue;
    }
    if (named?.kind === 'end') return { items, complete: true, pages, last };
    if (cursor || !page) return { items, complete: false, pages, last };
    if (page.kind === 'offset') {
      offset += shown.length;
      at = setQuery(at, page.parameter, String(offset));
    } else {
      number = (number ?? page.first) + 1;
      at = setQuery(at, page.parameter, String(number));
    }
  }
  return { items, complete: false, pages: MOST_PAGES, ...(last ? { last } : {}) };
}

/**
 * The next page a list answer names: by `Link: rel="next"` (RFC 8288), else by the collection's
 * cursor member (a token for its parameter, or a link); `end` when the cursor member is there and
 * empty (null, absent or `""`: no next page); undefined when the answer names nothing either way.
 */
export function nextPageOf(
  exchange: Exchange,
  collection: CollectionModel,
):
  | { readonly kind: 'case'; readonly label: string; readonly testCase: (base: Case) => Case }
  | { readonly kind: 'end' }
  | undefined {
  const link = nextLink(exchange);
  if (link !== undefined) return { kind: 'case', label: link, testCase: (base) => withLinkQuery(base, link) };
  const cursor = collection.cursor;
  const r = exchange.response;
  if (!cursor || !r || !is2xx(exchange)) return undefined;
  const token = memberAt(r.exactJson ?? r.json, cursor.next);
  if (token === undefined || token === null || token === '') return { kind: 'end' };
  if (typeof token !== 'string' && typeof token !== 'number') return undefined;
  const text = String(token);
  return {
    kind: 'case',
    label: text,
    testCase: (base) =>
      /^(?:https?:\/\/|\/)|\?/.test(text) ? withLinkQuery(base, text) : setQuery(base, cursor.parameter, text),
  };
}

/** The ids of a 2xx list answer's items, joined; undefined for any other answer. */
function idsOf(exchange: Exchange, collection: CollectionModel): string | undefined {
  const r = exchange.response;
  if (!r || !is2xx(exchange)) return undefined;
  const items = itemsOf(collection, r.exactJson ?? r.json);
  return items?.map((item) => idOfItem(collection, item) ?? JSON.stringify(item)).join('\u0000');
}

/** The target of the answer's `Link: <...>; rel="next"` (RFC 8288), if it has one. */
function nextLink(exchange: Exchange): string | undefined {
  const header = exchange.response?.headers.link;
  if (header === undefined) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (m && /;\s*rel\s*=\s*"?(?:[^"]*\s)?next(?:\s[^"]*)?"?\s*(?:;|$)/i.test(m[2]!)) return m[1];
  }
  return undefined;
}

/** The case with the query of a link to the next page in place of its own (its path stays the list's). */
function withLinkQuery(c: Case, link: string): Case {
  const query = new URL(link, 'http://link.invalid/').searchParams;
  return { ...c, query: [...query.entries()] };
}

/** The value at a path of members, if every step is an object member. */
function memberAt(body: unknown, path: readonly string[]): unknown {
  let at = body;
  for (const name of path) {
    if (!isObject(at)) return undefined;
    at = (at as Record<string, unknown>)[name];
  }
  return at;
}

function setQuery(c: Case, name: string, value: string): Case {
  return { ...c, query: [...c.query.filter(([k]) => k !== name), [name, value]] };
}

function without(c: Case, name: string): Case {
  return { ...c, query: c.query.filter(([k]) => k !== name) };
}
