import type { CheckName } from '../../checks/registry.js';
import fc from 'fast-check';
import { isLosslessNumber } from 'lossless-json';
import type { JsonSchema, OperationModel, SpecModel } from '../../../spec/index.js';
import type { CollectionModel, OperationAssignment } from '../../../spec/resources/index.js';
import { isPagingName } from '../../../spec/resources/index.js';
import { parseParameter } from '../../../spec/parameters/index.js';
import type { Case, Exchange, WireJson } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import { canonical } from '../../checks/conditional.js';
import type { ItemRef, SemanticEvidence } from '../../findings/index.js';
import { specBasis } from '../../findings/index.js';
import {
  authEntries,
  bodyExtremes,
  mergeAllOf,
  ordinaryParts,
  requestPartsArbitrary,
  schemaArbitrary,
  toPlainJson,
  toValidCase,
  type KnownValues,
  type RequestParts,
} from '../../generate/index.js';
import type { SequenceProperty } from '../rules.js';
import { announcesNextPage, itemActions, knownValues, largestPage, requiredMembers } from './collection-requests.js';
import { bareIdToken, canonicalInteger, createdId, idOfItem, itemBody, itemsOf, listedArray } from './items.js';
import { bodyValue, holdsSent, serverStamped, typeAllows, withoutEmptyMembers } from './same-value.js';
import { Confirmations, noteStoredMembers } from './confirmations.js';
import { isObject } from '../../../spec/json/index.js';
import { referenceMembers, withKnownReferences } from '../../generate/known-references.js';
import { ExchangeLog } from '../../sweep/index.js';
import { requiresAuth } from '../../../spec/security/index.js';
import { walkPages } from './page-walk.js';
import { statedCascade } from './stated-cascade.js';
import { NOT_FOUND_WORDS, sentencesOf, type SpecWords, specWords } from '../../../spec/index.js';

interface Step {
  readonly create: RequestParts;
  readonly replace?: RequestParts;
  readonly update?: RequestParts;
}

const FAMILY = 'semantics.lifecycle';
/** The seed of the first life's values, whatever the run's seed. */
const EXAMPLE_SEED = 0x11fe;
const is2xx = (e: Exchange) => e.response !== undefined && e.response.status >= 200 && e.response.status < 300;

/**
 * One resource's life, for any collection the resource model infers with a create and a read:
 * create → read returns what was sent → replace / update → read reflects it → the list shows it
 * (when the list is complete) → delete → read answers not found. Every request is also judged by
 * every check; each semantic finding names the inference it rests on.
 */
