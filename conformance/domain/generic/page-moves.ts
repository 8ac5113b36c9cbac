import fc from 'fast-check';
import type { SpecModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { Case, Exchange } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import { ordinaryParts, toValidCase } from '../../generate/index.js';
import type { SequenceProperty } from '../rules.js';
import { is2xx, operationsOf, scopeOf } from './collection-requests.js';
import { idOfItem, itemsOf } from './items.js';
import { nextPageOf } from './page-walk.js';
import { ExchangeLog } from '../../sweep/index.js';

const FAMILY = 'semantics.paging';

/**
 * The page parameter moves through the list, one item at a time, for any collection whose list has
 * an inferred offset, page number or cursor and a page size. With at least two items stored, a page
 * of two is read, then the first page of one and the page after it (the next offset or page number,
 * or the cursor or `Link: rel="next"` the first page names), then the first page of one again:
 * - the page after must not start with the first page's item (`page-repeats`: the parameter is
 *   ignored; an inference from its name, an advisory);
 * - it must start with the second item of the page of two (`page-skips`), once the target showed
 *   one order: the same first page twice, and the same first item at both sizes. An order that
 *   changes between reads, or with the page size, gives no verdict (the order is the server's).
 */
export function pageMoves(spec: SpecModel, collection: CollectionModel): SequenceProperty<null> | undefined {
  const { list } = operationsOf(spec, collection);
  const page = collection.page;
  const cursor = collection.cursor;
  const size = collection.pageSize;
  const parameter = cursor?.parameter ?? page?.parameter;
  if (!list || (!page && !cursor) || !size || parameter === undefined) return undefined;
  const sizeSchema = list.parameters.find((p) => p.name === size.parameter && p.in === 'query')?.schema.schema;
  // Pages of one item must be valid requests.
  if (typeof sizeSchema?.minimum === 'number' && sizeSchema.minimum > 1) return undefined;
  if (typeof sizeSchema?.maximum === 'number' && sizeSchema.maximum < 2) return undefined;
  const inference = cursor?.reason ?? page!.reason;
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
      const at = (items: number, where?: string): Case => ({
        ...ordinary,
        family: FAMILY,
        pathParams: { ...ordinary.pathParams, ...scope },
        query: [
          ...ordinary.query.filter(([k]) => k !== size.parameter && k !== parameter),
          [size.parameter, String(items)],
          ...(where === undefined ? [] : [[parameter, where] as [string, string]]),
        ],
      });
      const ids = (e: Exchange) => {
        const r = e.response;
        if (!r || !is2xx(e) || r.headers.age !== undefined) return undefined;
        return itemsOf(collection, r.exactJson ?? r.json)?.map(
          (item) => idOfItem(collection, item) ?? JSON.stringify(item),
        );
      };
      // Page numbers from 1 even where 0 is allowed: many servers read page 0 as page 1.
      // An offset starts where its schema lets it (`minimum: 1`: a 1-based offset, offset=0 is invalid).
      const offsetSchema = list.parameters.find((p) => p.name === parameter && p.in === 'query')?.schema.schema;
      const least = typeof offsetSchema?.minimum === 'number' ? Math.max(0, Math.ceil(offsetSchema.minimum)) : 0;
      const first = cursor ? undefined : String(page!.kind === 'offset' ? least : Math.max(page!.first, 1));
      const two = ids(await log.send(at(2)));
      // At least two distinct items stored, else a second page may rightly repeat nothing or be empty.
      if (!two || two.length !== 2 || two[0] === two[1]) return log.execution();
      const firstPage = await log.send(at(1, first));
      const one = ids(firstPage);
      // The page after: the one the first page names, else the next offset or page number.
      const named = nextPageOf(firstPage, collection);
      let next: Exchange;
      let second: string;
      if (named?.kind === 'case') {
        next = await log.send({ ...named.testCase(at(1)), family: FAMILY });
        second = next.case.query.find(([k]) => k === parameter)?.[1] ?? named.label;
      } else if (cursor) return log.execution();
      else {
        second = String(Number(first) + 1);
        next = await log.send(at(1, second));
      }
      const after = ids(next);
      const again = ids(await log.send(at(1, first)));
      // One order, shown by the target: the same first page twice, and the same first item at both sizes.
      if (!one || !after || !again || one.length !== 1 || after.length > 1 || again[0] !== one[0] || one[0] !== two[0])
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
              parameter,
              first: first ?? '(none)',
              second,
              id: one[0]!,
              inference,
            },
          }),
        );
      } else if (after[0] !== two[1]) {
        log.add({
          ...findingOf(next, {
            code: 'semantic_violation',
            severity: 'failure',
            check: 'semantics.paging',
            evidence: {
              rule: 'page-skips',
              list: list.operationId,
              parameter,
              second,
              expected: two[1]!,
              ...(after[0] === undefined ? {} : { found: after[0] }),
              inference,
            },
          }),
          basis: {
            kind: 'confirmed',
            inference: `the page after a page of one item starts with the item that follows it (${inference})`,
            confirmedBy: `${list.operationId} answered the same first page twice, starting with item ${two[0]} at ${size.parameter}=1 and at ${size.parameter}=2${after[0] === undefined ? '' : `, and its page after it held another item (${after[0]})`}`,
          },
        });
      }
      return log.execution();
    },
  };
}
