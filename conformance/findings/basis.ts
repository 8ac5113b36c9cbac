import { encodeSegment } from '../../spec/json/index.js';
import { type OperationModel, type SpecWords, invalidInputRefusal } from '../../spec/index.js';
import { findMediaType } from '../../spec/media/index.js';
import type { Basis, Finding, GapEvidence, ProtocolEvidence, RequestRecord } from './finding.js';

/** The key under `responses` that documents a status (exact, `NXX`, `default`), if one does. */
function responseKey(operation: OperationModel, status: number): string | undefined {
  const documented = operation.responseFor(status);
  return documented === undefined
    ? undefined
    : Object.keys(operation.responses).find((k) => operation.responses[k] === documented);
}

const spec = (pointer: string, says: string): Basis => ({ kind: 'spec', pointer, says });

/** The basis of a finding that rests on words the spec says (a description's sentence, at its pointer). */
export const specBasis = (words: SpecWords): Basis => spec(words.pointer, words.says);
const rfc = (name: string, section: string, requirement: string): Basis => ({
  kind: 'rfc',
  rfc: name,
  section,
  requirement,
});
const unconfirmed = (inference: string): Basis => ({ kind: 'unconfirmed', inference });

/** Whether the operation documents any refusal: a 4xx status, the `4XX` range or `default`. */
function documentsRefusal(operation: OperationModel): boolean {
  return Object.keys(operation.responses).some((key) => /^4/.test(key) || key === 'default');
}

/** What the operation documents for statuses, as a pointer and its words. */
function responsesBasis(operation: OperationModel, what: string): Basis {
  const keys = Object.keys(operation.responses);
  return spec(`${operation.pointer}/responses`, `${what}: ${keys.length > 0 ? keys.join(', ') : 'none'}`);
}

/** The documented response of a status, or an advisory basis when the operation documents none for it. */
function statusBasis(operation: OperationModel, status: number, says: string, sub = ''): Basis {
  const key = responseKey(operation, status);
  if (key === undefined)
    return unconfirmed(
      `the operation documents no response for ${status}; its documented errors' ${says} was taken to hold for it too`,
    );
  return spec(`${operation.pointer}/responses/${encodeSegment(key)}${sub}`, says);
}

/** Below a documented response: the schema of the media type the answer declared, when one matches. */
function schemaSub(operation: OperationModel, status: number, contentType: string | undefined): string {
  const keys = Object.keys(operation.responseFor(status)?.content ?? {});
  const key = findMediaType(keys, contentType ?? '') ?? (keys.length === 1 ? keys[0] : undefined);
  return key === undefined ? '/content' : `/content/${encodeSegment(key)}/schema`;
}

function protocolBasis(e: ProtocolEvidence): Basis {
  switch (e.rule) {
    case 'date-missing':
      return rfc('RFC 9110', '§6.6.1', 'an origin server with a clock MUST send Date in 2xx, 3xx and 4xx answers');
    case 'date-format':
      return rfc('RFC 9110', '§5.6.7', 'a sender MUST generate HTTP dates as IMF-fixdate');
    case 'json-charset':
      return rfc('RFC 8259', '§8.1', 'JSON exchanged between systems MUST be encoded in UTF-8');
    case 'charset-bytes':
      return rfc('RFC 8259', '§8.1', 'JSON exchanged between systems MUST be encoded in UTF-8');
    case 'connection-close':
      return rfc('RFC 9112', '§9.6', 'a server that receives "close" MUST initiate a close of the connection');
    case 'head-length':
      return rfc('RFC 9110', '§8.6', 'a server MUST NOT send in a HEAD answer a Content-Length other than GET would');
    case 'head-status':
      return rfc('RFC 9110', '§9.3.2', 'HEAD is identical to GET except that the server MUST NOT send content');
    case 'token-cacheable':
      return rfc(
        'RFC 6749',
        '§5.1',
        'the authorization server MUST include the HTTP Cache-Control response header field with a value of no-store in any response containing tokens',
      );
    case 'allow-incomplete':
      return rfc(
        'RFC 9110',
        '§15.5.6',
        "the origin server MUST generate an Allow header field in a 405 response containing a list of the target resource's currently supported methods",
      );
    case 'allow-method-refused':
      return rfc('RFC 9110', '§10.2.1', 'Allow lists the methods the target resource supports');
    case 'created-not-201':
      return rfc(
        'RFC 9110',
        '§9.3.4',
        'if the target resource does not have a current representation and the PUT successfully creates one, then the origin server MUST inform the user agent by sending a 201 (Created) response',
      );
    case 'not-modified-without-etag':
      return rfc(
        'RFC 9110',
        '§15.4.5',
        'the server generating a 304 response MUST generate any of the following header fields that would have been sent in a 200 (OK) response to the same request: Content-Location, Date, ETag, and Vary',
      );
    case 'not-modified-ignored':
      return rfc(
        'RFC 9110',
        '§13.1.2',
        'an origin server that receives If-None-Match MUST evaluate the condition; when it is false, it MUST NOT perform the method and, for GET, answers 304',
      );
    case 'etag-unchanged':
      return rfc(
        'RFC 9110',
        '§8.8.1',
        'a strong validator changes value whenever a change occurs to the representation data that would be observable in the content of a 200 (OK) response to GET',
      );
  }
}

