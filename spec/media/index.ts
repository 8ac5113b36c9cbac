/**
 * Request and response bodies by media type, both directions (JSON with exact int64, form-urlencoded,
 * multipart/form-data, text, bytes), and RFC 9110 media-type matching. Pure data-in/data-out.
 * @packageDocumentation
 */
export { encodeBody } from './encode-body.js';
export { decodeBody } from './decode-body.js';
export { mediaTypeMatches } from './media-type-matches.js';
export { pickMediaType } from './pick-media-type.js';
export { findMediaType } from './find-media-type.js';
export { parseMediaType } from './parse-media-type.js';
export type {
  DecodeBodyOptions,
  DecodedBody,
  EncodeBodyOptions,
  EncodedBody,
  EncodingMap,
  EncodingSpec,
  MediaType,
} from './media-type.js';
