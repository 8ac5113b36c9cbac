import { type JsonSchema, mergeAllOf, type OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import { sentencesOf } from '../../spec/spec-words.js';

/** Words that make a sentence a rule: "must", "cannot", "at most", "otherwise"... */
const RULE_WORDS =
  /\b(?:must|cannot|can ?not|can't|should|shall|ha(?:s|ve) to|needs? to|may not|at (?:most|least)|no (?:more|later|earlier|less|fewer) than|otherwise|only if|unless)\b/i;

/**
 * A sentence of the operation's own words (its summary and description, its body schema's, and those of
 * the body's members) that states a rule naming two or more of the members a request body sent
 * ("`endsAt` must be after `startsAt` and at most 24 hours later"). JSON Schema cannot relate one
 * member to another, so such a rule is the spec's, in words only: a refusal of a body holding those
 * members, with a status the operation documents, may be that rule's, and the kit cannot tell a
 * body that keeps it from one that breaks it (the parking zoo). Undefined when no sentence does.
 */
export function statedRuleAcross(operation: OperationModel, members: readonly string[]): string | undefined {
  const named = members.filter((m) => m.length >= 2);
  if (named.length < 2) return undefined;
  const body = operation.requestBody;
  const schema = body ? mergeAllOf(body.schema.schema) : undefined;
  const properties = isObject(schema?.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const texts = [
    operation.summary,
    operation.description,
    schema?.description,
    ...Object.values(properties).map((p) => (isObject(p) ? p.description : undefined)),
  ].filter((t): t is string => typeof t === 'string' && t !== '');
  for (const sentence of texts.flatMap(sentencesOf)) {
    if (!RULE_WORDS.test(sentence)) continue;
    const mentioned = named.filter((m) => mentions(sentence, m));
    if (mentioned.length >= 2) return sentence.replace(/\s+/g, ' ').trim();
  }
  return undefined;
}

/** Whether a sentence names a member as a word of its own (`startsAt`, `starts_at`), case aside. */
export function mentions(sentence: string, member: string): boolean {
  const escaped = member.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])`, 'i').test(sentence);
}
