/**
 * Percent-encoding and -decoding shared by every parameter style and by form bodies.
 *
 * `encodeURIComponent` is not used: it throws URIError on lone surrogates and leaves `!'()*` unencoded,
 * which RFC 3986 calls reserved. TextEncoder replaces a lone surrogate with U+FFFD, so encoding never
 * throws (documented escape hatch: a lone surrogate goes on the wire as `%EF%BF%BD`).
 */

const UTF8 = new TextEncoder();
const UNRESERVED_ONLY = /^[A-Za-z0-9\-._~]*$/;
const HEX = '0123456789ABCDEF';

/**
 * Reserved characters that `allowReserved: true` lets through a query value. `[`, `]` and `#` are left
 * out because RFC 3986 forbids them in a query, and `&`, `=`, `+` because form-urlencoding gives them
 * a meaning (OAS 3.1.1 Appendix C.4.2 asks users to pre-encode exactly these six).
 */
const QUERY_RESERVED_PASS = new Set([':', '/', '?', '@', '!', '$', "'", '(', ')', '*', ',', ';']);

function isUnreserved(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e
  );
}

function isHex(ch: string | undefined): boolean {
  return ch !== undefined && /^[0-9A-Fa-f]$/.test(ch);
}

function pushBytes(out: string[], chunk: string): void {
  for (const byte of UTF8.encode(chunk)) out.push('%', HEX[byte >> 4]!, HEX[byte & 15]!);
}

/**
 * RFC 3986 percent-encoding of everything outside the unreserved set. With `allowReserved`, the
 * query-safe reserved characters and existing `%XX` triplets pass through (RFC 6570 reserved expansion).
 */
export function percentEncode(text: string, allowReserved = false): string {
  if (UNRESERVED_ONLY.test(text)) return text;
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isUnreserved(code)) {
      out.push(text[i]!);
      i += 1;
      continue;
    }
    const ch = text[i]!;
    if (allowReserved && QUERY_RESERVED_PASS.has(ch)) {
      out.push(ch);
      i += 1;
      continue;
    }
    if (allowReserved && ch === '%' && isHex(text[i + 1]) && isHex(text[i + 2])) {
      out.push(text.slice(i, i + 3));
      i += 3;
      continue;
    }
    // A surrogate pair must be encoded as one code point; a lone one becomes U+FFFD via TextEncoder.
    const high = code >= 0xd800 && code <= 0xdbff;
    const next = text.charCodeAt(i + 1);
    const width = high && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
    pushBytes(out, text.slice(i, i + width));
    i += width;
  }
  return out.join('');
}

/** A decoded string, or why the text is not valid percent-encoded UTF-8. */
export type Decoded = { ok: true; value: string } | { ok: false; message: string };

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Percent-decodes `text` as UTF-8. `plusAsSpace` applies form-urlencoded rules (OAS 3.1.1 requires
 * query strings to decode that way). A `%` not followed by two hex digits, or bytes that are not UTF-8,
 * give `ok: false` instead of throwing.
 */
export function percentDecode(text: string, plusAsSpace = false): Decoded {
  if (!text.includes('%')) return { ok: true, value: plusAsSpace ? text.replace(/\+/g, ' ') : text };
  const bytes: number[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = text[i]!;
    if (ch === '%') {
      const a = text[i + 1];
      const b = text[i + 2];
      if (!isHex(a) || !isHex(b))
        return { ok: false, message: `malformed percent-encoding at "${text.slice(i, i + 3)}"` };
      bytes.push(parseInt(`${a}${b}`, 16));
      i += 3;
    } else if (plusAsSpace && ch === '+') {
      bytes.push(0x20);
      i += 1;
    } else {
      // Raw non-ASCII characters (sent unencoded by lenient clients) are taken as their UTF-8 bytes.
      const code = text.charCodeAt(i);
      const next = text.charCodeAt(i + 1);
      const width = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
      for (const byte of UTF8.encode(text.slice(i, i + width))) bytes.push(byte);
      i += width;
    }
  }
  try {
    return { ok: true, value: STRICT_UTF8.decode(new Uint8Array(bytes)) };
  } catch {
    return { ok: false, message: 'percent-encoded bytes are not valid UTF-8' };
  }
}

/**
 * Header values are not percent-encoded (OAS 3.1.2 Appendix D). Characters a field value cannot carry
 * (controls other than HTAB, DEL, anything beyond ASCII) are the one exception: they are percent-encoded
 * as UTF-8 so the header can be sent at all. This is an escape hatch, not a reversible encoding:
 * parsing does not decode them.
 */
export function headerEscape(text: string): string {
  if (/^[\t\x20-\x7e]*$/.test(text)) return text;
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x09 || (code >= 0x20 && code <= 0x7e)) {
      out.push(text[i]!);
      i += 1;
      continue;
    }
    const next = text.charCodeAt(i + 1);
    const width = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
    pushBytes(out, text.slice(i, i + width));
    i += width;
  }
  return out.join('');
}
