/**
 * Findings are data. Every check returns `Finding[]`; the reports render them. A finding is keyed on
 * `code`, carries the operation, the evidence and a reproducer, and says how much it weighs.
 */

import type { CheckName } from '../checks/registry.js';

// To the compiler these aliases are `number`; the generator of `run-report.schema.json` reads their
// `@asType` and `@minimum` tags, so a whole number is `integer` there.
/**
 * A whole number.
 * @asType integer
 */
export type Integer = number;

/**
 * A count: a whole number, never negative.
 * @asType integer
 * @minimum 0
 */
export type Count = number;

/** How a finding counts toward the verdict: `failure`, `warning` (a contract gap) or `advisory`. */
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
  | 'location_mismatch' // the Location of a 201 does not identify the created resource (§15.3.2)
  | 'protocol_violation' // a message-level MUST of RFC 9110/9112/8259 (Date, charset, HEAD, Allow, close)
  // live traffic (the proxy)
  | 'request_violation' // a request a client sent breaks its operation's contract
  | 'unknown_route'; // a request to a route the spec does not describe (reported, never a violation)

/** A concrete HTTP request, as sent (the API key replaced by `$API_KEY` in reports). */
export interface RequestRecord {
  readonly method: string;
  /** Path and query, relative to the target base URL (which already carries `/v1`). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The exact body text sent, if any: its first few KiB when `bodyCut` says the report cut it. */
  readonly body?: string;
  /** Set when the body was too large to keep whole in a report: what it was. */
  readonly bodyCut?: BodyCut;
}

/** What a report keeps of a body it cut to its first few KiB: the whole body's size and hash. */
export interface BodyCut {
  /**
   * Size of the whole body, in UTF-8 bytes.
   * @asType integer
   * @minimum 0
   */
  readonly bytes: number;
  /** SHA-256 of the whole body's UTF-8 bytes, in hex. */
  readonly sha256: string;
}

/** What came back, trimmed for reports. */
export interface ResponseRecord {
  /**
   * @asType integer
   * @minimum 100
   * @maximum 599
   */
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Body text, truncated to a few KiB for reports. */
  readonly body: string;
  readonly truncated: boolean;
  /** Set when `truncated`: the whole body's size and hash. */
  readonly bodyCut?: BodyCut;
  /** @minimum 0 */
  readonly durationMs: number;
}

/** Everything needed to reproduce a finding by hand or by replay. */
export interface Reproducer {
  /** The failing request, key redacted. */
  readonly request: RequestRecord;
  /** Earlier requests the failure depends on (e.g. the POST before a GET), key redacted. */
  readonly setup?: readonly RequestRecord[];
  /** The fast-check seed of the run. */
  readonly seed: Integer;
  /** fast-check's replay path of the shrunk counterexample, when the finding came from a property. */
  readonly path?: string;
  /** A command line that replays exactly this counterexample. */
  readonly replay: string;
  /** Values later steps take from earlier answers (ids the target handed out), in order. */
  readonly carry?: readonly CarriedValue[];
}

/**
 * A value a step of a reproducer takes from an earlier answer: an id the target handed out, which a
 * target started afresh hands out differently. The reproducer captures it into a shell variable.
 */
export interface CarriedValue {
  /** The shell variable that holds it (`ITEM_1`). */
  readonly variable: string;
  /**
   * Index in `setup` of the request whose answer holds it.
   * @asType integer
   * @minimum 0
   */
  readonly from: number;
  /** The top-level member of that answer's JSON body that holds it. */
  readonly member: string;
  /**
   * Which `"member":` of the body's text holds it, counting from 1 (a nested object may name it first).
   * @asType integer
   * @minimum 1
   */
  readonly occurrence: number;
  /** The value as the run saw it: where later requests name it, the variable stands instead. */
  readonly value: string;
}

/** A schema violation in a body: where (JSON pointer), which keyword, and what the validator said. */
export interface SchemaIssueEvidence {
  readonly pointer: string;
  readonly keyword: string;
  readonly message: string;
}

/** Which schema a body is held to: the one documented for its status, or the one every error carries. */
export type SchemaSource =
  | { readonly source: 'status' }
  /** An undocumented error status owes the body every documented error (these statuses) carries. */
  | { readonly source: 'errors'; readonly errorStatuses: readonly string[] };

/** The auth variant a request was sent with, and the words its scheme's handler has for it. */
export interface AuthEvidence {
  /** The variant id (`none`, `unknown-key`, `key-case`, ...). */
  readonly auth: string;
  /** The security scheme the variant belongs to, when not the operation's first. */
  readonly scheme?: string;
  /** What the request carried, as the scheme's handler describes the variant ("an unknown key"). */
  readonly credential: string;
  /** The status the same request got with the valid credential as the scheme spells it, where the kit sent that too. */
  readonly validKeyStatus?: Integer;
}

/** Why a generated case is invalid (the case's {@link InvalidReason}, without its firmness). */
export interface InvalidEvidence {
  readonly location: string;
  readonly pointer: string;
  readonly keyword: string;
  /** The generator's description of the broken rule (`/name is 51 characters; maxLength 50`). */
  readonly why: string;
}