export function lifecycle(
  spec: SpecModel,
  collection: CollectionModel,
  ledger: Confirmations = new Confirmations(),
  /** The other collections of the model: a creation may name one of their items. */
  others: readonly CollectionModel[] = [],
): SequenceProperty<Step> | undefined {
  const op = (a: OperationAssignment | undefined): OperationModel | undefined =>
    a ? spec.operation(a.operationId) : undefined;
  const create = op(collection.operations.create);
  const read = op(collection.operations.read);
  const id = collection.id;
  if (!create || !read || !id) return undefined;
  const replace = op(collection.operations.replace);
  const update = op(collection.operations.update);
  const list = op(collection.operations.list);
  const remove = op(collection.operations.delete);
  const jsonBody = (o: OperationModel | undefined) =>
    o?.requestBody &&
    /json/i.test(o.requestBody.preferredMediaType ?? '') &&
    !/json-patch/i.test(o.requestBody.preferredMediaType ?? '')
      ? o
      : undefined;
  const replaceOp = jsonBody(replace);
  const updateOp = jsonBody(update);
  const itemSchema = collection.itemSchema;
  // Actions: writes to a literal path below the item (`/orders/{id}/cancel`), not CRUD of any collection.
  const actions = itemActions(spec, collection);
  // The resources the creation's body names (a loan's `bookId`) that the spec lets the kit create.
  const referenced = referenceMembers(create, spec.operations).flatMap(({ member, parameter, itemPath }) => {
    const owner = others.find(
      (c) =>
        c.id?.parameter === parameter &&
        c.scope.length === 0 &&
        (itemPath === undefined || `${c.path.replace(/\/$/, '')}/{${parameter}}` === itemPath),
    );
    const maker = op(owner?.operations.create);
    return owner && maker && owner !== collection ? [{ member, owner, maker }] : [];
  });
  // Where the client chooses the id (the create body carries the id member), the life is of an id no
  // answer of the run has shown: two creations naming one id leave open which one wins.
  const chosen = clientChoosesId(create, id.member) ? id.member : undefined;
  const chosenSchema = chosen
    ? (mergeAllOf(create.requestBody!.schema.schema).properties as Record<string, JsonSchema>)[chosen]
    : undefined;
  // Collections nested below this one's items (`/users/{userId}/posts` below `/users/{id}`) that the
  // kit may create in, each with its creation and its item read.
  const children = others.flatMap((c) => {
    const maker = c !== collection && c.parent?.collection === collection.path ? op(c.operations.create) : undefined;
    return maker && c.parent ? [{ child: c, parent: c.parent.parameter, maker, reader: op(c.operations.read) }] : [];
  });
  // How many lives reached their deletion: every second one deletes an item that holds children.
  let deletions = 0;
  // How many merge patches removed a member with null: each takes the next removable member.
  let nullings = 0;
  const used = new Set<string>();
  // How many resources the lives made for their creations to name: each one gets values of its own.
  let referencesMade = 0;
  // What the target fills in for a member a creation left out, as it showed (`reorderLevel: 0`): the
  // default a replacement without the member, or a merge patch setting it to null, must give it.
  // Only a value shown by two creations counts (one may be derived from the others, a slug); a member
  // it filled with two values has none (for good).
  const filled = new Map<string, { readonly value: unknown; readonly times: number } | null>();
  const noteDefaults = (sent: unknown, answered: unknown) => {
    if (!isObject(sent) || !isObject(answered)) return;
    for (const [k, v] of Object.entries(answered as Record<string, unknown>)) {
      if (k in (sent as object) || k === id.member || isServerOwned(itemSchema, k)) continue;
      const seen = filled.get(k);
      if (seen === undefined) filled.set(k, { value: v, times: 1 });
      else if (seen !== null)
        filled.set(k, holdsSent(seen.value, v, undefined) ? { value: v, times: seen.times + 1 } : null);
    }
  };
  const shownDefault = (k: string): unknown => {
    const seen = filled.get(k);
    return seen && seen.times >= 2 ? seen.value : undefined;
  };
  const isDefaultValue = (k: string, value: unknown): boolean =>
    isDefault(itemSchema, k, value) || (shownDefault(k) !== undefined && holdsSent(shownDefault(k), value, undefined));
  const freshId = (known: readonly string[]): WireJson | undefined => {
    if (!chosenSchema) return undefined;
    const taken = new Set([...known, ...used]);
    const values = fc.sample(schemaArbitrary(chosenSchema), { seed: 0x11fe + used.size, numRuns: 40 });
    const value = values.find((v) => !taken.has(typeof v === 'string' ? v : JSON.stringify(v)));
    if (value !== undefined) used.add(typeof value === 'string' ? value : JSON.stringify(value));
    return value as WireJson | undefined;
  };
  return {
    id: `${create.operationId}/lifecycle`,
    operationId: create.operationId,
    operations: [
      create,
      read,
      replace,
      update,
      list,
      remove,
      ...actions,
      ...referenced.map((r) => r.maker),
      ...children.flatMap((c) => [c.maker, c.reader]),
    ]
      .filter((o): o is OperationModel => o !== undefined)
      .map((o) => o.operationId),
    writes: true,
    runs: 8,
    // First, whatever the seed: a full item, replaced by a full one, then changed by the leanest
    // update: the case that shows a write dropping what it was not sent (see bodyExtremes).
    examples: () => {
      // Values of their own (not the ordinary body's, seed 0, which other properties send first): a
      // create repeating a value the target keeps unique (an e-mail) would be refused with 409, and
      // the life would end before its writes (the library zoo's sem-merge-as-put went unseen so).
      const full = bodyExtremes(create, EXAMPLE_SEED).fullest;
      const replaceFull = replaceOp ? bodyExtremes(replaceOp, EXAMPLE_SEED).fullest : undefined;
      const updateLean = updateOp ? bodyExtremes(updateOp, EXAMPLE_SEED).leanest : undefined;
      if (!full || (!replaceFull && !updateLean)) return [];
      return [
        {
          create: full,
          ...(replaceFull ? { replace: replaceFull } : {}),
          ...(updateLean ? { update: updateLean } : {}),
        },
      ];
    },
    arbitrary: () =>
      fc.record({
        create: requestPartsArbitrary(create),
        ...(replaceOp ? { replace: requestPartsArbitrary(replaceOp) } : {}),
        ...(updateOp ? { update: requestPartsArbitrary(updateOp) } : {}),
      }) as fc.Arbitrary<Step>,
    async execute(step, context) {
      const known = knownValues(context, create.operationId);
      const scope = Object.fromEntries(
        collection.scope.map((name) => [name, known[name]?.[0]]).filter(([, v]) => v !== undefined),
      ) as Record<string, string>;
      if (Object.keys(scope).length < collection.scope.length) return { findings: [], exchanges: [] };
      const log = new ExchangeLog(context);
      // The item's current entity tag, from the last answer about it that carried one: a write that
      // takes If-Match (optimistic concurrency, RFC 9110 §13.1.1) sends it, as a client would.
      let etag: string | undefined;
      const send = async (c: Case) => {
        const exchange = await log.send({ ...c, family: FAMILY });
        const tag = exchange.response?.headers.etag;
        if (is2xx(exchange) && tag !== undefined && c.operationId !== list?.operationId) etag = tag;
        return exchange;
      };
      const violation = (exchange: Exchange, check: CheckName, evidence: SemanticEvidence) =>
        log.add(findingOf(exchange, { code: 'semantic_violation', severity: 'failure', check, evidence }));
      const knownOf = (o: OperationModel): KnownValues => knownValues(context, o.operationId);
      const at = (o: OperationModel, itemId: string, parts?: RequestParts, existing = true): Case => {
        // Members naming other resources (a warehouse) name ones the target handed out.
        const base = toValidCase(o, withKnownReferences(o, parts ?? ordinaryParts(o, {}, 0), knownOf(o)));
        const ifMatch = ifMatchOf(o);
        const headers =
          ifMatch && etag !== undefined
            ? {
                ...Object.fromEntries(
                  Object.entries(base.headers ?? {}).filter(([k]) => k.toLowerCase() !== 'if-match'),
                ),
                [ifMatch.name]: etag,
              }
            : base.headers;
        return {
          ...base,
          ...(headers === undefined ? {} : { headers }),
          pathParams: { ...base.pathParams, ...scope, [id.parameter]: itemId },
          ...(existing ? { existing: [id.parameter] } : { existing: [] }),
        };
      };

      let createParts = withKnownReferences(create, step.create, known);
      if (chosen) {
        const fresh = freshId(known[id.parameter] ?? []);
        if (fresh === undefined || !isObject(createParts.body)) return { findings: [], exchanges: [] };
        const body = { ...(createParts.body as Record<string, WireJson>), [chosen]: fresh };
        if (!create.requestBody!.schema.validate(toPlainJson(body)).ok) return { findings: [], exchanges: [] };
        createParts = { ...createParts, body };
      }
      const creating = (parts: RequestParts): Case => ({
        ...toValidCase(create, parts),
        pathParams: { ...toValidCase(create, parts).pathParams, ...scope },
      });
      let made = await send(creating(createParts));
      // A creation refused as conflicting with what the target holds (409: the book it names has no
      // copy left) is sent again naming a resource made for it: the life is not lost to the state
      // earlier requests left (the library zoo's loans, whose only known book had been lent out).
      for (const { member, owner, maker } of referenced) {
        if (made.response?.status !== 409) break;
        const [parts] = fc.sample(requestPartsArbitrary(maker), { seed: 0x5eed + referencesMade++, numRuns: 1 });
        const madeRef = await send(toValidCase(maker, withKnownReferences(maker, parts!, knownOf(maker))));
        const refId = is2xx(madeRef) && madeRef.response ? createdId(owner, madeRef.response, maker) : undefined;
        if (refId === undefined) continue;
        const other = withKnownReferences(create, createParts, { ...known, [member]: [refId] });
        made = await send(creating(other));
      }
      if (!is2xx(made) || !made.response) return log.execution();
      let itemId = createdId(collection, made.response, create);
      // A server that answers the new id as the whole body (`201 text/plain 3f9c…`, held-out set 90)
      // names its item once a read of that id is served: then the life goes on with it.
      const token = itemId === undefined ? bareIdToken(made.response) : undefined;
      if (token !== undefined && takesPathValue(read, id.parameter, token)) {
        const probe = await send(at(read, token, undefined, false));
        if (is2xx(probe)) itemId = token;
      }
      // A creation that answers no id at all (`201` with no body, `{"message": "created"}`: held-out
      // set 138) names its item in the list: the one item there no answer of the run showed before
      // that holds what was sent, once a read of it holds it too. Two such items leave it unnamed.
      if (itemId === undefined && list && id.member) {
        const listed = await send(largestPage(list, collection, scope, FAMILY, known).testCase);
        const seen = new Set(knownOf(read)[id.parameter] ?? []);
        const sent = withoutEmptyMembers(bodyValue(made.case, create));
        const holding = is2xx(listed)
          ? (itemsOf(collection, listed.response!.exactJson ?? listed.response!.json) ?? []).filter((listedItem) => {
              const candidate = idOfItem(collection, listedItem);
              return candidate !== undefined && !seen.has(candidate) && holdsSent(sent, listedItem, itemSchema);
            })
          : [];
        const candidate = holding.length === 1 ? idOfItem(collection, holding[0]) : undefined;
        if (candidate !== undefined && takesPathValue(read, id.parameter, candidate)) {
          const got = await send(at(read, candidate, undefined, false));
          if (is2xx(got) && holdsSent(sent, itemBody(collection, got.response), itemSchema)) itemId = candidate;
        }
      }
      if (itemId === undefined) return log.execution();
      const sentBody = bodyValue(made.case, create);
      noteDefaults(sentBody, itemBody(collection, made.response));
      const item: ItemRef = {
        parameter: id.parameter,
        id: itemId,
        createdBy: create.operationId,
        ...(id.member ? { idMember: id.member } : {}),
        inference: id.reason,
      };

      let expected: unknown = sentBody;
      // Per member, the write that last set it: an update keeps what it does not name.
      let setBy: Record<string, string> = isObject(sentBody)
        ? Object.fromEntries(Object.keys(sentBody as object).map((k) => [k, create.operationId]))
        : {};
      // The last read that carried a strong entity tag. A later read, after a write, that shows other
      // content under the same strong tag breaks what a strong validator is (RFC 9110 §8.8.1): a
      // client revalidating with it keeps its stale copy (the podcasts zoo: a PATCH kept the ETag).
      let tagged: Exchange | undefined;
      const compareTags = (now: Exchange, writer: string) => {
        if (!is2xx(now)) return;
        const before = tagged;
        const tag = now.response!.headers.etag;
        tagged = tag !== undefined && !tag.startsWith('W/') ? now : undefined;
        // `before` holds a strong tag, so an equal one is strong too.
        if (!before || tag === undefined || before.response!.headers.etag !== tag) return;
        const content = (e: Exchange) => canonical(e.response!.exactJson ?? e.response!.json ?? e.response!.bodyText);
        if (content(before) === content(now)) return;
        log.add(
          findingOf(now, {
            code: 'protocol_violation',
            severity: 'failure',
            check: 'protocol',
            evidence: { rule: 'etag-unchanged', etag: tag, writer, read: read.operationId },
          }),
        );
      };
      // The last read that answered the item as written (undefined after one that did not).
      let lastRead: unknown;
      // The status a read of the item answered 2xx with, once one did: its request's form is taken.
      let servedStatus: number | undefined;
      const readBack = async (what: string) => {
        // The item's id is its path's: an id member in a body does not move the item.
        if (id.member && isObject(expected)) {
          const { [id.member]: _id, ...rest } = expected as Record<string, unknown>;
          expected = rest;
        }
        const got = await send(at(read, itemId));
        compareTags(got, what);
        if (is2xx(got)) {
          servedStatus ??= got.response!.status;
          noteStoredMembers(
            ledger,
            collection,
            what,
            withoutEmptyMembers(expected),
            itemBody(collection, got.response),
            `${read.operationId} answered item ${itemId} as ${what} wrote it`,
          );
        }
        const held =
          expected !== undefined &&
          holdsSent(withoutEmptyMembers(expected), itemBody(collection, got.response), itemSchema);
        lastRead = is2xx(got) && held ? itemBody(collection, got.response) : undefined;
        if (is2xx(got) && held)
          ledger.held(
            `${collection.path} stored`,
            itemId,
            `${read.operationId} answered item ${itemId} as ${what} wrote it`,
          );
        if (is2xx(got) && expected !== undefined && !held) {
          const others = isObject(expected)
            ? Object.entries(setBy).filter(([k, by]) => k in (expected as object) && by !== what)
            : [];
          violation(got, 'semantics.read_back', {
            rule: 'read-back',
            sent: expected,
            read: read.operationId,
            writer: what,
            ...(others.length > 0 ? { writers: Object.fromEntries(others) } : {}),
            item,
          });
        }
        return got;
      };
      // If-Match (RFC 9110 §13.1.1), where a write takes it and one changed the item's tag: the
      // earlier tag with a body the item does not hold must not be written; a list holding the
      // current tag must not be refused with 412. Not for weak tags: If-Match compares strongly.
      const conditionalWrites = async (
        written: { readonly writer: OperationModel; readonly parts: RequestParts; readonly tag: string },
        current: string,
      ): Promise<void> => {
        const { writer, parts, tag } = written;
        const header = ifMatchOf(writer)!.name;
        if (current.startsWith('W/') || tag.startsWith('W/')) return;
        const withTag = (c: Case, value: string): Case => ({
          ...c,
          headers: {
            ...Object.fromEntries(Object.entries(c.headers ?? {}).filter(([k]) => k.toLowerCase() !== 'if-match')),
            [header]: value,
          },
        });
        const other = sentBody;
        const schema = writer.requestBody?.schema;
        if (
          other !== undefined &&
          schema?.validate(toPlainJson(other as WireJson)).ok &&
          !holdsSent(withoutEmptyMembers(other), state, itemSchema)
        ) {
          const stale = withTag(at(writer, itemId, { ...parts, body: other as WireJson }), tag);
          const attempt = await send(stale);
          const refused = attempt.response?.status;
          if (
            refused !== undefined &&
            refused >= 400 &&
            refused < 500 &&
            ![401, 403, 412, 428, 429].includes(refused)
          ) {
            // Refused, but not with 412: the same write with the current tag tells whether the tag was
            // what it refused (performed then) or the body (refused too: no verdict).
            const control = await send(withTag(stale, current));
            if (is2xx(control))
              violation(attempt, 'semantics.conditional', {
                rule: 'precondition',
                kind: 'stale-status',
                header,
                sent: tag,
                current,
                writer: writer.operationId,
                status: refused,
                item,
              });
            return;
          }
          if (is2xx(attempt)) {
            const got = await send(at(read, itemId));
            const shown = itemBody(collection, got.response);
            if (is2xx(got) && holdsSent(withoutEmptyMembers(other), shown, itemSchema)) {
              violation(attempt, 'semantics.conditional', {
                rule: 'precondition',
                kind: 'stale-performed',
                header,
                sent: tag,
                current,
                writer: writer.operationId,
                status: attempt.response!.status,
                read: read.operationId,
                item,
              });
              return;
            }
          }
        }
        // The current tag in a list beside the stale one satisfies If-Match (§13.1.1: any listed tag
        // that matches); the write is the one already made, so the item is left as it is.
        const now = etag ?? current;
        // Only a replacement is sent again: the same PUT twice leaves the item as it is. Only where
        // the spec's words speak of a list of tags or `*`: many servers compare the header whole.
        if (now.startsWith('W/') || writer.method !== 'put' || !takesTagList(writer)) return;
        const list = `${tag}, ${now}`;
        const again = await send(withTag(at(writer, itemId, parts), list));
        if (again.response?.status === 412)
          violation(again, 'semantics.conditional', {
            rule: 'precondition',
            kind: 'current-refused',
            header,
            sent: list,
            current: now,
            writer: writer.operationId,
            status: 412,
            item,
          });
      };
      await readBack(create.operationId);
      // What the client has set so far: the members it sent, as each change leaves them.
      let state = isObject(sentBody) ? (sentBody as Record<string, unknown>) : undefined;
      let moved = false;
      // A write that took If-Match and changed the item's entity tag: the tag it sent is stale now.
      let stale: { readonly writer: OperationModel; readonly parts: RequestParts; readonly tag: string } | undefined;
      for (const [o, parts] of [
        [replaceOp, step.replace],
        // The same replacement with every boolean turned over: a replacement must set `false` as
        // well as `true` (held-out set 120: `req.body.completed || task.completed` kept a task
        // completed whatever PUT sent, and one PUT per life never sent false over true).
        [replaceOp, step.replace && replaceOp ? turnedOver(step.replace, replaceOp) : undefined],
        [updateOp, step.update],
      ] as const) {
        if (!o || !parts || parts.body === undefined) continue;
        const mergePatch = o === updateOp && /merge-patch/i.test(o.requestBody?.preferredMediaType ?? '');
        // A merge patch may remove a member with null (RFC 7396): one optional member set so far goes.
        // Only a member the patch's own schema lets be null: a null it refuses makes the request invalid.
        // One per patch, in turn: each life tries the next member (a server that ignores null for one
        // member only, the fleet zoo's `notes`, shows on that member alone).
        const removables =
          mergePatch && state && isObject(parts.body)
            ? Object.keys(state).filter(
                (k) =>
                  !(k in (parts.body as object)) &&
                  !requiredMembers(o).has(k) &&
                  // A member the item always shows is filled in by the server, unless the item shows
                  // it as null: then null is what a merge patch's null leaves (the courses zoo's
                  // required, nullable `description`).
                  !(filledByServer(itemSchema, k) && shownDefault(k) === undefined && !showsNull(itemSchema, k)) &&
                  o.requestBody!.schema.validate(
                    toPlainJson({ ...(parts.body as Record<string, WireJson>), [k]: null }),
                  ).ok,
              )
            : [];
        const removable = removables.length > 0 ? removables[nullings++ % removables.length] : undefined;
        const patchParts = removable
          ? { ...parts, body: { ...(parts.body as Record<string, never>), [removable]: null } }
          : parts;
        const sentTag = ifMatchOf(o) ? etag : undefined;
        const changed = await send(at(o, itemId, patchParts));
        if (!is2xx(changed)) continue;
        const body = bodyValue(changed.case, o);
        // A write whose body names another parent (`"boardId": ""` under /boards/{boardId}) may move
        // the item out of the list it was created in.
        if (
          isObject(body) &&
          collection.scope.some((name) => name in body && String(body[name]) !== String(scope[name]))
        )
          moved = true;
        const before = state;
        const named = isObject(body) ? Object.keys(body as object) : [];
        setBy =
          o === updateOp
            ? { ...setBy, ...Object.fromEntries(named.map((k) => [k, o.operationId])) }
            : Object.fromEntries(named.map((k) => [k, o.operationId]));
        if (o === updateOp) {
          // An update changes what it names and keeps the rest (RFC 5789 / 7396).
          state = isObject(body)
            ? Object.fromEntries(
                Object.entries({ ...(before ?? {}), ...(body as object) }).filter(([, v]) => v !== null),
              )
            : before;
        } else {
          state = isObject(body) ? (body as Record<string, unknown>) : undefined;
        }
        expected = state;
        const got = await readBack(o.operationId);
        if (sentTag !== undefined && etag !== undefined && etag !== sentTag && !stale)
          stale = { writer: o, parts: patchParts, tag: sentTag };
        const answer = is2xx(got) ? itemBody(collection, got.response) : undefined;
        if (!isObject(answer)) continue;
        if (
          removable &&
          (answer as Record<string, unknown>)[removable] !== undefined &&
          (answer as Record<string, unknown>)[removable] !== null &&
          !isDefaultValue(removable, (answer as Record<string, unknown>)[removable])
        ) {
          violation(got, 'semantics.merge_patch', {
            rule: 'merge-patch',
            member: removable,
            writer: o.operationId,
            read: read.operationId,
            item,
          });
        }
        // A PUT keeping a member it was not sent is a merge only where the operation's own words say
        // it replaces: "Updates the Task" with optional members reads as a partial update (NestJS's
        // PartialType), which RFC 9110 §9.3.4 states in no MUST.
        if (o === replaceOp && before && isObject(body) && saysReplace(o)) {
          // A replacement that kept a member it did not send merged instead of replacing (RFC 9110 §9.3.4).
          // Only distinctive values count: a server may fill an omitted true, 0 or "" by a default the spec does not show.
          // Only members the representation declares: what a server keeps of members the spec does
          // not know (a `nickname` sent beside them) is outside the contract.
          const kept = Object.keys(before).filter(
            (k) =>
              !(k in (body as object)) &&
              memberSchema(itemSchema, k) !== undefined &&
              distinctive(before[k]) &&
              !isServerOwned(itemSchema, k) &&
              k !== id.member &&
              !(filledByServer(itemSchema, k) && shownDefault(k) === undefined) &&
              holdsSent(before[k], (answer as Record<string, unknown>)[k], undefined) &&
              !isDefaultValue(k, before[k]),
          );
          if (kept.length > 0)
            violation(got, 'semantics.replace', {
              rule: 'replace',
              kept,
              writer: o.operationId,
              read: read.operationId,
              item,
            });
        }
      }
      // An update naming no member (`{}`, which its schema allows) changes nothing, and is no reason to
      // answer that the item is not there (held-out set 133: objection's patch of no columns found no
      // row and answered 404). A refusal with a status the operation documents is the server's choice
      // (`400: nothing to update`), a gap; a 404, or a read-back the empty update changed, fails.
      if (updateOp && step.update && !moved && updateOp.requestBody?.schema.validate({}).ok) {
        const emptied = await send({
          ...at(updateOp, itemId, { ...step.update, body: {} }),
          edge: {
            gap: 'empty-update',
            description: 'an update that names no member, which its schema allows',
            documentedRefusalOnly: true,
          },
        });
        if (is2xx(emptied)) await readBack(updateOp.operationId);
      }
      // A nested item belongs to its parent: read under another existing parent, it is not there.
      for (const name of moved ? [] : collection.scope) {
        const other = known[name]?.find((v) => v !== scope[name]);
        if (other === undefined) continue;
        const elsewhere = at(read, itemId, undefined, false);
        const crossed = await send({ ...elsewhere, pathParams: { ...elsewhere.pathParams, [name]: other } });
        if (is2xx(crossed) && idOfItem(collection, crossed.response!.exactJson ?? crossed.response!.json) === itemId) {
          violation(crossed, 'semantics.scope', {
            rule: 'scope',
            read: read.operationId,
            scope: name,
            created: String(scope[name]),
            other: String(other),
            item,
          });
        }
        break;
      }
      if (list && !moved) {
        const size = collection.pageSize;
        // The ordinary list (with every required parameter), at its largest page when one is known.
        const { testCase: first, cap } = largestPage(list, collection, scope, FAMILY, known);
        const { query } = first;
        const listed = await send(first);
        const items = is2xx(listed)
          ? itemsOf(collection, listed.response!.exactJson ?? listed.response!.json)
          : undefined;
        // Only a list shorter than its page holds everything: then the new item must be in it.
        // A list narrowed by any parameter (a required filter, a search) holds what matches, not everything.
        const narrowed = query.some(([name]) => name !== size?.parameter);
        // Nor does one that says more follows (RFC 8288 `rel="next"`), or a cached copy (RFC 9111 §5.1 `Age`),
        // or one that takes an offset, a page number or a cursor: the server may page it by a size
        // the spec does not state, so no length proves it holds everything.
        const paged = list.parameters.some((p) => p.in === 'query' && isPagingName(p.name));
        const complete =
          items !== undefined &&
          !narrowed &&
          !announcesNextPage(listed) &&
          listed.response?.headers.age === undefined &&
          !paged &&
          (cap === undefined ? collection.pageSize === undefined : items.length < cap);
        const holds = (all: readonly unknown[]) => all.some((i) => idOfItem(collection, i) === itemId);
        // The list's view of the item agrees with the read's, on what the run wrote (held-out set 100,
        // and a list served from a cache a write did not refresh).
        // Not a cached copy (RFC 9111 §5.1 `Age`): a cache may serve the list as it was.
        const shown =
          listed.response?.headers.age === undefined
            ? items?.find((i) => idOfItem(collection, i) === itemId)
            : undefined;
        const difference = shown === undefined ? undefined : viewDifference(expected, lastRead, shown, itemSchema);
        if (difference !== undefined)
          violation(listed, 'semantics.read_back', { rule: 'list-differs', id: itemId, difference });
        if (items && complete && !holds(items)) {
          violation(listed, 'semantics.list_shows_created', {
            rule: 'list-shows-created',
            list: list.operationId,
            items: items.length,
            item,
          });
        } else if (
          items &&
          !complete &&
          !holds(items) &&
          !narrowed &&
          listed.response?.headers.age === undefined &&
          (collection.page !== undefined || collection.cursor !== undefined || announcesNextPage(listed))
        ) {
          // A list that pages is whole only once walked to its end, as a client pages through it.
          const walk = await walkPages(send, collection, first);
          if (walk.complete && walk.last && !holds(walk.items))
            violation(walk.last, 'semantics.list_shows_created', {
              rule: 'list-shows-created',
              list: list.operationId,
              items: walk.items.length,
              pages: walk.pages,
              item,
            });
        }
      }
      // Reads below the item path that name nothing but the item (`/entries/{id}/text`): while the item
      // exists they are read once each, so that every check judges a rendering of an item that is
      // there (the run's other reads may name items deleted meanwhile). No existence is claimed: a
      // sub-resource may be absent for an item that exists (an avatar never uploaded).
      const below = spec.operations.filter(
        (o) =>
          o.method === 'get' &&
          o !== read &&
          o.path.startsWith(`${collection.itemPath}/`) &&
          o.parameters.filter((p) => p.in === 'path').length === collection.scope.length + 1,
      );
      for (const reader of below) await send(at(reader, itemId, undefined, false));
      if (stale && etag !== undefined && !moved) await conditionalWrites(stale, etag);
      // Actions on the item (`POST …/appointments/{id}/cancel`), once each on the item the life made,
      // so that every check judges them on an item that exists; last before the deletion, since an
      // action may change what the item allows. Where the action answers the item, a read after it
      // must not show a member the answer changed back as it was: the change was answered, not kept.
      for (const action of moved ? [] : actions) {
        // Without a credential first, where the action needs one: only an item that exists shows an
        // action anyone may perform (the courses zoo's withdraw without a token; the auth sweeps'
        // ids named nothing, so the valid key got 404 too). Served, the auth check fails it, and the
        // action is not sent again on the item it changed.
        const bareAction = requiresAuth(action.security)
          ? authEntries(action).refused.find((a) => a.auth === 'none')
          : undefined;
        if (bareAction && is2xx(await send({ ...at(action, itemId), ...bareAction, kind: 'auth' }))) continue;
        const before = await send(at(read, itemId));
        const acted = await send(at(action, itemId));
        const after = await send(at(read, itemId));
        const kept = actionKept(collection, itemId, before, acted, after);
        if (kept && !PREVIEW_WORDS.test(action.path.split('/').at(-1) ?? ''))
          violation(after, 'semantics.read_back', {
            rule: 'action-kept',
            action: action.operationId,
            read: read.operationId,
            member: kept.member,
            before: kept.before,
            answered: kept.answered,
            item,
          });
      }
      // The deletion without a credential first, where it needs one: the auth sweeps delete only ids
      // no answer showed (an item the run still reads is not theirs to remove), so only a life's own
      // item shows a DELETE that works for anyone (the nested zoo's auth-delete-unprotected). Served,
      // the item is gone and the auth check fails it; the life ends there.
      const bare =
        remove && requiresAuth(remove.security)
          ? authEntries(remove).refused.find((a) => a.auth === 'none')
          : undefined;
      if (remove && bare) {
        const anyone = await send({ ...at(remove, itemId), ...bare, kind: 'auth' });
        if (is2xx(anyone)) return log.execution();
      }
      // Every second life deletes an item that holds a nested item: deleting a parent with children
      // is where servers break (a foreign key refuses, a cascade throws: held-out set 88's 500).
      // What becomes of the children is claimed only where the deletion's own words say they go with
      // it ("Deletes the garage and its spots": the fleet zoo's cascade left undone); otherwise every
      // check judges the deletion and a read of each child after it, and the rule below the item.
      const childReads: { readonly read: Case; readonly child: CollectionModel; readonly childId: string }[] = [];
      const heldChildren = remove !== undefined && !moved && children.length > 0 && deletions++ % 2 === 1;
      if (heldChildren) {
        const tag = etag;
        for (const { child, parent, maker, reader } of children.slice(0, 2)) {
          const base = toValidCase(
            maker,
            withKnownReferences(maker, ordinaryParts(maker, knownOf(maker), 0), knownOf(maker)),
          );
          const pathParams = { ...base.pathParams, ...scope, [parent]: itemId };
          const made = await send({ ...base, pathParams, existing: [...child.scope] });
          const childId = is2xx(made) && made.response ? createdId(child, made.response, maker) : undefined;
          if (!reader || !child.id || childId === undefined) continue;
          const readCase = toValidCase(reader, ordinaryParts(reader, knownOf(reader), 0));
          childReads.push({
            read: {
              ...readCase,
              pathParams: { ...readCase.pathParams, ...pathParams, [child.id.parameter]: childId },
              existing: [],
            },
            child,
            childId,
          });
        }
        // The item's own tag, not a child's, goes with a conditional deletion.
        etag = tag;
      }
      if (remove) {
        const gone = await send(at(remove, itemId));
        for (const { read: childRead, child, childId } of is2xx(gone) ? childReads : []) {
          const after = await send(childRead);
          const words = statedCascade(remove, child);
          const body = after.response?.exactJson ?? after.response?.json;
          if (words && is2xx(after) && child.id && showsId(child, body, childId))
            log.add(
              findingOf(after, {
                code: 'semantic_violation',
                severity: 'failure',
                check: 'semantics.delete',
                basis: specBasis(words),
                evidence: {
                  rule: 'delete',
                  read: childRead.operationId,
                  status: after.response!.status,
                  remove: remove.operationId,
                  removeStatus: gone.response!.status,
                  item: {
                    parameter: child.id.parameter,
                    id: childId,
                    createdBy: children.find((c) => c.child === child)!.maker.operationId,
                    ...(child.id.member ? { idMember: child.id.member } : {}),
                    inference: child.id.reason,
                  },
                },
              }),
            );
        }
        if (is2xx(gone)) {
          // The item and what hangs below it are gone: every read under its path now finds nothing.
          // Where the life made children, lists below it may still show them: what a deletion does
          // to children is not this rule's (see above), so only the item's own read is judged.
          const readers = [
            read,
            ...below.filter((b) => !heldChildren || !children.some(({ child }) => child.path === b.path)),
          ];
          let gone404 = false;
          let goneRefused = false;
          /**
           * A request the target took for this very item before (it answered `before`), refused with
           * an undocumented 400 or 422 now that the item is gone, where the operation documents 404
           * for an item that is not found: the form is one it takes, so the refusal answers "not
           * found" with a status the operation does not document (held-out set 160: `GET` and
           * `DELETE /data/{id}` of a deleted item answered 400).
           */
          const refusedGone = (exchange: Exchange, operation: OperationModel, before: number | undefined) => {
            const status = exchange.response?.status;
            const words = notFoundWords(operation);
            if (before === undefined || !words || (status !== 400 && status !== 422) || operation.responseFor(status))
              return false;
            log.add(
              findingOf(exchange, {
                code: 'semantic_violation',
                severity: 'failure',
                check: 'semantics.delete',
                basis: specBasis(words),
                evidence: {
                  rule: 'gone-refused',
                  operation: operation.operationId,
                  status,
                  before,
                  remove: remove.operationId,
                  removeStatus: gone.response!.status,
                  item,
                },
              }),
            );
            return true;
          };
          for (const reader of readers) {
            const after = await send(at(reader, itemId, undefined, false));
            if (reader === read && after.response?.status === 404) gone404 = true;
            if (reader === read && refusedGone(after, read, servedStatus)) goneRefused = true;
            // A list below the item that answers empty finds nothing too (the tasks of a deleted board).
            // A 2xx read of the item that shows no item with its id (`200 {"error":"User not found"}`,
            // held-out set 53) does not serve it: how a server says "none", beyond its documented
            // statuses and schema, is not this rule's.
            const body = after.response?.exactJson ?? after.response?.json;
            const notTheItem =
              reader === read && collection.id?.member !== undefined && !showsId(collection, body, itemId);
            // An empty list below it is a list of nothing, unless the list's own 404 says it answers a
            // parent that is not found (the courses zoo: lessons of an unknown course answered 200 []).
            const stated = reader === read ? undefined : notFoundWords(reader);
            if (
              after.response &&
              after.response.status < 300 &&
              (!answersEmptyList(after) || stated !== undefined) &&
              !notTheItem
            ) {
              const evidence = {
                rule: 'delete',
                read: reader.operationId,
                status: after.response.status,
                remove: remove.operationId,
                removeStatus: gone.response!.status,
                item,
              } as const;
              if (stated)
                log.add(
                  findingOf(after, {
                    code: 'semantic_violation',
                    severity: 'failure',
                    check: 'semantics.delete',
                    basis: specBasis(stated),
                    evidence,
                  }),
                );
              else violation(after, 'semantics.delete', evidence);
            }
          }
          // The deletion again, where it documents 404 for an item not found: the item is gone (its
          // read answered 404), so a 2xx says it deleted what is not there (the courses and fleet
          // zoos' DELETE of an unknown id answered 204). Where the spec documents no such 404, an
          // idempotent 204 is the server's choice (RFC 9110 §9.3.5 requires neither).
          const notFound = notFoundWords(remove);
          if ((gone404 || goneRefused) && notFound) {
            const again = await send(at(remove, itemId, undefined, false));
            refusedGone(again, remove, gone.response!.status);
            if (gone404 && is2xx(again))
              log.add(
                findingOf(again, {
                  code: 'semantic_violation',
                  severity: 'failure',
                  check: 'semantics.delete',
                  basis: specBasis(notFound),
                  evidence: {
                    rule: 'deleted-again',
                    remove: remove.operationId,
                    status: again.response!.status,
                    read: read.operationId,
                    item,
                  },
                }),
              );
          }
          // A write to the item that is gone, where the write documents 404 for an item not found:
          // a 2xx that leaves the item unreadable wrote to nothing (held-out set 148's PUT of an
          // unknown rate answered 200). A write that brings the item back created it, which PUT
          // (RFC 9110 §9.3.4) and PATCH (RFC 5789 §2) may: the read that follows tells them apart.
          for (const [writer, parts] of [
            [updateOp, step.update],
            [replaceOp, step.replace],
          ] as const) {
            const stated = writer && parts ? notFoundWords(writer) : undefined;
            if (!gone404 || !writer || !parts || !stated) continue;
            const written = await send(at(writer, itemId, parts, false));
            if (!is2xx(written)) continue;
            const after = await send(at(read, itemId, undefined, false));
            if (after.response?.status !== 404) break;
            log.add(
              findingOf(written, {
                code: 'semantic_violation',
                severity: 'failure',
                check: 'semantics.delete',
                basis: specBasis(stated),
                evidence: {
                  rule: 'written-after-delete',
                  write: writer.operationId,
                  status: written.response!.status,
                  remove: remove.operationId,
                  read: read.operationId,
                  item,
                },
              }),
            );
            break;
          }
        }
      }
      return log.execution();
    },
  };
}

