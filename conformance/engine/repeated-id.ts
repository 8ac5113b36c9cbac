import { isLosslessNumber } from 'lossless-json';
import type { Case, Exchange } from '../cases/index.js';
import { type OwnIdMember, ownIdMembers } from '../generate/known-references.js';
import { isObject } from '../../spec/json/index.js';
import type { OperationModel } from '../../spec/index.js';
import type { RunMemory } from './run-memory.js';

/**
 * The ids a run's creations chose themselves (`id` of `POST /users` beside `GET /users/{id}`), to
 * mark a creation that repeats one ({@link Case.repeatsKnownId}): whether a second item may take a
 * taken id is the target's state, not the request's validity, and the status check reads the mark.
 * An id is taken once the target handed it out (an answer the run learnt from) or took it in any
 * creation it answered 2xx, invalid ones included: the item is there however it got in.
 */
export class ChosenIds {
  private readonly ownIds = new WeakMap<OperationModel, readonly OwnIdMember[]>();
  private readonly taken = new Map<string, Set<string>>();

  constructor(
    private readonly operations: readonly OperationModel[],
    private readonly memory: RunMemory,
  ) {}

  /** The case, marked where it creates an item with an id already taken; as it leaves. */
  mark(c: Case, operation: OperationModel): Case {
    for (const { member, operationId, parameter, text } of this.chosen(c, operation))
      if (this.memory.holds(operationId, parameter, text) || this.taken.get(operationId)?.has(text))
        return { ...c, repeatsKnownId: { member, value: text } };
    return c;
  }

  /** Records the ids a creation answered 2xx chose. */
  learn(exchange: Exchange, operation: OperationModel): void {
    const status = exchange.response?.status;
    if (status === undefined || status < 200 || status >= 300) return;
    for (const { operationId, text } of this.chosen(exchange.case, operation)) {
      const set = this.taken.get(operationId) ?? new Set<string>();
      set.add(text);
      this.taken.set(operationId, set);
    }
  }

  /** The own-id members a creation's JSON body sets, with their values as path text. */
  private chosen(c: Case, operation: OperationModel): (OwnIdMember & { readonly text: string })[] {
    if ((c.method ?? operation.method).toLowerCase() !== 'post' || c.body === undefined) return [];
    // A raw body the server took as JSON all the same (sent as `text/plain`) chose its id too.
    const body = c.body.kind === 'json' ? c.body.value : c.body.kind === 'raw' ? parsed(c.body.text) : undefined;
    if (!isObject(body)) return [];
    let members = this.ownIds.get(operation);
    if (!members) {
      members = ownIdMembers(operation, this.operations);
      this.ownIds.set(operation, members);
    }
    return members.flatMap((m) => {
      const value = body[m.member];
      const text =
        typeof value === 'string'
          ? value
          : typeof value === 'number' || isLosslessNumber(value)
            ? String(value)
            : undefined;
      return text === undefined ? [] : [{ ...m, text }];
    });
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
