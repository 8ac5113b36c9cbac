import { encodeSegment } from '../../json/index.js';
import type { OperationModel } from '../../model.js';
import { sentencesOf, specWords } from '../../spec-words.js';
import type { ListOrderModel } from '../model.js';
import { type Member, keywordOf, typeOf } from './schema-members.js';

const ASCENDING = /^(?:ascending|asc|increasing|oldest first|earliest first)$/i;
const DESCENDING = /^(?:descending|desc|decreasing|newest first|latest first|most recent first)$/i;
/** Directions that only make sense for time: "oldest first" says nothing of a price. */
const TEMPORAL = /first$/i;
const DIRECTION =
  'ascending|descending|asc|desc|increasing|decreasing|oldest first|newest first|earliest first|latest first|most recent first';
/**
 * "sorted by `startsAt` ascending", "ordered in descending order by createdAt", "sorted by
 * `createdAt` (newest first)": a verb of ordering, a member name, and a direction before or after it.
 */
const ORDER_WORDS = new RegExp(
  String.raw`\b(?:sorted|ordered|sorts|orders|listed|returned)\s+(?:in\s+)?(?:(ascending|descending|increasing|decreasing)\s+(?:order\s+)?)?by\s+(?:the\s+|their\s+|its\s+)?[\x60'"]?([A-Za-z_$][\w$]*)[\x60'"]?(?:\s*[,(]?\s*(?:in\s+)?(${DIRECTION})\b)?`,
  'gi',
);
/** Words that take the order back: "is not sorted by", "the order is unspecified". */
const NEGATED = /\b(?:not|never|no|unspecified|arbitrary|undefined|unordered)\b/i;

/**
 * The order the spec's own words give a list operation's items, if they give one: a member of the
 * item that is a number or a date or date-time, and a direction the words name. Read from the
 * operation's description and summary and its success response's description. A sentence that
 * negates (`not sorted by`), a member the item does not have, a string member (collation is the
 * server's) or no stated direction give none: only what the spec says is judged.
 */
export function inferListOrder(list: OperationModel, members: ReadonlyMap<string, Member>): ListOrderModel | undefined {
  const success = Object.keys(list.responses).find((k) => /^2/.test(k));
  const texts: [string, string | undefined][] = [
    [`${list.pointer}/description`, list.description],
    [`${list.pointer}/summary`, list.summary],
    ...(success
      ? [
          [`${list.pointer}/responses/${encodeSegment(success)}/description`, list.responses[success]!.description] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  for (const [pointer, text] of texts) {
    if (typeof text !== 'string') continue;
    for (const sentence of sentencesOf(text)) {
      for (const match of sentence.matchAll(ORDER_WORDS)) {
        if (NEGATED.test(sentence.slice(0, match.index))) continue;
        const [, before, name, after] = match;
        const member = members.get(name!);
        const word = (after ?? before)?.toLowerCase();
        if (!member || !word) continue;
        const compare = comparisonOf(member);
        if (!compare || (TEMPORAL.test(word) && compare !== 'instant')) continue;
        const direction = ASCENDING.test(word) ? 'ascending' : DESCENDING.test(word) ? 'descending' : undefined;
        if (!direction) continue;
        return { member: member.name, direction, compare, ...specWords(pointer, sentence) };
      }
    }
  }
  return undefined;
}

/** How a member's values compare in an order or a range: as numbers, as instants, or not at all. */
export function comparisonOf(member: Member): ListOrderModel['compare'] | undefined {
  const type = typeOf(member.schema);
  if (type === 'integer' || type === 'number') return 'number';
  const format = keywordOf(member.schema, 'format');
  return type === 'string' && (format === 'date' || format === 'date-time') ? 'instant' : undefined;
}

/** The value an item is ordered by, as a number, or undefined when it has none the order can compare. */
export function orderKey(order: Pick<ListOrderModel, 'member' | 'compare'>, item: unknown): number | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const value = (item as Record<string, unknown>)[order.member];
  if (order.compare === 'number') return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * The first position whose item comes before its predecessor in the list's stated order (ties are
 * in order), or undefined when the list is in order. Items without a comparable value are passed over.
 */
export function firstOutOfOrder(order: ListOrderModel, items: readonly unknown[]): number | undefined {
  let previous: number | undefined;
  for (const [index, item] of items.entries()) {
    const key = orderKey(order, item);
    if (key === undefined) continue;
    if (previous !== undefined && (order.direction === 'ascending' ? key < previous : key > previous)) return index;
    previous = key;
  }
  return undefined;
}

/** The items in the list's stated order (stable: ties keep their order; items without a value go last). */
export function inListOrder<T>(order: ListOrderModel, items: readonly T[], valueOf: (item: T) => unknown): T[] {
  const sign = order.direction === 'ascending' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, key: orderKey(order, valueOf(item)) }))
    .sort((a, b) =>
      a.key === undefined || b.key === undefined
        ? (a.key === undefined ? 1 : 0) - (b.key === undefined ? 1 : 0) || a.index - b.index
        : sign * (a.key - b.key) || a.index - b.index,
    )
    .map((entry) => entry.item);
}
