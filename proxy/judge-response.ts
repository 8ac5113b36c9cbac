import type { Case, Exchange, ReceivedResponse } from '../conformance/cases/index.js';
import {
  checkAuthChallenge,
  checkContentType,
  checkDeprecation,
  checkErrorStatus,
  checkSchema,
  checkServerError,
  findingOf,
} from '../conformance/checks/index.js';
import { checkJsonCharset, checkUtf8Bytes } from '../conformance/checks/json-charset.js';
import { checkResponseHeaders } from '../conformance/checks/response-headers.js';
import type { Check } from '../conformance/checks/index.js';
import { type Finding, type RequestRecord, settleFinding } from '../conformance/findings/index.js';
import type { OperationModel } from '../spec/index.js';

/**
 * The kit's response checks that hold for any answer, whatever the request meant: the media type and
 * its charset and bytes, the body schema, the documented headers, a 5xx, an error body's `status`
 * against the HTTP status, a 401's challenge (RFC 9110 §11.6.1) and a deprecated operation's signals.
 * The checks that need to know what the client meant (a valid input's 2xx, an invalid one's 4xx, the
 * semantics of a listing) stay the kit's: the proxy cannot know.
 */
const RESPONSE_CHECKS: readonly Check[] = [
  checkServerError,
  checkContentType,
  checkJsonCharset,
  checkUtf8Bytes,
  checkSchema,
  checkResponseHeaders,
  checkErrorStatus,
  checkAuthChallenge,
  checkDeprecation,
];

/**
 * A live exchange as the kit's checks read it: a valid case of the operation (the proxy does not know
 * what the client meant, so it judges only what holds whatever the input: status documented, media
 * type, body schema, documented headers).
 */
export function liveExchange(
  operation: OperationModel,
  pathParams: Readonly<Record<string, string>>,
  request: RequestRecord,
  response: ReceivedResponse,
): Exchange {
  const c: Case = {
    operationId: operation.operationId,
    family: 'live',
    kind: 'valid',
    pathParams,
    query: [],
    auth: 'valid',
  };
  return { case: c, request, response };
}

/**
 * Judges an upstream answer with the kit's own checks, each finding settled with the basis it rests
 * on (a pointer into the spec). A status the operation does not document is the kit's
 * `undocumented_status`, except a 4xx refusing a request that broke the spec (`requestInvalid`):
 * refusing invalid input is the server's right answer, documented or not (the kit's own verdict on
 * it is at most a contract gap), and the client's violation is already the finding.
 */
export function judgeResponse(
  operation: OperationModel,
  exchange: Exchange,
  options: { readonly requestInvalid?: boolean } = {},
): Finding[] {
  const r = exchange.response;
  if (!r) return [];
  const out: Finding[] = [];
  const refusedInvalid = options.requestInvalid === true && r.status >= 400 && r.status < 500;
  if (operation.responseFor(r.status) === undefined && !refusedInvalid) {
    const documented = Object.keys(operation.responses);
    out.push(
      findingOf(exchange, {
        code: 'undocumented_status',
        severity: 'failure',
        check: 'status',
        evidence: { status: r.status, documented, successes: documented.filter((s) => /^2/.test(s)) },
      }),
    );
  }
  for (const check of RESPONSE_CHECKS) out.push(...check({ exchange, operation }));
  // The kit's own basis for each: a pointer into the spec, or an advisory where it is only an inference.
  return out.map((f) => settleFinding(f, operation));
}
