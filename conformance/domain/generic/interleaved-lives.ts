import fc from 'fast-check';
import type { OperationModel, SpecModel } from '../../../spec/index.js';
import type { CollectionModel, OperationAssignment } from '../../../spec/resources/index.js';
import type { Case, Exchange, WireJson } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import type { ItemRef } from '../../findings/index.js';
import {
  type KnownValues,
  ordinaryParts,
  requestPartsArbitrary,
  toPlainJson,
  toValidCase,
} from '../../generate/index.js';
import type { RequestParts } from '../../generate/index.js';
import { withKnownReferences } from '../../generate/known-references.js';
import { isObject } from '../../../spec/json/index.js';
import type { SequenceProperty } from '../rules.js';
import { Confirmations, noteStoredMembers } from './confirmations.js';
import { createdId, idOfItem, itemBody } from './items.js';
import { clientChoosesId, idLeftToServer } from './lifecycle.js';
import { knownValues, withoutMember } from './collection-requests.js';
import { bodyValue, holdsSent, withoutEmptyMembers } from './same-value.js';
import { ExchangeLog } from '../../sweep/index.js';

const FAMILY = 'semantics.interleaved';
/** Items alive at once, at most: enough for a deletion in the middle of the collection. */
const MOST_ALIVE = 4;
const is2xx = (e: Exchange) => e.response !== undefined && e.response.status >= 200 && e.response.status < 300;

/** What the client knows of the collection: the items it created and has not deleted, and those it deleted. */
interface LivesModel {
  alive: { id: string; expected: unknown; writer: string }[];
  deleted: { id: string; status: number }[];
}

/** The target's side of one execution: how to send, and what the execution saw and found. */
interface LivesReal {
  readonly send: (c: Case) => Promise<Exchange>;
  readonly at: (o: OperationModel, itemId: string, existing: boolean, parts?: RequestParts) => Case;
  readonly createCase: (parts: RequestParts) => Case;
  readonly log: ExchangeLog;
}

type LivesCommand = fc.AsyncCommand<LivesModel, LivesReal>;

/**
 * Several items of one collection alive at once, as fast-check model-based commands: creations,
 * reads and deletions in any order, checked against a model of what the client did. A read of an item
 * it created answers what was written to that item, whatever was created or deleted since; a deleted
 * item is not read back. Where one life at a time (see lifecycle) always deletes the newest item, this
 * deletes one in the middle, then creates: the order that shows ids handed out as `size + 1` again
 * while they still name an item (the run's id observer judges the creation). A new semantic rule is
 * one more command. Needs a create, a read and a delete, and ids the server chooses.
 */
