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
/** A header whose value is one of the kit's own expansions of `$API_KEY` (see send/build-request.ts). */
const KEY_EXPANSION =
  /^[A-Za-z-]+: [A-Za-z]+ (\$\{API_KEY(%\?|~~|\/#\/not-)\}x?|\$\{API_KEY\}x|\$\(printf '%s:' "\$API_KEY" \| base64 \| tr -d '\\n'\)|\$\(printf 'x-access-token:%s' "\$API_KEY" \| base64 \| tr -d '\\n'\)|\$\(printf '%s' "\$API_KEY" \| od -An -tx1 -v \| tr -d ' \\n' \| tr a-f A-F \| sed 's\/\.\.\/%&\/g'\))$/;

/**
 * Quotes `text` as one shell word in which each `$API_KEY` (or `${API_KEY}`) expands to the variable
 * and everything else is literal: `"Authorization: Bearer $API_KEY"` in the common case.
 */
export function quoteWithApiKey(text: string): string {
  // The kit shows wrong credentials derived from the key as bash expansions of it (the key minus its
  // last character, with its case swapped, as Basic credentials). They run as written in double quotes.
  if (KEY_EXPANSION.test(text)) return `"${text}"`;
  const literals = text.split(PLACEHOLDER);
  if (literals.length === 1) return singleQuote(text);
  if (literals.every((part) => !DOUBLE_QUOTE_SPECIAL.test(part))) {
    // ${API_KEY} only where a following name character would otherwise extend the variable name.
    return `"${literals.map((part, i) => (i === 0 ? part : (/^\w/.test(part) ? '${API_KEY}' : '$API_KEY') + part)).join('')}"`;
  }
  return literals.map((part, i) => (i === 0 ? '' : '"$API_KEY"') + (part === '' ? '' : singleQuote(part))).join('');
}

/** Control characters a terminal may act on (tab and newline excepted), C1 included. */
export const CONTROL_CHARS = /[\0-\x08\x0b-\x1f\x7f-\x9f]/;

/**
 * Writes `text` as a printf format that reproduces its UTF-8 bytes exactly, with every control
 * character as an octal escape: for text a shell word cannot carry (a NUL byte ends an argument) or
 * should not show raw on a terminal.
 */
export function printfFormat(text: string): string {
  const escaped = text.replace(/[\\%]|[\0-\x08\x0b-\x1f\x7f-\x9f]/g, (c) => {
    if (c === '\\') return '\\\\';
    if (c === '%') return '%%';
    return [...Buffer.from(c, 'utf8')].map((b) => `\\${b.toString(8).padStart(3, '0')}`).join('');
  });
  return singleQuote(escaped);
}