/** One documented response header the answer breaks. */
export type HeaderProblem =
  | { readonly header: string; readonly problem: 'missing' }
  | { readonly header: string; readonly problem: 'unreadable'; readonly detail: string }
  | { readonly header: string; readonly problem: 'invalid'; readonly value: string; readonly detail: string };

/** Where a probe went: a literal path variant of the route, or the route's path with another method. */
export interface ProbeTarget {
  readonly method: string;
  /** The variant path sent, when the probe varied the path. */
  readonly path?: string;
  /** The variant was sent from the origin (above the base path). */
  readonly fromOrigin?: boolean;
  /** The generator's name for the variant ("a trailing slash"). */
  readonly variant?: string;
  /** The route probed: `GET /pets/{petId}`. */
  readonly route: string;
}

/**
 * Evidence of each code; `scenario` (or `rule`) tells apart the situations a code covers. A member of
 * type `unknown` is optional: it holds a value read from an answer or the spec, which may be
 * `undefined`, and the report file, being JSON, has no such member then.
 */
export interface EvidenceByCode {
  readonly server_error:
    | {
        readonly scenario: 'answered';
        readonly status: Integer;
        /**
         * What the kit sent, by its own judgement: a crash on a valid request and one on an invalid
         * request of the same operation are two causes, not one hidden behind the other.
         */
        readonly input?: 'valid' | 'invalid' | 'auth' | 'probe';
        /**
         * The words of the 5xx the operation documents, where they name only a fault of the server
         * (`Server error`): the spec says the server may fail, not that failing answers a request.
         */
        readonly documentedAs?: string;
        /**
         * For an invalid request, how it was invalid (`body: type`, `query.limit: maximum`, `body:
         * content-type`): a crash on one kind of bad input is not hidden behind a crash on another.
         */
        readonly fault?: string;
        /**
         * The stateful sequence that sent the request (`semantics.taken-values`), when one did: a
         * crash on the state it built (a value another item holds, a parent deleted) is not hidden
         * behind a crash on one request alone.
         */
        readonly sequence?: string;
        /**
         * For a valid request at an edge a server may refuse (`integer-precision`: a number past
         * 2^53−1; `field-size-limits`: a long text, a lone surrogate), which kind: a crash on an
         * integer past int64 is not hidden behind a crash on ordinary input (held-out set 109).
         */
        readonly edge?: string;
      }
    /** 501 to a method the spec does not document on that path (RFC 9110 §15.6.2). */
    | { readonly scenario: 'not-implemented'; readonly status: 501; readonly method: string }
    /** A 5xx to a request outside the operation: another path shape, or a method the path does not document. */
    | { readonly scenario: 'outside-contract'; readonly status: Integer; readonly request: string }
    /** A 5xx the operation documents, with a body its schema takes. */
    | { readonly scenario: 'documented'; readonly status: Integer };
  readonly transport_error:
    | { readonly scenario: 'exchange'; readonly kind: string; readonly detail: string }
    /** The whole run stopped: the target went away. */
    | { readonly scenario: 'run-stopped'; readonly detail: string }
    /** A content coding the request's Accept-Encoding ruled out, used anyway; the kit decoded it. */
    | { readonly scenario: 'coding-not-asked'; readonly coding: string; readonly acceptEncoding: string };
  readonly redirect: { readonly status: Integer; readonly location?: string };
  readonly content_type: {
    readonly status: Integer;
    /** The Content-Type header as received; null when there was none. */
    readonly contentType: string | null;
    readonly documented: readonly string[];
  };
  readonly invalid_json: { readonly status: Integer; readonly schema: SchemaSource };
  readonly undocumented_status: {
    readonly status: Integer;
    readonly documented: readonly string[];
    readonly successes: readonly string[];
  };
  readonly schema_mismatch:
    | { readonly scenario: 'empty-body'; readonly status: Integer; readonly schema: SchemaSource }
    | {
        readonly scenario: 'body';
        readonly status: Integer;
        readonly schema: SchemaSource;
        readonly issues: readonly SchemaIssueEvidence[];
      }
    | { readonly scenario: 'headers'; readonly status: Integer; readonly problems: readonly HeaderProblem[] };
  readonly error_status_mismatch: { readonly bodyStatus: number; readonly httpStatus: Integer };
  readonly auth_ignored:
    | (AuthEvidence & { readonly scenario: 'accepted'; readonly status: Integer })
    | (AuthEvidence & {
        readonly scenario: 'probe';
        readonly status: Integer;
        readonly method: string;
        readonly probe: ProbeTarget;
        /** The security requirements of the operation, one entry per alternative (`bearer`, `key + app`). */
        readonly requires: readonly string[];
        /** What gave the route away. */
        readonly outcome: 'not-modified' | 'route-data' | 'head' | 'write' | 'echo' | 'content';
        readonly contentLength: Integer;
      });
  readonly auth_wrong_status: AuthEvidence & {
    readonly status: Integer;
    /** The case was also invalid this way (the key is judged first). */
    readonly alsoInvalid?: string;
  };
  readonly auth_rejected_valid:
    | (InvalidEvidence & { readonly scenario: 'invalid-request'; readonly status: Integer })
    | (AuthEvidence & { readonly scenario: 'valid-request'; readonly status: Integer });
  readonly auth_challenge_missing:
    | { readonly scenario: 'absent'; readonly expected: readonly string[]; readonly schemes: readonly string[] }
    | {
        readonly scenario: 'foreign';
        readonly challenge: string;
        readonly expected: readonly string[];
        readonly schemes: readonly string[];
      }
    | {
        readonly scenario: 'inconsistent';
        readonly challenge: string;
        readonly challengedFor: string;
        readonly bareFor: string;
        readonly expected: readonly string[];
        readonly schemes: readonly string[];
      };
  readonly negative_accepted: InvalidEvidence & { readonly status: Integer };
  readonly negative_wrong_status: InvalidEvidence & { readonly status: Integer };
  readonly positive_rejected:
    | {
        readonly scenario: 'refused';
        readonly status: Integer;
        readonly successes: readonly string[];
        /**
         * Members whose values the server may judge against what it holds (credentials it issued, a
         * name already taken), when the refusal's status says that is what it judged: the finding
         * then rests on an unconfirmed inference (an advisory).
         */
        readonly judged?: readonly string[];
      }
    /** 404 for path values the target itself listed or created. */
    | { readonly scenario: 'existing-not-found'; readonly existing: Readonly<Record<string, string>> }
    /** A valid value at its declared bound refused, where the same request one step inside it was accepted. */
    | {
        readonly scenario: 'bound-refused';
        readonly status: Integer;
        readonly acceptedStatus: Integer;
        /** The member, as a pointer into the body (`/capacity`). */
        readonly member: string;
        readonly keyword: string;
        readonly bound: number;
        /** Words for the value sent at the bound, and for the control's value. */
        readonly sent: string;
        readonly control: string;
      }
    | {
        readonly scenario: 'member-order';
        readonly status: Integer;
        readonly acceptedStatus: Integer;
        readonly bodyBytes: Integer;
      }
    | {
        readonly scenario: 'integer-spelling';
        readonly status: Integer;
        readonly refused: readonly string[];
        readonly accepted: readonly string[];
      }
    /** Narrowed: with every other member ordinary, these members alone are refused. */
    | {
        readonly scenario: 'narrowed';
        readonly status: Integer;
        readonly edge?: string;
        readonly causes: readonly { readonly member: string; readonly value: string }[];
      };
  readonly semantic_violation: SemanticEvidence;
  readonly contract_gap: GapEvidence;
  readonly deprecation_headers:
    | {
        readonly scenario: 'sunset-not-http-date';
        readonly sunset: string;
        readonly xSunset?: string;
        readonly xSunsetHttpDate?: string;
      }
    | {
        readonly scenario: 'sunset-other-day';
        readonly sunset: string;
        readonly xSunset: string;
        readonly xSunsetHttpDate: string;
      }
    | { readonly scenario: 'missing'; readonly missing: readonly string[]; readonly xSunset?: string };
  readonly allow_missing: { readonly method: string; readonly basis: 'RFC 9110 §15.5.6 (MUST)' };
  readonly head_content: {
    readonly status: Integer;
    readonly bytes: Integer;
    readonly basis: 'RFC 9110 §9.3.2, §6.4.1';
  };
  readonly conditional_mismatch: {
    readonly etag: string;
    readonly etagNow: string | null;
    readonly basis: 'RFC 9110 §13.1.2, §8.8.3';
  };
  readonly protocol_violation: ProtocolEvidence;
  readonly request_violation: RequestViolationEvidence;
  readonly unknown_route: {
    readonly method: string;
    /** The path as sent, query left out. */
    readonly path: string;
    /** `no-path`: no template matches; `no-method`: the path is known, the method is not. */
    readonly reason: 'no-path' | 'no-method';
  };
  readonly location_mismatch:
    | { readonly scenario: 'not-found'; readonly location: string; readonly status: Integer }
    | { readonly scenario: 'not-object'; readonly location: string; readonly got: 'array' | 'other' }
    | {
        readonly scenario: 'other-resource';
        readonly location: string;
        readonly differing: Readonly<Record<string, { readonly created?: unknown; readonly located?: unknown }>>;
      };
}

