import fc from 'fast-check';
import type { SpecModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { Case, Exchange } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import { ordinaryParts, toValidCase } from '../../generate/index.js';
import type { SequenceProperty } from '../rules.js';
import { is2xx, operationsOf, scopeOf } from './collection-requests.js';
import { idOfItem, itemsOf } from './items.js';
import { ExchangeLog } from '../../sweep/index.js';

const FAMILY = 'semantics.paging';

/**
 * The page parameter moves through the list, for any collection whose list has an inferred offset
 * or page number and a page size: with pages of one item and at least two items stored, the second
 * page (`offset=1`, or the page after the first) does not start with the item the first page holds.
 * The first page is read twice, before and after: an order that changes between reads gives no
 * verdict (the order itself is left to the server).
 */
export function pageMoves(spec: SpecModel, collection: CollectionModel): SequenceProperty<null> | undefined {
  const { list } = operationsOf(spec, collection);
  const page = collection.page;
  const size = collection.pageSize;
  if (!list || !page || !size) return undefined;
  const sizeSchema = list.parameters.find((p) => p.name === size.parameter && p.in === 'query')?.schema.schema;
  // Pages of one item must be valid requests.
  if (typeof sizeSchema?.minimum === 'number' && sizeSchema.minimum > 1) return undefined;
  if (typeof sizeSchema?.maximum === 'number' && sizeSchema.maximum < 2) return undefined;
  return {
    id: `${list.operationId}/page-moves`,
    operationId: list.operationId,
    operations: [list.operationId],
    writes: false,
    runs: 1,
    arbitrary: () => fc.constant(null),
    async execute(_, context) {
      const log = new ExchangeLog(context);
      const scope = scopeOf(context, collection, list);
      if (!scope) return log.execution();
      const ordinary = toValidCase(list, ordinaryParts(list, {}, 0));
      const at = (items: number, where?: number): Case => ({
        ...ordinary,
        family: FAMILY,
        pathParams: { ...ordinary.pathParams, ...scope },
        query: [
          ...ordinary.query.filter(([k]) => k !== size.parameter && k !== page.parameter),
          [size.parameter, String(items)],
          ...(where === undefined ? [] : [[page.parameter, String(where)] as [string, string]]),
        ],
      });
      const send = async (c: Case) => {
        const exchange = await log.send(c);
        return exchange;
      };
      const ids = (e: Exchange) => {
        const r = e.response;
        if (!r || !is2xx(e) || r.headers.age !== undefined) return undefined;
        return itemsOf(collection, r.exactJson ?? r.json)?.map(
          (item) => idOfItem(collection, item) ?? JSON.stringify(item),
        );
      };
      // Page numbers from 1 even where 0 is allowed: many servers read page 0 as page 1.
      // An offset starts where its schema lets it (`minimum: 1`: a 1-based offset, offset=0 is invalid).
      const offsetSchema = list.parameters.find((p) => p.name === page.parameter && p.in === 'query')?.schema.schema;
      const least = typeof offsetSchema?.minimum === 'number' ? Math.max(0, Math.ceil(offsetSchema.minimum)) : 0;
      const first = page.kind === 'offset' ? least : Math.max(page.first, 1);
      const second = first + 1;
      const two = ids(await send(at(2)));
      // At least two distinct items stored, else a second page may rightly repeat nothing or be empty.
      if (!two || two.length !== 2 || two[0] === two[1]) return log.execution();
      const one = ids(await send(at(1, first)));
      const next = await send(at(1, second));
      const after = ids(next);
      const again = ids(await send(at(1, first)));
      if (!one || !after || !again || one.length !== 1 || after.length !== 1 || again[0] !== one[0])
        return log.execution();
      if (after[0] === one[0]) {
        log.add(
          findingOf(next, {
            code: 'semantic_violation',
            severity: 'failure',
            check: 'semantics.paging',
            evidence: {
              rule: 'page-repeats',
              list: list.operationId,
              parameter: page.parameter,
              first: String(first),
              second: String(second),
              id: one[0]!,
              inference: page.reason,
            },
          }),
        );
      }
      return log.execution();
    },
  };
}
