import type { OperationModel, ParameterModel } from '../../model.js';
import { sentencesOf, specWords } from '../../spec-words.js';
import type { ListOrderModel, RangeFilterModel } from '../model.js';
import { comparisonOf, orderKey } from './list-order.js';
import { type Member, keywordOf, typeOf } from './schema-members.js';

/** Phrases that bound a member from below or above, longest first; `inclusive` where the phrase itself says. */
const PHRASES: readonly (readonly [RegExp, RangeFilterModel['bound'], boolean | undefined])[] = [
  [
    /\b(?:at or after|on or after|at or later than|no earlier than|not before|greater than or equal to|at least)\b|>=|≥/i,
    'lower',
    true,
  ],
  [
    /\b(?:at or before|on or before|at or earlier than|no later than|not after|less than or equal to|at most)\b|<=|≤/i,
    'upper',
    true,
  ],
  [/\b(?:after|later than|greater than|more than|newer than)\b|>/i, 'lower', undefined],
  [/\b(?:before|earlier than|less than|fewer than|older than)\b|</i, 'upper', undefined],
];
const NEGATED = /\b(?:not|never|no)\s+(?:only|filter)/i;

/**
 * Range filters the spec states in words on a list's query parameters: "Only events whose
 * `startsAt` is at or after this instant (inclusive)". A parameter bounds an item member from below
 * or above when its description names the member and a comparison; the member and the parameter
 * compare alike (numbers, or dates, or date-times). Whether an item exactly at the bound is listed
 * is only known where the words say it (`inclusive`, `exclusive`, `at or after`).
 */
