import { constants } from 'node:buffer';
import { decodeContentCoding } from '../spec/content-coding/index.js';

/**
 * A body with its content coding undone (gzip, deflate, br), as a client reads it; a body that does
 * not decode, or has another coding, is returned as it came.
 */
export function decodeContent(body: Uint8Array, coding: string | undefined): Uint8Array {
  // Judged and recorded as it came when it does not decode: that is what a client sees.
  const decoded = decodeContentCoding(body, coding, constants.MAX_LENGTH);
  return decoded.ok ? decoded.bytes : body;
}