/** Whether a value is one the operation's path parameter takes (a token read as an id must fit it). */
function takesPathValue(operation: OperationModel, name: string, text: string): boolean {
  const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
  if (!parameter) return false;
  const parsed = parseParameter({ ...parameter, schema: parameter.schema.schema }, encodeURIComponent(text));
  return parsed.ok && parameter.schema.validate(parsed.value).ok;
}

/** Whether a write's words (its own, or its If-Match parameter's) say If-Match may list several tags or `*`. */
function takesTagList(operation: OperationModel): boolean {
  const words = `${operation.summary ?? ''} ${operation.description ?? ''} ${ifMatchOf(operation)?.description ?? ''}`;
  return /\b(?:list of (?:entity )?tags|comma[- ]separated)\b|[`'"]\*[`'"]/i.test(words);
}

/** The If-Match header parameter a write declares, if any. */
function ifMatchOf(operation: OperationModel) {
  return operation.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'if-match');
}

/** Whether an operation's own words (summary, description) say it replaces what it writes. */
function saysReplace(operation: OperationModel): boolean {
  return /\breplac(?:e|es|ed|ing|ement)\b|\bfull(?:y)? (?:update|overwrite)|\boverwrit/i.test(
    `${operation.summary ?? ''} ${operation.description ?? ''}`,
  );
}

