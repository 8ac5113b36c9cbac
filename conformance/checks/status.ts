import type { CheckName } from './registry.js';
import {
  invalidInputRefusal,
  isKnownFormat,
  type JsonSchema,
  NOT_FOUND_WORDS,
  type OperationModel,
  fitsParsedSyntax,
  stateRefusal,
  undeclaredCredentialRefusal,
} from '../../spec/index.js';
import { handlerFor } from '../../spec/security/index.js';
import { isObject, resolve } from '../../spec/json/index.js';
import {
  anotherCredentialBasis,
  credentialRefusalDocumented,
  credentialRefusalNamed,
  credentialVariantOf,
} from './credential-variant.js';
import { invertedRange } from './inverted-range.js';
import { statedRuleAcross } from './stated-rule.js';
import { authExpectation, bodyNamesAnother, type Case, keyMembers, sentJson } from '../cases/index.js';
import type { AuthEvidence, Basis, Finding, FindingCode } from '../findings/index.js';
import { findingOf, type Check, type FindingFields } from './make-finding.js';
import { declaresSecret, secretSent } from './secret-member.js';
import { leftOutMembers, omitsOptional, parameterSent, typedOnlyWords, typedValues } from './typed-values.js';
import { mediaTypeMatches } from '../../spec/media/index.js';
import { isFreeText } from '../generate/free-text.js';
import { isCredential, mergeAllOf, toPlainJson } from '../generate/index.js';
import { TYPE_COERCION_GAP } from '../generate/mutations.js';
import { isNarrowingName } from '../../spec/resources/index.js';
import { isLosslessNumber } from 'lossless-json';

/** The gap of a valid request refused for a header real clients send (engine/client-header-sweeps.ts). */
export const CLIENT_HEADERS_GAP = 'client-headers';

/** Statuses that report a limit the contract does not show (size, URI length, headers, rate). */
const LIMIT_STATUSES = new Set([413, 414, 429, 431]);

function documented(operation: OperationModel, status: number): boolean {
  return operation.responses[String(status)] !== undefined;
}

