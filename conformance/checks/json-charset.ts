import { findingOf, mediaTypeOf, type Check } from './make-finding.js';

/** The names of UTF-8 in the IANA charset registry (compared without case, RFC 9110 §8.3.2). */
const UTF8_NAMES = new Set(['utf-8', 'csutf8']);
/** US-ASCII's names: a label that holds for a body of ASCII only, every byte of which is UTF-8 too. */
const ASCII_NAMES = new Set(['us-ascii', 'ascii', 'iso646-us', 'csascii']);

/** The charset parameter of a Content-Type (RFC 9110 §5.6.6: token or quoted string), lower-case. */
export function charsetOf(contentType: string): string | undefined {
  for (const parameter of contentType.split(';').slice(1)) {
    const eq = parameter.indexOf('=');
    if (eq === -1 || parameter.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    return parameter
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return undefined;
}

/**
 * RFC 8259 §8.1: "JSON text exchanged between systems that are not part of a closed ecosystem MUST
 * be encoded using UTF-8". A JSON answer (application/json or a +json type) labelled with another
 * charset tells every client that honours the label to decode other characters than were meant
 * ("Émile" read as Latin-1 is "Ã\u0089mile"). No charset is fine (application/json defines none),
 * and so is `utf-8` in any case; US-ASCII holds for a body of ASCII only.
 */
export const checkJsonCharset: Check = ({ exchange }) => {
  const r = exchange.response;
  const contentType = r?.headers['content-type'];
  if (!r || contentType === undefined) return [];
  const media = mediaTypeOf(r.headers);
  if (media !== 'application/json' && !/^application\/[\w.!#$&^-]+\+json$/.test(media)) return [];
  const charset = charsetOf(contentType);
  if (charset === undefined || UTF8_NAMES.has(charset)) return [];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, control characters included
  if (ASCII_NAMES.has(charset) && /^[\u0000-\u007f]*$/.test(r.bodyText)) return [];
  return [
    findingOf(exchange, {
      code: 'protocol_violation',
      severity: 'failure',
      check: 'content_type',
      evidence: { rule: 'json-charset', contentType, charset },
    }),
  ];
};

/**
 * A body whose bytes are not UTF-8 where its label says they are: `charset=utf-8` on any media type
 * (RFC 9110 §8.3.2: the charset names the encoding of the representation), or a JSON type, whose
 * text is UTF-8 with or without a label (RFC 8259 §8.1). Text stored right but sent in another
 * encoding ("Grüße" as ISO-8859-1 bytes) reaches every client garbled. Rests on the bytes received
 * (after content decoding), not on the decoded text: a server may send U+FFFD of its own.
 */
export const checkUtf8Bytes: Check = ({ exchange }) => {
  const r = exchange.response;
  const contentType = r?.headers['content-type'];
  if (!r?.notUtf8 || contentType === undefined || exchange.request.method === 'HEAD') return [];
  const media = mediaTypeOf(r.headers);
  const charset = charsetOf(contentType);
  const json = media === 'application/json' || /^application\/[\w.!#$&^-]+\+json$/.test(media);
  if (!(charset !== undefined ? UTF8_NAMES.has(charset) : json)) return [];
  return [
    findingOf(exchange, {
      code: 'protocol_violation',
      severity: 'failure',
      check: 'content_type',
      evidence: { rule: 'charset-bytes', contentType, charset: charset ?? 'utf-8' },
    }),
  ];
};
