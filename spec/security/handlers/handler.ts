import type {
  AcceptedCredentials,
  Attachment,
  AuthRequest,
  Credential,
  CredentialVariant,
  SecurityScheme,
  Verdict,
} from '../model.js';

/** Options of a 401 challenge. */
export interface ChallengeOptions {
  /** Protection space (RFC 9110 §11.5), for schemes that name one (Basic requires it). */
  readonly realm?: string;
  /** Scopes the requirement asks for (OAuth 2.0, RFC 6750 §3). */
  readonly scopes?: readonly string[];
}

/**
 * Everything the mock and the kit do with one scheme, bound to that scheme. One implementation per
 * kind, as Prism keeps `apiKey: {cookie, header, query}, http: {basic, bearer, digest}`.
 */
export interface SchemeHandler {
  readonly scheme: SecurityScheme;
  /** False for schemes recognised but not carried out here (digest, mutual TLS, unknown types). */
  readonly supported: boolean;
  /** The credential shape the scheme takes; undefined when unsupported. */
  readonly takes: Credential['kind'] | undefined;
  /** Where the credential goes on a request, and its printable form. */
  attach(credential: Credential): Attachment;
  /** The mock's check of a request against the accepted credentials. Never throws. */
  verify(request: AuthRequest, accepted: AcceptedCredentials): Verdict;
  /** The `WWW-Authenticate` challenge of a 401, or undefined when the scheme has none to send. */
  challenge(options?: ChallengeOptions): string | undefined;
  /** The auth-matrix variants: wrong credentials to refuse, spellings of the right one to accept. */
  wrongVariants(): readonly CredentialVariant[];
  /** Every string that must be masked in logs and reports for this credential (whole values). */
  secretsIn(credential: Credential): readonly string[];
}

/** The secret of a credential the way token schemes read it (a Basic pair gives its password). */
export function secretOf(credential: Credential): string {
  return credential.kind === 'secret' ? credential.value : credential.password;
}
