import type { CollectionModel } from '../../../spec/resources/index.js';
import type { Exchange } from '../../cases/index.js';
import { canonicalInteger, idOfItem, itemsOf } from './items.js';
import { completePage, memberOf, queryText, scopeMemberOf, totalOf } from './list-checks.js';
import type { Basis } from '../../findings/index.js';
import { isObject } from '../../../spec/json/index.js';
import { holdsSent, withoutEmptyMembers } from './same-value.js';

/**
 * What this target has shown of the kit's inferences, for one run. An inferred rule (an echo, a page
 * size, a filter, an id) is judged a failure only once the target itself behaved by it on other
 * input: it echoed other values of the member exactly, honoured the page size, applied the filter,
 * answered a read with the id asked. Until then a breach is an advisory: the inference may be
 * wrong for this API (a signup answer that hashes the password sent, a `location` the server fills).
 */
export class Confirmations {
  private readonly seen = new Map<string, { readonly values: Set<string>; readonly example: string }>();

  /**
   * Records that the target behaved by the rule `key` on input `value` (a member's value, a page
   * size, a filter value, an id); `example` says how, for the report.
   */
  held(key: string, value: string, example: string): void {
    const entry = this.seen.get(key);
    if (!entry) this.seen.set(key, { values: new Set([value]), example });
    else if (entry.values.size < 50) entry.values.add(value);
  }

  private readonly longest = new Map<string, number>();
  private readonly fullPages = new Map<string, Map<number, string>>();

  /**
   * Records that a list answered `length` items, a full page when `size` (the page size asked) is
   * that length. A full page holds the page rule `key` only once some answer of the list held more
   * items than it: a collection of exactly that many items fills every page it is asked for, capped
   * or not (held-out set 54: two constant users answered `limit=2` and `limit=1` alike).
   */
  listed(key: string, length: number, size?: number, example?: string): void {
    const longest = Math.max(this.longest.get(key) ?? 0, length);
    this.longest.set(key, longest);
    if (size !== undefined && example !== undefined && length === size) {
      const pages = this.fullPages.get(key) ?? new Map<number, string>();
      pages.set(size, example);
      this.fullPages.set(key, pages);
    }
    for (const [page, shown] of this.fullPages.get(key) ?? []) if (page < longest) this.held(key, String(page), shown);
  }

  /**
   * The basis of a breach of rule `key` on input `value`: confirmed when the target behaved by the
   * rule before (on another input, with `otherInput`: an echo of the very value now changed proves
   * nothing of it), otherwise unconfirmed (an advisory).
   */
  basis(key: string, value: string, inference: string, otherInput = false): Basis {
    const entry = this.seen.get(key);
    const other = entry !== undefined && (!otherInput || [...entry.values].some((v) => v !== value));
    return other ? { kind: 'confirmed', inference, confirmedBy: entry!.example } : { kind: 'unconfirmed', inference };
  }
}

/** The evidence of a semantic violation as the ledger reads it: each rule names its key's parts. */
type Loose = Readonly<Record<string, unknown>> & { readonly rule: string };

const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/**
 * The inference a rule rests on, and the value a breach of it was seen on: `ids` (the member the
 * resource model takes as the id names one item), `stored` (an item reads back as written), `page`
 * (the page-size parameter caps the list), `filter:<parameter>` (the filter keeps only matches).
 * Undefined for a rule no confirmation can speak for (it stays an advisory).
 */
