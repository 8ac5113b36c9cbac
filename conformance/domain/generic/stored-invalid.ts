import fc from 'fast-check';
import type { JsonSchema, OperationModel, SpecModel } from '../../../spec/index.js';
import type { CollectionModel, OperationAssignment } from '../../../spec/resources/index.js';
import type { Case, Exchange } from '../../cases/index.js';
import { applyMutation, isStillInvalid, mergeAllOf, mutationsOf } from '../../generate/index.js';
import type { Mutation } from '../../generate/index.js';
import { ExchangeLog } from '../../sweep/index.js';
import type { SequenceProperty } from '../rules.js';
import { createCase, is2xx, itemCase, requiredMembers, scopeOf, withoutMember } from './collection-requests.js';
import { typeAllows } from './same-value.js';
import { createdId } from './items.js';
import { clientChoosesId, idLeftToServer } from './lifecycle.js';

const FAMILY = 'stored-invalid';

/** Body faults tried per write: one wrong-typed member and one required member left out (and a null, below). */
const KEYWORDS = ['type', 'required'] as const;

/**
 * Invalid input a target accepted, read back. A write whose body breaks its schema (a member of
 * another type, a required member left out) is judged as any invalid request: accepting it is a
 * failure where a refusal is documented, a contract gap otherwise. What a target that accepted it
 * stored is then read: the read's answer must still match the schema the read documents, whatever
 * was sent before, so a wrong type or a missing member served back fails the schema check, on the
 * spec's own pointer. A target that refuses, or that stores the value as the schema allows (the text
 * of a number), passes. For any collection with a read and a JSON create, replace or update.
 */
export function storedInvalid(spec: SpecModel, collection: CollectionModel): SequenceProperty<number> | undefined {
  const op = (a: OperationAssignment | undefined): OperationModel | undefined =>
    a ? spec.operation(a.operationId) : undefined;
  const create = op(collection.operations.create);
  const read = op(collection.operations.read);
  const id = collection.id;
  if (!create || !read || !id) return undefined;
  // Where the body may name the id, it is left out so that the server hands one out (a chosen id
  // could be another item's); where it must, the collection is not tried.
  if (!idLeftToServer(create, id.member)) return undefined;
  const chosen = clientChoosesId(create, id.member) ? id.member : undefined;
  const shown = shownSchema(read);
  if (!shown) return undefined;
  const writes = [create, op(collection.operations.replace), op(collection.operations.update)]
    .filter((o): o is OperationModel => o !== undefined && takesJson(o))
    .map((o) => ({ operation: o, faults: faultsShownBy(o, shown, id.member) }))
    .filter((w) => w.faults.length > 0);
  if (writes.length === 0) return undefined;
  const remove = op(collection.operations.delete);
  return {
    id: `${create.operationId}/stored-invalid`,
    operationId: create.operationId,
    operations: [
      ...new Set([create.operationId, read.operationId, ...writes.map((w) => w.operation.operationId)]),
      ...(remove ? [remove.operationId] : []),
    ],
    writes: true,
    // One pass over fixed faults: nothing to search or shrink.
    runs: 1,
    arbitrary: () => fc.constant(0),
    async execute(_, context) {
      const log = new ExchangeLog(context);
      const scope = scopeOf(context, collection, create);
      if (!scope) return log.execution();
      const itemIdOf = (exchange: Exchange) =>
        is2xx(exchange) && exchange.response ? createdId(collection, exchange.response, create) : undefined;
      const validCreate = () => withoutMember(createCase(context, create, scope, FAMILY), chosen);
      const readBack = async (itemId: string) => {
        await log.send(itemCase(read, collection, scope, itemId, FAMILY));
        if (remove) await log.send(itemCase(remove, collection, scope, itemId, FAMILY));
      };
      for (const { operation, faults } of writes) {
        for (const fault of faults) {
          if (operation === create) {
            const c = invalidCase(validCreate(), fault);
            if (!isStillInvalid(c, create)) continue;
            const made = await log.send(c);
            const itemId = itemIdOf(made);
            if (itemId !== undefined) await readBack(itemId);
            continue;
          }
          // A replace or update of an item made for it, valid, by the create.
          // Nor does the write name an id of its own (a body naming another id may move the item).
          const named = id.member !== undefined && !requiredMembers(operation).has(id.member) ? id.member : undefined;
          const c = (itemId: string) =>
            invalidCase(withoutMember(itemCase(operation, collection, scope, itemId, FAMILY), named), fault);
          if (!isStillInvalid(c('1'), operation)) continue;
          const itemId = itemIdOf(await log.send(validCreate()));
          if (itemId === undefined) continue;
          const changed = await log.send(c(itemId));
          if (is2xx(changed)) await readBack(itemId);
          else if (remove) await log.send(itemCase(remove, collection, scope, itemId, FAMILY));
        }
      }
      return log.execution();
    },
  };
}

/** The schema of the read's 200 (or first documented 2xx) JSON answer, merged through `allOf`. */
function shownSchema(read: OperationModel): JsonSchema | undefined {
  const status = read.responses['200'] ? '200' : Object.keys(read.responses).find((s) => /^2\d\d$/.test(s));
  const schema = status ? read.responses[status]?.schema?.schema : undefined;
  return schema ? mergeAllOf(schema) : undefined;
}

function takesJson(operation: OperationModel): boolean {
  const media = operation.requestBody?.preferredMediaType ?? '';
  return /json/i.test(media) && !/json-patch/i.test(media);
}

/**
 * A write's body faults whose effect a read would show: a top-level member of another type than
 * the read's answer allows for it, and a required member left out that the read's answer requires
 * too. At most one of each kind.
 */
function faultsShownBy(write: OperationModel, shown: JsonSchema, idMember: string | undefined): Mutation[] {
  const members = (shown.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(shown.required) ? (shown.required as string[]) : []);
  const faults: Mutation[] = [];
  for (const keyword of KEYWORDS) {
    const fault = mutationsOf(write).find((m) => {
      if (m.target !== 'body' || m.reason.keyword !== keyword) return false;
      const name = /^\/([^/]+)$/.exec(m.reason.pointer)?.[1];
      // The id names the item the read asks for: a fault there reads another item, or none.
      if (name === undefined || name === idMember || members[name] === undefined) return false;
      if (keyword === 'required') return required.has(name);
      const wrong = (m.apply({}) as Record<string, unknown>)[name];
      // The read must refuse the value itself: `null` where the answer allows it, or a type it also takes, shows nothing.
      return wrong !== null && !typeAllows(mergeAllOf(members[name]!), wrong);
    });
    if (fault) faults.push(fault);
  }
  // And null where neither the write nor the read allows it: a server that stores it may crash on
  // every read after (held-out set 105: a product PATCHed to `"price": null` answered 500 to GET).
  const nulled = mutationsOf(write).find((m) => {
    if (m.target !== 'body' || m.reason.keyword !== 'type') return false;
    const name = /^\/([^/]+)$/.exec(m.reason.pointer)?.[1];
    if (name === undefined || name === idMember || members[name] === undefined) return false;
    const applied = m.apply({}) as Record<string, unknown> | null;
    return (
      applied !== null &&
      typeof applied === 'object' &&
      applied[name] === null &&
      !typeAllows(mergeAllOf(members[name]!), null)
    );
  });
  if (nulled && !faults.includes(nulled)) faults.push(nulled);
  return faults;
}

/** The case with one body fault, kept in this family. */
function invalidCase(valid: Case, fault: Mutation): Case {
  return { ...applyMutation(valid, fault), family: FAMILY };
}
