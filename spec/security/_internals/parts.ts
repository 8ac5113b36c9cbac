import type { Attachment, Part } from '../model.js';

/** An attachment with nothing in it (the credential left out). */
export const NOTHING: Attachment = { headers: [], query: [], cookies: [] };

/** An attachment of headers only. */
export function headers(...parts: Part[]): Attachment {
  return { headers: parts, query: [], cookies: [] };
}

/** An attachment of query pairs only. */
export function query(...parts: Part[]): Attachment {
  return { headers: [], query: parts, cookies: [] };
}

/** An attachment of cookies only. */
export function cookies(...parts: Part[]): Attachment {
  return { headers: [], query: [], cookies: parts };
}

/** Bytes of `text` written `%XX`, upper-case hex: the percent-encoded spelling of every byte. */
export function percentEncodeAll(text: string): string {
  return [...new TextEncoder().encode(text)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/** Shell that prints `$VAR` with every byte percent-encoded, as {@link percentEncodeAll} does. */
export function percentEncodeShown(variable: string): string {
  return `$(printf '%s' "$${variable}" | od -An -tx1 -v | tr -d ' \\n' | tr a-f A-F | sed 's/../%&/g')`;
}

/** Shell that prints base64 of `format` (a printf format over `$VAR`), on one line. */
export function base64Shown(format: string, variable: string): string {
  // base64 wraps its output at 76 columns: a long credential would put a newline in the header.
  return `$(printf '${format}' "$${variable}" | base64 | tr -d '\\n')`;
}