function documentedSuccesses(operation: OperationModel): number[] {
  return Object.keys(operation.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .map(Number);
}

/** A 2xx the operation documents: by its code, by the `2XX` range, or by `default`. */
function isDocumentedSuccess(operation: OperationModel, status: number): boolean {
  return status >= 200 && status < 300 && operation.responseFor(status) !== undefined;
}

/** The documented successes, as the spec writes them (`201`, `2XX`). */
function successCodes(operation: OperationModel): string[] {
  return Object.keys(operation.responses).filter((s) => /^2/.test(s));
}

/**
 * The status oracle. What a status means depends on the case:
 * - valid input must get a documented success (or a documented 404 when the resource may not exist);
 * - invalid input must be refused: with the documented 400 where the contract documents one,
 *   with any 4xx (a contract gap) where it is silent;
 * - a bad credential must get 401; the valid key in any scheme case must be accepted.
 * 5xx and 3xx are left to their own checks.
 */
export const checkStatus: Check = ({ exchange, operation }) => {
  const r = exchange.response;
  if (!r || r.status >= 500 || (r.status >= 300 && r.status < 400)) return [];
  const status = r.status;
  const c = exchange.case;
  const is2xx = status >= 200 && status < 300;
  const out: Finding[] = [];
  const add = <C extends FindingCode>(f: FindingFields<C>) => out.push(findingOf(exchange, f) as Finding);
  // A 404 the operation does not document, to a value that may name nothing: a gap, not a failure.
  const notFoundGap = () =>
    add({
      code: 'contract_gap',
      severity: 'warning',
      check: 'status',
      gap: 'undocumented-not-found',
      evidence: { scenario: 'not-found-undocumented', status: 404 },
    });

  if (c.kind === 'probe') return [];

  // 411 Length Required is how a server says it reads only bodies with a Content-Length (RFC 9110
  // §15.5.12): a gap for the chunked bodies the kit sends, wrong anywhere else.
  if (status === 411 && c.headers?.['transfer-encoding'] === 'chunked') {
    add({
      code: 'contract_gap',
      severity: 'warning',
      check: statusCheckName(c),
      gap: 'request-framing',
      evidence: { scenario: 'chunked-refused', status: 411 },
    });
    return out;
  }

  if (c.kind === 'auth' && authExpectation(c) === 'refuse') {
    if (status === 401) return [];
    // A rate limiter may answer before the key is judged: a limit the contract does not show.
    if (status === 429) {
      add({
        code: 'contract_gap',
        severity: 'warning',
        check: 'auth',
        gap: 'rate-limits',
        evidence: { scenario: 'auth-rate-limited', status: 429, ...authEvidence(c, operation) },
      });
      return out;
    }
    // Which check a server makes first, the key's or the input's, is the contract's gap.
    const precedenceGap = (input: string) =>
      add({
        code: 'contract_gap',
        severity: 'warning',
        check: 'auth',
        gap: 'auth-precedence',
        evidence: { scenario: 'auth-precedence', status, input, ...authEvidence(c, operation) },
      });
    // The same request with the valid credential got this very 4xx (a route the server does not
    // match, a body it refuses): the request was refused for that, not for its credential. Which the
    // server checks first the contract does not say (held-out set 41: Fastify's 404 to an id over 100
    // characters, with or without the key). A 2xx, 401 or 403 for the valid one still judges the key.
    // Not for input that parses but breaks the schema: that is judged after the key (below), and its
    // control, an invalid request too, gets the same refusal whichever check comes first.
    const schemaInvalid = c.edge?.gap === 'auth-precedence' && c.edge.layer === 'schema';
    // A 409 or 412 reports the state of the resource, which only a request that was let in can learn:
    // a refused credential answered so was not judged first (RFC 9110 §13.2.1: preconditions are
    // evaluated only where the request would otherwise succeed; the courses zoo's withdraw without a
    // token answered 409 on an enrollment already withdrawn).
    const stateful = status === 409 || status === 412;
    if (
      c.validKeyStatus === status &&
      !schemaInvalid &&
      !stateful &&
      status >= 400 &&
      status < 500 &&
      status !== 401 &&
      status !== 403
    ) {
      precedenceGap(`a request the valid credential gets ${status} for too`);
      return out;
    }
    // A body no JSON parser can read is refused where frameworks parse it, before any route's auth
    // (express.json(), koa-bodyparser): which answer wins is a gap. Input that parses but breaks the
    // schema is judged after the key (§5.3: a missing or invalid key gets 401).
    if (
      c.edge?.gap === 'auth-precedence' &&
      c.edge.layer === 'syntax' &&
      status >= 400 &&
      status < 500 &&
      status !== 403
    ) {
      precedenceGap(c.edge.description.replace(/^also invalid: /, ''));
      return out;
    }
    // The valid key in a malformed form (a space and more text after it): RFC 6750 §3.1 answers a
    // malformed request 400 invalid_request, so 400 is a legal refusal of it, if not the spec's 401.
    if (status === 400 && !c.edge && credentialVariantOf(c.auth, operation, c.authScheme)?.lenientForm) {
      add({
        code: 'contract_gap',
        severity: 'warning',
        check: 'auth',
        gap: 'auth-status',
        evidence: { scenario: 'auth-malformed-400', status: 400, ...authEvidence(c, operation) },
      });
      return out;
    }
    const also = c.edge?.gap === 'auth-precedence' ? { alsoInvalid: c.edge.description } : {};
    // An operation that documents no 401 names no status for a refused credential: any 4xx refusal
    // is then a gap (RFC 9110 says 401; the spec does not), only accepting it is a failure.
    if (!is2xx && status >= 400 && status < 500 && !documented(operation, 401) && !operation.responses['4XX']) {
      add({
        code: 'contract_gap',
        severity: 'warning',
        check: 'auth',
        gap: 'auth-status',
        evidence: { scenario: 'auth-status-undocumented', status, ...authEvidence(c, operation) },
      });
      return out;
    }
    // 403 to a bad credential where the 401 names no credential it is for: RFC 9110 §15.5.4 allows
    // 403 for credentials judged insufficient, and RFC 6750 §3.1 only says 401 SHOULD be used.
    if (status === 403 && !credentialRefusalNamed(operation)) {
      add({
        code: 'contract_gap',
        severity: 'warning',
        check: 'auth',
        gap: 'auth-status',
        evidence: { scenario: 'auth-forbidden', status: 403, ...authEvidence(c, operation) },
      });
      return out;
    }
    // A sign-in (its body declares a password) refusing its body's own credentials with a 4xx other
    // than 401 or 403: what it judged is the body, not the key it inherits from the document's
    // top-level security (held-out set 34: `POST /login` answered 400 to empty members, with or
    // without a bearer token). Which check comes first is the contract's gap; a 2xx still fails.
    if (!is2xx && status >= 400 && status < 500 && status !== 401 && status !== 403 && declaresSecret(operation)) {
      precedenceGap('a sign-in body, whose own credentials the server may judge first');
      return out;
    }
    // A status the operation documents for a refused credential (`400: User access token missing`)
    // is the spec's own answer to a missing or refused one (held-out set 64).
    if (!is2xx && credentialRefusalDocumented(operation, status)) return out;
    // A framework that honours X-HTTP-Method-Override serves the OPTIONS or HEAD it names (a CORS
    // preflight's 204, HEAD's headers): an empty 2xx gives away none of what the key guards.
    if (is2xx && /^method-override-/.test(c.auth) && r.bodyText.trim() === '') return out;
    // The valid key in a lenient form, or another well-formed credential, answered as the request
    // deserves (a 404 for an id nothing has, a 409): the credential got past the check, as with a
    // 2xx, and is judged so, an advisory until the spec or the target says such credentials are refused.
    // Not where the request's input was invalid too: its refusal may be the input's, answered before
    // the credential was looked at (the wrong order, judged below), not a credential let in.
    const variant = credentialVariantOf(c.auth, operation, c.authScheme);
    const pastTheCheck =
      !is2xx &&
      c.edge?.gap !== 'auth-precedence' &&
      status >= 400 &&
      status < 500 &&
      status !== 401 &&
      status !== 403 &&
      (variant?.lenientForm === true || variant?.anotherCredential === true);
    if (is2xx || pastTheCheck)
      add({
        code: 'auth_ignored',
        severity: 'failure',
        check: 'auth',
        evidence: { scenario: 'accepted', status, ...authEvidence(c, operation) },
        // Which well-formed credentials exist no spec says: until the target refuses one of them
        // with 401 (the run settles that), accepting another is an advisory.
        ...withBasis(anotherCredentialBasis(operation, c.auth, c.authScheme)),
      });
    else
      add({
        code: 'auth_wrong_status',
        severity: 'failure',
        check: 'auth',
        evidence: { status, ...authEvidence(c, operation), ...also },
      });
    return out;
  }

  if (c.kind === 'invalid' && c.invalid) {
    const reason = c.invalid;
    const evidence = {
      location: reason.location,
      pointer: reason.pointer,
      keyword: reason.keyword,
      why: reason.description,
      status,
    };
    if (is2xx) {
      // A case whose acceptance is a gap of its own (a coercible spelling) is one whatever its firmness:
      // the firmness still says which status a refusal of it must get.
      // A coercible spelling the answer shows back unchanged (`"email": true` stored and answered as
      // `true`) was not coerced: the target itself shows it took the invalid value as it came
      // (held-out set 37), so the gap of coercion does not stand for it.
      const gap = reason.gap === TYPE_COERCION_GAP && echoedUncoerced(c, r, reason.pointer) ? undefined : reason.gap;
      // Taking it fails only where the operation's documented 400 says in words that invalid input
      // gets it ("Validation error", "Malformed request", "The body is missing required fields"), as
      // for a refusal with another status (below). A 400 that only says "Bad request" lists a status
      // some requests get, not a promise to refuse this one (held-out sets 165, 167: lenient
      // servers, judged so by the helpers who had not read the kit, as set 99's did before them).
      if (reason.firmness === 'must' && gap === undefined && invalidInputRefusal(operation))
        add({
          code: 'negative_accepted',
          severity: 'failure',
          check: 'negative',
          evidence,
        });
      else
        add({
          code: 'contract_gap',
          severity: 'warning',
          check: 'negative',
          gap: gap ?? gapForInvalid(reason.location),
          evidence: { scenario: 'invalid-accepted', ...evidence },
        });
      return out;
    }
    // 403 to a request that is not JSON at all (text/plain, a form, no body) is what CSRF guards
    // answer (Hono's csrf(), Django): a refusal of the request, not of the key.
    if (status === 403 && reason.layer === 'syntax') {
      add({
        code: 'contract_gap',
        severity: 'warning',
        check: 'negative',
        gap: gapForInvalid(reason.location, reason.layer),
        evidence: { scenario: 'malformed-forbidden', ...evidence, status: 403 },
      });
      return out;
    }
    // On an operation with no security requirement no key is sent: a 401 or 403 there refuses the
    // request (documented or not, judged below), not a valid key.
    if ((status === 401 || status === 403) && operation.security.access !== 'public' && !keyNotInBody(c, operation)) {
      add({
        code: 'auth_rejected_valid',
        severity: 'failure',
        check: 'auth',
        evidence: { scenario: 'invalid-request', ...evidence },
      });
      return out;
    }
    if (status === 401 || status === 403) return out;
    // Any refusal the operation documents is the spec's own answer to input it calls invalid: which
    // one a server gives (400 or 422, or a 404/409 judged first) the spec leaves to it.
    if (documented(operation, status)) return out;
    // A path naming no existing resource may be answered 404 before its input is judged: the
    // resource is looked up first (a parent that does not exist has no list to validate).
    // The same holds for an id the kit made up in the query or in the body of a request that addresses
    // one resource (a DELETE of `{"id": …}`): the lookup may come before the validation. A list
    // filtered by an id is still a list, empty or not.
    const pathNames = Object.keys(c.pathParams);
    if (status === 404 && pathNames.length > 0 && !pathNames.every((p) => c.existing?.includes(p))) return out;
    if (status === 404 && !c.existing?.length && generatedIdSent(c, operation) && !answersList(operation)) return out;
    if (reason.layer === 'syntax' || reason.firmness === 'should' || LIMIT_STATUSES.has(status)) {
      add({
        code: 'contract_gap',
        severity: 'warning',
        check: 'negative',
        gap: gapForInvalid(reason.location, reason.layer),
        evidence: { scenario: 'invalid-status-undocumented', ...evidence, documents400: true },
      });
      return out;
    }
    // Only a documented 400 (or 4XX) whose own words tie it to invalid input ("The body is missing
    // required fields or contains invalid values") makes another refusal status wrong. Where none is
    // documented the spec names no status for invalid input, and 400 is the generic one; where its
    // words say nothing of it (tsoa writes `description: ""`), the spec lists a 400 without saying
    // that invalid input gets it, and a 422 from the validator breaks nothing it states (held-out set 57).
    if (!invalidInputRefusal(operation)) {
      add({
        code: 'contract_gap',
        severity: 'warning',
        check: 'negative',
        gap: gapForInvalid(reason.location, reason.layer),
        evidence: {
          scenario: 'invalid-status-undocumented',
          ...evidence,
          documents400: documented(operation, 400) || operation.responses['4XX'] !== undefined,
        },
      });
      return out;
    }
    add({
      code: 'negative_wrong_status',
      severity: 'failure',
      check: 'negative',
      evidence,
    });
    return out;
  }

  // Valid input, with the valid key (or a valid spelling of it).
  const successes = documentedSuccesses(operation);
  if (successes.includes(status) || isDocumentedSuccess(operation, status)) return out;
  if (status === 404 && operation.path.includes('{')) {
    if (c.existing?.length) {
      add({
        code: 'positive_rejected',
        severity: 'failure',
        check: 'positive',
        evidence: {
          scenario: 'existing-not-found',
          existing: Object.fromEntries(c.existing.map((p) => [p, String(c.pathParams[p])])),
        },
      });
      return out;
    }
    // A generated id names no resource: 404 is the answer, documented or not (an undocumented one is a gap).
    if (!documented(operation, 404) && !operation.responses['4XX']) {
      notFoundGap();
    }
    return out;
  }
  if ((status === 401 || status === 403) && keyNotInBody(c, operation)) return out;
  // A header real clients send (an Origin outside an allow-list, a bot or CSRF guard) may be refused
  // in front of the key check: the request is refused, not the key (which fails without the header).
  if ((status === 401 || status === 403) && c.edge?.gap === CLIENT_HEADERS_GAP) {
    add({
      code: 'contract_gap',
      severity: 'warning',
      check: 'positive',
      gap: CLIENT_HEADERS_GAP,
      evidence: { scenario: 'edge-refused', status, edge: c.edge.description },
    });
    return out;
  }
  // A token the kit made up in the path or query (`DELETE /authentication/{accessToken}`): a 401 or
  // 403 may judge that token, not the key in the header, and the kit cannot make a valid one
  // (held-out set 40: feathers answered "Invalid access token" to the valid bearer key).
  const token =
    (status === 401 || status === 403) && authExpectation(c) === 'accept' ? madeUpToken(c, operation) : undefined;
  if (token) {
    add({
      code: 'contract_gap',
      severity: 'warning',
      check: 'positive',
      gap: 'unjudged-input',
      evidence: {
        scenario: 'edge-refused',
        status,
        edge: `the ${token.in} parameter ${token.name}, a token the kit made up: the server may refuse it as a credential`,
      },
    });
    return out;
  }
  // A body carrying a credential of its own (a sign-in's password, a password change's current one),
  // which the kit made up: a 401 or 403 may refuse that credential, not the key in the header, on a
  // public operation or a secured one (held-out set 144: LoopBack's `/login`, secured by the
  // document's bearer scheme, answered 401 to a wrong password with the valid key). A 2xx would
  // still judge the key. Its 400 and 404 are judged with the other refusals (unjudgedRefusal).
  const secret = (status === 401 || status === 403) && authExpectation(c) === 'accept' ? secretSent(c) : undefined;
  if (secret !== undefined) {
    add({
      code: 'contract_gap',
      severity: 'warning',
      check: 'positive',
      gap: 'unjudged-input',
      evidence: { scenario: 'edge-refused', status, edge: madeUpCredentials(secret) },
    });
    return out;
  }
  // Another valid spelling of the key (`bearer`, `BEARER`) refused as the default spelling was, on
  // the same request: the refusal is not the spelling's. The default's own case carries the verdict
  // (held-out set 91: an owner check refused the admin's token under every spelling, and the report
  // blamed the scheme's case).
  const otherSpelling = c.auth !== 'valid' || c.authScheme !== undefined;
  if (
    (status === 401 || status === 403) &&
    authExpectation(c) === 'accept' &&
    otherSpelling &&
    c.validKeyStatus === status
  )
    return out;
  // On a public operation no key is involved: a 401 there is a refused valid request (below).
  if ((status === 401 || status === 403) && authExpectation(c) === 'accept' && operation.security.access !== 'public') {
    add({
      code: 'auth_rejected_valid',
      severity: 'failure',
      check: 'auth',
      evidence: { scenario: 'valid-request', status, ...authEvidence(c, operation) },
    });
    return out;
  }
  // A documented refusal whose own words say "not found" ("400: Employee id not found.") is the
  // operation's answer to an id that names nothing, as a 404 is: an id the kit made up may.
  if (
    status >= 400 &&
    status < 500 &&
    !c.existing?.length &&
    (Object.keys(c.pathParams).length > 0 || generatedIdSent(c, operation)) &&
    documentedNotFound(operation, status)
  )
    return out;
  // A path id the kit made up, refused with a status the operation does not document, in words that
  // say the resource does not exist (held-out set 82: NestJS answered `400 "User with id 0 does not
  // exist"` where only 200 is documented): the target's answer to an id that names nothing, as a 404
  // is, and a gap as an undocumented 404 is. The target's own words confirm it.
  const missing =
    status >= 400 &&
    status < 500 &&
    status !== 401 &&
    status !== 403 &&
    !documented(operation, status) &&
    Object.keys(c.pathParams).length > 0 &&
    !c.existing?.length
      ? saysNotFound(exchange.response?.bodyText ?? '')
      : undefined;
  if (missing !== undefined) {
    add({
      code: 'contract_gap',
      severity: 'warning',
      check: 'status',
      gap: 'undocumented-not-found',
      evidence: { scenario: 'not-found-undocumented', status, says: missing },
    });
    return out;
  }
  // A documented refusal other than 400 (409 Conflict, 422 for a rule the schema cannot say, ...)
  // is an answer the spec allows to valid input; 400 is what invalid input gets. Not a 415 of a
  // body sent in a media type the operation declares: the spec names that type as one it takes, so
  // the refusal contradicts it (library zoo: `application/merge-patch+json` declared, then refused).
  if (
    status > 400 &&
    status < 500 &&
    status !== 401 &&
    status !== 403 &&
    documented(operation, status) &&
    !(status === 415 && sentInDeclaredType(exchange, operation))
  )
    return out;
  if (status >= 400) {
    let unjudged: string | undefined;
    // A blank string, or no body where the spec leaves it optional, refused with a status the
    // operation does not document (held-out set 40: `"title": ""` answered 422 "can't be blank", only
    // 200 documented; set 48: no body answered 400) is a valid request refused, as any other.
    // A 401 asks for credentials (RFC 9110 §15.5.2): no edge of the input explains it on an operation
    // that needs none (held-out set 45: every operation answered 401, the document declares Basic
    // but requires it nowhere, and each 401 was blamed on the edge its case carried).
    // A 415 refuses the media type (RFC 9110 §15.5.16): where the body went in one the operation
    // declares, no edge of its values or parameters explains it (the greenhouse zoo: every merge
    // patch refused with 415, blamed on a path value of white space).
    const mediaRefused = status === 415 && sentInDeclaredType(exchange, operation);
    if (
      c.edge &&
      status !== 401 &&
      !mediaRefused &&
      !(c.edge.documentedRefusalOnly && operation.responseFor(status) === undefined && !LIMIT_STATUSES.has(status))
    ) {
      add({
        code: 'contract_gap',
        severity: 'warning',
        check: 'positive',
        gap: c.edge.gap,
        evidence: { scenario: 'edge-refused', status, edge: c.edge.description },
      });
    } else if (LIMIT_STATUSES.has(status)) {
      add({
        code: 'contract_gap',
        severity: 'warning',
        check: 'positive',
        gap: status === 429 ? 'rate-limits' : 'field-size-limits',
        evidence: { scenario: 'limit-status', status },
      });
    } else if (status === 404 && !c.existing?.length && generatedIdSent(c, operation) && !answersList(operation)) {
      // A generated id in the query (?id=500), or in the body of a request that addresses one
      // resource (`DELETE /calendars {"id":"a"}`), may name nothing, as one in the path may: 404 is
      // the answer, documented or not (an undocumented one is a gap). A list filtered by an id is
      // still a list: an empty one, not a 404.
      notFoundGap();
    } else if (
      !mediaRefused &&
      (unjudged =
        unjudgedRefusal(c, operation, status, exchange) ??
        documentedStateRefusal(operation, status) ??
        documentedCredentialRefusal(operation, status) ??
        inputlessRefusal(operation, status)) !== undefined
    ) {
      add({
        code: 'contract_gap',
        severity: 'warning',
        check: 'positive',
        gap: 'unjudged-input',
        evidence: { scenario: 'edge-refused', status, edge: unjudged },
      });
    } else {
      const judged = judgedMembers(c, operation, status);
      add({
        code: 'positive_rejected',
        severity: 'failure',
        check: 'positive',
        evidence: {
          scenario: 'refused',
          status,
          successes: successCodes(operation),
          ...(judged ? { judged } : {}),
        },
        ...(judged
          ? {
              basis: {
                kind: 'unconfirmed',
                inference: judgedInference(operation, status, judged),
              },
            }
          : {}),
      });
    }
    return out;
  }
  // An operation that documents no success at all (errors only): the contract does not say which 2xx, so any is a gap.
  if (is2xx && successCodes(operation).length === 0 && operation.responses.default === undefined) {
    add({
      code: 'contract_gap',
      severity: 'warning',
      check: 'status',
      gap: 'undocumented-success',
      evidence: { scenario: 'success-undocumented', status },
    });
    return out;
  }
  add({
    code: 'undocumented_status',
    severity: 'failure',
    check: 'status',
    evidence: { status, documented: Object.keys(operation.responses), successes: successCodes(operation) },
  });
  return out;
};

/** Fields that carry a basis when there is one. */
function withBasis(basis: Basis | undefined): { basis: Basis } | Record<string, never> {
  return basis ? { basis } : {};
}

function gapForInvalid(location: string, layer?: string): string {
  if (layer === 'syntax') return 'request-format-errors';
  return location === 'body' ? 'invalid-body-format' : 'invalid-parameters';
}

/** The bearer scheme's variants: the words for a variant no operation's scheme names. */
const BEARER_VARIANTS = handlerFor({ kind: 'bearer', name: 'bearer' }).wrongVariants();

/** The tally a status verdict of this case goes to. */
function statusCheckName(c: { kind: string }): CheckName {
  return c.kind === 'auth' ? 'auth' : c.kind === 'invalid' ? 'negative' : 'positive';
}

/**
 * Words for an auth variant, for messages: from the handler of the scheme the variant belongs to
 * (`scheme`, or the operation's first), else the bearer words.
 */
export function describeAuth(variant: string, operation?: OperationModel, scheme?: string): string {
  return (
    (credentialVariantOf(variant, operation, scheme) ?? BEARER_VARIANTS.find((v) => v.id === variant))?.description ??
    variant
  );
}

/** The evidence of an auth finding: the variant, its scheme when it is not the default one, and its words. */
function authEvidence(
  c: { readonly auth: string; readonly authScheme?: string; readonly validKeyStatus?: number },
  operation: OperationModel,
): AuthEvidence {
  const credential = describeAuth(c.auth, operation, c.authScheme);
  return {
    auth: c.auth,
    ...(c.authScheme === undefined ? {} : { scheme: c.authScheme }),
    credential,
    ...(c.validKeyStatus === undefined ? {} : { validKeyStatus: c.validKeyStatus }),
  };
}

/**
 * Whether a request could not hold the key in the body member the spec may read it from
 * ({@link keyMembers}): no JSON body (raw bytes, another spelling of the same JSON, or none), or a
 * case that breaks that very member. A 401 to it is no refusal of the valid key.
 */
function keyNotInBody(c: Case, operation: OperationModel): boolean {
  const members = keyMembers(operation);
  if (members.length === 0) return false;
  if (c.body?.kind !== 'json') return true;
  const pointer = c.invalid?.pointer;
  return pointer !== undefined && members.some((m) => pointer === `/${m}` || pointer.startsWith(`/${m}/`));
}

/** Names of query parameters that hold an identifier: `id`, `userId`, `user_id`, `petID`. */
const ID_NAME = /^(id|Id|ID)$|[a-z0-9](Id|ID)$|[_-](id|Id|ID)$/;

/**
 * Whether a case names a resource by an identifier the kit made up (nothing the target returned): in
 * its query, or as a top-level body member of a request that addresses an existing resource (not a
 * POST, which creates one: an id-named member there refers to another resource, a category say).
 */
function generatedIdSent(c: Case, operation: OperationModel): boolean {
  if (c.query.some(([name]) => ID_NAME.test(name))) return true;
  if ((c.method ?? operation.method).toLowerCase() === 'post') return false;
  const value = sentJson(c);
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !isLosslessNumber(value) &&
    Object.keys(value).some((m) => ID_NAME.test(m))
  );
}