/** Whether a read's body is the item of `collection` whose id is `id` (the same integer however written). */
function showsId(collection: CollectionModel, body: unknown, id: string): boolean {
  const shown = idOfItem(collection, body);
  return shown !== undefined && (canonicalInteger(shown) ?? shown) === (canonicalInteger(id) ?? id);
}

/** Whether an answer is an empty list: a bare `[]`, or an object whose only array member is empty. */
function answersEmptyList(exchange: Exchange): boolean {
  return listedArray(exchange.response?.exactJson ?? exchange.response?.json)?.length === 0;
}

function memberSchema(itemSchema: JsonSchema | undefined, name: string): JsonSchema | undefined {
  return itemSchema
    ? ((mergeAllOf(itemSchema).properties as Record<string, JsonSchema> | undefined)?.[name] ?? undefined)
    : undefined;
}

/** Members the server owns (readOnly), which a replacement need not clear. */
function isServerOwned(itemSchema: JsonSchema | undefined, name: string): boolean {
  const schema = memberSchema(itemSchema, name);
  return schema !== undefined && mergeAllOf(schema).readOnly === true;
}

/**
 * Whether the representation requires a member the spec gives no `default`: when a write leaves it
 * out (a replacement without it, a merge patch setting it to null), the server fills in a value the
 * spec does not show, which may be the earlier one ("`reorderLevel` takes its default").
 */
