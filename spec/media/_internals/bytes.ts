/** Byte helpers: bodies arrive as text or bytes and must be decoded without throwing. */

const UTF8 = new TextEncoder();

/** The bytes of a body given as text (UTF-8) or bytes. */
export function toBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? UTF8.encode(body) : body;
}

/** The UTF-8 bytes of a string (a lone surrogate becomes U+FFFD). */
export function utf8(text: string): Uint8Array {
  return UTF8.encode(text);
}

/** Strict decoding in `charset` (default UTF-8): undefined for bytes that are not valid text, or an unknown charset. */
export function decodeText(bytes: Uint8Array, charset = 'utf-8'): string | undefined {
  try {
    return new TextDecoder(charset, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Concatenates byte chunks. */
export function concat(chunks: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const c of chunks) size += c.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Index of `needle` in `hay` at or after `from`, or -1. */
export function indexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  if (first === undefined) return Math.min(Math.max(from, 0), hay.length);
  const last = hay.length - needle.length;
  for (let at = hay.indexOf(first, Math.max(from, 0)); at !== -1 && at <= last; at = hay.indexOf(first, at + 1)) {
    let i = 1;
    while (i < needle.length && hay[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
  }
  return -1;
}