/** Whether an operation's successes answer a list: an array, or an object with an array member (a page). */
function answersList(operation: OperationModel): boolean {
  return Object.entries(operation.responses).some(([status, r]) => {
    const schema = /^2/.test(status) ? r.schema?.schema : undefined;
    if (!schema) return false;
    const properties = (schema.properties ?? {}) as Record<string, { type?: unknown; items?: unknown }>;
    return (
      schema.type === 'array' || Object.values(properties).some((p) => p?.type === 'array' || p?.items !== undefined)
    );
  });
}

/**
 * The members a documented refusal may have judged against what the server holds, when the refusal's
 * status says so (RFC 9110): a 401 or 403 from an operation that has no security requirement refuses
 * credentials the request carries in its own values (a sign-in with a made-up passcode, a sign-up
 * with an address already registered), since the spec asks for none; a 409 says the request
 * conflicts with the target's current state (§15.5.10), not that its input is malformed; a 400 or
 * 401 from an OAuth2 token endpoint (the path a flow's `tokenUrl` names) is RFC 6749 §5.2's answer
 * to a grant, code or client it does not accept, which the kit can only make up. The spec
 * documents the status (by its code, a range or `default`), and the kit can only make such values
 * up, so the refusal is an advisory naming those members. Only a body carries such values (a
 * sign-in, a sign-up, a grant): undefined where the status is not documented (a failure still), or
 * the request has no body (a public read refused with 401, filters and all, still fails).
 */
