import { digest } from './_internals/digest.js';
import type { AcceptedCredentials } from './model.js';

/** What a verifier is told to accept, before digests are taken. */
export interface AcceptInput {
  /** Tokens and API keys. */
  readonly secrets?: readonly string[];
  /** Basic pairs, as `user:password`. */
  readonly users?: readonly string[];
  /** Any well-formed credential of the scheme. */
  readonly any?: boolean;
}

/** Prepares accepted credentials once: SHA-256 digests, so no request re-hashes the configured keys. */
export function acceptCredentials(input: AcceptInput): AcceptedCredentials {
  return {
    any: input.any === true,
    secrets: (input.secrets ?? []).filter((s) => s !== '').map(digest),
    users: (input.users ?? []).filter((u) => u.includes(':')).map(digest),
  };
}
