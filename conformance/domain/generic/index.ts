import type { OperationModel, SpecModel } from '../../../spec/index.js';
import type { CollectionModel, ResourceModel } from '../../../spec/resources/index.js';
import type { Exchange } from '../../cases/index.js';
import type { RegisteredCheck } from '../../checks/index.js';
import { findingOf } from '../../checks/index.js';
import type { Finding } from '../../findings/index.js';
import { ordinaryParts, toValidCase } from '../../generate/index.js';
import type { DomainRules } from '../rules.js';
import { createdId, idOfItem, itemsOf } from './items.js';
import { clientChoosesId, lifecycle } from './lifecycle.js';
import { filterChecks, pageSizeCheck } from './list-checks.js';
import { pageMoves } from './page-moves.js';
import { readIdentityCheck } from './read-checks.js';
import { probeArrayFilterFinds, probeObjectFilters, structuredFilterChecks } from './structured-filters.js';
import { confirmLookAhead, lookAhead } from './read-ahead.js';
import { probeUnfilteredHoldsAll } from './unfiltered-holds-all.js';

/**
 * The meaning the kit can infer of any API from its resource model: page sizes and filters hold,
 * ids harvested from lists and creations so that valid requests hit real items, every collection's
 * lifecycle (create → read → update → list → delete), and ids handed out once per collection. Every
 * finding names the inference it rests on; a collection the resource config switches off is not checked.
 */
export function genericRules(spec: SpecModel, resources: ResourceModel): DomainRules {
  const byPath = new Map(resources.collections.map((c) => [c.path, c]));
  const assignments = new Map(resources.operations.map((a) => [a.operationId, a]));
  const collectionOf = (operationId: string): CollectionModel | undefined => {
    const path = assignments.get(operationId)?.collection;
    return path ? byPath.get(path) : undefined;
  };
  const checks: Record<string, RegisteredCheck[]> = {};
  for (const collection of resources.collections) {
    const list = collection.operations.list;
    if (!list) continue;
    const listOperation = spec.operation(list.operationId);
    checks[list.operationId] = [
      pageSizeCheck(collection),
      ...filterChecks(collection),
      ...(listOperation ? structuredFilterChecks(listOperation, collection) : []),
    ].filter((c): c is RegisteredCheck => c !== undefined);
  }
  for (const collection of resources.collections) {
    const read = collection.operations.read ? spec.operation(collection.operations.read.operationId) : undefined;
    const check = read ? readIdentityCheck(read, collection) : undefined;
    if (read && check) checks[read.operationId] = [...(checks[read.operationId] ?? []), check];
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

  return {
    checks,
    harvest(exchange: Exchange, operation: OperationModel) {
      const r = exchange.response;
      if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind === 'invalid') return {};
      const assignment = assignments.get(operation.operationId);
      const collection = collectionOf(operation.operationId);
      if (!assignment || !collection?.id) return {};
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
      if (found.length === 0) return {};
      const parameter = collection.id.parameter;
      return Object.fromEntries(takers(collection).map((o) => [o.operationId, { [parameter]: found }]));
    },
    sequences: [
      ...resources.collections.map((c) => lifecycle(spec, c)),
      ...resources.collections.map((c) => pageMoves(spec, c)),
    ].filter((s) => s !== undefined),
    async prepare(context) {
      // Items to read: one list of each collection, outermost first, and one creation where a
      // collection's list is empty, so that nested collections have a parent.
      const ordered = [...resources.collections].sort((a, b) => a.scope.length - b.scope.length);
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
          const c = toValidCase(create, ordinaryParts(create, {}, have));
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
      }
      return failures.length > 0 ? { failures } : undefined;
    },
    observer: () => {
      // Ids a creation hands out, per collection: a second creation answered with the same id is a violation.
      const handedOut = new Map<string, Map<string, Exchange>>();
      return (exchange: Exchange, operation: OperationModel): Finding[] => {
        const r = exchange.response;
        const collection = collectionOf(operation.operationId);
        if (
          !r ||
          r.status < 200 ||
          r.status >= 300 ||
          assignments.get(operation.operationId)?.role !== 'create' ||
          !collection?.id ||
          exchange.case.kind === 'invalid'
        )
          return [];
        if (clientChoosesId(operation, collection.id.member)) return [];
        // A created body the spec gives no schema (an example at most: a mock answers it every time)
        // is not documented to name the new resource (RFC 9110 §15.3.2: Location, or else the target URI does).
        if (!operation.responseFor(r.status)?.schema) return [];
        const id = createdId(collection, r, operation);
        if (id === undefined) return [];
        const scopeKey = `${collection.path} ${collection.scope.map((s) => exchange.case.pathParams[s] ?? '').join('/')}`;
        const seen = handedOut.get(scopeKey) ?? new Map<string, Exchange>();
        handedOut.set(scopeKey, seen);
        const earlier = seen.get(id);
        seen.set(id, exchange);
        if (!earlier) return [];
        return [
          findingOf(exchange, {
            code: 'semantic_violation',
            severity: 'failure',
            check: 'semantics.unique_ids',
            evidence: {
              rule: 'id-twice',
              id,
              parameter: collection.id.parameter,
              inference: collection.id.reason,
            },
          }),
        ];
      };
    },
  };
}
