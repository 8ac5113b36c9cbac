import { createHash, timingSafeEqual } from 'node:crypto';

/** SHA-256 of a UTF-8 string: equal-length buffers, so comparing them leaks neither content nor length. */
export function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Whether `presented` is one of `known`, in constant time: every known digest is compared, whatever
 * matched before, so the timing does not tell which key (or how many) exists.
 */
export function matchesAny(presented: string, known: readonly Buffer[]): boolean {
  const candidate = digest(presented);
  let matched = false;
  for (const entry of known) matched = timingSafeEqual(candidate, entry) || matched;
  return matched;
}
