/**
 * The one place that turns a failure into the contract's Error body `{code, message, status}`.
 * Every error the mock emits, whoever detects it, is a {@link MockError} rendered by {@link errorBody}.
 * @module
 */

/** Machine-readable codes the mock puts in the Error body's `code` (the contract leaves the set open). */
export type MockErrorCode =
  | 'not_found'
  | 'method_not_allowed'
  | 'unauthorized'
  | 'invalid_parameter'
  | 'invalid_header'
  | 'invalid_body'
  | 'malformed_json'
  | 'malformed_request'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'invalid_prefer'
  | 'prefer_not_documented'
  | 'not_acceptable'
  | 'injected_fault'
  | 'forbidden'
  | 'conflict'
  | 'unprocessable_content'
  | 'too_many_requests'
  | 'forced_error'
  | 'bad_gateway'
  | 'mock_error';

/** An error as data: the HTTP status, the Error body's code and message, and extra response headers. */
export interface MockError {
  readonly status: number;
  readonly code: MockErrorCode;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The rule that refused the request, for the log line, when the message does not name it: the
   * security scheme, the declared media types (`requestBody content: text/plain not in [application/json]`).
   */
  readonly rule?: string;
  /** Each fault of a refused request, as data, for a spec whose error shape lists them (`errors[]`). */
  readonly issues?: readonly RequestIssue[];
}

/** One fault of a refused request: where it lies and what is wrong there. */
export interface RequestIssue {
  /** The part of the request: the body, or a parameter's location. */
  readonly in: 'body' | 'path' | 'query' | 'header' | 'cookie';
  /** For the body, the JSON pointer of the member at fault (`/address/city`, `''` for the whole body). */
  readonly pointer: string;
  /** The member's or parameter's name (`city`, `page`); absent for the whole body. */
  readonly name?: string;
  /** What is wrong, without the place (`must match format "email"`). */
  readonly message: string;
  /** The schema keyword the value breaks (`format`, `required`). */
  readonly keyword: string;
}

/** Builds a {@link MockError}; `status` is a 4xx, or a 5xx only for a fault a client asked for (`injected_fault`). */
export function mockError(
  status: number,
  code: MockErrorCode,
  message: string,
  headers?: Readonly<Record<string, string>>,
  issues?: readonly RequestIssue[],
): MockError {
  return {
    status,
    code,
    message,
    ...(headers ? { headers } : {}),
    ...(issues && issues.length > 0 ? { issues } : {}),
  };
}

/** The contract's Error body as JSON text, with `status` equal to the HTTP status. */
export function errorBody(error: MockError): string {
  return JSON.stringify({ code: error.code, message: error.message, status: error.status });
}

/** A 404 for a path the spec does not describe. */
export const notFound = (path: string): MockError => mockError(404, 'not_found', `No route matches ${truncate(path)}.`);

/** A 405 naming the methods the path supports in `Allow`. */
export const methodNotAllowed = (method: string, allow: readonly string[]): MockError =>
  mockError(405, 'method_not_allowed', `Method ${truncate(method)} is not allowed here; use ${allow.join(', ')}.`, {
    Allow: allow.join(', '),
  });

/** A 401 with the challenge the contract's bearer scheme implies. */
export const unauthorized = (message: string): MockError =>
  mockError(401, 'unauthorized', message, { 'WWW-Authenticate': 'Bearer' });

/**
 * What a thrown error inside the mock becomes. The mock promises never to answer 5xx, so an internal
 * failure is reported as a 400 the client can see, and logged by the caller.
 */
export const internalFailure = (): MockError =>
  mockError(400, 'mock_error', 'The mock could not answer this request; see the mock log.');

// Parts of the request echoed in messages are capped so an error body never balloons.
function truncate(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
