// An in-memory collection for the generic probes' tests: it answers list, create and read cases
// the way the resource model says they work, with switches for the defects the probes look for.
import type { SpecModel } from '../../../../spec/index.js';
import { type CollectionModel, withEnvelopeItems } from '../../../../spec/resources/index.js';
import type { Case, Exchange } from '../../../cases/index.js';
import type { SequenceContext } from '../../rules.js';

export interface MemoryStoreOptions {
  /** Items there from the start (ids from 1). */
  readonly initial?: number;
  /** The first id handed out and the step between ids. */
  readonly firstId?: number;
  readonly idStep?: number;
  /** Items the unfiltered list leaves out. */
  readonly hideUnfiltered?: (item: Record<string, unknown>) => boolean;
  /** A read that once found nothing keeps answering 404 for that id. */
  readonly rememberMissing?: boolean;
  /** The list ignores its page parameter. */
  readonly ignorePage?: boolean;
  /** Page numbers count from 1, and page 0 is read as page 1 (as many servers do). */
  readonly pagesFromOne?: boolean;
  /** Every list answer orders the items anew (newest first on every other read). */
  readonly unstableOrder?: boolean;
  /** Every page after the first starts one item late: a page boundary skips an item. */
  readonly pageSkips?: boolean;
  /** The list answers the items stored at the start, whatever was created since (a stale cache). */
  readonly frozenList?: boolean;
  /** `retireThing` answers the thing retired but does not store it. */
  readonly retireNotKept?: boolean;
  /** A form body's `+` is kept as a plus, not read as a space. */
  readonly formPlusKept?: boolean;
}

/** A memory store for one collection, and a sequence context that sends to it. */
export function memoryStore(spec: SpecModel, collection: CollectionModel, options: MemoryStoreOptions = {}) {
  const idMember = collection.id!.member!;
  const step = options.idStep ?? 1;
  let next = options.firstId ?? 1;
  const items: Record<string, unknown>[] = [];
  const add = (body: Record<string, unknown>) => {
    const item = { ...body, [idMember]: next };
    next += step;
    items.push(item);
    return item;
  };
  for (let i = 0; i < (options.initial ?? 0); i++) add({ name: `Item ${i}` });
  const frozen = options.frozenList ? [...items] : undefined;
  const missing = new Set<string>();
  const sent: Case[] = [];
  let reads = 0;
  const answer = (c: Case): { status: number; json: unknown } => {
    const role = Object.entries(collection.operations).find(([, a]) => a?.operationId === c.operationId)?.[0];
    if (role === 'create') {
      const body =
        c.body?.kind === 'raw'
          ? Object.fromEntries(
              new URLSearchParams(options.formPlusKept ? c.body.text.replaceAll('+', '%2B') : c.body.text),
            )
          : (c.body as { value: Record<string, unknown> }).value;
      return { status: 201, json: add(body) };
    }
    if (c.operationId === 'retireThing') {
      const found = items.find((item) => String(item[idMember]) === c.pathParams[collection.id!.parameter]);
      if (!found) return { status: 404, json: { message: 'no such item' } };
      const retired = { ...found, state: 'retired' };
      if (!options.retireNotKept) Object.assign(found, retired);
      return { status: 200, json: retired };
    }
    if (role === 'read') {
      const id = c.pathParams[collection.id!.parameter]!;
      const found = items.find((item) => String(item[idMember]) === id);
      if (!found || missing.has(id)) {
        if (options.rememberMissing) missing.add(id);
        return { status: 404, json: { code: 'not_found', message: 'no such item', status: 404 } };
      }
      return { status: 200, json: found };
    }
    const q = new Map(c.query);
    let shown = (frozen ?? items).filter((item) =>
      collection.filters.every((f) => !q.has(f.parameter) || String(item[f.member]) === q.get(f.parameter)),
    );
    if (collection.filters.every((f) => !q.has(f.parameter)) && options.hideUnfiltered)
      shown = shown.filter((item) => !options.hideUnfiltered!(item));
    if (options.unstableOrder && reads++ % 2 === 1) shown = [...shown].reverse();
    const size = collection.pageSize
      ? Number(q.get(collection.pageSize.parameter) ?? collection.pageSize.default ?? 20)
      : 20;
    const late = options.pageSkips ? 1 : 0;
    const cursor = collection.cursor;
    if (cursor) {
      const token = options.ignorePage ? undefined : q.get(cursor.parameter);
      const start = token === undefined ? 0 : Number(token.slice(1));
      const slice = shown.slice(start, start + size);
      const after = start + size;
      return {
        status: 200,
        json: { items: slice, nextCursor: after < shown.length ? `c${after + late}` : null },
      };
    }
    const page = collection.page;
    const at = page && q.has(page.parameter) && !options.ignorePage ? Number(q.get(page.parameter)) : undefined;
    const first = options.pagesFromOne ? 1 : page?.first;
    const start = at === undefined ? 0 : page!.kind === 'offset' ? at : (Math.max(at, first!) - first!) * size;
    const from = start > 0 ? start + late : start;
    const slice = shown.slice(from, from + size);
    return { status: 200, json: withEnvelopeItems(collection.envelope, {}, slice) };
  };
  const send = async (c: Case): Promise<Exchange> => {
    sent.push(c);
    const { status, json } = answer(c);
    return jsonExchange(c, status, json);
  };
  const context: SequenceContext = { spec, readOnly: false, send, judge: () => [] };
  return { context, items, sent };
}

/** An exchange whose answer is `json` with `status`, as the kit's client would record it. */
export function jsonExchange(c: Case, status: number, json: unknown): Exchange {
  return {
    case: c,
    request: { method: 'GET', path: '/', headers: {} },
    response: {
      status,
      headers: { 'content-type': 'application/json' },
      bodyText: JSON.stringify(json),
      json,
      exactJson: json,
      durationMs: 1,
    },
  } as unknown as Exchange;
}
