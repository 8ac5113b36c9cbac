import type { JsonSchema, OperationModel, SpecModel } from '../../../spec/index.js';
import { isLosslessNumber } from 'lossless-json';
import { isObject } from '../../../spec/json/index.js';
import type { CollectionModel, ResourceModel } from '../../../spec/resources/index.js';
import type { Case, Exchange } from '../../cases/index.js';
import { largestPage } from './collection-requests.js';
import type { RegisteredCheck } from '../../checks/index.js';
import { findingOf } from '../../checks/index.js';
import type { Finding, RequestRecord } from '../../findings/index.js';
import { ordinaryParts, toValidCase } from '../../generate/index.js';
import { referenceMembers, withKnownReferences } from '../../generate/known-references.js';
import type { DomainRules } from '../rules.js';
import { createdId, idOfItem, itemsOf } from './items.js';
import { clientChoosesId, lifecycle } from './lifecycle.js';
import { interleavedLives } from './interleaved-lives.js';
import { namedValueHarvester } from './named-values.js';
import { concurrentCreates } from './concurrent-creates.js';
import { storedInvalid } from './stored-invalid.js';
import { stateRefusals } from './state-refusals.js';
import { putCreates } from './put-creates.js';
import { takenValues } from './taken-values.js';
import { unknownShaped } from './unknown-shaped.js';
import { createEchoCheck, identityCheck } from './item-checks.js';
import {
  filterChecks,
  listOrderCheck,
  listScopeCheck,
  pageSizeCheck,
  rangeFilterChecks,
  totalCheck,
  uniqueIdsCheck,
} from './list-checks.js';
import { freedBy, OwnWrites } from './own-writes.js';
import { pageMoves } from './page-moves.js';
import { readIdentityCheck } from './read-checks.js';
import { probeArrayFilterFinds, probeObjectFilters, structuredFilterChecks } from './structured-filters.js';
import { probeRangeFilters } from './range-probes.js';
import { probeTextFilters } from './text-probes.js';
import { confirmLookAhead, lookAhead } from './read-ahead.js';
import { probeUnfilteredHoldsAll } from './unfiltered-holds-all.js';
import { Confirmations, inferenceWords, observeConfirmations, ruleKey, storedBasis } from './confirmations.js';

/** Words by which a spec says an id is not handed out again: "never reused", "not recycled". */
const NEVER_REUSED =
  /\b(never|not|no(t)? be)\s+(re-?used|recycled|reassigned|re-?assigned|handed out again|given out again)\b/i;

/**
 * The meaning the kit can infer of any API from its resource model: page sizes and filters hold, no
 * id twice in a list, a creation's answer echoes what was sent and a read by id answers that item;
 * ids harvested from lists, creations and reads so that valid requests hit real items; a first look
 * at each list's largest page (whole and per enum filter value); every collection's lifecycle
 * (create → read → update → list → delete), creations at the same moment, and ids handed out once
 * per collection (not one an earlier answer showed). Every finding names the inference it rests
 * on; a collection the resource config switches off is not checked.
 */
