/**
 * The last line of defence against leaking credentials. The engine already writes `$API_KEY` where
 * the key was; every report writer still runs its final output through {@link redactText} so that a
 * key that slipped into a message, a response body or a header never reaches a file or a terminal.
 */

import { handlerFor } from '../../spec/security/index.js';
import { secretScrubber } from '../send/scrub-secrets.js';

export { API_KEY_PLACEHOLDER, REDACTED } from '../send/scrub-secrets.js';

/**
 * Replaces every occurrence of the given secrets (as-is, URL-encoded and base64-encoded) by
 * `$API_KEY`, and every credential after `Bearer` or `Basic` by `REDACTED` (the `report` rule of
 * {@link secretScrubber}). The secrets are what the scheme handlers' `secretsIn` list for the run's
 * credentials (tokens, API keys, Basic passwords and pairs).
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  return secretScrubber(secrets, 'report')(text);
}

/**
 * Deep-copies `value`, passing every string (object keys included) through {@link redactText}.
 * Non-plain values (numbers, booleans, null) are kept as they are.
 */
export function redact<T>(value: T, secrets: readonly string[] = []): T {
  return redactValue(value, secrets) as T;
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactText(k, secrets), redactValue(v, secrets)]));
  }
  return value;
}

/** The secrets to scrub from the environment: `API_KEY`, and the forms of `CONFORMANCE_BASIC` (`user:password`), when set. */
export function secretsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const out = env['API_KEY'] ? [env['API_KEY']] : [];
  const basic = env['CONFORMANCE_BASIC'];
  const colon = basic?.indexOf(':') ?? -1;
  if (basic && colon > 0) {
    const credential = {
      kind: 'user-password',
      user: basic.slice(0, colon),
      password: basic.slice(colon + 1),
      variable: 'BASIC_AUTH',
    } as const;
    out.push(...handlerFor({ kind: 'basic', name: 'basic' }).secretsIn(credential));
  }
  return out;
}
