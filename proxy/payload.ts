import { createHash } from 'node:crypto';
import type { CutPayload } from '../conformance/findings/index.js';

/** Longest body text a finding carries (the kit's response excerpt is the same size). */
export const MAX_PAYLOAD = 4_096;

/** A body as a report carries it: the text, cut at {@link MAX_PAYLOAD}, with the whole's size and SHA-256 when cut. */
export interface CappedPayload {
  readonly text: string;
  readonly cut?: CutPayload;
}

/** Caps a body for a report; the digest lets a reader match the cut text to the payload it came from. */
export function capPayload(bytes: Uint8Array): CappedPayload {
  const text = new TextDecoder().decode(bytes);
  if (text.length <= MAX_PAYLOAD) return { text };
  return {
    text: text.slice(0, MAX_PAYLOAD),
    cut: { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
  };
}
