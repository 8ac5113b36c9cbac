import type { OperationModel } from '../../model.js';
import { sentencesOf, specWords } from '../../spec-words.js';
import type { TextFilterModel } from '../model.js';
import { type Member, typeOf } from './schema-members.js';

/** Words that say a comparison ignores case. */
const ANY_CASE =
  /\bcase[- ]?insensitive(?:ly)?\b|\b(?:ignor(?:es|ing)|regardless of|without regard to) (?:letter )?case\b|\bnot case[- ]sensitive\b/i;
/** Words that say a value is found inside the member, or is the member. */
const CONTAINS = /\b(?:contains?|containing|substring|includes?|partial)\b/i;
const EQUALS = /\b(?:equals?|matches|exact(?:ly)?|is)\b/i;

/**
 * Text filters the spec states in words on a list's string query parameters: "Only items whose
 * `title` contains this text, compared case-insensitively". The sentence names a string member of
 * the item (quoted as code) and says the comparison ignores case; whether a part of the member is
 * enough (`contains`) or the whole of it (`equals`) is what the words say, `contains` where both.
 */
export function inferTextFilters(list: OperationModel, members: ReadonlyMap<string, Member>): TextFilterModel[] {
  const out: TextFilterModel[] = [];
  // The operation's own words may state it, in a clause whose first quoted word is the parameter
  // ("`name`, when given, keeps the patients whose `givenName` or `familyName` contains it,
  // compared case-insensitively": the clinic zoo).
  const clauses =
    typeof list.description === 'string' ? sentencesOf(list.description).flatMap((s) => s.split(/;\s*/)) : [];
  for (const parameter of list.parameters) {
    if (parameter.in !== 'query' || typeOf(parameter.schema.schema) !== 'string') continue;
    const own = typeof parameter.description === 'string' ? sentencesOf(parameter.description) : [];
    const found =
      textFilterIn(own, `${parameter.pointer}/description`, parameter.name, members, false) ??
      textFilterIn(
        clauses.filter((c) => /`([^`]+)`/.exec(c)?.[1] === parameter.name),
        `${list.pointer}/description`,
        parameter.name,
        members,
        true,
      );
    if (found) out.push(found);
  }
  return out;
}

function textFilterIn(
  sentences: readonly string[],
  pointer: string,
  parameter: string,
  members: ReadonlyMap<string, Member>,
  leadsWithParameter: boolean,
): TextFilterModel | undefined {
  for (const sentence of sentences) {
    if (!ANY_CASE.test(sentence)) continue;
    const quoted = [...sentence.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!);
    const named = [...new Set(leadsWithParameter ? quoted.slice(1) : quoted)].filter(
      (name) => typeOf(members.get(name)?.schema) === 'string',
    );
    if (named.length === 0) continue;
    const match = CONTAINS.test(sentence) ? 'contains' : EQUALS.test(sentence) ? 'equals' : undefined;
    if (!match) continue;
    return { parameter, members: named, match, ...specWords(pointer, sentence) };
  }
  return undefined;
}