/** Where in a live request a contract rule broke, what was seen and what the spec wants. */
export interface RequestViolationEvidence {
  /** The part of the request: a parameter's location, the body, its Content-Type, or its credential. */
  readonly place: 'path' | 'query' | 'header' | 'cookie' | 'body' | 'content-type' | 'credential';
  /** The parameter's name, for a parameter. */
  readonly name?: string;
  /** JSON pointer into the value (`''` for the whole value). */
  readonly pointer: string;
  /** The JSON Schema keyword broken (`maximum`, `required`, `type`), or `syntax`, `media-type`, `security`. */
  readonly keyword: string;
  /** What the request carried there, as text (cut at 200 characters). */
  readonly seen: string;
  /** What the spec wants there, in words. */
  readonly wanted: string;
}

/** A payload cut for the report: its full size and SHA-256, so the original can be matched. */
export interface CutPayload {
  /** @minimum 0 */
  readonly bytes: Count;
  /** Lower-case hex SHA-256 of the whole payload. */
  readonly sha256: string;
}

/** The evidence of a broken message-level rule of HTTP or JSON, keyed on the rule. */
export type ProtocolEvidence =
  /** 2xx, 3xx and 4xx answers without Date (RFC 9110 §6.6.1), counted over the whole run. */
  | {
      readonly rule: 'date-missing';
      readonly answers: Integer;
      readonly of: Integer;
      readonly statuses: readonly Integer[];
    }
  /** Date values that are no IMF-fixdate (RFC 9110 §5.6.7), counted over the whole run. */
  | {
      readonly rule: 'date-format';
      readonly date: string;
      readonly answers: Integer;
      readonly statuses: readonly Integer[];
    }
  /** A JSON answer labelled with a charset other than UTF-8 (RFC 8259 §8.1). */
  | { readonly rule: 'json-charset'; readonly contentType: string; readonly charset: string }
  /** A body labelled UTF-8 (or JSON, which is UTF-8) whose bytes are not UTF-8 (RFC 9110 §8.3.2, RFC 8259 §8.1). */
  | { readonly rule: 'charset-bytes'; readonly contentType: string; readonly charset: string }
  /** The answer to a request with `Connection: close` keeps the connection alive (RFC 9112 §9.6). */
  | { readonly rule: 'connection-close'; readonly connection: string }
  /** A HEAD answer's Content-Length is not the one GET declares, just before and after (RFC 9110 §8.6). */
  | { readonly rule: 'head-length'; readonly status: Integer; readonly headLength: string; readonly getLength: Integer }
  /** HEAD of a URI succeeded where GET of it, just before and after, got 404 (RFC 9110 §9.3.2). */
  | { readonly rule: 'head-status'; readonly headStatus: Integer; readonly getStatus: Integer }
  /**
   * Two reads of one item, a write between them, answered different content under the same strong
   * entity tag (RFC 9110 §8.8.1, §8.8.3): a client that revalidates keeps the stale copy.
   */
  | { readonly rule: 'etag-unchanged'; readonly etag: string; readonly writer: string; readonly read: string }
  /**
   * A GET with `If-None-Match` naming the entity tag the same GET had just answered, nothing written
   * between, served the whole representation again, where the operation documents 304 (RFC 9110
   * §13.1.2: the condition is false, so the method is not performed).
   */
  | { readonly rule: 'not-modified-ignored'; readonly etag: string; readonly status: Integer }
  /**
   * A 304 to `If-None-Match` without the `ETag` the same GET's 200 carried (RFC 9110 §15.4.5: a
   * 304 MUST carry the fields a 200 would have: Content-Location, Date, ETag, Vary).
   */
  | { readonly rule: 'not-modified-without-etag'; readonly etag: string }
  /**
   * A PUT to an id a read had just answered 404 for made the item (a read after it serves it), and
   * answered another status than 201 (RFC 9110 §9.3.4: a PUT that creates MUST answer 201).
   */
  | { readonly rule: 'created-not-201'; readonly status: Integer; readonly id: string; readonly read: string }
  /** A token endpoint handed out an access token that a cache may keep (RFC 6749 §5.1). */
  | {
      readonly rule: 'token-cacheable';
      /** The answer's Cache-Control, or null when it had none. */
      readonly cacheControl: string | null;
      readonly pragma: string | null;
      /** The sign-up that made the account the token was asked for. */
      readonly signUp: string;
    }
  /** A 405's Allow leaves out a method the spec documents there, which the target then handled (RFC 9110 §15.5.6). */
  | {
      readonly rule: 'allow-incomplete';
      readonly allow: string;
      readonly listedBy: string;
      readonly method: string;
      readonly status: Integer;
    }
  /** A method a 405's Allow lists answered 405 itself (RFC 9110 §10.2.1). */
  | {
      readonly rule: 'allow-method-refused';
      readonly allow: string;
      readonly listedBy: string;
      readonly method: string;
    };

