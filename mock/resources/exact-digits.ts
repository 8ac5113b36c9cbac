import { envelopeItems, withEnvelopeItems } from '../../spec/resources/envelope.js';
import type { EnvelopeModel } from '../../spec/resources/index.js';
import {
  LosslessNumber,
  isLosslessNumber,
  parse as parseLossless,
  stringify as stringifyLossless,
} from 'lossless-json';
import { isObject } from '../../spec/json/index.js';

// Integers beyond 2^53 that a client sent are stored as doubles; the store answers them digit for
// digit as sent, where the stored value is still that double.

type Obj = Record<string, unknown>;

/** Integers a double cannot hold, member → the source digits the client sent. */
export type ExactDigits = Readonly<Record<string, string>>;

/** A writer of one item's JSON text with its {@link ExactDigits} (plain `JSON.stringify` when there are none). */
export function exactWriter(exact: ExactDigits | undefined): ((value: unknown) => string) | undefined {
  return exact ? (value) => withExactIntegers(value, exact) : undefined;
}

/**
 * JSON text of an answer with the top-level integers a double cannot hold written as the client sent
 * them, where the value still is that double.
 */
function withExactIntegers(value: unknown, exact: ExactDigits): string {
  const lossless = isObject(value) ? losslessMembers(value, exact) : undefined;
  return lossless ? (stringifyLossless(lossless) ?? JSON.stringify(value)) : JSON.stringify(value);
}

/** The item with its exact members as lossless numbers, or undefined when none still holds its double. */
function losslessMembers(value: Obj, exact: ExactDigits): Obj | undefined {
  let out: Obj | undefined;
  for (const [member, digits] of Object.entries(exact)) {
    if (typeof value[member] === 'number' && value[member] === Number(digits)) {
      out ??= { ...value };
      out[member] = new LosslessNumber(digits);
    }
  }
  return out;
}

/** JSON text of a list (a plain array, or the array its envelope names) with each item's exact integers as sent. */
export function withExactItems(
  value: unknown,
  envelope: EnvelopeModel | undefined,
  exactOfItem: (item: object) => ExactDigits | undefined,
): string {
  const items = envelopeItems(envelope, value);
  if (!Array.isArray(items)) return JSON.stringify(value);
  let changed = false;
  const written = items.map((item) => {
    const exact = isObject(item) ? exactOfItem(item) : undefined;
    const lossless = exact && isObject(item) ? losslessMembers(item, exact) : undefined;
    if (lossless) changed = true;
    return lossless ?? item;
  });
  if (!changed) return JSON.stringify(value);
  const out = withEnvelopeItems(envelope, value, written);
  return stringifyLossless(out) ?? JSON.stringify(value);
}

/** The top-level integers of a JSON body text that a double cannot hold, as their source digits. */
export function exactIntegersOf(bodyText: string | undefined): Record<string, string> | undefined {
  if (bodyText === undefined || !/\d{16}/.test(bodyText)) return undefined;
  try {
    const parsed = parseLossless(bodyText);
    if (!isObject(parsed)) return undefined;
    const out: Record<string, string> = {};
    for (const [member, token] of Object.entries(parsed))
      if (isLosslessNumber(token) && /^-?\d+$/.test(token.value) && !Number.isSafeInteger(Number(token.value)))
        out[member] = token.value;
    return Object.keys(out).length > 0 ? out : undefined;
  } catch {
    return undefined;
  }
}
