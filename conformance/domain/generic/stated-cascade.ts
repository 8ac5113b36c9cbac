import { nameWords, type OperationModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import { type SpecWords, sentencesOf, specWords } from '../../../spec/spec-words.js';

/** Words that delete: "deletes", "removed", "cascades". */
const DELETING = /\b(?:delet|remov|cascad)\w*/i;
/** Words that keep what a sentence names, or make the deletion hang on more than itself. */
const KEEPING =
  /\b(?:not|never|kept|keeps?|remain\w*|preserv\w*|retain\w*|unless|only|cannot|can't|if|when|while|409|conflict)\b/i;

/**
 * The sentence of a deletion's own words that says the items of a collection nested below the
 * deleted item go with it ("Deletes the garage and its spots", "deleting a vehicle deletes all its
 * work orders"): the child collection's last path segment, as words, singular or plural, in a
 * sentence that deletes and keeps nothing. Undefined when the words say no such thing: what becomes
 * of children is then the server's to choose.
 */
export function statedCascade(remove: OperationModel, child: CollectionModel): SpecWords | undefined {
  const segment = child.path
    .split('/')
    .filter((s) => s !== '' && !s.startsWith('{'))
    .at(-1);
  if (!segment) return undefined;
  const noun = nameWords(segment).join(' ');
  const singular = noun.replace(/(?:ies)$/, 'y').replace(/(?<!s)s$/, '');
  const names = new RegExp(
    `\\b(?:${[noun, singular].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s_-]+')).join('|')})s?\\b`,
    'i',
  );
  const sources: [string | undefined, string][] = [
    [remove.summary, `${remove.pointer}/summary`],
    [remove.description, `${remove.pointer}/description`],
  ];
  for (const [text, pointer] of sources) {
    if (typeof text !== 'string') continue;
    for (const sentence of sentencesOf(text))
      if (DELETING.test(sentence) && names.test(sentence) && !KEEPING.test(sentence))
        return specWords(pointer, sentence);
  }
  return undefined;
}