export function genericRules(spec: SpecModel, resources: ResourceModel): DomainRules {
  const byPath = new Map(resources.collections.map((c) => [c.path, c]));
  const assignments = new Map(resources.operations.map((a) => [a.operationId, a]));
  const collectionOf = (operationId: string): CollectionModel | undefined => {
    const path = assignments.get(operationId)?.collection;
    return path ? byPath.get(path) : undefined;
  };
  // What this target has shown of the inferences; a breach it has not confirmed is an advisory.
  const ledger = new Confirmations();
  /** The ledger's basis for a semantic violation, if one of its rules speaks for it. */
  const ledgerBasis = (f: Finding) => {
    if (f.code !== 'semantic_violation') return undefined;
    const collection = collectionOf(f.operationId);
    const rule = ruleKey(f.evidence);
    const reason = (f.evidence as { readonly inference?: string }).inference;
    if (!collection || !rule) return undefined;
    const words = inferenceWords(rule.inference, reason);
    // A read-back is judged member by member: the target must have kept the member as written before.
    if ((f.evidence as { readonly rule: string }).rule === 'read-back') {
      const e = f.evidence as {
        readonly sent?: unknown;
        readonly writer?: string;
        readonly writers?: Readonly<Record<string, string>>;
      };
      const byMember = storedBasis(ledger, collection, e.writer ?? '', e.sent, readBody(f), words, e.writers);
      if (byMember) return byMember;
    }
    return ledger.basis(`${collection.path} ${rule.inference}`, rule.value, words);
  };
  const attest = (f: Finding): Finding => {
    if (f.code !== 'semantic_violation' || f.basis || f.severity !== 'failure') return f;
    const basis = ledgerBasis(f);
    return basis ? { ...f, basis, severity: basis.kind === 'confirmed' ? 'failure' : 'advisory' } : f;
  };
  // Ids the run's own writes moved: a PUT or PATCH whose body names another id than its path's, which
  // the target took (2xx). The item may now go by the body's id (lowdb's merge, held-out set 49): the
  // path's id may vanish from lists, and two items the kit wrote one id into share it. Keyed by
  // collection path and id.
  const movedFrom = new Set<string>();
  // The run's own writes and when each exchange was under way; when each id-twice's id was shown.
  const ownWrites = new OwnWrites();
  const idShownAt = new WeakMap<RequestRecord, number>();
  const writtenIds = new Set<string>();
  const observeMove = (exchange: Exchange, collection: CollectionModel, role: string | undefined) => {
    const id = collection.id;
    const body = exchange.case.body?.kind === 'json' ? exchange.case.body.value : undefined;
    if ((role !== 'replace' && role !== 'update') || !id?.member || !isObject(body)) return;
    const written = (body as Record<string, unknown>)[id.member];
    // An id beyond 2^53 travels as a LosslessNumber: its digits are the id written.
    if (typeof written !== 'string' && typeof written !== 'number' && !isLosslessNumber(written)) return;
    const from = exchange.case.pathParams[id.parameter];
    if (from === undefined || String(written) === from) return;
    movedFrom.add(`${collection.path} ${from}`);
    writtenIds.add(`${collection.path} ${String(written)}`);
  };
  /** Why an id rule cannot hold the target to a breach the run's own moves explain, if they do. */
  const movedByTheKit = (f: Finding): string | undefined => {
    const collection = collectionOf(f.operationId);
    if (f.code !== 'semantic_violation' || f.severity !== 'failure' || !collection) return undefined;
    const e = f.evidence as {
      readonly rule: string;
      readonly duplicates?: readonly string[];
      readonly item?: { readonly id?: string };
    };
    if (e.rule === 'duplicate-ids' && e.duplicates?.every((d) => writtenIds.has(`${collection.path} ${d}`)))
      return 'ids are unique in a list; but the kit itself wrote these ids into items of this run (a PUT or PATCH whose body names another id than its path), and the target took them';
    if (e.rule === 'list-shows-created' && e.item?.id !== undefined && movedFrom.has(`${collection.path} ${e.item.id}`))
      return 'a list shows the item created; but a write of this run gave the item another id in its body, and the target took it: the list may show it by that id';
    return undefined;
  };
  /** Why a rule comparing two states cannot hold the target to a breach the run's own concurrent writes explain. */
  const racedByTheKit = (f: Finding): string | undefined => {
    const collection = collectionOf(f.operationId);
    if (f.code !== 'semantic_violation' || f.severity !== 'failure' || !collection || !f.request) return undefined;
    const window = ownWrites.windowOf(f.request);
    if (!window) return undefined;
    const e = f.evidence as {
      readonly rule: string;
      readonly id?: string;
      readonly total?: number;
      readonly items?: number;
    };
    if (e.rule === 'total' && e.total !== undefined && e.items !== undefined) {
      // A count and a list read apart differ by at most the writes between them.
      const writes = ownWrites.writesDuring(window, collection);
      if (writes.length === 0 || Math.abs(e.total - e.items) > writes.length) return undefined;
      return `the total counts the items the request matches; but ${writes.length === 1 ? `a write of this run (${writes[0]}) was` : `${writes.length} writes of this run (${[...new Set(writes)].join(', ')}) were`} under way while this list was answered, and a count and a list read apart may differ by them`;
    }
    const shownAt = idShownAt.get(f.request);
    // Where the spec says ids are never reused, no deletion frees one (see forgetDeleted).
    if (e.rule === 'id-twice' && e.id !== undefined && shownAt !== undefined && !neverReused.has(collection.path)) {
      const freeing = ownWrites.deleteFreeing(shownAt, window, collection, e.id);
      return (
        freeing &&
        `an id is not handed out while an earlier answer's item may exist; but ${freeing} of this run, which may free it, was under way between the answer that showed the id and this creation's`
      );
    }
    return undefined;
  };
  // At the end of the run: what the target confirmed after a breach counts too.
  const settle = (findings: readonly Finding[]): Finding[] =>
    findings.map((f) => {
      const moved = movedByTheKit(f) ?? racedByTheKit(f);
      if (moved) return { ...f, severity: 'advisory', basis: { kind: 'unconfirmed', inference: moved } } as Finding;
      if (f.severity !== 'advisory' || f.basis?.kind !== 'unconfirmed') return f;
      const basis = ledgerBasis(f);
      return basis?.kind === 'confirmed' ? ({ ...f, basis, severity: 'failure' } as Finding) : f;
    });
  const attested = (check: RegisteredCheck): RegisteredCheck => ({
    ...check,
    run: (input) => check.run(input).map(attest),
  });
  const checks: Record<string, RegisteredCheck[]> = {};
  const add = (operationId: string | undefined, ...found: (RegisteredCheck | undefined)[]) => {
    if (operationId === undefined) return;
    checks[operationId] = [...(checks[operationId] ?? []), ...found.filter((c) => c !== undefined).map(attested)];
  };
  for (const collection of resources.collections) {
    const { list, create, read } = collection.operations;
    const listOperation = list ? spec.operation(list.operationId) : undefined;
    add(
      list?.operationId,
      pageSizeCheck(collection),
      ...filterChecks(collection, listOperation),
      ...(listOperation ? structuredFilterChecks(listOperation, collection, ledger) : []),
      uniqueIdsCheck(collection),
      totalCheck(collection),
      listScopeCheck(collection),
      listOrderCheck(collection),
      ...rangeFilterChecks(collection),
    );
    const createOperation = create ? spec.operation(create.operationId) : undefined;
    if (createOperation) add(create!.operationId, createEchoCheck(collection, createOperation, ledger));
    const readOperation = read ? spec.operation(read.operationId) : undefined;
    // One identity check per read: integer ids are judged on every read (identityCheck); other ids
    // on reads of ids the target handed out (readIdentityCheck), so no defect is reported twice.
    add(
      read?.operationId,
      identityCheck(collection) ?? (readOperation && readIdentityCheck(readOperation, collection)),
    );
  }
  // Operations under an item path take its id; deleting ones do not, so that no other property
  // deletes an item the run still reads.
  const takers = (collection: CollectionModel): OperationModel[] =>
    collection.itemPath
      ? spec.operations.filter(
          (o) =>
            o.method !== 'delete' && (o.path === collection.itemPath || o.path.startsWith(`${collection.itemPath}/`)),
        )
      : [];

  const namedValues = namedValueHarvester(spec, resources.collections);

  // Collections whose id the spec describes as never reused (its member's or its parameter's words).
  const neverReused = new Set(
    resources.collections
      .filter((collection) => {
        const id = collection.id;
        if (!id) return false;
        const member =
          id.member !== undefined && collection.itemSchema
            ? (collection.itemSchema.properties as Record<string, JsonSchema> | undefined)?.[id.member]
            : undefined;
        return [member?.description, id.schema.description].some((d) => typeof d === 'string' && NEVER_REUSED.test(d));
      })
      .map((collection) => collection.path),
  );
  /**
   * Forgets the ids a DELETE may have removed, whatever it answered: the
   * item it names, or every item of the collections at or below its path (a clear, a parent's removal).
   */
  const forgetDeleted = (
    shown: Map<string, Map<string, { readonly at: number; readonly by: string }>>,
    exchange: Exchange,
    operation: OperationModel,
  ) => {
    for (const collection of resources.collections) {
      // Where the spec says the id is never reused ("unique and never reused, even after the book
      // is deleted"), a deletion frees nothing.
      if (neverReused.has(collection.path)) continue;
      const freed = freedBy(operation.path, exchange.case.pathParams, collection);
      if (!freed) continue;
      for (const [scopeKey, seen] of shown) {
        if (scopeKey !== collection.path && !scopeKey.startsWith(`${collection.path} `)) continue;
        if ('all' in freed) seen.clear();
        else seen.delete(freed.id);
      }
    }
  };

  return {
    checks,
    harvest(exchange: Exchange, operation: OperationModel) {
      const r = exchange.response;
      if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind === 'invalid') return {};
      const assignment = assignments.get(operation.operationId);
      const collection = collectionOf(operation.operationId);
      if (collection) observeConfirmations(ledger, exchange, collection, assignment?.role, operation.operationId);
      const named = namedValues(exchange, operation);
      if (!assignment || !collection?.id) return named;
      const body = r.exactJson ?? r.json;
      const ids =
        assignment.role === 'list'
          ? (itemsOf(collection, body) ?? []).map((item) => idOfItem(collection, item))
          : assignment.role === 'create'
            ? [createdId(collection, r, operation)]
            : assignment.role === 'read' || assignment.role === 'replace' || assignment.role === 'update'
              ? [idOfItem(collection, body)]
              : [];
      const found = ids.filter((id): id is string => id !== undefined);
      if (found.length === 0) return named;
      const parameter = collection.id.parameter;
      return {
        ...named,
        ...Object.fromEntries(takers(collection).map((o) => [o.operationId, { [parameter]: found }])),
      };
    },
    sequences: [
      ...resources.collections.map((c) => lifecycle(spec, c, ledger, resources.collections)),
      ...resources.collections.map((c) => interleavedLives(spec, c, ledger)),
      ...resources.collections.map((c) => pageMoves(spec, c)),
      ...resources.collections.map((c) => concurrentCreates(spec, c)),
      ...resources.collections.map((c) => storedInvalid(spec, c)),
      ...resources.collections.map((c) => stateRefusals(spec, c)),
      ...resources.collections.map((c) => unknownShaped(spec, c)),
      ...resources.collections.map((c) => takenValues(spec, c)),
      ...resources.collections.map((c) => putCreates(spec, c)),
    ]
      .filter((s) => s !== undefined)
      .map((s) => ({
        ...s,
        execute: async (value: unknown, context) => {
          const execution = await s.execute(value as never, context);
          return { ...execution, findings: execution.findings.map(attest) };
        },
      })),
    firstLook() {
      // The largest page of each top-level list, whole and per value of each enum filter, judged
      // before preparation adds anything: an empty store, or a filter that matches nothing yet,
      // shows only here on most targets. So does every other read that needs no parameter (held-out
      // set 84: `GET /employees/highest-salary` crashed with 500 on an empty store only).
      const lists = new Set(resources.collections.map((c) => c.operations.list?.operationId));
      const reads = spec.operations
        .filter(
          (o) =>
            o.method === 'get' &&
            !lists.has(o.operationId) &&
            !o.path.includes('{') &&
            o.parameters.every((p) => !p.required || p.in === 'header'),
        )
        .map((o): Case => ({ ...toValidCase(o, ordinaryParts(o, {}, 0)), family: 'first-look' }));
      const listed = resources.collections.flatMap((collection): Case[] => {
        const list = collection.operations.list ? spec.operation(collection.operations.list.operationId) : undefined;
        if (!list || collection.scope.length > 0) return [];
        const { testCase } = largestPage(list, collection, {}, 'first-look');
        const filtered = collection.filters.flatMap((filter) =>
          filter.kind === 'enum'
            ? (filter.values ?? []).map(
                (value): Case => ({
                  ...testCase,
                  query: [
                    ...testCase.query.filter(([name]) => name !== filter.parameter),
                    [filter.parameter, typeof value === 'string' ? value : JSON.stringify(value)],
                  ],
                }),
              )
            : [],
        );
        return [testCase, ...filtered];
      });
      return [...listed, ...reads];
    },
    async prepare(context) {
      // Items to read: one list of each collection, outermost first, and one creation where a
      // collection's list is empty, so that nested collections have a parent.
      // A collection whose creations name items of others in their body (`bikeId` in a work order,
      // the workshop zoo) comes after them: its first creation then names items that exist.
      const depth = (c: CollectionModel) => {
        const create = c.operations.create ? spec.operation(c.operations.create.operationId) : undefined;
        return c.scope.length + (create ? referenceMembers(create, spec.operations).length : 0);
      };
      const ordered = [...resources.collections].sort((a, b) => depth(a) - depth(b));
      const known = (context as typeof context & { known?: (id: string) => Record<string, readonly string[]> }).known;
      for (const collection of ordered) {
        const list = collection.operations.list ? spec.operation(collection.operations.list.operationId) : undefined;
        const create = collection.operations.create
          ? spec.operation(collection.operations.create.operationId)
          : undefined;
        const scope = (o: OperationModel) =>
          Object.fromEntries(
            collection.scope
              .map((name) => [name, known?.(o.operationId)[name]?.[0]])
              .filter(([, v]) => v !== undefined),
          ) as Record<string, string>;
        let have = 0;
        if (list) {
          const c = toValidCase(list, ordinaryParts(list, {}, 0));
          const seen = await context.send({
            ...c,
            family: 'first-look',
            pathParams: { ...c.pathParams, ...scope(list) },
          });
          have = (seen.response && itemsOf(collection, seen.response.json)?.length) || 0;
        }
        // A parent of nested collections needs two items: a nested item is then read under the other one too.
        const want = resources.collections.some((c) => c.parent?.collection === collection.path) ? 2 : 1;
        for (; create && have < want && !context.readOnly; have++) {
          const c = toValidCase(
            create,
            withKnownReferences(create, ordinaryParts(create, {}, have), known?.(create.operationId) ?? {}),
          );
          await context.send({ ...c, family: 'first-look', pathParams: { ...c.pathParams, ...scope(create) } });
        }
      }
      // While the store is still small: ids read before they exist, and every filter value listed unfiltered.
      const failures: Finding[] = [];
      for (const collection of ordered) {
        const ahead = await lookAhead(context, spec, collection);
        if (ahead) failures.push(...(await confirmLookAhead(context, spec, ahead)));
        failures.push(...(await probeUnfilteredHoldsAll(context, spec, collection)));
        failures.push(...(await probeArrayFilterFinds(context, spec, collection)));
        failures.push(...(await probeObjectFilters(context, spec, collection)));
        failures.push(...(await probeRangeFilters(context, spec, collection)));
        failures.push(...(await probeTextFilters(context, spec, collection)));
      }
      return failures.length > 0 ? { failures: failures.map(attest) } : undefined;
    },
    settle,
    observer: () => {
      // Per collection and scope: each id shown by an answer (a list, a read, a creation), with when
      // that answer was complete and which operation showed it. A creation that hands out an id an
      // answer complete before it was sent already showed is a violation while that item may still
      // exist; answers still under way prove nothing (concurrent requests). Once a DELETE named the
      // item, its collection or a parent, the id may be handed out again: no spec here promises ids
      // are never reused (SQLite reuses the largest rowid, `size + 1` counters restart after a clear).
      const shown = new Map<string, Map<string, { readonly at: number; readonly by: string }>>();
      return (exchange: Exchange, operation: OperationModel): Finding[] => {
        const r = exchange.response;
        ownWrites.observe(exchange, operation);
        if (operation.method === 'delete') forgetDeleted(shown, exchange, operation);
        const collection = collectionOf(operation.operationId);
        const role = assignments.get(operation.operationId)?.role;
        if (!r || r.status < 200 || r.status >= 300 || !collection?.id || exchange.case.kind === 'invalid') return [];
        const scopeKey = `${collection.path} ${collection.scope.map((s) => exchange.case.pathParams[s] ?? '').join('/')}`;
        const seen = shown.get(scopeKey) ?? new Map<string, { at: number; by: string }>();
        shown.set(scopeKey, seen);
        const body = r.exactJson ?? r.json;
        const completedAt = r.sentAt + r.durationMs;
        const remember = (ids: readonly (string | undefined)[]) => {
          for (const id of ids)
            if (id !== undefined && (seen.get(id)?.at ?? Number.POSITIVE_INFINITY) > completedAt)
              seen.set(id, { at: completedAt, by: operation.operationId });
        };
        observeMove(exchange, collection, role);
        if (role === 'list') remember((itemsOf(collection, body) ?? []).map((item) => idOfItem(collection, item)));
        if (role === 'read') remember([idOfItem(collection, body)]);
        if (role !== 'create') return [];
        // Where the client chooses the id, or the created body has no schema (an example at most: a
        // mock answers it every time), the answer is not documented to name a new resource
        // (RFC 9110 §15.3.2: Location, or else the target URI does). A success status the operation
        // does not document (201 where it documents 200, held-out set 160) answers with its
        // documented success body.
        const documented =
          operation.responseFor(r.status)?.schema ??
          Object.entries(operation.responses).find(([status, answer]) => /^2/.test(status) && answer.schema)?.[1]
            .schema;
        if (clientChoosesId(operation, collection.id.member) || !documented) return [];
        const id = createdId(collection, r, operation);
        if (id === undefined) return [];
        const earlier = seen.get(id);
        remember([id]);
        if (!earlier || earlier.at >= r.sentAt) return [];
        idShownAt.set(exchange.request, earlier.at);
        return [
          attest(
            findingOf(exchange, {
              code: 'semantic_violation',
              severity: 'failure',
              check: 'semantics.unique_ids',
              evidence: {
                rule: 'id-twice',
                id,
                parameter: collection.id.parameter,
                ...(earlier.by === operation.operationId ? {} : { shownBy: earlier.by }),
                inference: collection.id.reason,
              },
            }),
          ),
        ];
      };
    },
  };
}

/** The JSON body a finding's answer carried, if it parses. */
function readBody(f: Finding): unknown {
  const text = f.response?.body;
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