function judgedMembers(c: Case, operation: OperationModel, status: number): string[] | undefined {
  if (operation.responseFor(status) === undefined) return undefined;
  const stateful =
    status === 409 ||
    ((status === 401 || status === 403) && operation.security.access === 'public') ||
    ((status === 400 || status === 401) && operation.tokenEndpointOf !== undefined);
  if (!stateful) return undefined;
  const value = sentJson(c);
  const body =
    value !== null && typeof value === 'object' && !Array.isArray(value) && !isLosslessNumber(value)
      ? Object.keys(value).map((m) => `/body/${m}`)
      : c.body?.kind === 'raw' && c.body.text !== ''
        ? ['the body']
        : [];
  return body.length > 0 ? body : undefined;
}

/** What a refusal of {@link judgedMembers} is taken to be, in words, for its advisory. */
function judgedInference(operation: OperationModel, status: number, judged: readonly string[]): string {
  const why =
    status === 409
      ? 'says they conflict with what it holds (a name already taken)'
      : operation.tokenEndpointOf !== undefined && (status === 400 || status === 401)
        ? `from the token endpoint of ${operation.tokenEndpointOf} is how RFC 6749 §5.2 refuses a grant or client it does not accept`
        : 'on an operation with no security requirement says it judged credentials the request itself carries (made-up ones, or an account already registered)';
  return `the values sent in ${judged.join(', ')} are ones the server must take; a ${status} ${why}, which no schema can call right`;
}

