import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * A body with its content coding undone (gzip, deflate, br), as a client reads it; a body that does
 * not decode, or has another coding, is returned as it came.
 */
export function decodeContent(body: Uint8Array, coding: string | undefined): Uint8Array {
  try {
    const name = (coding ?? '').trim().toLowerCase();
    if (name === 'gzip' || name === 'x-gzip') return gunzipSync(body);
    if (name === 'deflate') return inflateSync(body);
    if (name === 'br') return brotliDecompressSync(body);
  } catch {
    // Judged and recorded as it came: that is what a client sees.
  }
  return body;
}