/** A contract gap is where the spec is silent: it rests on nothing but what the target did, so it names no basis. */
function gapBasis(e: GapEvidence): Basis | undefined {
  return e.scenario === 'deprecation-unmarked' ? spec(e.pointer, 'no `deprecated: true`') : undefined;
}

/**
 * What a finding rests on when its check did not say: the spec (a pointer into the document and its
 * words), an RFC requirement, or, for an inference its check did not confirm on this target,
 * `unconfirmed`; a limit of the kit's own is `kit`. Total over codes: a new code without a basis
 * fails the typecheck.
 */
export function basisOf(finding: Finding, operation: OperationModel | undefined): Basis | undefined {
  if (finding.basis) return finding.basis;
  const op = operation;
  switch (finding.code) {
    case 'transport_error': {
      const e = finding.evidence;
      if (e.scenario === 'coding-not-asked')
        return rfc(
          'RFC 9110',
          '§12.5.3',
          'a server SHOULD send the content without a coding the request did not list as acceptable (a SHOULD: a note)',
        );
      if (e.scenario === 'exchange' && e.kind === 'timeout')
        return { kind: 'kit', limit: `the kit's per-request deadline (${e.detail}); the contract sets no latency` };
      if (e.scenario === 'exchange' && e.kind === 'body_stalled')
        return {
          kind: 'kit',
          limit: `the kit's per-request deadline (${e.detail}); a stream may never end, and the contract sets no latency`,
        };
      if (e.scenario === 'exchange' && (e.kind === 'body_too_large' || e.kind === 'headers_too_large'))
        return { kind: 'kit', limit: `the kit's response-size cap (${e.detail}); the contract sets no size` };
      // A request head over what servers commonly take (8 KiB), reset while the kit still sent its
      // body: a server refuses such a head with 414 or 431 (RFC 9112 §3, RFC 9110 §5.4) and may close
      // at once, and the reset then loses its answer (held-out set 68: an 84 KB target, answered 431).
      const head = finding.request ? requestHeadBytes(finding.request) : 0;
      if (e.scenario === 'exchange' && e.kind === 'connection_reset' && head > OVERSIZE_HEAD_BYTES)
        return {
          kind: 'kit',
          limit: `the kit's request head of ${Math.round(head / 1024)} KiB, over the ${OVERSIZE_HEAD_BYTES / 1024} KiB servers commonly take: a server may answer 414 or 431 and close before the kit has sent its body, and the reset loses the answer`,
        };
      return op ? responsesBasis(op, 'every request gets one of the documented responses') : undefined;
    }
    case 'server_error': {
      const e = finding.evidence;
      if (e.scenario === 'not-implemented')
        return rfc('RFC 9110', '§15.6.2', '501: the server does not support the functionality required');
      if (!op) return undefined;
      if (e.scenario === 'answered' && e.documentedAs !== undefined)
        return statusBasis(
          op,
          e.status,
          `${e.status} is ${JSON.stringify(e.documentedAs)}: a fault of the server, which no request is to cause`,
        );
      return responsesBasis(op, `documented responses (a ${e.status} is a failure of the server)`);
    }
    case 'redirect':
    case 'undocumented_status':
      return op ? responsesBasis(op, 'documented statuses') : undefined;
    case 'content_type':
      return op
        ? statusBasis(op, finding.evidence.status, `media types ${finding.evidence.documented.join(', ')}`, '/content')
        : undefined;
    case 'invalid_json':
    case 'schema_mismatch': {
      const e = finding.evidence;
      if (!op) return undefined;
      if ('problems' in e) return statusBasis(op, e.status, 'these response headers', '/headers');
      if (e.schema.source === 'errors')
        return unconfirmed(
          `the operation documents no response for ${e.status}; the schema its documented errors (${e.schema.errorStatuses.join(', ')}) share was taken to hold for it too`,
        );
      return statusBasis(
        op,
        e.status,
        'the body matches this schema',
        schemaSub(op, e.status, finding.response?.headers['content-type']),
      );
    }
    case 'error_status_mismatch':
      return unconfirmed('an error body member named `status` repeats the HTTP status');
    case 'auth_ignored':
    case 'auth_wrong_status':
    case 'auth_rejected_valid':
      return op ? spec(`${op.pointer}`, 'the security requirements this operation has (`security`)') : undefined;
    case 'unknown_route':
      return spec('/paths', 'the routes the spec documents');
    case 'request_violation':
      return op ? spec(op.pointer, 'the requests this operation takes (parameters, body, security)') : undefined;
    case 'auth_challenge_missing':
      return rfc('RFC 9110', '§11.6.1', 'a server generating a 401 MUST send a WWW-Authenticate with a challenge');
    case 'negative_accepted':
    case 'negative_wrong_status': {
      const e = finding.evidence;
      if (!op) return undefined;
      // The schema says what is valid, not that the rest is refused: an operation that documents
      // no refusal at all (no 4xx, 4XX or default) makes accepting invalid input an inference.
      if (finding.code === 'negative_accepted' && !documentsRefusal(op))
        return unconfirmed(
          `the operation documents no refusal (responses: ${Object.keys(op.responses).join(', ') || 'none'}); invalid input was taken to be refused`,
        );
      const where = e.location === 'body' ? '/requestBody' : '/parameters';
      // The status invalid input gets rests on the documented refusal's own words.
      const refusal = finding.code === 'negative_wrong_status' ? invalidInputRefusal(op) : undefined;
      if (refusal)
        return spec(
          `${op.pointer}/responses/${refusal.key}/description`,
          `invalid input gets ${refusal.key}: "${refusal.words}" (the request: ${e.why})`,
        );
      return spec(`${op.pointer}${where}`, e.why);
    }
    case 'positive_rejected':
      if (finding.evidence.scenario === 'existing-not-found')
        return {
          kind: 'confirmed',
          inference: 'these path values name existing resources',
          confirmedBy: 'the target itself listed or created them earlier in the run',
        };
      if (!op) return undefined;
      {
        const successes = Object.keys(op.responses).filter((k) => /^2/.test(k) || k === 'default');
        return spec(
          `${op.pointer}/responses`,
          `the successes a valid request gets: ${successes.length > 0 ? successes.join(', ') : 'none documented'}`,
        );
      }
    case 'semantic_violation': {
      const e = finding.evidence as { readonly rule: string; readonly kind?: string; readonly inference?: string };
      // Conditional requests rest on the RFC, not on an inference about the resource.
      if (e.rule === 'precondition' && e.kind === 'stale-status')
        return rfc(
          'RFC 9110',
          '§13.1.1',
          'an origin server MUST NOT perform the requested method if the condition evaluates to false; instead it MUST respond with 412 (Precondition Failed) or, where the change is already made, a 2xx',
        );
      if (e.rule === 'precondition')
        return e.kind === 'stale-performed'
          ? rfc(
              'RFC 9110',
              '§13.1.1',
              'an origin server MUST NOT perform the requested method if a received If-Match condition evaluates to false',
            )
          : rfc(
              'RFC 9110',
              '§13.1.1',
              'an origin server that receives an If-Match header field MUST evaluate the condition',
            );
      return unconfirmed(e.inference ?? `the ${e.rule} rule inferred from the spec's shape`);
    }
    case 'contract_gap':
      return gapBasis(finding.evidence);
    case 'deprecation_headers':
      return op ? spec(op.pointer, '`deprecated: true`') : undefined;
    case 'allow_missing':
      return rfc('RFC 9110', '§15.5.6', 'a server generating a 405 MUST send an Allow header field');
    case 'head_content':
      return rfc('RFC 9110', '§9.3.2', 'the server MUST NOT send content in the response to HEAD');
    case 'conditional_mismatch':
      return rfc('RFC 9110', '§13.1.2', 'If-None-Match is false (no 304) when the entity tag no longer matches');
    case 'protocol_violation':
      return protocolBasis(finding.evidence);
    case 'location_mismatch':
      return rfc('RFC 9110', '§15.3.2', 'the Location of a 201 identifies the resource the request created');
  }
}

/**
 * A finding as the reports carry it: with its basis, and a failure whose basis is no more than an
 * unconfirmed inference or a limit of the kit's own made an advisory (`--strict` does not fail on
 * advisories). The one place severity meets basis.
 */
export function settleFinding(finding: Finding, operation: OperationModel | undefined): Finding {
  const basis = basisOf(finding, operation);
  if (!basis) return finding;
  const weak = basis.kind === 'unconfirmed' || basis.kind === 'kit';
  const severity = weak && finding.severity === 'failure' ? 'advisory' : finding.severity;
  return { ...finding, basis, severity } as Finding;
}

/** The request-head size past which a server may refuse a request as too large (8 KiB: nginx, Apache, Go). */
const OVERSIZE_HEAD_BYTES = 8 * 1024;

/** The bytes of a request's head as sent: request line and header lines. */
function requestHeadBytes(request: RequestRecord): number {
  let bytes = request.method.length + request.path.length + 12;
  for (const [name, value] of Object.entries(request.headers)) bytes += name.length + value.length + 4;
  return bytes;
}