/**
 * Why the kit cannot tell whether a refused valid request should have been served, when it cannot:
 * - the body has no schema (`application/json: {}`): the spec does not say what a valid body is;
 * - a public operation that takes a password in its body (a sign-in) refused with 401 or 403: the
 *   kit can only make the credentials up, and the spec does not show which are right.
 */
function unjudgedRefusal(
  c: Case,
  operation: OperationModel,
  status: number,
  exchange: Parameters<Check>[0]['exchange'],
): string | undefined {
  // An Accept that names none of the types the operation answers: the server may refuse the
  // request (406, or any 4xx) rather than answer a type the client did not ask for (RFC 9110 §12.5.1).
  const unacceptable = acceptNamesNone(exchange.request.headers, operation);
  if (unacceptable && status >= 400 && status < 500) return unacceptable;
  // Two ends of a range sent inverted (`from` past `to`): OpenAPI cannot forbid it, the server may.
  const inverted =
    status >= 400 && status < 500 && status !== 401 && status !== 403 ? invertedRange(c.query) : undefined;
  if (inverted) return inverted;
  const unnamed = status >= 400 && status < 500 && status !== 401 ? kindTheWordsExclude(c, operation) : undefined;
  if (unnamed) return unnamed;
  const opaque = opaqueParameterSent(c, operation);
  // A 401 judges credentials, not a value of the request: free text does not explain it.
  if (opaque && status >= 400 && status < 500 && status !== 401) {
    const format = mergeAllOf(opaque.schema.schema).format;
    return typeof format === 'string'
      ? `the ${opaque.in} parameter ${opaque.name}, of format "${format}", which the spec's validators do not check: the kit cannot make a valid one`
      : `the ${opaque.in} parameter ${opaque.name}, free text the server may read as a token of its own (a cursor, a search expression)`;
  }
  const body = operation.requestBody;
  if (c.body !== undefined && body && namesNoMembers(body.schema.schema))
    return Object.keys(body.schema.schema).length === 0
      ? 'the body, which the spec gives no schema'
      : 'the body, whose schema names no member: the spec does not say what it holds';
  const value = sentJson(c);
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) && !isLosslessNumber(value);
  const members = object ? Object.keys(value) : [];
  // A sign-in with made-up credentials: refused as unknown (401, 403) or as no such account (404).
  // A 404 that names the route it was sent to ("Cannot POST /login") says the route is missing.
  // A form body's names count as members (OAuth 2.0's password grant: `username=a&password=b`, held-out set 95).
  const secret = secretSent(c);
  const routeMissing =
    status === 404 && (exchange.response?.bodyText ?? '').includes(exchange.request.path.split('?')[0]!);
  // A documented 400 of such an operation is its answer to credentials it does not know ("400:
  // Invalid credentials"): the request is valid by the schema, so the 400 judged the values.
  // A 400 is no refusal of a header credential: the body's made-up ones are what it judged, whatever
  // security the operation declares (a login left under a top-level bearer requirement).
  if (
    secret &&
    ((status === 400 && operation.responses['400'] !== undefined) ||
      (status === 404 && !routeMissing && operation.security.access === 'public'))
  )
    return madeUpCredentials(secret);
  // A member that confirms another (`confirmPassword`, "Password confirmation") must repeat it: the
  // schema cannot say so, and a refusal of two values that differ is the server's to make.
  const confirming = object ? confirmationMismatch(value as Record<string, unknown>, body?.schema.schema) : undefined;
  if (confirming && status >= 400 && status < 500) return confirming;
  const renamed = bodyNamesAnother(c, operation);
  const crossed = renamed
    ? `the body's ${renamed.member} (${renamed.sent}), which names another resource than the path's ${renamed.parameter} (${renamed.pathValue})`
    : undefined;
  if (crossed) return crossed;
  // A body leaving out members of a schema that marks none required: the schema says nothing of
  // which members a server needs (`required` left out, as generated documents often have it), so a
  // refusal of a body that lacks some is the server's to make (held-out set 34: `POST /books {}`,
  // "All fields required."). Where the schema lists required members, the rest are optional by
  // its word, and refusing a body without them still fails. Only with a status the operation
  // documents: an undocumented one answers a valid request with a status the spec never gives it
  // (held-out set 58: `{}` refused with 400 where only 200 is documented; set 34's 400 was documented).
  // A PATCH names only what changes: leaving members out is what it is for.
  const leftOut =
    object && status >= 400 && status < 500 && operation.method !== 'patch' && operation.responseFor(status)
      ? withoutRequiredList(leftOutMembers(value as object, body?.schema.schema))
      : [];
  if (leftOut.length > 0)
    return `a body without ${leftOut.map((m) => `"${m}"`).join(', ')}, where the schema marks no member required: it does not say which ones a server needs`;
  // A request sending none of several optional query parameters (`GET /users/search` without `email`
  // or `name`), refused with the operation's own 400: OpenAPI cannot say "at least one of these", so a
  // server that needs one is within the refusal it documents (held-out set 37: "400: Missing query
  // parameters"). A single optional parameter left out is the spec's own word, and refusing that fails.
  const unsent = status === 400 && documented(operation, 400) ? unsentOptionalQuery(c, operation) : [];
  if (unsent.length >= 2)
    return `a request with none of the optional query parameters ${unsent.map((n) => `"${n}"`).join(', ')}: OpenAPI cannot say that one of them is needed`;
  // A creation repeating an id the target handed out before (`POST /users {"id": 1}` once user 1
  // exists): the conflict is with what the target holds (RFC 9110 §15.5.10), which the run itself
  // made, not with the request's validity. A 409 says so whether documented or not; a 400 or 422
  // only where the operation documents it (a correct server answered 409, unlisted beside its 400).
  const repeated = c.repeatsKnownId;
  if (repeated && (status === 409 || ([400, 422].includes(status) && operation.responseFor(status) !== undefined)))
    return `the body's ${repeated.member} ${repeated.value}, an id the target already handed out: a creation may refuse an id already taken`;
  // A body naming another resource by an id the kit made up (no answer showed one): the resource may
  // not exist, and a refusal of it (400, 404, 409, 422) is the server's to make.
  const madeUp = c.madeUpReferences?.[0];
  if (madeUp !== undefined && [400, 404, 409, 422].includes(status))
    return `the body's ${madeUp}, which names another resource by a value the kit made up (none was known)`;
  // A value the target already holds ("User with this email already exists"), refused with a status
  // the operation documents: a uniqueness rule no schema can state, met by a run that sent the value
  // before. With a status the spec does not give the operation, it is a gap only where the spec's own
  // words call a member sent unique ("The user's unique identifier"): the refusal then rests on the
  // spec, and only its status is not shown. Otherwise it stays a failure.
  // A 409 is a conflict with the state the target holds (RFC 9110 §15.5.10): one whose words say
  // the value is held already is that rule, confirmed by the target, where the operation documents
  // no refusal but the validator's (FastAPI's 422: held-out set 95, `409 "User : Duplicate name"`
  // for a name the run had created). An operation that lists its refusals and leaves 409 out (the
  // Animal Store's createPet) chose them: there it still fails.
  const unique = members.find((m) => saysUnique(body?.schema.schema, m));
  const silentOnRefusals = !Object.keys(operation.responses).some((code) => /^4/.test(code) && code !== '422');
  const taken =
    [400, 409, 422].includes(status) &&
    (documented(operation, status) || unique !== undefined || (status === 409 && silentOnRefusals))
      ? ALREADY_TAKEN.exec(exchange.response?.bodyText ?? '')
      : null;
  if (taken)
    return documented(operation, status) || unique === undefined
      ? `a value the target says it already holds ("${taken[0]}"): a uniqueness rule the schema cannot state`
      : `a value the target says it already holds ("${taken[0]}"), in ${unique}, which the spec's words call unique`;
  // A refusal with the operation's own 400 of values whose schemas state only their type
  // (`isDone: number`, `limit: integer`, `name: string`): the spec says nothing of which values of
  // that type the server takes, and documents that it refuses some (held-out sets 32-34: 0 or 1
  // only, a limit of at least 1, a name a validator refuses). Where any value sent has a bound, a
  // pattern, an enum or a format, the spec did say, and the refusal still fails.
  const sent = status === 400 && documented(operation, 400) ? typedValues(c, operation) : undefined;
  if (sent && sent.bare.length > 0 && sent.constrained.length === 0 && !omitsOptional(c, operation))
    return typedOnlyWords(sent.bare.map((v) => v.name));
  // The refusals below are the spec's own answer only with a status it documents: an undocumented
  // one still answers a valid request with a status the operation never gives.
  if (status < 400 || status >= 500 || status === 401 || status === 403) return undefined;
  if (operation.responseFor(status) === undefined) return undefined;
  // A member named for a syntax servers parse (`email`, `phone`, `url`) holding made-up text not of
  // it, under a schema that says only "string" (held-out set 76: `email: "a"` refused with the
  // operation's 400): the name says what the schema does not.
  const properties = body ? mergeAllOf(body.schema.schema).properties : undefined;
  const misfit = members.find((m) => {
    const v = (value as Record<string, unknown>)[m];
    const schema = isObject(properties) ? (properties as Record<string, JsonSchema>)[m] : undefined;
    return typeof v === 'string' && schema !== undefined && isFreeText(schema) && fitsParsedSyntax(m, v) === false;
  });
  if (misfit)
    return `the body's ${misfit} (${JSON.stringify((value as Record<string, unknown>)[misfit])}), text a server parses by its name, where the schema says only that it is a string`;
  // A time before now where the operation's words say times must lie ahead (held-out set 77: the
  // document's own example, dated 2025, refused as "an appointment in the past"): the server judges
  // it against its clock, which no schema can state.
  const past = pastTimeSent(c, operation, status);
  if (past) return past;
  // A rule the operation's words state across members the body sent ("`endsAt` must be after
  // `startsAt`"), which no schema can: its documented refusal may be that rule's (the parking zoo).
  const stated = statedRuleAcross(operation, members);
  if (stated) return `a body holding members a rule in the operation's words relates: "${stated}"`;
  // A file whose bytes the kit made up, refused in words that name the file's kind (held-out set
  // 76: "Invalid image type. Allowed: jpg, png, gif, webp"): `format: binary` cannot say which
  // files the server takes. A refusal in other words ("uploads are closed") still fails.
  if (c.body !== undefined && carriesFile(operation) && FILE_KIND_WORDS.test(exchange.response?.bodyText ?? ''))
    return 'a file whose content the kit made up: `format: binary` does not say which files the server takes';
  return undefined;
}

