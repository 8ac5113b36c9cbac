import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/** The content codings {@link decodeContentCoding} undoes, as an Accept-Encoding value. */
export const DECODABLE_CODINGS = 'gzip, deflate, br';

/** A body with its content codings undone, or why they could not be. */
export type ContentDecoding =
  | { readonly ok: true; readonly bytes: Buffer; readonly codings: readonly string[] }
  | {
      readonly ok: false;
      /** `unsupported`: a coding not in {@link DECODABLE_CODINGS}; `malformed`: bytes that do not decode as labelled; `too-large`: past the cap once decoded. */
      readonly problem: 'unsupported' | 'malformed' | 'too-large';
      readonly coding: string;
      readonly message: string;
    };

/**
 * A body with the content codings its Content-Encoding header lists undone (RFC 9110 §8.4: in the
 * order applied, so from the last), `identity` skipped. gzip (and `x-gzip`), deflate (zlib-wrapped
 * per §8.4.1.2, or raw as some servers send it) and br are decoded with Node's zlib, the output
 * capped at `maxOutputLength` bytes, since a small body may inflate to gigabytes.
 */
export function decodeContentCoding(
  body: Uint8Array,
  header: string | readonly string[] | undefined,
  maxOutputLength: number,
): ContentDecoding {
  const codings = [header ?? []]
    .flat()
    .flatMap((h) => h.split(','))
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let out = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const limit = { maxOutputLength };
  for (const coding of [...codings].reverse()) {
    try {
      if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out, limit);
      else if (coding === 'br') out = brotliDecompressSync(out, limit);
      else if (coding === 'deflate') {
        try {
          out = inflateSync(out, limit);
        } catch (error) {
          if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw error;
          out = inflateRawSync(out, limit);
        }
      } else return { ok: false, problem: 'unsupported', coding, message: `the coding ${coding} is not supported` };
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
        ? { ok: false, problem: 'too-large', coding, message: `the body exceeds ${maxOutputLength} bytes once decoded` }
        : {
            ok: false,
            problem: 'malformed',
            coding,
            message: `the body does not decode as ${coding} (${(error as Error).message})`,
          };
    }
  }
  return { ok: true, bytes: out, codings };
}