/** The evidence of contract gaps: what the target did where the contract is silent. */
export type GapEvidence =
  | { readonly scenario: 'chunked-refused'; readonly status: 411 }
  | (AuthEvidence & { readonly scenario: 'auth-rate-limited'; readonly status: 429 })
  /** A malformed request with a bad key was refused for its syntax before the key was judged. */
  | (AuthEvidence & { readonly scenario: 'auth-precedence'; readonly status: Integer; readonly input: string })
  | (AuthEvidence & { readonly scenario: 'auth-status-undocumented'; readonly status: Integer })
  /** The valid credential in a malformed form (text after it) refused with 400: RFC 6750 §3.1 invalid_request. */
  | (AuthEvidence & { readonly scenario: 'auth-malformed-400'; readonly status: 400 })
  /** A bad credential refused with 403 where the operation's 401 names no credential it is for. */
  | (AuthEvidence & { readonly scenario: 'auth-forbidden'; readonly status: 403 })
  | (InvalidEvidence & { readonly scenario: 'invalid-accepted'; readonly status: Integer })
  /** 403 to a request that is not JSON at all: a CSRF guard's answer. */
  | (InvalidEvidence & { readonly scenario: 'malformed-forbidden'; readonly status: 403 })
  /** Invalid input refused with a status the operation does not document (`limit`: a limit status). */
  | (InvalidEvidence & {
      readonly scenario: 'invalid-status-undocumented';
      readonly status: Integer;
      readonly documents400: boolean;
    })
  /**
   * A path naming no resource answered 404, or another 4xx whose body says the resource does not
   * exist (`says`: the words, as the target wrote them).
   */
  | { readonly scenario: 'not-found-undocumented'; readonly status: Integer; readonly says?: string }
  /** HEAD of a resource GET serves refused (404, 405, 501): RFC 9110 §9.1, left open for API servers. */
  | { readonly scenario: 'head-unsupported'; readonly status: Integer; readonly getStatus: Integer }
  /** A success to an operation that documents none (errors only). */
  | { readonly scenario: 'success-undocumented'; readonly status: Integer }
  | { readonly scenario: 'edge-refused'; readonly status: Integer; readonly edge: string }
  | { readonly scenario: 'limit-status'; readonly status: Integer }
  | { readonly scenario: 'structured-json'; readonly contentType: string; readonly documented: readonly string[] }
  /**
   * The generator could not produce a value the spec's own request validator takes for this member
   * (an unsatisfiable pattern, constraints that conflict): nothing was sent as valid in its place.
   */
  | { readonly scenario: 'no-valid-value'; readonly member: string; readonly why: string }
  | {
      readonly scenario: 'deprecation-unmarked';
      readonly deprecation: string;
      readonly sunset?: string;
      /** The spec location that has no `deprecated: true`. */
      readonly pointer: string;
    }
  | { readonly scenario: 'rate-limited'; readonly retries: Integer; readonly pausedMs: number }
  | {
      readonly scenario: 'surrogate-replaced';
      readonly member: string;
      readonly sent: string;
      readonly received?: unknown;
    }
  | { readonly scenario: 'double-rounded'; readonly member: string; readonly sent: string; readonly received: string }
  /** A member the client left out that the server filled in (`status`). */
  | { readonly scenario: 'default-status'; readonly member: string; readonly defaultStatus?: unknown }
  | {
      readonly scenario: 'own-page-size';
      readonly limit: number;
      readonly returned: Integer;
      readonly available: Integer;
    }
  | {
      readonly scenario: 'category-values';
      /** The member whose values the server checks against the items it holds (`categoryId`). */
      readonly member: string;
      readonly refused: string;
      readonly accepted: string;
      readonly knownCategories: Integer;
    }
  /** A semantic violation seen on an answer a cache served (`Age`): staleness, not a broken store. */
  | { readonly scenario: 'cached'; readonly age: string; readonly violation: SemanticEvidence };