/**
 * A refusal, with a status it documents, of an operation that declares no input at all (held-out
 * set 76: `GET /oauth/authorize`, "400: Invalid parameters", reads query parameters it never
 * declares): what it judged is nothing the document declares. Asked last: a state or credential the
 * refusal's words name says more.
 */
function inputlessRefusal(operation: OperationModel, status: number): string | undefined {
  if (status < 400 || status >= 500) return undefined;
  // A 401 or 403 of a secured operation judged its key. One of a write that declares no security
  // and no body may judge credentials in a body the document does not describe (held-out set 87: a
  // login that declares no body and documents 401); a read that carries nothing refuses access the
  // document says is open, and stays a failure.
  if (
    (status === 401 || status === 403) &&
    (operation.security.access !== 'public' || !['post', 'put', 'patch'].includes(operation.method))
  )
    return undefined;
  return operation.responseFor(status) !== undefined && declaresNoInput(operation)
    ? 'a request to an operation that declares no input: what its documented refusal judged is nothing the document declares'
    : undefined;
}

/** Words saying a time must lie ahead: "in the future", "in the past", "past appointments". */
const AHEAD_WORDS =
  /\b(?:in the past|past (?:dates?|times?|appointments?|bookings?|events?|reservations?)|in the future|future (?:dates?|times?))\b/i;