function filledByServer(itemSchema: JsonSchema | undefined, name: string): boolean {
  const schema = memberSchema(itemSchema, name);
  const required = itemSchema ? mergeAllOf(itemSchema).required : undefined;
  return (
    Array.isArray(required) && required.includes(name) && (schema === undefined || !('default' in mergeAllOf(schema)))
  );
}

/** Whether the item's schema lets a member be null (`nullable: true`, or `null` in a 3.1 type list). */
function showsNull(itemSchema: JsonSchema | undefined, name: string): boolean {
  const schema = memberSchema(itemSchema, name);
  return schema !== undefined && typeAllows(mergeAllOf(schema), null);
}

/** Whether a value is the member's documented default (a server may fill it in when the member is absent). */
function isDefault(itemSchema: JsonSchema | undefined, name: string, value: unknown): boolean {
  const schema = memberSchema(itemSchema, name);
  return (
    schema !== undefined && 'default' in mergeAllOf(schema) && holdsSent(mergeAllOf(schema).default, value, undefined)
  );
}

/** A value no server would invent as a default: text of three or more characters, a number other than -1, 0 or 1, a non-empty array or object. */
function distinctive(value: unknown): boolean {
  if (typeof value === 'string') return value.trim().length >= 3;
  if (typeof value === 'number' || isLosslessNumber(value)) return Math.abs(Number(value)) > 1;
  if (Array.isArray(value)) return value.length > 0;
  return isObject(value) && Object.keys(value as object).length > 0;
}

