import { isObject } from '../json/index.js';
import type { EnvelopeModel } from './model.js';

/**
 * The items of a list answer: the body itself where the list has no envelope, else the array its
 * envelope names (`body.data.todos`); undefined where the answer is not so shaped.
 */
export function envelopeItems(envelope: EnvelopeModel | undefined, body: unknown): unknown[] | undefined {
  if (!envelope) return Array.isArray(body) ? body : undefined;
  let at: unknown = body;
  for (const name of [...(envelope.within ?? []), envelope.member]) {
    if (!isObject(at)) return undefined;
    at = (at as Record<string, unknown>)[name];
  }
  return Array.isArray(at) ? at : undefined;
}

/**
 * A list answer with its items in place: the items themselves where the list has no envelope, else
 * `body` with the array its envelope names set to them (wrappers on the way kept, or made).
 */
export function withEnvelopeItems(envelope: EnvelopeModel | undefined, body: unknown, items: unknown[]): unknown {
  if (!envelope) return items;
  const path = [...(envelope.within ?? []), envelope.member];
  const put = (at: unknown, depth: number): Record<string, unknown> => {
    const here = isObject(at) ? (at as Record<string, unknown>) : {};
    const name = path[depth]!;
    return { ...here, [name]: depth === path.length - 1 ? items : put(here[name], depth + 1) };
  };
  return put(body, 0);
}

/**
 * The object of a list answer that holds its items' array, where totals and cursors sit beside it:
 * the root, or the wrapper the envelope names (`body.data`); undefined where the answer has none.
 */
export function envelopeHolder(
  envelope: EnvelopeModel | undefined,
  body: unknown,
): Record<string, unknown> | undefined {
  let at: unknown = body;
  for (const name of envelope?.within ?? []) at = isObject(at) ? (at as Record<string, unknown>)[name] : undefined;
  return envelope && isObject(at) ? (at as Record<string, unknown>) : undefined;
}