/**
 * A date or date-time the request carries (a body member, one level down too, or a query value)
 * that lies before now, where the operation's words (its summary, description, or the refusal's)
 * say times must lie ahead; the words of the refusal otherwise.
 */
function pastTimeSent(c: Case, operation: OperationModel, status: number): string | undefined {
  const words = [operation.summary, operation.description, operation.responseFor(status)?.description]
    .filter((w): w is string => typeof w === 'string')
    .join(' ');
  if (!AHEAD_WORDS.test(words)) return undefined;
  const sent: (readonly [string, unknown])[] = [...c.query];
  const body = sentJson(c);
  if (isObject(body))
    for (const [k, v] of Object.entries(body)) {
      sent.push([`/body/${k}`, v]);
      if (isObject(v)) for (const [k2, v2] of Object.entries(v)) sent.push([`/body/${k}/${k2}`, v2]);
    }
  const now = Date.now();
  const before = sent.find(([, v]) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && Date.parse(v) < now);
  return before
    ? `${before[0]} (${String(before[1])}), a time before now, where the operation's words say times must lie ahead`
    : undefined;
}

/** Words by which a refusal says it judged a file's kind ("Invalid image type. Allowed: jpg, png"). */
const FILE_KIND_WORDS = /\b(?:images?|jpe?g|png|gif|webp|pdf|mime|file ?types?|content ?types?|extensions?)\b/i;

/** Whether the request body is a file, or holds one: a binary schema (`format: binary`, a `contentMediaType`). */
function carriesFile(operation: OperationModel): boolean {
  const schema = operation.requestBody?.schema.schema;
  if (!schema) return false;
  const isFile = (s: unknown) =>
    isObject(s) &&
    (mergeAllOf(s as JsonSchema).format === 'binary' || typeof (s as JsonSchema).contentMediaType === 'string');
  if (isFile(schema)) return true;
  const properties = mergeAllOf(schema).properties;
  return (
    isObject(properties) &&
    Object.values(properties).some((p) => isFile(p) || (isObject(p) && isFile((p as JsonSchema).items)))
  );
}

/** Whether an operation declares no input: no parameter but its credentials, and no request body. */
function declaresNoInput(operation: OperationModel): boolean {
  return operation.requestBody === undefined && operation.parameters.every((p) => isCredential(operation, p));
}

/**
 * The optional query parameters that narrow what an operation answers (filters and search terms; not
 * paging, ordering or credentials), when a case sends none of them; none when it sends one.
 */
function unsentOptionalQuery(c: Case, operation: OperationModel): string[] {
  const optional = operation.parameters.filter(
    (p) => p.in === 'query' && !p.required && !isCredential(operation, p) && isNarrowingName(p.name),
  );
  return optional.some((p) => parameterSent(c, p)) ? [] : optional.map((p) => p.name);
}

/**
 * Whether a 2xx answer holds, at the body pointer of an invalid member, the very value sent, in the
 * JSON type the schema refuses: the server stored it as it came, rather than reading it as the valid
 * value it spells.
 */
function echoedUncoerced(c: Case, r: { readonly json?: unknown }, pointer: string): boolean {
  if (c.body?.kind !== 'json' || pointer === '' || r.json === undefined) return false;
  const sent = resolve(toPlainJson(c.body.value), pointer);
  const answered = resolve(r.json, pointer);
  return sent !== undefined && JSON.stringify(sent) === JSON.stringify(answered);
}

/** Names of parameters that carry a token: `accessToken`, `refresh_token`, `token`, `apiKey`, `session_id`. */
const TOKEN_NAME = /token$|^(?:api_?key|secret|session(?:_?id)?)$/i;

/**
 * A path or query parameter named like a token (no credential of a security scheme) whose value the
 * kit made up: no answer of the run gave it.
 */
function madeUpToken(c: Case, operation: OperationModel): OperationModel['parameters'][number] | undefined {
  return operation.parameters.find(
    (p) =>
      (p.in === 'path' || p.in === 'query') &&
      TOKEN_NAME.test(p.name) &&
      !isCredential(operation, p) &&
      parameterSent(c, p) &&
      !c.existing?.includes(p.name),
  );
}

/** Whether a request carried a body in one of the media types its operation declares for it. */
function sentInDeclaredType(exchange: Parameters<Check>[0]['exchange'], operation: OperationModel): boolean {
  const sent = Object.entries(exchange.request.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  const declared = operation.requestBody?.mediaTypes ?? [];
  if (sent === undefined || exchange.request.body === undefined || declared.length === 0) return false;
  return declared.some((d) => mediaTypeMatches(d, sent));
}

/** The members left out of a schema that marks none required; none where it lists required members. */
const withoutRequiredList = (left: ReturnType<typeof leftOutMembers>): string[] =>
  left.listsRequired ? [] : left.names;

/**
 * Words for a request whose Accept names none of the media types the operation's successes
 * document (`application/json` to an operation answering only `application/vnd.api+json`);
 * undefined when it names one (or a range holding one), sends none, or nothing is documented.
 */
function acceptNamesNone(headers: Readonly<Record<string, string>>, operation: OperationModel): string | undefined {
  const accept = Object.entries(headers).find(([k]) => k.toLowerCase() === 'accept')?.[1];
  if (accept === undefined || accept.trim() === '') return undefined;
  const documented = [
    ...new Set(
      Object.entries(operation.responses)
        .filter(([status]) => /^2/.test(status))
        .flatMap(([, r]) => r.mediaTypes),
    ),
  ];
  if (documented.length === 0) return undefined;
  // Ranges the client accepts (`q=0` says "not acceptable"), matched as OpenAPI content keys are,
  // in either direction: a range holds a documented type, or a documented range holds the one asked.
  const ranges = accept
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '' && !/;\s*q\s*=\s*0(?:\.0*)?\s*(?:;|$)/i.test(r));
  const matches = (range: string, type: string) => mediaTypeMatches(range, type) || mediaTypeMatches(type, range);
  if (ranges.some((range) => documented.some((type) => matches(range, type)))) return undefined;
  return `an Accept (${accept}) that names none of the types the operation answers (${documented.join(', ')}): the server may refuse it (RFC 9110 §12.5.1)`;
}

/**
 * Words for a body whose confirmation member (named `confirmX`, `xConfirmation`, or described as a
 * confirmation) differs from the member it confirms; undefined when none does.
 */
function confirmationMismatch(sent: Record<string, unknown>, schema: JsonSchema | undefined): string | undefined {
  const properties = schema ? ((mergeAllOf(schema).properties ?? {}) as Record<string, JsonSchema>) : {};
  for (const [name, value] of Object.entries(sent)) {
    const words = properties[name] ? mergeAllOf(properties[name]).description : undefined;
    const named = /^(?:confirm_?(.+)|(.+?)_?confirm(?:ation|ed)?)$/i.exec(name);
    const stem = named?.[1] ?? named?.[2];
    const described = typeof words === 'string' && /\bconfirm(?:ation|s)?\b/i.test(words);
    if (!stem && !described) continue;
    const confirmed = Object.keys(sent).find(
      (other) => other !== name && (stem ? other.toLowerCase() === stem.toLowerCase() : /pass/i.test(other)),
    );
    if (confirmed !== undefined && JSON.stringify(sent[confirmed]) !== JSON.stringify(value))
      return `the body's ${name}, which confirms ${confirmed} but differs from it`;
  }
  return undefined;
}