export function interleavedLives(
  spec: SpecModel,
  collection: CollectionModel,
  ledger: Confirmations = new Confirmations(),
): SequenceProperty<readonly LivesCommand[]> | undefined {
  const op = (a: OperationAssignment | undefined): OperationModel | undefined =>
    a ? spec.operation(a.operationId) : undefined;
  const create = op(collection.operations.create);
  const read = op(collection.operations.read);
  const remove = op(collection.operations.delete);
  const id = collection.id;
  if (!create || !read || !remove || !id || !idLeftToServer(create, id.member)) return undefined;
  // An optional id member of the body is left out: the server hands ids out.
  const chosen = clientChoosesId(create, id.member) ? id.member : undefined;
  // Narrowed once, for the command classes below (narrowing does not reach into a class body).
  const creating: OperationModel = create;
  const reading: OperationModel = read;
  const removing: OperationModel = remove;
  const ident: NonNullable<CollectionModel['id']> = id;
  const itemSchema = collection.itemSchema;
  const itemRef = (itemId: string): ItemRef => ({
    parameter: ident.parameter,
    id: itemId,
    createdBy: creating.operationId,
    ...(ident.member ? { idMember: ident.member } : {}),
    inference: ident.reason,
  });

  /** Creates an item; the model holds what was sent as what the item now is. */
  class Create implements LivesCommand {
    constructor(readonly parts: RequestParts) {}
    check = (m: Readonly<LivesModel>) => m.alive.length < MOST_ALIVE;
    async run(m: LivesModel, r: LivesReal) {
      const made = await r.send(r.createCase(this.parts));
      if (!is2xx(made) || !made.response) return;
      const itemId = createdId(collection, made.response, creating);
      if (itemId === undefined) return;
      let expected = bodyValue(made.case, creating);
      if (ident.member && isObject(expected)) {
        const { [ident.member]: _id, ...rest } = expected as Record<string, unknown>;
        expected = rest;
      }
      // A 201 names a new resource (RFC 9110 §15.3.2): an id it hands out while that id still names
      // an item the client created leaves both in the model, so that reading the earlier one shows
      // what became of it. Any other success may be an upsert of an existing item: the id now names
      // what was sent.
      const kept = made.response.status === 201 ? m.alive : m.alive.filter((a) => a.id !== itemId);
      m.alive = [...kept, { id: itemId, expected, writer: creating.operationId }];
      m.deleted = m.deleted.filter((d) => d.id !== itemId);
    }
    toString = () => `create`;
  }

  /** Reads the n-th live item: it answers what was written to it. */
  class Read implements LivesCommand {
    constructor(readonly n: number) {}
    check = (m: Readonly<LivesModel>) => m.alive.length > 0;
    async run(m: LivesModel, r: LivesReal) {
      const item = m.alive[this.n % m.alive.length]!;
      const got = await r.send(r.at(reading, item.id, true));
      if (!is2xx(got)) return;
      const answer = itemBody(collection, got.response);
      noteStoredMembers(
        ledger,
        collection,
        item.writer,
        withoutEmptyMembers(item.expected),
        answer,
        `${reading.operationId} answered item ${item.id} as written`,
      );
      if (holdsSent(withoutEmptyMembers(item.expected), answer, itemSchema)) {
        ledger.held(`${collection.path} stored`, item.id, `${reading.operationId} answered item ${item.id} as written`);
        return;
      }
      r.log.add(
        findingOf(got, {
          code: 'semantic_violation',
          severity: 'failure',
          check: 'semantics.read_back',
          evidence: {
            rule: 'read-back',
            sent: item.expected,
            read: reading.operationId,
            writer: item.writer,
            item: itemRef(item.id),
          },
        }),
      );
    }
    toString = () => `read(${this.n})`;
  }

  /** Deletes the n-th live item. */
  class Delete implements LivesCommand {
    constructor(readonly n: number) {}
    check = (m: Readonly<LivesModel>) => m.alive.length > 0;
    async run(m: LivesModel, r: LivesReal) {
      const item = m.alive[this.n % m.alive.length]!;
      const gone = await r.send(r.at(removing, item.id, true));
      if (!is2xx(gone)) return;
      m.alive = m.alive.filter((a) => a !== item);
      m.deleted = [...m.deleted, { id: item.id, status: gone.response!.status }];
    }
    toString = () => `delete(${this.n})`;
  }

  /** Reads the n-th deleted item: it is not there (RFC 9110 §9.3.5). */
  class ReadDeleted implements LivesCommand {
    constructor(readonly n: number) {}
    check = (m: Readonly<LivesModel>) => m.deleted.length > 0;
    async run(m: LivesModel, r: LivesReal) {
      const { id: itemId, status } = m.deleted[this.n % m.deleted.length]!;
      const after = await r.send(r.at(reading, itemId, false));
      if (!is2xx(after) || idOfItem(collection, after.response!.exactJson ?? after.response!.json) !== itemId) return;
      r.log.add(
        findingOf(after, {
          code: 'semantic_violation',
          severity: 'failure',
          check: 'semantics.delete',
          evidence: {
            rule: 'delete',
            read: reading.operationId,
            status: after.response!.status,
            remove: removing.operationId,
            removeStatus: status,
            item: itemRef(itemId),
          },
        }),
      );
    }
    toString = () => `readDeleted(${this.n})`;
  }

  const index = fc.nat({ max: MOST_ALIVE - 1 });
  return {
    id: `${create.operationId}/interleaved`,
    operationId: create.operationId,
    operations: [create, read, remove].map((o) => o.operationId),
    writes: true,
    runs: 6,
    // First, whatever the seed: three items, the middle one deleted, one more created, all read.
    examples: () => {
      // Four bodies that differ in what they set (an empty text sets nothing a read could tell apart).
      const told: RequestParts[] = [];
      const seen = new Set<string>();
      for (let variant = 0; variant < 40 && told.length < 4; variant++) {
        const candidate = ordinaryParts(create, {}, variant);
        const key = JSON.stringify(withoutEmptyMembers(toPlainJson(candidate.body as WireJson)));
        if (key === undefined || key === '{}' || seen.has(key)) continue;
        seen.add(key);
        told.push(candidate);
      }
      if (told.length < 4) return [];
      const parts = (i: number) => told[i]!;
      return [
        [
          new Create(parts(0)),
          new Create(parts(1)),
          new Create(parts(2)),
          new Delete(1),
          new Create(parts(3)),
          new Read(0),
          new Read(1),
          new Read(2),
          new ReadDeleted(0),
        ],
      ];
    },
    arbitrary: () =>
      fc
        .commands(
          [
            requestPartsArbitrary(create).map((parts) => new Create(parts)),
            index.map((n) => new Read(n)),
            index.map((n) => new Delete(n)),
            index.map((n) => new ReadDeleted(n)),
          ],
          { maxCommands: 10 },
        )
        .map((commands) => [...commands]),
    async execute(commands, context) {
      const known = knownValues(context, create.operationId);
      const scope = Object.fromEntries(
        collection.scope.map((name) => [name, known[name]?.[0]]).filter(([, v]) => v !== undefined),
      ) as Record<string, string>;
      if (Object.keys(scope).length < collection.scope.length) return { findings: [], exchanges: [] };
      const log = new ExchangeLog(context);
      const knownOf = (o: OperationModel): KnownValues => knownValues(context, o.operationId);
      const real: LivesReal = {
        log,
        send: (c) => log.send({ ...c, family: FAMILY }),
        at(o, itemId, existing, parts) {
          const base = toValidCase(o, withKnownReferences(o, parts ?? ordinaryParts(o, {}, 0), knownOf(o)));
          return {
            ...base,
            pathParams: { ...base.pathParams, ...scope, [id.parameter]: itemId },
            existing: existing ? [id.parameter] : [],
          };
        },
        createCase(parts) {
          const c = withoutMember(toValidCase(create, withKnownReferences(create, parts, known)), chosen);
          return { ...c, pathParams: { ...c.pathParams, ...scope } };
        },
      };
      const model: LivesModel = { alive: [], deleted: [] };
      await fc.asyncModelRun(() => ({ model, real }), commands);
      // What is left is deleted, so that the store keeps the size later work expects.
      for (const item of model.alive) await real.send(real.at(remove, item.id, false));
      return log.execution();
    },
  };
}
