import fc from 'fast-check';
import type { OperationModel, SpecModel } from '../../../spec/index.js';
import type { CollectionModel, OperationAssignment } from '../../../spec/resources/index.js';
import { ExchangeLog } from '../../sweep/index.js';
import type { SequenceProperty } from '../rules.js';
import { itemCase, knownValues, scopeOf } from './collection-requests.js';

const FAMILY = 'semantics.unknown_id';

/** Most trailing letters and digits of a known id changed to make one that names nothing. */
const CHANGED = 6;

/**
 * An id shaped like the ids the target hands out, naming none of them: the last letters and digits
 * of a known id turned within their class (a digit to another digit, a hex letter to another hex
 * letter, another letter to another of its case), so that a prefix (`usr_`), separators, a length
 * and the version digits of a UUID stay as the target writes them. Undefined for integer ids (the
 * generated path values and the read-ahead already name unknown ones), when no known id has letters
 * or digits to turn, or when the look-alike is one of the known ids.
 */
export function lookAlikeId(known: readonly string[]): string | undefined {
  const model = known.find((id) => !/^-?\d+$/.test(id) && /[0-9A-Za-z]/.test(id));
  if (model === undefined) return undefined;
  const chars = [...model];
  // At most half of them, so that a short id keeps its prefix (`usr_K…`).
  let left = Math.min(CHANGED, Math.ceil(chars.filter((c) => /[0-9A-Za-z]/.test(c)).length / 2));
  for (let i = chars.length - 1; i >= 0 && left > 0; i--) {
    const turned = turn(chars[i]!);
    if (turned === chars[i]) continue;
    chars[i] = turned;
    left--;
  }
  const id = chars.join('');
  return known.includes(id) ? undefined : id;
}

function turn(c: string): string {
  const within = (from: string, to: string, by: number) => {
    const lo = from.charCodeAt(0);
    const span = to.charCodeAt(0) - lo + 1;
    return String.fromCharCode(lo + ((c.charCodeAt(0) - lo + by) % span));
  };
  if (c >= '0' && c <= '9') return within('0', '9', 5);
  if (c >= 'a' && c <= 'f') return within('a', 'f', 3);
  if (c >= 'A' && c <= 'F') return within('A', 'F', 3);
  if (c >= 'g' && c <= 'z') return within('g', 'z', 10);
  if (c >= 'G' && c <= 'Z') return within('G', 'Z', 10);
  return c;
}

/**
 * Requests to an item that does not exist, named by an id shaped like the target's own (a UUID, a
 * prefixed key): a read, a replace, an update and a delete, each otherwise ordinary. Nothing here is
 * judged by a rule of its own: the answers go through every check, so an undocumented 5xx to such
 * a request (a lookup that throws on a miss, as set 32's TypeORM server does) fails as a crash on a
 * valid request, and a 404 the operation does not document is the usual contract gap. Ids the run
 * generates from the schema rarely look like the target's (a string that is no UUID is refused
 * before any lookup), so this is the one request that reaches the lookup of a missing item.
 */
export function unknownShaped(spec: SpecModel, collection: CollectionModel): SequenceProperty<number> | undefined {
  const op = (a: OperationAssignment | undefined): OperationModel | undefined =>
    a ? spec.operation(a.operationId) : undefined;
  const read = op(collection.operations.read);
  const id = collection.id;
  if (!read || !id) return undefined;
  const parameter = read.parameters.find((p) => p.in === 'path' && p.name === id.parameter);
  if (!parameter) return undefined;
  const targets = [
    read,
    op(collection.operations.replace),
    op(collection.operations.update),
    op(collection.operations.delete),
  ].filter((o): o is OperationModel => o !== undefined);
  return {
    id: `${read.operationId}/unknown-id`,
    operationId: read.operationId,
    operations: targets.map((o) => o.operationId),
    writes: targets.some((o) => o.method !== 'get'),
    // One pass: the id is derived, not searched.
    runs: 1,
    arbitrary: () => fc.constant(0),
    async execute(_, context) {
      const log = new ExchangeLog(context);
      const known = knownValues(context, read.operationId);
      const scope = scopeOf(context, collection, read);
      const itemId = lookAlikeId(known[id.parameter] ?? []);
      // The look-alike must be valid by the spec's own validators, or it is no valid request.
      if (!scope || itemId === undefined || !parameter.schema.validate(itemId).ok) return log.execution();
      for (const operation of targets) await log.send(itemCase(operation, collection, scope, itemId, FAMILY));
      return log.execution();
    },
  };
}
