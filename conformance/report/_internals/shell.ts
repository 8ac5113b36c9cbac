/** Quotes `text` as one POSIX shell word: inside single quotes nothing is special but the quote itself. */
export function singleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Leaves plain words bare and single-quotes the rest. */
export function shellWord(text: string): string {
  return SAFE_WORD.test(text) ? text : singleQuote(text);
}

// In double quotes, these are the characters that keep a meaning: $ ` \ " and ! (history expansion in
// interactive shells).
const DOUBLE_QUOTE_SPECIAL = /[$`\\"!]/;
/**
 * The shell variables reproducers read: credentials (tokens and keys, Basic `user:password`) and the
 * ids a step takes from an earlier answer (`ITEM_1`, see `reproducer.ts`).
 */
const VARIABLES = '(?:API_KEY|BASIC_AUTH|ITEM_[0-9]+)';
/** `$API_KEY` or `${API_KEY}`: written back as `${…}` only where a name character follows. */
const PLAIN = new RegExp(`^\\$\\{?(${VARIABLES})\\}?`);
/**
 * The expansions the scheme handlers show (spec/security/handlers): parameter expansions of a
 * credential variable (`${API_KEY%?}`, `${BASIC_AUTH#*:}`, ...) and the printf pipelines that
 * rebuild Basic credentials or a percent-encoded key. Inside double quotes they run as written.
 */
const EXPANSION = new RegExp(
  [
    // A POSIX filter pipeline of a variable (tr, sed, cut, base64, od; single-quoted arguments only).
    `\\$\\(printf '[^'"$\`\\\\]*' "\\$\\{?${VARIABLES}[^"]*"(?: \\| [^()$\`"]*)?\\)`,
    `\\$\\{${VARIABLES}(?:%\\?|%%:\\*|#\\*:)\\}`,
    `\\$\\{?${VARIABLES}\\}?`,
  ].join('|'),
  'g',
);

/**
 * Quotes `text` as one shell word in which each credential expansion (`$API_KEY`, `$BASIC_AUTH`,
 * and the forms the handlers derive from them) expands and everything else is literal:
 * `"Authorization: Bearer $API_KEY"` in the common case.
 */
export function quoteWithApiKey(text: string, literal?: (part: string) => string): string {
  const literals: string[] = [];
  const expansions: string[] = [];
  let last = 0;
  for (const match of text.matchAll(EXPANSION)) {
    literals.push(text.slice(last, match.index));
    expansions.push(match[0]);
    last = match.index + match[0].length;
  }
  literals.push(text.slice(last));
  const quote = literal ?? singleQuote;
  if (expansions.length === 0) return quote(text);
  // ${NAME} only where a following name character would otherwise extend the variable name.
  const written = expansions.map((e, i) => {
    const plain = PLAIN.exec(e);
    if (!plain || plain[0] !== e) return e;
    return /^\w/.test(literals[i + 1] ?? '') ? `\${${plain[1]}}` : `$${plain[1]}`;
  });
  if (literal === undefined && literals.every((part) => !DOUBLE_QUOTE_SPECIAL.test(part))) {
    return `"${literals.map((part, i) => (i === 0 ? part : written[i - 1] + part)).join('')}"`;
  }
  return literals.map((part, i) => (i === 0 ? '' : `"${written[i - 1]}"`) + (part === '' ? '' : quote(part))).join('');
}
