import type { OperationModel, SpecModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import { isObject } from '../../../spec/json/index.js';
import { idText, listedArray } from './items.js';

/** Parameter names too common to say which resource a member of that name belongs to. */
const COMMON_NAMES = /^(id|_id|uuid|guid|key|name|slug|code|type|value|index)$/i;

/** Values found per operation, per path parameter: what harvest hands the engine. */
type Harvested = Record<string, Record<string, string[]>>;

/**
 * Values for item paths the resource model pairs with no list, where the spec writes the list in the
 * plural and the item in the singular (`GET /drinks`, `GET /drink/{productCode}`): the members of the
 * list's items named exactly as the item path's parameter (`productCode`), and so name items that
 * exist. Only distinctive names count (not `id` or `name`, which every resource has), and only the
 * list at the plural of the item path's own prefix: a `productCode` in an order names a product that
 * may since have gone.
 */
export function namedValueHarvester(
  spec: SpecModel,
  collections: readonly CollectionModel[],
): (
  exchange: { readonly response?: { readonly status: number; readonly json?: unknown; readonly exactJson?: unknown } },
  operation: OperationModel,
) => Harvested {
  // Item paths whose collection hands out their ids already (a list or a create of its own).
  const paired = new Set(
    collections.flatMap((c) => (c.itemPath && (c.operations.list || c.operations.create) ? [c.itemPath] : [])),
  );
  // Per list path (`/drinks`): the orphan operations its items name, and by which parameter.
  const byList = new Map<string, { readonly operationId: string; readonly parameter: string }[]>();
  for (const operation of spec.operations) {
    const match = /^(.*)\/\{([^}/]+)\}$/.exec(operation.path);
    // Deletions take no harvested value, so that no other work removes an item the run still reads.
    if (!match || paired.has(operation.path) || operation.method === 'delete') continue;
    const [, prefix, parameter] = match as unknown as [string, string, string];
    if (COMMON_NAMES.test(parameter) || prefix === '' || /\{/.test(prefix)) continue;
    for (const plural of [`${prefix}s`, `${prefix}es`]) {
      if (!spec.operations.some((o) => o.method === 'get' && o.path === plural)) continue;
      byList.set(plural, [...(byList.get(plural) ?? []), { operationId: operation.operationId, parameter }]);
    }
  }
  return (exchange, operation) => {
    const takers = operation.method === 'get' ? byList.get(operation.path) : undefined;
    const r = exchange.response;
    if (!takers || !r || r.status < 200 || r.status >= 300) return {};
    const items = (listedArray(r.exactJson ?? r.json) ?? []).filter(isObject);
    const out: Harvested = {};
    for (const { operationId, parameter } of takers) {
      // Path text: a non-empty string as it is, an integer canonical and exact (idText).
      const values = items.flatMap((item) => idText(item[parameter]) ?? []);
      if (values.length > 0) out[operationId] = { [parameter]: [...new Set(values)] };
    }
    return out;
  };
}