/** The evidence of semantic violations, keyed on the rule broken. */
export type SemanticEvidence =
  | { readonly rule: 'limit'; readonly limit: number; readonly returned: Integer; readonly defaulted: boolean }
  | {
      readonly rule: 'short-page';
      readonly limit: number;
      readonly status?: string;
      readonly returned: Integer;
      readonly available: Integer;
      readonly expected: Integer;
    }
  | {
      readonly rule: 'short-default-page';
      readonly returned: Integer;
      readonly available: Integer;
      readonly defaultLimit: number;
    }
  | {
      readonly rule: 'filter';
      readonly filter?: unknown;
      readonly total: Integer;
      readonly mismatched: readonly { readonly id?: string; readonly status?: unknown }[];
      readonly offending: Integer;
    }
  | { readonly rule: 'duplicate-ids'; readonly duplicates: readonly string[] }
  | { readonly rule: 'id-reused'; readonly id: string; readonly seenIn: 'earlier-answer' | 'earlier-list' | 'same-run' }
  | { readonly rule: 'id-concurrent'; readonly id: string; readonly names: readonly [string, string] }
  | { readonly rule: 'echo'; readonly member: string; readonly sent?: unknown; readonly received?: unknown }
  | {
      readonly rule: 'identity';
      readonly requested: string;
      readonly received: string;
      /** The path parameter that names the item, and why the kit takes it as the item's id. */
      readonly parameter?: string;
      readonly inference?: string;
    }
  | { readonly rule: 'read-status'; readonly id: string; readonly origin: string; readonly status: Integer }
  | { readonly rule: 'read-differs'; readonly id: string; readonly difference: string }
  | { readonly rule: 'list-differs'; readonly id: string; readonly difference: string }
  | { readonly rule: 'list-missing'; readonly id: string; readonly items: Integer; readonly status?: string }
  | { readonly rule: 'not-found'; readonly id: string; readonly status: Integer }
  | { readonly rule: 'concurrent-name'; readonly id: string; readonly sent: string; readonly stored?: unknown }
  | {
      readonly rule: 'stored-whole';
      readonly member: string;
      readonly sentLength: Integer;
      readonly readLength: Integer | null;
      readonly readPrefix: boolean;
      readonly read?: unknown;
      readonly bodyBytes: Integer;
      readonly status: Integer;
    }
  /** A list envelope's total that disagrees with the items of a complete page. */
  | {
      readonly rule: 'total';
      /** The envelope member that counts (`total`). */
      readonly member: string;
      readonly total: number;
      readonly items: Integer;
      /** The query the list was asked with (`status=on_sale&limit=100`), or '' for none. */
      readonly query: string;
      /** Whether the page held fewer items than it asked for (so it held every match). */
      readonly complete: boolean;
      readonly inference: string;
    }
  /** An answer that skipped past every match by its own total (an offset beyond it), yet showed items. */
  | {
      readonly rule: 'offset-past-total';
      /** The envelope member that counts (`total`). */
      readonly member: string;
      readonly total: number;
      readonly items: Integer;
      /** The offset parameter and the value sent. */
      readonly parameter: string;
      readonly offset: number;
      readonly query: string;
      readonly inference: string;
    }
  | {
      readonly rule: 'page-size';
      readonly items: Integer;
      readonly cap: number;
      readonly parameter: string;
      readonly asked: boolean;
      readonly inference: string;
    }
  | {
      readonly rule: 'inferred-filter';
      readonly parameter: string;
      /**
       * How the item member had to agree, when not by equality: `contains-any` (an array member holds
       * one of the values asked), `one-of` (a scalar member is one of the values asked), `at-least` /
       * `at-most` (a numeric member within the bound).
       */
      readonly match?: 'contains-any' | 'one-of' | 'at-least' | 'at-most';
      readonly member: string;
      readonly wanted: string;
      readonly offending: Integer;
      readonly items: Integer;
      readonly example?: unknown;
      readonly inference: string;
    }
  /** A read of an id the target itself named answered an item with another id. */
  | {
      readonly rule: 'read-other-item';
      readonly read: string;
      readonly parameter: string;
      readonly asked: string;
      readonly member: string;
      readonly answered: string;
      readonly inference: string;
    }
  /** An item listed unfiltered is missing from the complete list filtered by exactly the values its array member carries. */
  | {
      readonly rule: 'filter-misses';
      readonly list: string;
      readonly parameter: string;
      readonly member: string;
      /** The values asked, as JSON. */
      readonly wanted: string;
      readonly items: number;
      readonly id: string;
      readonly idParameter: string;
      readonly inference: string;
      /** Set when the filter is an inclusive range bound (the item's own value), not a set of values. */
      readonly inclusiveBound?: 'lower' | 'upper';
      /** Set when the filter matches text whatever its case, and the value asked is the item's in other letter case. */
      readonly anyCase?: true;
    }
  | {
      readonly rule: 'id-twice';
      readonly id: string;
      readonly parameter: string;
      /** The operation whose earlier answer showed the id, when not the creation itself (a list, a read). */
      readonly shownBy?: string;
      readonly inference: string;
    }
  | {
      readonly rule: 'read-back';
      readonly sent?: unknown;
      readonly read: string;
      readonly writer: string;
      /**
       * Per member of `sent`, the write that last set it, where it is not `writer` (a member an
       * update did not name keeps what the create or replace wrote).
       */
      readonly writers?: Readonly<Record<string, string>>;
      readonly item: ItemRef;
    }
  | {
      readonly rule: 'merge-patch';
      readonly member: string;
      readonly writer: string;
      readonly read: string;
      readonly item: ItemRef;
    }
  | {
      readonly rule: 'replace';
      readonly kept: readonly string[];
      readonly writer: string;
      readonly read: string;
      readonly item: ItemRef;
    }
  | {
      /**
       * A write sent with an If-Match the item's current entity tag does not satisfy was performed
       * (`stale-performed`), or one it does satisfy (a list holding the current tag) was refused with
       * 412 (`current-refused`): RFC 9110 §13.1.1.
       */
      readonly rule: 'precondition';
      /**
       * `stale-status`: the stale write was refused with another 4xx than 412 while the same write
       * with the current tag was performed: the refusal answered the condition, which RFC 9110
       * §13.1.1 answers 412 (the podcasts zoo: 400 for a stale ETag).
       */
      readonly kind: 'stale-performed' | 'current-refused' | 'stale-status';
      readonly header: string;
      /** The If-Match value sent. */
      readonly sent: string;
      /** The item's entity tag when it was sent. */
      readonly current: string;
      readonly writer: string;
      readonly status: number;
      readonly read?: string;
      readonly item: ItemRef;
    }
  | {
      readonly rule: 'scope';
      readonly read: string;
      readonly scope: string;
      readonly created: string;
      readonly other: string;
      readonly item: ItemRef;
    }
  /** A nested list that shows an item whose parent member names another parent than the path. */
  | {
      readonly rule: 'list-scope';
      /** The scope parameter and the item member named like it (`venueId`). */
      readonly scope: string;
      /** The path's value, and the other parent one listed item names. */
      readonly asked: string;
      readonly other: string;
      readonly offending: Integer;
      readonly items: Integer;
    }
  /** A list filtered by a range parameter that shows an item beyond the bound (the parameter's words). */
  | {
      readonly rule: 'range-filter';
      readonly parameter: string;
      readonly member: string;
      readonly bound: 'lower' | 'upper';
      readonly asked: string;
      /** The first offending item's member value, as JSON. */
      readonly value: string;
      readonly offending: Integer;
      readonly items: Integer;
    }
  /** A list whose items break the order the spec's words give it (`sorted by \`startsAt\` ascending`). */
  | {
      readonly rule: 'list-order';
      readonly member: string;
      readonly direction: 'ascending' | 'descending';
      /** The 1-based position of the first item out of order, its value and the value before it. */
      readonly position: Integer;
      readonly value: string;
      readonly previous: string;
      readonly items: Integer;
      readonly query: string;
    }
  | {
      readonly rule: 'list-shows-created';
      readonly list: string;
      readonly items: Integer;
      /** How many pages were walked to the list's end, where it pages. */
      readonly pages?: Integer;
      readonly item: ItemRef;
    }
  /** A read answered "not found" for an id before it was handed out, and still after its item was created. */
  | {
      readonly rule: 'not-found-kept';
      readonly read: string;
      readonly before: Integer;
      readonly status: Integer;
      readonly item: ItemRef;
    }
  /** The list without a filter parameter, holding everything, leaves out an item of one value of the filtered member. */
  | {
      readonly rule: 'unfiltered-hides';
      readonly list: string;
      readonly items: Integer;
      readonly parameter: string;
      readonly member: string;
      /** The value it was created with; absent when created without the member. */
      readonly value?: string;
      readonly item: ItemRef;
      readonly inference: string;
    }
  /**
   * An action on an item (`POST …/{id}/cancel`) answered the item with a member changed, and a read
   * right after shows the member as it was before: the change was answered, not kept.
   */
  | {
      readonly rule: 'action-kept';
      readonly action: string;
      readonly read: string;
      readonly member: string;
      /** The member before the action, and as the action's answer showed it (JSON text). */
      readonly before: string;
      readonly answered: string;
      readonly item: ItemRef;
    }
  /**
   * An action answered 2xx for an item in a state its words say it is answered 409 in ("A `cancelled`
   * work order is answered 409"): the item was made new and led there by `path`, its state read back.
   */
  | {
      readonly rule: 'state-refused';
      readonly action: string;
      readonly member: string;
      readonly state: string;
      /** The actions that led a new item into the state, in order (none: the state of a new item). */
      readonly path: readonly string[];
      readonly status: Integer;
      readonly item: ItemRef;
    }
  /**
   * The page after a page of one item does not hold the item that follows it (the second of a page of
   * two): a page boundary skips an item.
   */
  | {
      readonly rule: 'page-skips';
      readonly list: string;
      readonly parameter: string;
      /** The value sent for the second page (an offset, a page number, a cursor). */
      readonly second: string;
      /** The item that follows the first page's. */
      readonly expected: string;
      /** What the second page started with instead; absent when it was empty. */
      readonly found?: string;
      readonly inference: string;
    }
  /** A range sent in the order the operation's words refuse (`from` past `to`), answered 2xx. */
  | {
      readonly rule: 'stated-order';
      readonly low: string;
      readonly high: string;
      readonly lowValue: string;
      readonly highValue: string;
      readonly status: Integer;
    }
  /** The second page (one item each) starts with the same item as the first: the page parameter is ignored. */
  | {
      readonly rule: 'page-repeats';
      readonly list: string;
      readonly parameter: string;
      readonly first: string;
      readonly second: string;
      readonly id: string;
      readonly inference: string;
    }
  | {
      readonly rule: 'delete';
      readonly read: string;
      readonly status: Integer;
      readonly remove: string;
      readonly removeStatus: Integer;
      readonly item: ItemRef;
    }
  /**
   * A deletion of an item it had just deleted (a read then answered 404) answered 2xx, where the
   * deletion documents 404 for an item that is not found.
   */
  | {
      readonly rule: 'deleted-again';
      readonly remove: string;
      readonly status: Integer;
      readonly read: string;
      readonly item: ItemRef;
    }
  /**
   * A request the target had taken for an item (`operation` answered `before`: a read of it, or its
   * deletion) answered an undocumented 400 or 422 once the deletion removed the item, where the
   * operation documents 404 for an item that is not found.
   */
  | {
      readonly rule: 'gone-refused';
      readonly operation: string;
      readonly status: Integer;
      readonly before: Integer;
      readonly remove: string;
      readonly removeStatus: Integer;
      readonly item: ItemRef;
    }
  /**
   * A write (update or replacement) of an item the deletion had removed (a read then answered 404)
   * answered 2xx, and the read still answered 404 after it, where the write documents 404 for an
   * item that is not found.
   */
  | {
      readonly rule: 'written-after-delete';
      readonly write: string;
      readonly status: Integer;
      readonly remove: string;
      readonly read: string;
      readonly item: ItemRef;
    };

