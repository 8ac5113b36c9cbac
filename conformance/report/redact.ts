/**
 * The last line of defence against leaking credentials. The engine already writes `$API_KEY` where
 * the key was; every report writer still runs its final output through {@link redactText} so that a
 * key that slipped into a message, a response body or a header never reaches a file or a terminal.
 */

/** What a known secret is replaced with: the name it has in every reproducer. */
export const API_KEY_PLACEHOLDER = '$API_KEY';

/** What an unknown credential after `Bearer` or `Basic` is replaced with. It is itself a wrong key. */
export const REDACTED = 'REDACTED';

// A credential after an auth scheme (RFC 7235 token68). The placeholders stay, so reproducers still run.
const CREDENTIAL = /\b(bearer|basic)([ \t]+)(?!\$\{?API_KEY\b|REDACTED\b)([A-Za-z0-9\-._~+/]+=*)/gi;
// Plain words after a scheme ("Bearer token", "Basic scheme") are prose, not credentials.
const PROSE_WORD = /^[A-Za-z]?[a-z]{0,15}$/;

/**
 * Replaces every occurrence of the given secrets (as-is, URL-encoded and base64-encoded) by
 * `$API_KEY`, and every credential after `Bearer` or `Basic` by `REDACTED`.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const form of secretForms(secrets)) out = out.split(form).join(API_KEY_PLACEHOLDER);
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
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [redactText(k, secrets), redactValue(v, secrets)]),
    );
  }
  return value;
}

/** The secrets to scrub from the environment: `API_KEY` when set. */
export function secretsFromEnv(env: NodeJS.ProcessEnv): string[] {
  return env['API_KEY'] ? [env['API_KEY']] : [];
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
