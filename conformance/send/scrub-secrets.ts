/**
 * The kit's one secret scrubber. Two kinds of text pass through it, with one rule each:
 *
 * - `received`: what the target answered (bodies, headers, transport messages), scrubbed as it
 *   arrives. A target may echo the key in any case or cut, so every spelling is hidden: as is, in
 *   any case, without its last character, URL-encoded, and base64-encoded (alone and as Basic's
 *   `key:`). Keys shorter than {@link WHOLE_VALUE_BELOW} are left alone: their spellings would hit
 *   ordinary words.
 * - `report`: the final text of a report, reproducer or recording. Secrets (as is, URL-encoded,
 *   base64-encoded) become `$API_KEY`, so reproducers still run; short ones only as whole values.
 *   Every credential after `Bearer` or `Basic` becomes `REDACTED`, as does every credential the
 *   target issued (a JSON Web Token, a member or field named for a token). Case and cuts are kept:
 *   the kit's own wrong-key variants must read as sent.
 */

/** What a known secret is replaced with: the name it has in every reproducer. */
export const API_KEY_PLACEHOLDER = '$API_KEY';

/** What an unknown credential after `Bearer` or `Basic` is replaced with. It is itself a wrong key. */
export const REDACTED = 'REDACTED';

/** Which text is scrubbed: answers from the target, or a report's own output (see the module comment). */
export type ScrubbedText = 'received' | 'report';

// A credential after an auth scheme (RFC 7235 token68). The placeholders stay, so reproducers still run.
const CREDENTIAL = /\b(bearer|basic)([ \t]+)(?!\$\{?API_KEY\b|REDACTED\b)([A-Za-z0-9\-._~+/]+=*)/gi;
// Plain words after a scheme ("Bearer token", "Basic scheme") are prose, not credentials.
const PROSE_WORD = /^[A-Za-z]?[a-z]{0,15}$/;
// A credential the target issued, in a JSON member named for one (`"access_token": "…"`, also inside
// a body kept as JSON text, its quotes escaped) or a query or form field (`access_token=…`): a
// sign-in or sign-up of the kit's own made-up account answers a live token for that account
// (held-out set 101: a report held three bearer tokens a FastAPI login had issued).
const ISSUED_MEMBER =
  /((\\?)"(?:(?:access|refresh|id|session|auth|bearer|api)[_-]?)?(?:token|jwt)\2"\s*:\s*\2")((?:(?!\2")[^"\\\s]){8,})(?=\2")/gi;
const ISSUED_FIELD =
  /([?&](?:(?:access|refresh|id|session|auth)[_-]?)?token=)(?!\$\{?API_KEY\b|REDACTED\b)([^&\s"'#\\]{8,})/gi;
// A JSON Web Token anywhere (RFC 7519 §3: three base64url parts, the first a JSON header `{"…`): the
// kit makes none, so any it meets is one a target issued.
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/g;

/**
 * Secrets shorter than this are masked only as whole values in reports (not next to a letter or
 * digit), and not at all in received text: a key `a` must not mask every letter a. Longer ones are
 * masked anywhere, so a key followed by one more character (a variant the kit sends) or echoed
 * inside a longer token is still hidden.
 */
const WHOLE_VALUE_BELOW = 8;

const base64 = (text: string): string => Buffer.from(text).toString('base64').replace(/=+$/, '');
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The spellings of the secrets to hide in one kind of text, longest first (a form that holds another is replaced whole). */
function secretForms(secrets: readonly string[], kind: ScrubbedText): string[] {
  const received = kind === 'received';
  const forms: string[] = [];
  for (const secret of secrets) {
    if (secret === '' || (received && secret.length < WHOLE_VALUE_BELOW)) continue;
    for (const k of received ? [secret, secret.slice(0, -1)] : [secret]) {
      forms.push(k, encodeURIComponent(k));
      if (received) forms.push(base64(`${k}:`));
      forms.push(base64(k));
    }
  }
  const kept = [...new Set(forms)].filter((f) => !received || f.length >= WHOLE_VALUE_BELOW);
  return kept.sort((a, b) => b.length - a.length);
}

/**
 * A function that scrubs the given secrets (the scheme handlers' `secretsIn` of the run's
 * credentials: tokens, API keys, Basic passwords and pairs) from one kind of text.
 */
export function secretScrubber(secrets: readonly string[], kind: ScrubbedText): (text: string) => string {
  const forms = secretForms(secrets, kind);
  if (kind === 'received') {
    if (forms.length === 0) return (text) => text;
    const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'gi');
    return (text) => text.replace(pattern, API_KEY_PLACEHOLDER);
  }
  return (text) => {
    let out = text;
    for (const form of forms) {
      if (form.length >= WHOLE_VALUE_BELOW) out = out.split(form).join(API_KEY_PLACEHOLDER);
      // A whole value stands between quotes, spaces, `=`, `:` or `&`: within a name (`x-access-token`,
      // `api_key`, `a.token`) the same letters are the name's, not the key.
      else
        out = out.replace(
          new RegExp(`(?<![A-Za-z0-9_.-])${escapeRegExp(form)}(?![A-Za-z0-9_.-])`, 'g'),
          API_KEY_PLACEHOLDER,
        );
    }
    return out
      .replace(CREDENTIAL, (match, scheme: string, space: string, token: string) =>
        PROSE_WORD.test(token) ? match : `${scheme}${space}${REDACTED}`,
      )
      .replace(JWT, REDACTED)
      .replace(ISSUED_MEMBER, (match, name: string, _quote: string, value: string) =>
        value === REDACTED || value.startsWith(API_KEY_PLACEHOLDER) ? match : `${name}${REDACTED}`,
      )
      .replace(ISSUED_FIELD, `$1${REDACTED}`);
  };
}