export function ruleKey(
  e: Loose,
): { readonly inference: 'ids' | 'stored' | 'page' | string; readonly value: string } | undefined {
  const item = e.item as { readonly id?: string } | undefined;
  switch (e.rule) {
    case 'duplicate-ids':
      return { inference: 'ids', value: text((e.duplicates as readonly string[])[0]) };
    case 'identity':
      return { inference: 'ids', value: text(e.requested) };
    case 'read-other-item':
      return { inference: 'ids', value: text(e.asked) };
    case 'id-twice':
    case 'id-reused':
    case 'id-concurrent':
    case 'read-status':
    case 'not-found':
    case 'list-missing':
      return { inference: 'ids', value: text(e.id) };
    case 'not-found-kept':
    case 'delete':
    case 'scope':
    case 'list-shows-created':
      return { inference: 'ids', value: text(item?.id) };
    case 'read-back':
    case 'action-kept':
    case 'merge-patch':
    case 'replace':
      return { inference: 'stored', value: text(item?.id) };
    case 'read-differs':
    case 'list-differs':
    case 'concurrent-name':
      return { inference: 'stored', value: text(e.id) };
    // A body read back with less than was accepted (a long string cut, text cut at a NUL): the
    // target must have read other items back as written.
    case 'stored-whole':
      return { inference: 'stored', value: text(e.member) };
    case 'list-scope':
      return { inference: `scope:${text(e.scope)}`, value: text(e.asked) };
    case 'total':
    case 'offset-past-total':
      return { inference: 'total', value: text(e.query) };
    case 'page-size':
      return { inference: 'page', value: text(e.cap) };
    case 'limit':
    case 'short-page':
      return { inference: 'page', value: text(e.limit) };
    case 'inferred-filter':
    case 'filter-misses':
      return { inference: `filter:${text(e.parameter)}`, value: text(e.wanted) };
    case 'unfiltered-hides':
      return { inference: `filter:${text(e.parameter)}`, value: text(e.value) };
    default:
      return undefined;
  }
}

/** What the kit infers, in words, for each kind of key. */
export function inferenceWords(inference: string, reason: string | undefined): string {
  const because = reason ? ` (${reason})` : '';
  if (inference === 'ids') return `the id the resource model infers names one item${because}`;
  if (inference === 'stored') return `an item reads back as it was written${because}`;
  if (inference === 'page') return `the page-size parameter caps the list${because}`;
  if (inference.startsWith('scope:'))
    return `a list under a parent shows that parent's items only, as their ${inference.slice('scope:'.length)} says${because}`;
  if (inference === 'total') return `the list envelope's total counts the items the request matches${because}`;
  return `the ${inference.slice('filter:'.length)} filter keeps only matching items${because}`;
}

/**
 * Records what one answer shows the target doing by the inferences of its collection: a read that
 * answers the id asked (`ids`), a list that fills a page exactly to the size asked (`page`), a
 * filtered list whose every item matches (`filter:<parameter>`). Only 2xx answers to valid requests.
 */
export function observeConfirmations(
  ledger: Confirmations,
  exchange: Exchange,
  collection: CollectionModel,
  role: string | undefined,
  operationId: string,
): void {
  const r = exchange.response;
  const c = exchange.case;
  if (!r || r.status < 200 || r.status >= 300 || c.kind !== 'valid') return;
  const body = r.exactJson ?? r.json;
  const id = collection.id;
  // A write to the item path whose answer names the item asked shows it too, where the body did not
  // carry that id itself (an echo would show nothing): held-out set 139's games have no read by id.
  const sentId =
    id?.member !== undefined && c.body?.kind === 'json' && isObject(c.body.value)
      ? (c.body.value as Record<string, unknown>)[id.member]
      : undefined;
  const writesItem =
    (role === 'replace' || role === 'update') &&
    (sentId === undefined || (id !== undefined && String(sentId) !== c.pathParams[id.parameter]));
  if ((role === 'read' || writesItem) && id) {
    const asked = c.pathParams[id.parameter];
    const answered = idOfItem(collection, body);
    const same = (a: string, b: string) =>
      a === b || (canonicalInteger(a) !== undefined && canonicalInteger(a) === canonicalInteger(b));
    if (asked !== undefined && answered !== undefined && same(asked, answered))
      ledger.held(
        `${collection.path} ids`,
        asked,
        // Quoted: an id may be blank or hold spaces (held-out set 134: `of id   answered ... is  .`).
        `${operationId} of ${id.parameter} ${JSON.stringify(asked)} answered the item whose id is ${JSON.stringify(answered)}`,
      );
  }
  if (role !== 'list') return;
  const items = itemsOf(collection, r.json);
  if (!items) return;
  const sent = (name: string) => [...c.query].reverse().find(([k]) => k === name)?.[1];
  const size = collection.pageSize && sent(collection.pageSize.parameter);
  const asked = size !== undefined && /^\d+$/.test(size) && Number(size) > 0 ? Number(size) : undefined;
  ledger.listed(
    `${collection.path} page`,
    items.length,
    asked,
    asked === undefined
      ? undefined
      : `${operationId} with ${collection.pageSize!.parameter}=${size} answered a full page of ${size} items, and another answer of the list held more`,
  );
  for (const name of collection.scope) {
    const asked = c.pathParams[name];
    const member = scopeMemberOf(collection, name);
    const named = member === undefined ? [] : items.map((item) => memberOf(item, member));
    if (
      asked !== undefined &&
      member !== undefined &&
      items.length > 0 &&
      named.every((v) => v !== undefined && String(v) === String(asked))
    )
      ledger.held(
        `${collection.path} scope:${name}`,
        String(asked),
        `${operationId} under ${name}=${asked} answered ${items.length} items, each with ${name} ${asked}`,
      );
  }
  const total = totalOf(collection, r.json);
  if (total !== undefined && completePage(collection, c.query, items.length) && total.value === items.length)
    ledger.held(
      `${collection.path} total`,
      queryText(c.query),
      `${operationId}${c.query.length > 0 ? ` with ${queryText(c.query)}` : ''} answered all ${items.length} items on one page, and ${total.member} ${total.value}`,
    );
  for (const filter of collection.filters) {
    const wanted = sent(filter.parameter);
    if (wanted === undefined || items.length === 0) continue;
    const matches = items.every((item) => {
      const value = memberOf(item, filter.member);
      return value !== undefined && (typeof value === 'string' ? value : JSON.stringify(value)) === wanted;
    });
    if (matches)
      ledger.held(
        `${collection.path} filter:${filter.parameter}`,
        wanted,
        `${operationId} with ${filter.parameter}=${wanted} answered ${items.length} items, each with ${filter.member} ${wanted}`,
      );
  }
}