export function inferRangeFilters(list: OperationModel, members: ReadonlyMap<string, Member>): RangeFilterModel[] {
  const out: RangeFilterModel[] = [];
  // The operation's own words may state each parameter's range, one clause each ("`from` keeps
  // appointments with `startsAt` at or after it (inclusive); `to` keeps those with `startsAt`
  // strictly before it": the clinic zoo): a clause whose first quoted word is the parameter's name.
  // A comma before a quoted name starts a clause too ("`startsAfter` keeps courses whose
  // `startDate` is on or after the given date, `startsBefore` those whose `startDate` is on or
  // before it": the courses zoo).
  const clauses =
    typeof list.description === 'string'
      ? sentencesOf(list.description).flatMap((sentence) => sentence.split(/;\s*|,\s*(?=[`'"][^`'"\s]+[`'"]\s)/))
      : [];
  for (const parameter of list.parameters) {
    if (parameter.in !== 'query') continue;
    const own = typeof parameter.description === 'string' ? sentencesOf(parameter.description) : [];
    const range =
      rangeOf(parameter, own, `${parameter.pointer}/description`, members) ??
      rangeOf(
        parameter,
        clauses.filter((clause) => firstQuoted(clause) === parameter.name),
        `${list.pointer}/description`,
        members,
      );
    if (range) out.push(range);
  }
  return out;
}

/** The first word of a text quoted as code or in quotes (`` `from` ``, `"from"`). */
function firstQuoted(text: string): string | undefined {
  return /([`'"])([^`'"\s]+)\1/.exec(text)?.[2];
}

/** `createdAt >= createdFrom`, `from <= startsAt`: two names and a comparison between them. */
const COMPARISON =
  /([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(>=|<=|≥|≤|>|<)\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)/g;
/** The bound an operator draws on the left-hand side, and whether it holds at equality. */
const OPERATORS: Readonly<Record<string, readonly [RangeFilterModel['bound'], boolean]>> = {
  '>=': ['lower', true],
  '≥': ['lower', true],
  '>': ['lower', false],
  '<=': ['upper', true],
  '≤': ['upper', true],
  '<': ['upper', false],
};
const FLIPPED: Readonly<Record<RangeFilterModel['bound'], RangeFilterModel['bound']>> = {
  lower: 'upper',
  upper: 'lower',
};

/**
 * A comparison the words write between a member and the parameter (`createdAt >= createdFrom`, the
 * workshop zoo): the most exact statement words can make of a range, read before the phrases; the
 * operator says whether an item at the bound is kept.
 */
function comparisonIn(
  sentence: string,
  parameter: string,
  members: ReadonlyMap<string, Member>,
): { member: Member; bound: RangeFilterModel['bound']; inclusive: boolean } | undefined {
  for (const [, left, operator, right] of sentence.matchAll(COMPARISON)) {
    const [bound, inclusive] = OPERATORS[operator!]!;
    const lastOf = (name: string) => name.split('.').at(-1)!;
    if (lastOf(right!) === parameter && members.has(lastOf(left!)))
      return { member: members.get(lastOf(left!))!, bound, inclusive };
    if (lastOf(left!) === parameter && members.has(lastOf(right!)))
      return { member: members.get(lastOf(right!))!, bound: FLIPPED[bound], inclusive };
  }
  return undefined;
}

function rangeOf(
  parameter: ParameterModel,
  sentences: readonly string[],
  pointer: string,
  members: ReadonlyMap<string, Member>,
): RangeFilterModel | undefined {
  for (const sentence of sentences) {
    if (NEGATED.test(sentence)) continue;
    const written = comparisonIn(sentence, parameter.name, members);
    if (written) {
      const compare = comparisonOf(written.member);
      if (compare && compare === parameterComparison(parameter, written.member))
        return {
          parameter: parameter.name,
          member: written.member.name,
          bound: written.bound,
          inclusive: written.inclusive,
          compare,
          ...specWords(pointer, sentence),
        };
    }
    for (const [phrase, bound, phraseInclusive] of PHRASES) {
      const at = phrase.exec(sentence);
      if (!at) continue;
      const member = memberNamedIn(sentence.slice(0, at.index), parameter.name, members);
      if (!member) break;
      const compare = comparisonOf(member);
      if (!compare || compare !== parameterComparison(parameter, member)) break;
      const exclusive = /\bexclusive\b/i.test(sentence);
      const inclusive = /\binclusive\b/i.test(sentence) ? true : exclusive ? false : phraseInclusive;
      return {
        parameter: parameter.name,
        member: member.name,
        bound,
        ...(inclusive !== undefined ? { inclusive } : {}),
        compare,
        ...specWords(pointer, sentence),
      };
    }
  }
  return undefined;
}

/**
 * The last member of the item the text names: quoted as code (`startsAt`), or as a plain word that
 * the parameter's own name holds (`price` in `minPrice`). A plain word alone is too loose: "the
 * maximum number of items" does not bound a member called `number`.
 */
function memberNamedIn(text: string, parameter: string, members: ReadonlyMap<string, Member>): Member | undefined {
  const own = parameter.toLowerCase().replace(/[^a-z0-9]/g, '');
  let found: Member | undefined;
  for (const word of text.matchAll(/([`'"])?([A-Za-z_$][\w$]*)\1?/g)) {
    const member = members.get(word[2]!);
    const quoted = word[1] !== undefined && text[(word.index ?? 0) + word[0].length - 1] === word[1];
    const named = word[2]!.length >= 3 && own.includes(word[2]!.toLowerCase().replace(/[^a-z0-9]/g, ''));
    if (member && (quoted || named)) found = member;
  }
  return found;
}

/** How the parameter's values compare: alike the member's, or not at all (a date against a date-time). */
function parameterComparison(parameter: ParameterModel, member: Member): ListOrderModel['compare'] | undefined {
  const type = typeOf(parameter.schema.schema);
  if (type === 'integer' || type === 'number') return 'number';
  const format = keywordOf(parameter.schema.schema, 'format');
  return type === 'string' && format !== undefined && format === keywordOf(member.schema, 'format')
    ? 'instant'
    : undefined;
}

/** The bound a request sent, as a number the member values compare with, when it sent a readable one. */
export function rangeBound(range: RangeFilterModel, sent: unknown): number | undefined {
  if (typeof sent === 'number') return range.compare === 'number' && Number.isFinite(sent) ? sent : undefined;
  if (typeof sent !== 'string' || sent.trim() === '') return undefined;
  if (range.compare === 'number') return Number.isFinite(Number(sent)) ? Number(sent) : undefined;
  const time = Date.parse(sent);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * Whether an item is outside the range a sent bound draws: strictly beyond it, or exactly at it
 * where the words say the bound is exclusive. An item without a comparable value is undefined: the
 * words say nothing of it.
 */
export function outsideRange(range: RangeFilterModel, bound: number, item: unknown): boolean | undefined {
  const key = orderKey(range, item);
  if (key === undefined) return undefined;
  if (key === bound) return range.inclusive === false;
  return range.bound === 'lower' ? key < bound : key > bound;
}
