import { sha256 } from './sha256.js';
import { nodeCrypto, timingSafeEqual } from './timing-safe-equal.js';

const UTF8 = new TextEncoder();

/**
 * Node's one-shot `crypto.hash` (Node 20.12+): the same digest as `createHash('sha256')` without a
 * Hash object per call, which the mock pays on every request carrying a key (issue 23).
 */
const oneShot = typeof nodeCrypto?.hash === 'function' ? nodeCrypto.hash : undefined;

/**
 * SHA-256 of a UTF-8 string (Node's crypto, the same digest in plain JavaScript in the browser):
 * equal-length digests, so comparing them leaks neither content nor length.
 */
export function digest(value: string): Uint8Array {
  if (oneShot) return oneShot('sha256', value, 'buffer');
  return nodeCrypto ? nodeCrypto.createHash('sha256').update(value, 'utf8').digest() : sha256(UTF8.encode(value));
}

/** Presented credentials found among each known list, so an accepted one is not hashed again. */
const acceptedTexts = new WeakMap<readonly Uint8Array[], Set<string>>();
/** Accepted texts remembered per known list (under `any`-like lists of many keys: bounded). */
const ACCEPTED_REMEMBERED = 64;

/**
 * Whether `presented` is one of `known`, in constant time: every known digest is compared, whatever
 * matched before, so the timing does not tell which key (or how many) exists. A credential once
 * accepted is remembered and accepted at once: hashing it again was the largest cost of a mock's
 * ordinary request (issue 23). That tells nothing the answer's status does not; a refused credential
 * is never remembered, so every refusal pays the full comparison.
 */
export function matchesAny(presented: string, known: readonly Uint8Array[]): boolean {
  const remembered = acceptedTexts.get(known);
  if (remembered?.has(presented)) return true;
  const candidate = digest(presented);
  let matched = false;
  for (const entry of known) matched = timingSafeEqual(candidate, entry) || matched;
  if (matched) {
    if (!remembered) acceptedTexts.set(known, new Set([presented]));
    else if (remembered.size < ACCEPTED_REMEMBERED) remembered.add(presented);
  }
  return matched;
}
