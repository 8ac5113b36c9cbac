import { DECODABLE_CODINGS, decodeContentCoding } from '../spec/content-coding/index.js';
import { mockError } from './errors.js';
import { type BodyReader, tooLarge } from './request-input.js';

/**
 * A body reader that undoes the content codings the request's Content-Encoding lists (gzip,
 * deflate, br; RFC 9110 §8.4), its output held to the same limit as the bytes read, since a small
 * body may inflate to gigabytes. Node only: a browser never codes what it sends.
 */
export function decodedBody(read: BodyReader, contentEncoding: string | readonly string[] | undefined): BodyReader {
  if (contentEncoding === undefined) return read;
  return async (limit) => {
    const bytes = await read(limit);
    if (!bytes.ok) return bytes;
    const decoded = decodeContentCoding(bytes.value, contentEncoding, limit);
    if (decoded.ok) return { ok: true, value: decoded.bytes };
    if (decoded.problem === 'too-large') return tooLarge(limit);
    if (decoded.problem === 'malformed')
      return { ok: false, error: mockError(400, 'invalid_body', `request body is not valid ${decoded.coding}`) };
    // RFC 9110 §8.4.1: a coding the server does not take MAY get 415, saying which it takes (§12.5.3).
    return {
      ok: false,
      error: {
        ...mockError(415, 'unsupported_media_type', `Content-Encoding ${decoded.coding} is not supported.`),
        headers: { 'Accept-Encoding': DECODABLE_CODINGS },
        rule: `Content-Encoding: ${decoded.coding} (RFC 9110 §8.4.1; accepted: ${DECODABLE_CODINGS})`,
      },
    };
  };
}
