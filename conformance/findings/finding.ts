/**
 * Findings are data. Every check returns `Finding[]`; the reports render them. A finding is keyed on
 * `code`, carries the operation, the evidence and a reproducer, and says how much it weighs.
 */

/** How a finding counts toward the verdict. */
export type Severity =
  /** Breaks the contract: the run fails. */
  | 'failure'
  /** A behaviour where the contract is silent ("not shown"): a contract gap. Fails only under `--strict`. */
  | 'warning'
  /** Worth knowing, never fails (e.g. deprecation headers). */
  | 'advisory';

/** Every kind of finding the kit can report. */
export type FindingCode =
  // transport and protocol
  | 'server_error' // any 5xx
  | 'transport_error' // timeout, reset, refused, body too large, malformed HTTP
  | 'redirect' // a 3xx answer; never followed
  | 'content_type' // not application/json where a body is documented
  | 'invalid_json' // content type says JSON, body does not parse
  // status codes and schemas
  | 'undocumented_status' // status not among the operation's documented responses
  | 'schema_mismatch' // body does not validate against the documented schema for that status
  | 'error_status_mismatch' // Error.status differs from the HTTP status
  // auth
  | 'auth_ignored' // a bad credential was accepted (2xx)
  | 'auth_wrong_status' // a bad credential was refused, but not with 401
  | 'auth_rejected_valid' // the valid key was refused
  | 'auth_challenge_missing' // 401 without a WWW-Authenticate header (advisory)
  // input handling
  | 'negative_accepted' // invalid input answered with 2xx
  | 'negative_wrong_status' // invalid input rejected, but not with the documented status
  | 'positive_rejected' // valid input refused with 4xx
  // domain semantics
  | 'semantic_violation'
  // where the contract is silent
  | 'contract_gap'
  // deprecation
  | 'deprecation_headers'
  // HTTP semantics (RFC 9110)
  | 'allow_missing' // a 405 without Allow (§15.5.6 MUST)
  | 'head_content' // content in a response to HEAD (§9.3.2 MUST NOT)
  | 'conditional_mismatch' // a 304 for a representation that changed, or one the request had no right to
  | 'location_mismatch'; // the Location of a 201 does not identify the created resource (§15.3.2)

/** A concrete HTTP request, as sent (the API key replaced by `$API_KEY` in reports). */
export interface RequestRecord {
  readonly method: string;
  /** Path and query, relative to the target base URL (which already carries `/v1`). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The exact body text sent, if any. */
  readonly body?: string;
}

/** What came back, trimmed for reports. */
export interface ResponseRecord {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Body text, truncated to a few KiB for reports. */
  readonly body: string;
  readonly truncated: boolean;
  readonly durationMs: number;
}

/** Everything needed to reproduce a finding by hand or by replay. */
export interface Reproducer {
  /** The failing request, key redacted. */
  readonly request: RequestRecord;
  /** Earlier requests the failure depends on (e.g. the POST before a GET), key redacted. */
  readonly setup?: readonly RequestRecord[];
  /** The fast-check seed of the run. */
  readonly seed: number;
  /** fast-check's replay path of the shrunk counterexample, when the finding came from a property. */
  readonly path?: string;
  /** A command line that replays exactly this counterexample. */
  readonly replay: string;
}

/** One thing the kit found. */
export interface Finding {
  readonly code: FindingCode;
  readonly severity: Severity;
  /** operationId the finding is about. */
  readonly operationId: string;
  /** The check that produced it (`status`, `schema`, `auth`, `semantics.limit`, ...). */
  readonly check: string;
  /** One sentence a person can act on. */
  readonly message: string;
  /** Where the contract is silent, which gap this is (matches the README's table). */
  readonly gap?: string;
  /** Details: the schema issues, the expected and actual values, ... */
  readonly evidence?: Readonly<Record<string, unknown>>;
  readonly request?: RequestRecord;
  readonly response?: ResponseRecord;
  readonly reproducer?: Reproducer;
}
