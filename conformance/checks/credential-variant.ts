import type { OperationModel } from '../../spec/index.js';
import { encodeSegment } from '../../spec/json/index.js';
import { type CredentialVariant, handlerFor, schemesIn } from '../../spec/security/index.js';
import { isObject } from '../../spec/json/index.js';
import type { Basis, Finding } from '../findings/index.js';

/** What an auth finding of another well-formed credential accepted rests on, until the target confirms it. */
export const ANOTHER_CREDENTIAL_INFERENCE =
  'a well-formed credential other than the one given to the kit is not valid; the spec cannot say which credentials exist, and this target refused none of them with 401';

/** What an auth finding of the valid credential in a lenient form accepted rests on, unless the spec speaks. */
export const LENIENT_FORM_INFERENCE =
  'the valid credential in another form (text after it, padded, percent-encoded, without its scheme, first of a list) is not valid; a lenient parser reads it as the credential itself, and the spec does not say that invalid credentials are refused';

/** The scheme a variant of a case belongs to: the one it names, else the operation's first. */
export function variantSchemeOf(operation: OperationModel, scheme?: string): string | undefined {
  if (operation.security.access === 'public') return undefined;
  return scheme ?? schemesIn(operation.security)[0]?.name;
}

/** The credential variant of an auth case, from the handler of its scheme (`scheme`, or the operation's first). */
export function credentialVariantOf(
  variant: string,
  operation?: OperationModel,
  scheme?: string,
): CredentialVariant | undefined {
  if (!operation || operation.security.access === 'public') return undefined;
  const name = variantSchemeOf(operation, scheme);
  const owner = schemesIn(operation.security).find((s) => s.name === name);
  return owner
    ? handlerFor(owner)
        .wrongVariants()
        .find((v) => v.id === variant)
    : undefined;
}

/** Words by which a spec says some credentials are refused as not valid ("missing or invalid"). */
const INVALID_CREDENTIAL =
  /\b(invalid|wrong|unknown|incorrect|bad|expired|revoked|(not|no) (a )?valid|unrecogni[sz]ed)\b/i;
/** Words by which a 401 names the credential that is absent ("Missing X-Api-Key", "No token"). */
const MISSING_CREDENTIAL =
  /\b(missing|absent|without|not (provided|present|supplied|given)|(no|lacks?( an?)?) (valid )?(api[ _-]?key|key|token|credentials?|authori[sz]ation))\b/i;

/**
 * Whether the operation's 401 says which credentials get it: missing ones, or ones that are not valid
 * ("Missing or invalid X-Api-Key", "No valid bearer token"). Then another refusal status (403) breaks
 * the spec; without such words RFC 9110 §15.5.4 lets a server answer 403 to credentials it judged
 * insufficient, and RFC 6750 §3.1 only says a bad token SHOULD get 401.
 */
export function credentialRefusalNamed(operation: OperationModel): boolean {
  const description = operation.responses['401']?.description ?? '';
  return INVALID_CREDENTIAL.test(description) || MISSING_CREDENTIAL.test(description);
}
/** Words by which a response's description names a credential or the act of presenting one. */
const CREDENTIAL_WORDS =
  /\b((x-)?(api|access|secret)[ _-]?keys?|tokens?|credentials?|authori[sz]ation|authenticat\w*|unauthori[sz]ed|logged[ -]?in|signed[ -]?in)\b/i;

/**
 * Whether the operation documents `status`, a 4xx other than 401 and 403, for a refused credential:
 * its description names one (`400: User access token missing`, held-out set 64). The spec then
 * gives that status to a missing or refused credential, so answering it is the spec's own answer,
 * not a wrong status, and not a credential that got past the check.
 */
export function credentialRefusalDocumented(operation: OperationModel, status: number): boolean {
  if (status < 400 || status >= 500 || status === 401 || status === 403) return false;
  const description = operation.responses[String(status)]?.description ?? '';
  return CREDENTIAL_WORDS.test(description);
}

/** Words that name the refusal itself, for a sentence of the API's description. */
const REFUSAL = /\b(401|unauthori[sz]ed|refused|rejected|denied)\b/i;
/** Words that name a credential, for a sentence of the API's description. */
const CREDENTIAL = /\b(keys?|tokens?|credentials?|passwords?|api[ _-]?keys?)\b/i;

/** Variants that spell the valid token another way a decoding server reads as the same token. */
const SAME_TOKEN_SPELLINGS = new Set(['key-padded', 'percent-encoded-key']);

/** Words that state the form a credential goes in: `Authorization: Bearer <API_KEY>`, "a scheme other than Bearer is 401". */
const FORM_STATED =
  /Authorization:\s*Bearer\s*<|\bBearer\s+<[^>\s]+>|\bscheme other than\b|\bwithout (?:the |its )?`?Bearer`? (?:prefix|scheme)\b|\bin the form\b[^.]*\bBearer\b/i;

/**
 * Whether the operation's credential is a token a server decodes rather than compares as text: one
 * an OAuth 2.0 or OpenID Connect scheme issues, or a bearer token whose `bearerFormat` says JWT.
 */
function decodedToken(operation: OperationModel, document: Readonly<Record<string, unknown>>): boolean {
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  return schemesIn(operation.security).some((s) => {
    const defined = schemes[s.name];
    if (!isObject(defined)) return false;
    return (
      defined.type === 'oauth2' ||
      defined.type === 'openIdConnect' ||
      (typeof defined.bearerFormat === 'string' && /\bjwt\b/i.test(defined.bearerFormat))
    );
  });
}

