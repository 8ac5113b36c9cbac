import type { CompiledSchema } from '../spec/model.js';
import type { HeaderRecord } from './cors.js';
import { type MockError, type RequestIssue, errorBody } from './errors.js';

/** What a mode decided to answer: a status, the JSON body text (if any), and extra headers. */
export interface Answer {
  readonly status: number;
  readonly json: string | undefined;
  /** A body that is not text (an image, a PDF): sent instead of `json`, with the Content-Type in `headers`. */
  readonly bytes?: Uint8Array;
  readonly headers?: HeaderRecord;
  /**
   * Why a non-2xx answer is what it is, for the log line: the rule that produced it (the parameter,
   * JSON pointer or security scheme, as the error's message or rule names it).
   */
  readonly reason?: string;
  /**
   * The schema `json` is already known to fit (a generated body, checked as it was made), so the
   * success check need not parse and check it again.
   */
  readonly checked?: CompiledSchema;
  /** The faults of a refused request, for an error shape that lists them (see conformError). */
  readonly issues?: readonly RequestIssue[];
}

/** The content type of every response the mock sends. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A JSON answer. */
export function jsonAnswer(status: number, json: string, headers?: HeaderRecord): Answer {
  return headers ? { status, json, headers } : { status, json };
}

/** The answer for an error: the contract's Error body and the error's own headers. */
export function errorAnswer(error: MockError): Answer {
  const reason = error.rule ?? error.message;
  return {
    status: error.status,
    json: errorBody(error),
    ...(error.headers ? { headers: { ...error.headers } } : {}),
    reason,
    ...(error.issues ? { issues: error.issues } : {}),
  };
}