/** Whether the create request's body carries the id member (and it is not read-only): the client picks ids. */
export function clientChoosesId(create: OperationModel, member: string | undefined): boolean {
  if (!member || !create.requestBody) return false;
  const property = (
    mergeAllOf(create.requestBody.schema.schema).properties as Record<string, JsonSchema> | undefined
  )?.[member];
  return property !== undefined && mergeAllOf(property).readOnly !== true;
}

/**
 * Whether a create can leave the id to the server: its body declares no id member, or declares it
 * without requiring it (a body may carry an id many servers ignore, Book schemas shared by POST and
 * GET). Where it declares one, the member is left out of the bodies sent ({@link withoutMember}).
 */
export function idLeftToServer(create: OperationModel, member: string | undefined): boolean {
  if (!clientChoosesId(create, member)) return true;
  return !requiredMembers(create).has(member!);
}

/** Action names that compute rather than change (`/orders/{id}/preview`): their answer is not the item's new state. */
const PREVIEW_WORDS =
  /preview|dry|validat|check|verify|simulat|quote|estimat|calculat|render|export|download|copy|clone|duplicate/i;

/**
 * The first member an action's answer showed changed (from the read before it) that the read after
 * it shows as it was before: only where all three answers are 2xx JSON of the item, the action's a
 * 200 or 201 (a 202 may still be at work), and the member a scalar in all three.
 */
