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
const PLACEHOLDER = /\$\{?API_KEY\}?/g;

/**
 * Quotes `text` as one shell word in which each `$API_KEY` (or `${API_KEY}`) expands to the variable
 * and everything else is literal: `"Authorization: Bearer $API_KEY"` in the common case.
 */
export function quoteWithApiKey(text: string): string {
  const literals = text.split(PLACEHOLDER);
  if (literals.length === 1) return singleQuote(text);
  if (literals.every((part) => !DOUBLE_QUOTE_SPECIAL.test(part))) {
    // ${API_KEY} only where a following name character would otherwise extend the variable name.
    return `"${literals.map((part, i) => (i === 0 ? part : (/^\w/.test(part) ? '${API_KEY}' : '$API_KEY') + part)).join('')}"`;
  }
  return literals.map((part, i) => (i === 0 ? '' : '"$API_KEY"') + (part === '' ? '' : singleQuote(part))).join('');
}

/**
 * Writes `bytes` as a printf format that reproduces them exactly, for text that a shell word cannot
 * carry (a NUL byte ends every argument).
 */
export function printfFormat(text: string): string {
  const escaped = text.replace(/[\\%\0]/g, (c) => (c === '\\' ? '\\\\' : c === '%' ? '%%' : '\\000'));
  return singleQuote(escaped);
}
