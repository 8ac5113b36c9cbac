import fc from 'fast-check';
import type { OperationModel, SpecModel } from '../../../spec/index.js';
import type { CollectionModel, OperationAssignment } from '../../../spec/resources/index.js';
import type { Case, Exchange } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import type { Finding } from '../../findings/index.js';
import { ordinaryParts, requestPartsArbitrary, toValidCase, type KnownValues, type RequestParts } from '../../generate/index.js';
import type { SequenceContext, SequenceProperty } from '../rules.js';
import { createdId, idOfItem, itemsOf } from './items.js';
import { holdsSent } from './same-value.js';

interface Step {
  readonly create: RequestParts;
  readonly replace?: RequestParts;
  readonly update?: RequestParts;
}

const FAMILY = 'semantics.lifecycle';
const is2xx = (e: Exchange) => e.response !== undefined && e.response.status >= 200 && e.response.status < 300;

/**
 * One resource's life, for any collection the resource model infers with a create and a read:
 * create → read returns what was sent → replace / update → read reflects it → the list shows it
 * (when the list is complete) → delete → read answers not found. Every request is also judged by
 * every check; each semantic finding names the inference it rests on.
 */
export function lifecycle(spec: SpecModel, collection: CollectionModel): SequenceProperty<Step> | undefined {
  const op = (a: OperationAssignment | undefined): OperationModel | undefined => (a ? spec.operation(a.operationId) : undefined);
  const create = op(collection.operations.create);
  const read = op(collection.operations.read);
  const id = collection.id;
  if (!create || !read || !id) return undefined;
  const replace = op(collection.operations.replace);
  const update = op(collection.operations.update);
  const list = op(collection.operations.list);
  const remove = op(collection.operations.delete);
  const jsonBody = (o: OperationModel | undefined) => o?.requestBody && /json/i.test(o.requestBody.preferredMediaType ?? '') && !/json-patch/i.test(o.requestBody.preferredMediaType ?? '') ? o : undefined;
  const replaceOp = jsonBody(replace);
  const updateOp = jsonBody(update);
  const itemSchema = collection.itemSchema;
  return {
    id: `${create.operationId}/lifecycle`,
    operationId: create.operationId,
    operations: [create, read, replace, update, list, remove].filter((o): o is OperationModel => o !== undefined).map((o) => o.operationId),
    writes: true,
    runs: 8,
    arbitrary: () =>
      fc.record({
        create: requestPartsArbitrary(create),
        ...(replaceOp ? { replace: requestPartsArbitrary(replaceOp) } : {}),
        ...(updateOp ? { update: requestPartsArbitrary(updateOp) } : {}),
      }) as fc.Arbitrary<Step>,
    async execute(step, context) {
      const known = (context as SequenceContext & { known?: (operationId: string) => KnownValues }).known?.(create.operationId) ?? {};
      const scope = Object.fromEntries(collection.scope.map((name) => [name, known[name]?.[0]]).filter(([, v]) => v !== undefined)) as Record<string, string>;
      if (Object.keys(scope).length < collection.scope.length) return { findings: [], exchanges: [] };
      const exchanges: Exchange[] = [];
      const findings: Finding[] = [];
      const send = async (c: Case) => {
        const exchange = await context.send({ ...c, family: FAMILY });
        exchanges.push(exchange);
        findings.push(...context.judge(exchange));
        return exchange;
      };
      const violation = (exchange: Exchange, check: string, message: string, evidence: Record<string, unknown> = {}) =>
        findings.push(findingOf(exchange, { code: 'semantic_violation', severity: 'failure', check, message, evidence }));
      const at = (o: OperationModel, itemId: string, parts?: RequestParts, existing = true): Case => {
        const base = toValidCase(o, parts ?? ordinaryParts(o, {}, 0));
        return { ...base, pathParams: { ...base.pathParams, ...scope, [id.parameter]: itemId }, ...(existing ? { existing: [id.parameter] } : { existing: [] }) };
      };

      const made = await send({ ...toValidCase(create, step.create), pathParams: { ...toValidCase(create, step.create).pathParams, ...scope } });
      if (!is2xx(made) || !made.response) return { findings, exchanges };
      const itemId = createdId(collection, made.response);
      if (itemId === undefined) return { findings, exchanges };
      const sentBody = made.case.body?.kind === 'json' ? made.case.body.value : undefined;
      const because = `created by ${create.operationId}, its id in ${id.member ? `the member "${id.member}"` : 'Location'} (${id.reason})`;

      let expected: unknown = sentBody;
      const readBack = async (what: string) => {
        const got = await send(at(read, itemId));
        if (is2xx(got) && expected !== undefined && !holdsSent(expected, got.response!.exactJson ?? got.response!.json, itemSchema)) {
          violation(got, 'semantics.read_back', `${read.operationId} does not return what ${what} sent for ${id.parameter}=${itemId}. (Item ${because}.)`, { sent: expected });
        }
        return got;
      };
      await readBack(create.operationId);
      for (const [o, parts] of [[replaceOp, step.replace], [updateOp, step.update]] as const) {
        if (!o || !parts || parts.body === undefined) continue;
        const changed = await send(at(o, itemId, parts));
        if (!is2xx(changed)) continue;
        const body = changed.case.body?.kind === 'json' ? changed.case.body.value : undefined;
        // A merge patch's null removes the member (RFC 7396): only the members it sets are expected.
        expected = o === updateOp ? withoutNulls(body) : body;
        await readBack(o.operationId);
      }
      if (list) {
        const cap = collection.pageSize?.maximum;
        const listed = await send({ ...toValidCase(list, ordinaryParts(list, known, 0)), query: cap !== undefined && collection.pageSize ? [[collection.pageSize.parameter, String(cap)]] : [], pathParams: scope });
        const items = is2xx(listed) ? itemsOf(collection, listed.response!.exactJson ?? listed.response!.json) : undefined;
        // Only a list shorter than its page holds everything: then the new item must be in it.
        const complete = items !== undefined && !collection.page && (cap === undefined ? collection.pageSize === undefined : items.length < cap);
        if (items && complete && !items.some((item) => idOfItem(collection, item) === itemId)) {
          violation(listed, 'semantics.list_shows_created', `${list.operationId} returned ${items.length} items, a complete list, without ${id.parameter}=${itemId}. (Item ${because}.)`);
        }
      }
      if (remove) {
        const gone = await send(at(remove, itemId));
        if (is2xx(gone)) {
          const after = await send(at(read, itemId, undefined, false));
          if (after.response && after.response.status < 300) {
            violation(after, 'semantics.delete', `${read.operationId} still answers ${after.response.status} for ${id.parameter}=${itemId} after ${remove.operationId} answered ${gone.response!.status}.`);
          }
        }
      }
      return { findings, exchanges };
    },
  };
}

function withoutNulls(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
}