function actionKept(
  collection: CollectionModel,
  itemId: string,
  before: Exchange,
  acted: Exchange,
  after: Exchange,
): { readonly member: string; readonly before: string; readonly answered: string } | undefined {
  const bodyOf = (e: Exchange) => (is2xx(e) ? itemBody(collection, e.response) : undefined);
  const [b, a, r] = [bodyOf(before), bodyOf(acted), bodyOf(after)];
  const status = acted.response?.status;
  if ((status !== 200 && status !== 201) || !isObject(b) || !isObject(a) || !isObject(r)) return undefined;
  if (![b, a, r].every((body) => idOfItem(collection, body) === itemId)) return undefined;
  const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  // Absent before and after counts as a value only for a member the item's schema declares (an
  // optional `cancelledAt` a cancellation fills in), not one only the action's answer carries.
  const declared = new Set(Object.keys((collection.itemSchema?.properties as object | undefined) ?? {}));
  for (const [member, answered] of Object.entries(a as Record<string, unknown>)) {
    const was = (b as Record<string, unknown>)[member];
    const now = (r as Record<string, unknown>)[member];
    const value = (v: unknown) => scalar(v) || (v === undefined && declared.has(member));
    if (member === collection.id?.member || !scalar(answered) || !value(was) || !value(now)) continue;
    if (answered !== was && now === was)
      return {
        member,
        before: was === undefined ? '(absent)' : JSON.stringify(was),
        answered: JSON.stringify(answered),
      };
  }
  return undefined;
}