/** The words of a refusal's body that say a resource does not exist (at most 120 characters around them). */
function saysNotFound(raw: string): string | undefined {
  // JSON may write the accents as escapes (`n\u00e3o`): the words are read as text.
  const bodyText = raw.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  const at = NOT_FOUND_WORDS.exec(bodyText);
  if (!at) return undefined;
  const from = Math.max(0, at.index - 80);
  return bodyText.slice(from, at.index + at[0].length + 40).trim();
}

/** Whether the operation documents `status` in words (description, examples) that say "not found". */
function documentedNotFound(operation: OperationModel, status: number): boolean {
  const response = operation.responses[String(status)];
  if (!response) return false;
  const schema = response.schema?.schema as { example?: unknown; examples?: unknown } | undefined;
  const words = [
    response.description,
    JSON.stringify(response.examples),
    JSON.stringify(schema?.example ?? null),
    JSON.stringify(schema?.examples ?? null),
  ].join(' ');
  return NOT_FOUND_WORDS.test(words);
}

/** Whether the body schema's words for `member` (its description or title) call it unique. */
function saysUnique(schema: JsonSchema | undefined, member: string): boolean {
  if (!schema) return false;
  const property = (mergeAllOf(schema).properties as Record<string, JsonSchema> | undefined)?.[member];
  if (!property) return false;
  const merged = mergeAllOf(property);
  const words = `${typeof merged.title === 'string' ? merged.title : ''} ${typeof merged.description === 'string' ? merged.description : ''}`;
  return /\bunique\b/i.test(words) && !/\bnot (?:necessarily )?unique\b/i.test(words);
}

/** Words of a refusal that name a value already taken. */
const ALREADY_TAKEN =
  /\b(?:already (?:exists?|registered|taken|in use|used)|duplicate(?:d)? (?:key|value|entry|email|name)|(?:is|was) (?:already )?taken|must be unique|not unique|unique constraint)\b/i;

/** Keywords that describe a schema without constraining its values. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'nullable',
  'externalDocs',
  'xml',
  '$comment',
]);

/**
 * Whether a body schema says nothing of its members: an object (or no type) with no properties,
 * requirements, patterns or alternatives (`{type: object}` in generated Swagger for "any JSON").
 * Any object fits it, so the kit cannot make one the server has a use for.
 */
function namesNoMembers(schema: JsonSchema): boolean {
  const merged = mergeAllOf(schema);
  return Object.entries(merged).every(
    ([key, value]) =>
      ANNOTATIONS.has(key) ||
      key.startsWith('x-') ||
      (key === 'type' && (value === 'object' || (Array.isArray(value) && value.includes('object')))) ||
      (key === 'additionalProperties' && (value === true || (isObject(value) && Object.keys(value).length === 0))),
  );
}

/**
 * A free-text parameter the case sends (a string with no enum, format or pattern), other than a
 * path value the target itself handed out. Such a value may be an opaque token only the server can
 * give meaning to (a cursor, a page token, a search expression): the schema cannot call a made-up
 * value valid, so a refusal of it rests on nothing the spec says.
 */
function opaqueParameterSent(c: Case, operation: OperationModel) {
  // A path value the target itself handed out names what it made: it is not the kit's free text,
  // so it explains no refusal (the greenhouse zoo: deleting a site the run made, answered with a 422
  // deleteSite does not document, went unjudged as "free text").
  return operation.parameters.find(
    (p) =>
      parameterSent(c, p) &&
      !(p.in === 'path' && c.existing?.includes(p.name)) &&
      (isFreeText(p.schema.schema) || uncheckedFormat(p.schema.schema)),
  );
}

/** Kinds of identifier a parameter's words may name, each with what a value of it looks like. */
const NAMED_KINDS: readonly { readonly words: RegExp; readonly value: RegExp }[] = [
  { words: /\b(?:uuid|guid)s?\b/i, value: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i },
  { words: /\b(?:numeric|number|integer|digits)\b/i, value: /^\d+$/ },
  { words: /\bobject ?ids?\b/i, value: /^[0-9a-f]{24}$/i },
];

/**
 * A path or query value the kit made up that is none of the kinds of identifier the parameter's own
 * words name ("Numeric id or UUID", held-out set 123: a 36-character value the pattern took, neither
 * a number nor a UUID, refused with the documented 400): the words narrow what the schema allows, and
 * a refusal of it is the server's to make. Undefined where the words name no such kind or the value
 * is one of them.
 */
function kindTheWordsExclude(c: Case, operation: OperationModel): string | undefined {
  for (const p of operation.parameters) {
    // Only text: an integer's schema already says what it takes.
    if ((p.in !== 'path' && p.in !== 'query') || !p.description || !parameterSent(c, p)) continue;
    if (mergeAllOf(p.schema.schema).type !== 'string') continue;
    const kinds = NAMED_KINDS.filter((k) => k.words.test(p.description!));
    if (kinds.length === 0) continue;
    const value = p.in === 'path' ? c.pathParams[p.name] : c.query.find(([name]) => name === p.name)?.[1];
    if (value === undefined || kinds.some((k) => k.value.test(String(value)))) continue;
    return `the ${p.in} parameter ${p.name} (${JSON.stringify(String(value))}), which is none of what its words name ("${p.description.trim()}")`;
  }
  return undefined;
}

/** A string of a format the spec's validators do not check (`format: JSON`): any text passes them. */
function uncheckedFormat(schema: JsonSchema): boolean {
  const merged = mergeAllOf(schema);
  return merged.type === 'string' && typeof merged.format === 'string' && !isKnownFormat(merged.format);
}

/**
 * A refusal the operation documents in words that name a credential it does not declare (`400`
 * whose error member reads "token expired or not provided", held-out set 72): the server needs what
 * the spec does not say, so a valid request may rightly get it. A gap, as a state refusal is.
 */
function documentedCredentialRefusal(operation: OperationModel, status: number): string | undefined {
  const words = undeclaredCredentialRefusal(operation, status);
  return words === undefined
    ? undefined
    : `the operation documents ${status} in words that name a credential ("${words}"), and declares none`;
}

/**
 * A refusal the operation documents in words that name a state of the server, not invalid input
 * (`400: Song is not liked`, held-out set 66): a valid request may rightly get it in a state the kit
 * cannot see, so it is a gap. Undefined where the words are generic or about invalid input.
 */
function documentedStateRefusal(operation: OperationModel, status: number): string | undefined {
  const words = stateRefusal(operation, status);
  return words === undefined
    ? undefined
    : `the operation documents ${status} for "${words}", a state of the server the kit cannot see`;
}

/** The words of a refusal that may judge the credentials the kit made up in the body. */
const madeUpCredentials = (member: string) => `made-up credentials in the body ("${member}")`;
