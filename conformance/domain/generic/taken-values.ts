import fc from 'fast-check';
import type { JsonSchema, OperationModel, SpecModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { Case, Exchange, WireJson } from '../../cases/index.js';
import { mergeAllOf, ordinaryParts, requestPartsArbitrary, toPlainJson, toValidCase } from '../../generate/index.js';
import { withKnownReferences } from '../../generate/known-references.js';
import { isObject } from '../../../spec/json/index.js';
import { ExchangeLog } from '../../sweep/index.js';
import type { SequenceProperty } from '../rules.js';
import { is2xx, itemCase, knownValues, operationsOf, scopeOf, withoutMember } from './collection-requests.js';
import { createdId } from './items.js';
import { clientChoosesId, idLeftToServer } from './lifecycle.js';
import { bodyValue } from './same-value.js';

const FAMILY = 'semantics.taken-values';
/** Creations tried for the two items: a body a hidden rule refuses does not end the property. */
const TRIES = 4;
/** The property's own bodies: not the ordinary body (seed 0), which other properties create first. */
const SEED = 0x7a4e;

/**
 * One item written with the values another item holds, as a second user's profile saved with the
 * first one's e-mail, and a creation repeating them: for any collection with a JSON create, ids the
 * server hands out, and a JSON replace or update. Whether a member is kept unique is the target's
 * rule, which no schema can state, so any refusal is the `unjudged-input` gap where the operation
 * does not document it, and a success is the target's choice too. A 5xx fails, as to any request:
 * a unique column the handler never checked (held-out sets 92 and 99: `PUT /users/{id}` with
 * another user's e-mail answered 500 `UNIQUE constraint failed`), which random values, each new,
 * never reach.
 */
export function takenValues(spec: SpecModel, collection: CollectionModel): SequenceProperty<null> | undefined {
  const { create, replace, update, delete: remove } = operationsOf(spec, collection);
  const id = collection.id;
  if (!create || !id || !takesJsonObject(create) || !idLeftToServer(create, id.member)) return undefined;
  const writers = [replace, update].filter((o): o is OperationModel => o !== undefined && takesJsonObject(o));
  if (writers.length === 0) return undefined;
  const chosen = clientChoosesId(create, id.member) ? id.member : undefined;
  const creating: OperationModel = create;
  return {
    id: `${create.operationId}/taken-values`,
    operationId: create.operationId,
    operations: [...new Set([create, ...writers, ...(remove ? [remove] : [])].map((o) => o.operationId))],
    writes: true,
    // One pass over fixed requests: nothing to search or shrink.
    runs: 1,
    arbitrary: () => fc.constant(null),
    async execute(_, context) {
      const log = new ExchangeLog(context);
      const scope = scopeOf(context, collection, create);
      if (!scope) return log.execution();
      const send = (c: Case) => log.send({ ...c, family: FAMILY });
      const made: { id: string; body: Record<string, unknown>; sent: Case }[] = [];
      // Ordinary bodies of the property's own seeds first, then generated ones, until two items are made.
      const candidates = [
        ordinaryParts(create, {}, SEED),
        ordinaryParts(create, {}, SEED + 1),
        ...fc.sample(requestPartsArbitrary(create), { seed: SEED, numRuns: 4 * TRIES }),
      ].map((parts) =>
        withoutMember(
          toValidCase(create, withKnownReferences(create, parts, knownValues(context, create.operationId))),
          chosen,
        ),
      );
      let tries = 0;
      for (const base of candidates) {
        if (made.length === 2 || tries++ === TRIES) break;
        const answer = await send({ ...base, pathParams: { ...base.pathParams, ...scope } });
        const itemId = is2xx(answer) && answer.response ? createdId(collection, answer.response, create) : undefined;
        const body = bodyValue(answer.case, create);
        if (itemId !== undefined && isObject(body) && !made.some((m) => m.id === itemId))
          made.push({ id: itemId, body: body as Record<string, unknown>, sent: answer.case });
      }
      const [first, second] = made;
      const repeats: Exchange[] = [];
      if (first && second) {
        for (const writer of writers) {
          const c = takingCase(writer, collection, scope, first.id, second.body, id.member);
          if (c) await send(c);
        }
        // The second item's creation again, as it was sent.
        repeats.push(
          await send({
            ...second.sent,
            edge: edgeOf(`the values an item of ${collection.path} was created with`),
          }),
        );
      }
      if (remove) {
        const left = [
          ...made.map((m) => m.id),
          ...repeats.flatMap((e) => {
            const itemId = is2xx(e) && e.response ? createdId(collection, e.response, creating) : undefined;
            return itemId === undefined || made.some((m) => m.id === itemId) ? [] : [itemId];
          }),
        ];
        for (const itemId of left) await send(itemCase(remove, collection, scope, itemId, FAMILY));
      }
      return log.execution();
    },
  };
}

/** Words of the edge every request of the property carries: why a refusal of it is the target's own rule. */
const edgeOf = (what: string): NonNullable<Case['edge']> => ({
  gap: 'unjudged-input',
  description: `${what}: the target may keep a member unique, a rule no schema can state`,
});

/**
 * The write of item `itemId` whose body holds every member of `taken` the writer's body declares
 * (its id member aside), over the writer's ordinary body; undefined when no such body is valid.
 */
function takingCase(
  writer: OperationModel,
  collection: CollectionModel,
  scope: Record<string, string>,
  itemId: string,
  taken: Record<string, unknown>,
  idMember: string | undefined,
): Case | undefined {
  const base = itemCase(writer, collection, scope, itemId, FAMILY);
  const ordinary = base.body?.kind === 'json' && isObject(base.body.value) ? base.body.value : {};
  const declared = (mergeAllOf(writer.requestBody!.schema.schema).properties ?? undefined) as
    | Record<string, JsonSchema>
    | undefined;
  const copied = Object.entries(taken).filter(
    ([k]) => k !== idMember && (declared === undefined || declared[k] !== undefined),
  );
  if (copied.length === 0) return undefined;
  const value = {
    ...(ordinary as Record<string, WireJson>),
    ...(Object.fromEntries(copied) as Record<string, WireJson>),
  };
  if (!writer.requestBody!.schema.validate(toPlainJson(value)).ok) return undefined;
  return {
    ...base,
    body: { kind: 'json', value },
    existing: [collection.id!.parameter],
    edge: edgeOf(`the values another item of ${collection.path} holds (${copied.map(([k]) => k).join(', ')})`),
  };
}

function takesJsonObject(operation: OperationModel): boolean {
  const media = operation.requestBody?.preferredMediaType ?? '';
  return /json/i.test(media) && !/json-patch/i.test(media);
}
