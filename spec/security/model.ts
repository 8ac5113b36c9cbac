/**
 * The security model shared by the mock and the conformance kit: what the spec's schemes are, what an
 * operation requires, what a credential is, and what handlers produce. Plain data, no behaviour.
 */

/** Where an API key travels (OpenAPI `in`). */
export type ApiKeyLocation = 'header' | 'query' | 'cookie';

/** One security scheme of `components.securitySchemes`, keyed on `kind`. `name` is its key there. */
export type SecurityScheme =
  /** `type: http, scheme: bearer` (RFC 6750): `Authorization: Bearer <token>`. */
  | { readonly kind: 'bearer'; readonly name: string; readonly bearerFormat?: string }
  /** `type: http, scheme: basic` (RFC 7617): `Authorization: Basic base64(user:password)`. */
  | { readonly kind: 'basic'; readonly name: string }
  /** Another HTTP auth scheme (`digest`, `hoba`, `negotiate`, ...): recognised, not supported. */
  | { readonly kind: 'http'; readonly name: string; readonly scheme: string }
  /** `type: apiKey`: a key in a header, query parameter or cookie named `parameter`. */
  | { readonly kind: 'apiKey'; readonly name: string; readonly in: ApiKeyLocation; readonly parameter: string }
  /**
   * `type: oauth2`: the access token travels as a bearer token. `scopes`: every scope the flows
   * declare; `tokenUrls`: the flows' token endpoints (RFC 6749 §3.2), as written.
   */
  | {
      readonly kind: 'oauth2';
      readonly name: string;
      readonly scopes: readonly string[];
      readonly tokenUrls?: readonly string[];
    }
  /** `type: openIdConnect`: the token travels as a bearer token. */
  | { readonly kind: 'openIdConnect'; readonly name: string; readonly url: string }
  /** `type: mutualTLS` (3.1): a client certificate; recognised, not supported. */
  | { readonly kind: 'mutualTLS'; readonly name: string }
  /** A requirement names a scheme that is not defined, or a scheme of an unknown type. */
  | { readonly kind: 'unknown'; readonly name: string; readonly type: string };

/** The scheme kinds, as a union of strings. */
export type SchemeKind = SecurityScheme['kind'];

/** One scheme of a requirement, with the scopes the requirement asks of it. */
export interface SchemeUse {
  readonly scheme: SecurityScheme;
  readonly scopes: readonly string[];
}

/** One security requirement object: every scheme in it is needed at once (AND). Empty: anonymous. */
export type Requirement = readonly SchemeUse[];

/**
 * What an operation asks of a caller.
 * - `public`: no requirement (`security: []`, or none anywhere);
 * - `optional`: an empty requirement `{}` is one of the alternatives;
 * - `required`: every alternative names at least one scheme.
 */
export type Access = 'public' | 'optional' | 'required';

/** The resolved security of one operation: alternatives (OR) of requirements (AND). */
export interface OperationSecurity {
  readonly access: Access;
  /** The alternatives as written, empty ones included, in document order. */
  readonly alternatives: readonly Requirement[];
  /** Where the requirements came from: the operation's own `security`, the document's, or neither. */
  readonly source: 'operation' | 'document' | 'none';
  /**
   * With `source: 'none'` (no `security` anywhere), the schemes the document declares in
   * `components.securitySchemes` all the same: the only ones a refusal asking for credentials can mean.
   */
  readonly declaredOnly?: readonly SecurityScheme[];
}

/**
 * A credential, as a client holds it.
 * - `secret`: a bearer token or an API key;
 * - `user-password`: HTTP Basic credentials.
 * `variable` names the shell variable a printed reproducer reads it from (`API_KEY`, `BASIC_AUTH`):
 * a secret is shown as `$API_KEY`; Basic credentials as `$BASIC_AUTH`, which holds `user:password`.
 */
export type Credential =
  | { readonly kind: 'secret'; readonly value: string; readonly variable: string }
  | { readonly kind: 'user-password'; readonly user: string; readonly password: string; readonly variable: string };

/** One piece of a request: the real value, and the value shown in reports (shell, no secret in it). */
export interface Part {
  readonly name: string;
  readonly value: string;
  /** Safe to print; valid inside shell double quotes, expanding the credential's variable. */
  readonly shown: string;
}

/** Where a credential goes on a request. Cookies are pairs of one `Cookie` header. */
export interface Attachment {
  readonly headers: readonly Part[];
  readonly query: readonly Part[];
  readonly cookies: readonly Part[];
}

/** A request as the verifier sees it. Header names lower-case (as node gives them). */
export interface AuthRequest {
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Decoded query pairs, in order, repeats kept. */
  readonly query: readonly (readonly [string, string])[];
}

/** A verifier's answer for one scheme. */
export type Verdict =
  | { readonly outcome: 'ok' }
  | { readonly outcome: 'missing'; readonly reason: string }
  | { readonly outcome: 'invalid'; readonly reason: string }
  /** The scheme cannot be checked by this module (digest, mutual TLS, unknown types). */
  | { readonly outcome: 'unsupported'; readonly reason: string };

/**
 * The credentials a verifier accepts, prepared once (SHA-256 digests, compared in constant time).
 * Build it with `acceptCredentials`.
 */
export interface AcceptedCredentials {
  /** Accept any well-formed credential of the scheme. */
  readonly any: boolean;
  /** Digests of accepted tokens and API keys. */
  readonly secrets: readonly Uint8Array[];
  /** Digests of accepted `user:password` pairs (Basic). */
  readonly users: readonly Uint8Array[];
}

/** What the kit expects of a credential variant: accepted (a documented success) or refused (401). */
export type Expectation = 'accept' | 'refuse';

/** One credential variant of the auth matrix, from a scheme's handler. */
export interface CredentialVariant {
  /** Stable id, used in cases, findings and reports (`key-case`, `valid-lowercase-scheme`). */
  readonly id: string;
  /** Words for messages: "an empty bearer token". */
  readonly description: string;
  /** What a conforming server does with it, on an operation that requires this scheme alone. */
  readonly expect: Expectation;
  /**
   * A well-formed credential of the scheme in its right place, only not the valid one (an unknown
   * key, the key one character off): whether it is refused depends on which credentials exist, which
   * no spec can say. A target that accepts every one of them may take every token by design; one
   * that refuses one of them with 401 has shown it tells credentials apart.
   */
  readonly anotherCredential?: true;
  /**
   * The valid credential in a form a lenient parser reads as itself (the key, then a space and more
   * text; the key with base64 padding, percent-encoded, without its scheme, or cut from a comma
   * list): no other credential, and a malformed request that RFC 6750
   * §3.1 lets a server refuse with 400. Accepting it breaks the contract only where the spec says
   * invalid credentials are refused; no refusal of another credential speaks for it.
   */
  readonly lenientForm?: true;
  /** What to send instead of the valid credential. */
  attach(credential: Credential): Attachment;
}