/** An item a lifecycle made: its id parameter and value, and how the item came to be. */
export interface ItemRef {
  readonly parameter: string;
  readonly id: string;
  /** The operation that created it. */
  readonly createdBy: string;
  /** The member of the created body its id came from; absent when it came from `Location`. */
  readonly idMember?: string;
  /** Why the kit reads the id there (the resource inference's reason). */
  readonly inference: string;
}

/** What narrowed a finding further after it was found (engine annotations, rendered after its sentence). */
export interface FindingContext {
  /** The one dimension the failure depends on, and where it flips. */
  readonly boundary?: Boundary;
  /** The members a refusal goes with, each explained by a limit the contract does not show. */
  readonly narrowed?: { readonly members: readonly string[]; readonly reasons: readonly string[] };
  /** The request was an ordinary one but for this spelling. */
  readonly spelling?: string;
}

/** Where a failure that depends on one number flips: `fails for /body/name of 51 characters or more; 50 passes`. */
export interface Boundary {
  /** What the number is: `/body/name`, `query limit`. */
  readonly label: string;
  /** Its unit, when it is a length (`characters`, `items`). */
  readonly unit?: string;
  /** The failing range: both ends, or one end and the side it extends to. */
  readonly range:
    | {
        readonly shape: 'between';
        readonly low: string;
        readonly high: string;
        readonly lowPass: string;
        readonly highPass: string;
        readonly exact: boolean;
      }
    | {
        readonly shape: 'at-least';
        readonly low: string;
        readonly lowPass: string;
        readonly tried: string;
        readonly exact: boolean;
      }
    | {
        readonly shape: 'at-most';
        readonly high: string;
        readonly highPass: string;
        readonly tried: string;
        readonly exact: boolean;
      };
}