/**
 * How a list's view of an item differs from what the run wrote to it, where the read showed it as
 * written: a member the run wrote, present in both views, that the list shows otherwise. Only the
 * run's own values count (what the server owns, its stamps and counters, may move between two
 * reads); a list may show less (a summary leaves members out) or a long text cut short (`…`).
 */
export function viewDifference(
  written: unknown,
  read: unknown,
  listed: unknown,
  itemSchema: JsonSchema | undefined,
): string | undefined {
  if (!isObject(written) || !isObject(read) || !isObject(listed)) return undefined;
  for (const [k, value] of Object.entries(written as Record<string, unknown>)) {
    const inList = (listed as Record<string, unknown>)[k];
    const inRead = (read as Record<string, unknown>)[k];
    if (inList === undefined || inRead === undefined || isServerOwned(itemSchema, k) || serverStamped(k, undefined))
      continue;
    const schema = memberSchema(itemSchema, k);
    if (!holdsSent(value, inRead, schema) || holdsSent(value, inList, schema)) continue;
    if (typeof value === 'string' && typeof inList === 'string' && isCut(value, inList)) continue;
    return `${k} ${JSON.stringify(inList)} where ${JSON.stringify(inRead)} was written and read back`;
  }
  return undefined;
}

/** Whether `shown` is `full` cut short, with or without an ellipsis. */
function isCut(full: string, shown: string): boolean {
  const stem = shown.replace(/(?:…|\.\.\.)$/, '');
  return stem.length < full.length && full.startsWith(stem);
}

/** Words of a 404 that tie it to an item that is not there: "not found" and its kin, or "unknown course". */
const notFound = (text: string) => NOT_FOUND_WORDS.test(text) || /\bunknown\b/i.test(text);

/** The words of an operation's documented 404 that say it answers an item that is not found, if they do. */
function notFoundWords(operation: OperationModel): SpecWords | undefined {
  const response = operation.responses['404'];
  const description = response?.description;
  if (typeof description === 'string' && notFound(description))
    return specWords(`${operation.pointer}/responses/404/description`, description);
  const own = operation.description ?? '';
  const sentence = sentencesOf(own).find((s) => /\b404\b/.test(s) && notFound(s));
  return response && sentence ? specWords(`${operation.pointer}/description`, sentence) : undefined;
}

/**
 * A replacement's parts with every top-level boolean member of its JSON body turned over, when it
 * has one and the operation's schema takes the result; otherwise undefined.
 */
function turnedOver(parts: RequestParts, replace: OperationModel): RequestParts | undefined {
  const body = parts.body;
  if (!isObject(body)) return undefined;
  const flags = Object.entries(body as Record<string, WireJson>).filter(([, v]) => typeof v === 'boolean');
  if (flags.length === 0) return undefined;
  const turned = { ...(body as Record<string, WireJson>), ...Object.fromEntries(flags.map(([k, v]) => [k, !v])) };
  return replace.requestBody?.schema.validate(toPlainJson(turned)).ok ? { ...parts, body: turned } : undefined;
}
