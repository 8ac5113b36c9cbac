import type { JsonSchema, OperationModel, SpecModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { Case, Exchange } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import type { Finding } from '../../findings/index.js';
import type { SequenceContext } from '../rules.js';
import {
  createCase,
  createdItem,
  holdsEverything,
  is2xx,
  largestPage,
  operationsOf,
  itemCase,
  scopeOf,
} from './collection-requests.js';
import { idOfItem, itemBody, itemsOf } from './items.js';
import { clientChoosesId } from './lifecycle.js';
import { bodyValue, holdsSent, withoutEmptyMembers } from './same-value.js';

const FAMILY = 'semantics.read_ahead';

/** How many ids past the largest one seen are read before they exist. */
const AHEAD = 3;

/** Statuses that say "no such item" (RFC 9110 §15.5.5 404, §15.5.11 410). */
const NOT_FOUND = new Set([404, 410]);

/** Ids read before any creation, each with the not-found status it got, in one collection. */
export interface LookAhead {
  readonly collection: CollectionModel;
  readonly scope: Readonly<Record<string, string>>;
  /** Id → the status its read answered while nobody had it. */
  readonly probed: ReadonlyMap<string, number>;
}

/**
 * Whether ids look handed out by a counter: non-negative integers, exact as doubles, that fill most of
 * the range they span. Random or sparse ids (UUIDs, snowflakes, steps of ten) give no next id to guess.
 */
export function nextIds(ids: readonly string[]): string[] {
  if (ids.length === 0 || !ids.every((id) => /^(0|[1-9]\d{0,15})$/.test(id))) return [];
  const values = [...new Set(ids.map(Number))];
  const max = Math.max(...values);
  const min = Math.min(...values);
  if (max + AHEAD > Number.MAX_SAFE_INTEGER || max - min + 1 > 2 * values.length + 2) return [];
  return Array.from({ length: AHEAD }, (_, i) => String(max + 1 + i));
}

/**
 * Before the kit creates anything: reads the ids a counter would hand out next (the largest listed
 * id + 1 … + 3, only when the listed ids look like a counter's; in an empty store, after one
 * creation), and keeps those answered "not found".
 * {@link confirmLookAhead} then creates items and reads back those that took one of these ids.
 */
export async function lookAhead(
  context: SequenceContext,
  spec: SpecModel,
  collection: CollectionModel,
): Promise<LookAhead | undefined> {
  const { list, read, create } = operationsOf(spec, collection);
  if (context.readOnly || !list || !read || !create || collection.id?.kind !== 'integer') return undefined;
  if (clientChoosesId(create, collection.id.member)) return undefined;
  const scope = scopeOf(context, collection, list);
  if (!scope) return undefined;
  const page = largestPage(list, collection, scope, FAMILY);
  const listed = await context.send(page.testCase);
  const r = listed.response;
  if (!r || !is2xx(listed)) return undefined;
  const ids = (itemsOf(collection, r.exactJson ?? r.json) ?? []).map((item) => idOfItem(collection, item));
  if (ids.length === 0 && holdsEverything(listed, collection, page.cap)) {
    // An empty store shows no counter: one creation starts it.
    const made = await context.send(createCase(context, create, scope, FAMILY));
    const first = createdItem(collection, create, made);
    if (first) ids.push(first.id);
  }
  if (ids.some((id) => id === undefined)) return undefined;
  const probed = new Map<string, number>();
  for (const id of nextIds(ids as string[])) {
    const got = await context.send(itemCase(read, collection, scope, id, FAMILY));
    const status = got.response?.status;
    if (status !== undefined && NOT_FOUND.has(status) && got.response?.headers.age === undefined)
      probed.set(id, status);
  }
  return probed.size > 0 ? { collection, scope, probed } : undefined;
}

/**
 * After other creations may have come in between: creates up to {@link AHEAD} items, until one takes
 * the largest id read ahead, and reads back every one whose id was read before it existed. A created
 * item must be found, holding what was sent (RFC 9110 §9.3.1: GET transfers the current
 * representation; a "not found" from before the creation is no longer current). A server whose ids
 * skip the ones read is not judged: nothing it created was read early.
 */
export async function confirmLookAhead(
  context: SequenceContext,
  spec: SpecModel,
  ahead: LookAhead,
  rewrite: (c: Case) => Case = (c) => c,
): Promise<Finding[]> {
  const { collection, scope, probed } = ahead;
  const { read, create } = operationsOf(spec, collection);
  if (!read || !create || !collection.id) return [];
  const last = Math.max(...[...probed.keys()].map(Number));
  const findings: Finding[] = [];
  for (let i = 0; i < AHEAD; i++) {
    const made = await context.send(rewrite(createCase(context, create, scope, FAMILY)));
    const item = createdItem(collection, create, made);
    if (!item) break;
    const before = probed.get(item.id);
    if (before !== undefined) {
      const got = await context.send(itemCase(read, collection, scope, item.id, FAMILY));
      const r = got.response;
      if (r && r.headers.age === undefined && NOT_FOUND.has(r.status)) {
        findings.push(
          findingOf(got, {
            code: 'semantic_violation',
            severity: 'failure',
            check: 'semantics.persistence',
            evidence: { rule: 'not-found-kept', read: read.operationId, before, status: r.status, item },
          }),
        );
      } else if (r && is2xx(got) && r.headers.age === undefined) {
        const sent = sentMembers(made, create, collection.id.member);
        if (
          sent !== undefined &&
          !holdsSent(withoutEmptyMembers(sent), itemBody(collection, r), collection.itemSchema as JsonSchema)
        ) {
          findings.push(
            findingOf(got, {
              code: 'semantic_violation',
              severity: 'failure',
              check: 'semantics.read_back',
              evidence: { rule: 'read-back', sent, read: read.operationId, writer: create.operationId, item },
            }),
          );
        }
      }
    }
    // One finding tells the defect: the rest of the ids would repeat it.
    if (findings.length > 0 || Number(item.id) >= last || !/^\d+$/.test(item.id)) break;
  }
  return findings;
}

/**
 * The members a creation sent (a JSON body, or a form body decoded by its media type: `+` is a
 * space there), but its id member (the item's id is the one handed out).
 */
function sentMembers(
  exchange: Exchange,
  create: OperationModel,
  idMember: string | undefined,
): Record<string, unknown> | undefined {
  const value = bodyValue(exchange.case, create);
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Uint8Array)
    return undefined;
  const { [idMember ?? '']: _id, ...rest } = value as Record<string, unknown>;
  return rest;
}