/**
 * What a finding rests on. A failure rests on the spec, on an RFC requirement, or on an inference
 * this target itself confirmed; an inference it has not confirmed, or a limit of the kit's own
 * (its deadline, its response-size cap), makes the finding an advisory, never a failure.
 */
export type Basis =
  /** The document says so: where (a JSON pointer into it) and what it says there. */
  | { readonly kind: 'spec'; readonly pointer: string; readonly says: string }
  /** A requirement of an RFC: which, the section, and the requirement (its MUST). */
  | { readonly kind: 'rfc'; readonly rfc: string; readonly section: string; readonly requirement: string }
  /** An inference from the spec's shape that this target confirmed: what the kit inferred, and what confirmed it. */
  | { readonly kind: 'confirmed'; readonly inference: string; readonly confirmedBy: string }
  /** An inference this target has not confirmed: shown with its evidence, never a failure. */
  | { readonly kind: 'unconfirmed'; readonly inference: string }
  /** A limit of the kit's own, not of the contract (its deadline, its response-size cap): a transport note. */
  | { readonly kind: 'kit'; readonly limit: string };

interface FindingBase {
  /** `failure` breaks the contract; `warning` is a contract gap (fails only under `--strict`); `advisory` never fails. */
  readonly severity: Severity;
  /** operationId the finding is about. */
  readonly operationId: string;
  /** The check that produced it (`status`, `schema`, `auth`, `semantics.limit`, ...: the registry's names). */
  readonly check: CheckName;
  /** Where the contract is silent, which gap this is (matches the README's table). */
  readonly gap?: string;
  /**
   * How many times the same finding was seen (warnings and advisories are kept once); absent when once.
   * @asType integer
   * @minimum 2
   */
  readonly occurrences?: number;
  /** What the finding rests on (the spec, an RFC, a confirmed inference); every failure has one. */
  readonly basis?: Basis;
  /** What the engine learned after the finding: the boundary of the one number it depends on, the members a refusal goes with, the spelling of an otherwise ordinary request. */
  readonly context?: FindingContext;
  /** The request or response body was cut for the report: the whole payload's size and digest. */
  readonly cut?: { readonly request?: CutPayload; readonly response?: CutPayload };
  readonly request?: RequestRecord;
  readonly response?: ResponseRecord;
  readonly reproducer?: Reproducer;
}

/** The finding of one code, with that code's typed evidence. */
export type FindingOf<C extends FindingCode> = FindingBase & {
  readonly code: C;
  /** Typed details of the finding, keys sorted in the report file: their shape depends on `code` (`EvidenceByCode`, findings/finding.ts). */
  readonly evidence: EvidenceByCode[C];
};

/**
 * One thing the kit found: a union keyed on `code`, each member with its typed evidence. The words
 * a person reads come from the reports (`describeFinding`), never from the check.
 */
export type Finding = { [C in FindingCode]: FindingOf<C> }[FindingCode];
