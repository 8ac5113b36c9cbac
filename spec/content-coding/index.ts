/**
 * Content codings of HTTP bodies (RFC 9110 §8.4) undone with Node's zlib: for the Node sides only
 * (the kit's client, the proxy, the mock's server), so the browser mock's bundle stays free of it.
 * @packageDocumentation
 */
export { DECODABLE_CODINGS, decodeContentCoding, type ContentDecoding } from './decode-content-coding.js';