/**
 * Records, member by member, what a read showed stored as one writer sent it
 * (`<collection> stored:<writer>:<member>`, the value sent): the evidence that this operation keeps
 * that member as written, which a later read-back breach of the same member by the same writer needs
 * ({@link storedBasis}). Per writer: an update may set a task's `status` that its create does not take.
 */
export function noteStoredMembers(
  ledger: Confirmations,
  collection: CollectionModel,
  writer: string,
  sent: unknown,
  read: unknown,
  example: string,
): void {
  if (!isObject(sent) || !isObject(read)) return;
  for (const [name, value] of Object.entries(sent)) {
    // Lists and objects too (a venue's `tags`): a write that keeps them as sent confirms it.
    if (value === null || !(name in read)) continue;
    if (holdsSent({ [name]: value }, read, collection.itemSchema))
      ledger.held(`${collection.path} stored:${writer}:${name}`, text(value), example);
  }
}

/**
 * The basis of a read-back breach, member by member: confirmed when one member read back otherwise
 * than sent was stored as sent before with a value other than the one now read (the target keeps
 * that member as written; a server that sets it itself, a task's `status` that always starts
 * `pending`, never shows another value). Otherwise unconfirmed: the spec does not say the create
 * honours every member it takes. Undefined when the read is not an object, or lacks a member that
 * was sent (lost, not replaced): the collection-wide rule then speaks.
 */
export function storedBasis(
  ledger: Confirmations,
  collection: CollectionModel,
  writer: string,
  sent: unknown,
  read: unknown,
  inference: string,
  writers: Readonly<Record<string, string>> = {},
): Basis | undefined {
  // Empty members (`""`, `[]`) are not expected back, as the read-back itself does not expect them.
  const expected = withoutEmptyMembers(sent);
  if (!isObject(expected) || !isObject(read)) return undefined;
  // Each member judged as the read-back judges it (readOnly, server stamps and undeclared members aside).
  const differing = Object.entries(expected).filter(
    ([name, value]) => !holdsSent({ [name]: value }, read, collection.itemSchema),
  );
  // A member the read lacks altogether was lost, not set by the server: the collection-wide rule
  // (an item read back as written before) speaks for it.
  if (differing.length === 0 || differing.some(([name]) => read[name] === undefined)) return undefined;
  for (const [name] of differing) {
    // A member the last write did not name is judged by the write that set it.
    const by = writers[name] ?? writer;
    const basis = ledger.basis(`${collection.path} stored:${by}:${name}`, text(read[name]), inference, true);
    if (basis.kind === 'confirmed') return basis;
  }
  return {
    kind: 'unconfirmed',
    inference: `${inference}: ${differing.map(([name]) => `\`${name}\``).join(', ')} never read back as sent with another value than the one now read (the server may set ${differing.length === 1 ? 'it' : 'them'} itself)`,
  };
}
