/**
 * Characters a terminal or a copy-paste rewrites, drops or hides: what a reproducer must not print
 * raw. A terminal turns a tab into spaces and acts on control characters; copying drops trailing
 * spaces and may normalise text (macOS pastes NFC); no-break, zero-width and bidi characters look
 * like something else or like nothing; a lone surrogate has no UTF-8 form (it goes out as U+FFFD).
 * A newline survives in a quoted word, and so does the zero-width joiner inside emoji sequences.
 */

/** Named invisible or look-alike code points, by code point. */
const NAMED: Readonly<Record<number, string>> = {
  0: 'a NUL byte',
  9: 'a tab',
  13: 'a carriage return (CR)',
  27: 'an escape (ESC)',
  127: 'a DEL',
  160: 'a no-break space (U+00A0)',
  173: 'a soft hyphen (U+00AD)',
  8203: 'a zero-width space (U+200B)',
  8204: 'a zero-width non-joiner (U+200C)',
  8232: 'a line separator (U+2028)',
  8233: 'a paragraph separator (U+2029)',
  8239: 'a narrow no-break space (U+202F)',
  8288: 'a word joiner (U+2060)',
  12288: 'an ideographic space (U+3000)',
  65279: 'a byte order mark (U+FEFF)',
};

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Words for one code point a terminal or a copy-paste rewrites; undefined for any other. */
function rewritable(cp: number): string | undefined {
  const named = NAMED[cp];
  if (named !== undefined) return named;
  // A newline survives inside a quoted word; any other control character does not.
  if ((cp < 0x20 && cp !== 0x0a) || (cp >= 0x80 && cp < 0xa0)) return `a control character (${hex(cp)})`;
  if ((cp >= 0x200e && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069))
    return `a bidi control (${hex(cp)})`;
  if (cp === 0x061c) return `a bidi control (${hex(cp)})`;
  if ((cp >= 0x2000 && cp <= 0x200a) || cp === 0x1680 || cp === 0x205f) return `a space other than U+0020 (${hex(cp)})`;
  if (
    (cp >= 0x2061 && cp <= 0x206f) ||
    cp === 0x180e ||
    (cp >= 0xfff9 && cp <= 0xfffb) ||
    (cp >= 0xe0000 && cp <= 0xe007f)
  )
    return `an invisible character (${hex(cp)})`;
  if (cp >= 0xd800 && cp <= 0xdfff) return `a lone surrogate (${hex(cp)}, sent as U+FFFD)`;
  return undefined;
}

/**
 * What in `text` a terminal or a copy-paste would rewrite, in words, each once: the characters
 * above, spaces or tabs at the end of a line, and text that is not in Unicode NFC.
 */
export function rewritableIn(text: string): string[] {
  const found = new Set<string>();
  for (const ch of text) {
    const words = rewritable(ch.codePointAt(0)!);
    if (words !== undefined) found.add(words);
  }
  if (/[ \t]+(?=\r?\n|$)/.test(text)) found.add('trailing spaces');
  // A lone surrogate cannot be normalised: String.prototype.normalize leaves it, so it is no reason here.
  if (text.normalize('NFC') !== text) found.add('text not in Unicode NFC (a paste may recompose it)');
  return [...found];
}

/** The UTF-8 bytes of `text` as the kit sent them (a lone surrogate becomes U+FFFD, as on the wire). */
const bytesOf = (text: string) => [...Buffer.from(text, 'utf8')];

/**
 * `text` as one POSIX shell word that holds printable ASCII only: the output of `printf` with every
 * other byte as an octal escape, in double quotes, so no terminal or paste can change it and any
 * `sh` (not only bash, whose `$'...'` dash lacks) rebuilds the exact UTF-8 bytes. Not for text
 * with a NUL byte (a shell argument ends there) or trailing newlines (a command substitution drops
 * them): a body goes through {@link printfEscaped} into `--data-binary @-`.
 */
export function posixEscapedWord(text: string): string {
  return `"$(printf ${printfEscaped(text)})"`;
}

/**
 * `text` as a single-quoted printf format of printable ASCII only that prints its exact UTF-8 bytes:
 * every other byte, `%` and `\` escaped.
 */
export function printfEscaped(text: string): string {
  const body = bytesOf(text)
    .map((b) => {
      if (b === 0x25) return '%%';
      if (b === 0x5c) return '\\\\';
      if (b === 0x27) return "'\\''";
      return b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\${b.toString(8).padStart(3, '0')}`;
    })
    .join('');
  return `'${body}'`;
}