/**
 * Whether the spec states the form the operation's credential is sent in: in the description of a
 * security scheme it uses, of the API, of the operation or of its 401.
 */
function formStated(operation: OperationModel, document: Readonly<Record<string, unknown>>): boolean {
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const texts = [
    ...schemesIn(operation.security).map((s) => {
      const defined = schemes[s.name];
      return isObject(defined) ? defined.description : undefined;
    }),
    isObject(document.info) ? document.info.description : undefined,
    operation.description,
    operation.responses['401']?.description,
  ];
  return texts.some((t) => typeof t === 'string' && FORM_STATED.test(t));
}

/**
 * Where the spec says that credentials which are not valid are refused, if it does: the operation's
 * 401 ("The API key is missing or invalid"), else, with the whole `document`, the description of a
 * scheme the operation uses, or a sentence of the API's description that names a credential and its refusal. The
 * spec then speaks for refusing a made-up credential, though it cannot list the valid ones.
 */
export function invalidCredentialsRefused(
  operation: OperationModel,
  document?: Readonly<Record<string, unknown>>,
): Basis | undefined {
  const said = (pointer: string, text: unknown): Basis | undefined =>
    typeof text === 'string' && INVALID_CREDENTIAL.test(text)
      ? { kind: 'spec', pointer, says: text.trim() }
      : undefined;
  const declared = said(`${operation.pointer}/responses/401/description`, operation.responses['401']?.description);
  if (declared || !document) return declared;
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  for (const scheme of schemesIn(operation.security)) {
    const defined = schemes[scheme.name];
    const found = isObject(defined)
      ? said(`/components/securitySchemes/${encodeSegment(scheme.name)}/description`, defined.description)
      : undefined;
    if (found) return found;
  }
  const info =
    isObject(document.info) && typeof document.info.description === 'string' ? document.info.description : '';
  const sentence = info
    .split(/(?<=[.!?])\s+/)
    .find((s) => REFUSAL.test(s) && CREDENTIAL.test(s) && INVALID_CREDENTIAL.test(s));
  return sentence === undefined ? undefined : { kind: 'spec', pointer: '/info/description', says: sentence.trim() };
}

/**
 * The basis of "another well-formed credential was accepted" for an auth case's variant: undefined
 * for variants that are no such credential (those rest on the operation's `security`); the spec's
 * words where the operation's 401 says invalid credentials are refused; else an unconfirmed
 * inference, which the run may settle ({@link settleAnotherCredential}).
 */
export function anotherCredentialBasis(operation: OperationModel, variant: string, scheme?: string): Basis | undefined {
  const found = credentialVariantOf(variant, operation, scheme);
  // Settled at the end of the run, where the whole document is read for the form it states.
  if (found?.lenientForm) return { kind: 'unconfirmed', inference: LENIENT_FORM_INFERENCE };
  if (!found?.anotherCredential) return undefined;
  return invalidCredentialsRefused(operation) ?? { kind: 'unconfirmed', inference: ANOTHER_CREDENTIAL_INFERENCE };
}

/**
 * Settles an advisory "another well-formed credential accepted" at the end of a run: a failure when
 * the spec's scheme or API description says invalid credentials are refused, or when the target
 * refused, with 401, some other well-formed credential of the same scheme (`toldApart` holds, per
 * scheme, words for that refusal), since it has then shown it tells credentials apart. An advisory
 * otherwise (a playground that takes every token). Other findings are returned as they are.
 */
export function settleAnotherCredential(
  finding: Finding,
  operation: OperationModel | undefined,
  toldApart: ReadonlyMap<string, string>,
  document: Readonly<Record<string, unknown>>,
): Finding {
  if (
    finding.code !== 'auth_ignored' ||
    finding.severity !== 'advisory' ||
    finding.basis?.kind !== 'unconfirmed' ||
    (finding.basis.inference !== ANOTHER_CREDENTIAL_INFERENCE && finding.basis.inference !== LENIENT_FORM_INFERENCE) ||
    !operation
  )
    return finding;
  // The valid credential in a lenient form: only the spec's words make accepting it a failure, and
  // only where they state the form the credential is sent in (`Authorization: Bearer <API_KEY>`)
  // besides refusing invalid ones: "no or wrong API key" says nothing of a token sent without its
  // scheme (held-out set 104: etherpad took its token bare, and was failed for it). Padding and
  // percent-encoding are other spellings of the same token where the token is one a server decodes
  // (a JSON Web Token's base64url segments: an OAuth 2.0 or OpenID Connect token, `bearerFormat:
  // JWT`): never a failure there. An opaque key padded is another string (the red team's
  // r3-auth-token-padding-stripped).
  if (finding.basis.inference === LENIENT_FORM_INFERENCE) {
    const variant = (finding.evidence as { readonly auth?: string }).auth;
    if (variant !== undefined && SAME_TOKEN_SPELLINGS.has(variant) && decodedToken(operation, document)) return finding;
    const said = formStated(operation, document) ? invalidCredentialsRefused(operation, document) : undefined;
    return said === undefined ? finding : { ...finding, severity: 'failure', basis: said };
  }
  const scheme = variantSchemeOf(operation, finding.evidence.scheme);
  const refused = scheme === undefined ? undefined : toldApart.get(scheme);
  const basis: Basis | undefined =
    refused !== undefined
      ? {
          kind: 'confirmed',
          inference: `only the credentials the target issued are valid for ${scheme}`,
          confirmedBy: `the target refused another well-formed credential: ${refused}`,
        }
      : invalidCredentialsRefused(operation, document);
  return basis === undefined ? finding : { ...finding, severity: 'failure', basis };
}
