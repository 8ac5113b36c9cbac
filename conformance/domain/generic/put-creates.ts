import fc from 'fast-check';
import type { JsonSchema, OperationModel, ParameterModel, SpecModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { Case, WireJson } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import { mergeAllOf, parameterArbitrary, parameterText, toPlainJson } from '../../generate/index.js';
import { isObject } from '../../../spec/json/index.js';
import { ExchangeLog } from '../../sweep/index.js';
import type { SequenceProperty } from '../rules.js';
import { is2xx, itemCase, knownValues, operationsOf, scopeOf } from './collection-requests.js';
import { idOfItem, itemBody } from './items.js';

const FAMILY = 'semantics.put-creates';
/** Ids tried for one that names nothing yet. */
const TRIES = 3;
const SEED = 0x9e7c;

/**
 * A PUT to an id that names nothing: for any collection whose item path takes a PUT with a JSON body
 * and a read. A read first answers 404 (else another id is tried); then the PUT. Where it made the
 * item (the read after it serves it), it MUST have answered 201 (RFC 9110 §9.3.4); a 200 or 204
 * fails. A target that refuses to create by PUT (404, 405, any 4xx) is judged as for any request.
 * The item made is deleted where the collection has a deletion (held-out set 102: NestJS CRUD
 * created users by PUT and answered 200).
 */
export function putCreates(spec: SpecModel, collection: CollectionModel): SequenceProperty<null> | undefined {
  const { replace, read, delete: remove } = operationsOf(spec, collection);
  const id = collection.id;
  if (!replace || !read || !id || replace.method !== 'put') return undefined;
  if (!/json/i.test(replace.requestBody?.preferredMediaType ?? '')) return undefined;
  const parameter = replace.parameters.find((p) => p.in === 'path' && p.name === id.parameter);
  if (!parameter) return undefined;
  const reading: OperationModel = read;
  return {
    id: `${replace.operationId}/put-creates`,
    operationId: replace.operationId,
    operations: [replace, read, ...(remove ? [remove] : [])].map((o) => o.operationId),
    writes: true,
    // One pass over fixed requests: nothing to search or shrink.
    runs: 1,
    arbitrary: () => fc.constant(null),
    async execute(_, context) {
      const log = new ExchangeLog(context);
      const scope = scopeOf(context, collection, replace);
      if (!scope) return log.execution();
      const known = new Set(knownValues(context, read.operationId)[id.parameter] ?? []);
      const send = (c: Case) => log.send({ ...c, family: FAMILY });
      const candidates = freshIds(parameter)
        .filter((text) => !known.has(text))
        .slice(0, TRIES);
      for (const itemId of candidates) {
        const before = await send(itemCase(reading, collection, scope, itemId, FAMILY));
        if (before.response?.status !== 404) continue;
        const put = withIdInBody(itemCase(replace, collection, scope, itemId, FAMILY), replace, id.member, itemId);
        if (!put) return log.execution();
        const written = await send(put);
        if (!is2xx(written)) return log.execution();
        const after = await send(itemCase(reading, collection, scope, itemId, FAMILY));
        const shown = is2xx(after) ? itemBody(collection, after.response) : undefined;
        const made = shown !== undefined && (idOfItem(collection, shown) ?? itemId) === itemId;
        if (made && written.response!.status !== 201)
          log.add(
            findingOf(written, {
              code: 'protocol_violation',
              severity: 'failure',
              check: 'protocol',
              evidence: {
                rule: 'created-not-201',
                status: written.response!.status,
                id: itemId,
                read: reading.operationId,
              },
            }),
          );
        if (made && remove) await send(itemCase(remove, collection, scope, itemId, FAMILY));
        return log.execution();
      }
      return log.execution();
    },
  };
}

/**
 * The PUT with its body's id member (where the body declares one) naming the path's id, as a client
 * creating by PUT writes it; undefined when that body is not valid.
 */
function withIdInBody(
  c: Case,
  replace: OperationModel,
  idMember: string | undefined,
  itemId: string,
): Case | undefined {
  const schema = mergeAllOf(replace.requestBody!.schema.schema);
  const member = idMember ? ((schema.properties ?? {}) as Record<string, JsonSchema>)[idMember] : undefined;
  const body =
    c.body?.kind === 'json' && isObject(c.body.value) ? (c.body.value as Record<string, WireJson>) : undefined;
  if (!body) return undefined;
  const value: Record<string, WireJson> = { ...body };
  if (member && idMember && mergeAllOf(member).readOnly !== true) {
    const type = mergeAllOf(member).type;
    value[idMember] = type === 'integer' || type === 'number' ? Number(itemId) : itemId;
  }
  if (!replace.requestBody!.schema.validate(toPlainJson(value)).ok) return undefined;
  return { ...c, body: { kind: 'json', value } };
}

/**
 * Ids a client might choose for an item that does not exist yet, in the parameter's schema: for an
 * integer, ones well past what a store hands out first but well inside 2^53 (an id beyond it is no
 * ordinary value); otherwise the parameter's own values.
 */
function freshIds(parameter: ParameterModel): string[] {
  const schema = mergeAllOf(parameter.schema.schema);
  if (schema.type === 'integer' || schema.type === 'number') {
    return [900_001, 900_017, 912_345]
      .map((n) => String(n))
      .filter((text) => parameter.schema.validate(Number(text)).ok);
  }
  return [
    ...new Set(
      fc.sample(parameterArbitrary(parameter), { seed: SEED, numRuns: 20 }).map((v) => parameterText(v as WireJson)),
    ),
  ];
}
