/**
 * The last line of defence against leaking credentials. The engine already writes `$API_KEY` where
 * the key was; every report writer still runs its final output through {@link redactText} so that a
 * key that slipped into a message, a response body or a header never reaches a file or a terminal.
 */

import { handlerFor } from '../../spec/security/index.js';

/** What a known secret is replaced with: the name it has in every reproducer. */
export const API_KEY_PLACEHOLDER = '$API_KEY';

/** What an unknown credential after `Bearer` or `Basic` is replaced with. It is itself a wrong key. */
export const REDACTED = 'REDACTED';

// A credential after an auth scheme (RFC 7235 token68). The placeholders stay, so reproducers still run.
const CREDENTIAL = /\b(bearer|basic)([ \t]+)(?!\$\{?API_KEY\b|REDACTED\b)([A-Za-z0-9\-._~+/]+=*)/gi;
// Plain words after a scheme ("Bearer token", "Basic scheme") are prose, not credentials.
const PROSE_WORD = /^[A-Za-z]?[a-z]{0,15}$/;

/**
 * Secrets shorter than this are masked only as whole values (not next to a letter or digit): a key
 * `a` must not mask every letter a. Longer ones are masked anywhere, so a key followed by one more
 * character (a variant the kit sends) or echoed inside a longer token is still hidden.
 */
const WHOLE_VALUE_BELOW = 8;

/**
 * Replaces every occurrence of the given secrets (as-is, URL-encoded and base64-encoded) by
 * `$API_KEY`, and every credential after `Bearer` or `Basic` by `REDACTED`. The secrets are what
 * the scheme handlers' `secretsIn` list for the run's credentials (tokens, API keys, Basic
 * passwords and pairs).
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const form of secretForms(secrets)) {
    if (form.length >= WHOLE_VALUE_BELOW) out = out.split(form).join(API_KEY_PLACEHOLDER);
    else
      out = out.replace(
        new RegExp(`(?<![A-Za-z0-9])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9])`, 'g'),
        API_KEY_PLACEHOLDER,
      );
  }
  return out.replace(CREDENTIAL, (match, scheme: string, space: string, token: string) =>
    PROSE_WORD.test(token) ? match : `${scheme}${space}${REDACTED}`,
  );
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

function secretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(Buffer.from(secret).toString('base64').replace(/=+$/, ''));
  }
  // Longest first, so a form that contains another is replaced whole.
  return [...forms].sort((a, b) => b.length - a.length);
}
