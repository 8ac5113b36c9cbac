import type { RequestRecord } from '../findings/index.js';
import type { Case } from './case.js';

/** Why no HTTP response came back. */
export type TransportFailure =
  | 'unreachable' // connection refused, DNS failure: the target is not there
  | 'timeout' // no (complete) answer within the per-request timeout
  | 'connection_reset' // the socket closed mid-exchange
  | 'body_too_large' // the response body passed the size cap and was cut off
  | 'headers_too_large' // the response's header block passed the kit's cap (1 MiB): the target did answer
  | 'body_stalled' // a stream's head came (text/event-stream, NDJSON), but its body did not end within the timeout
  | 'protocol_error' // not valid HTTP
  | 'not_selected'; // never sent: the run's selection (--only, --skip, --read-only) leaves its operation out

/** A response as received. The body is kept as text and parsed twice: plainly and losslessly. */
export interface ReceivedResponse {
  readonly status: number;
  /** Header names lower-case; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly bodyText: string;
  /**
   * Set when the body's bytes (after content decoding) are not UTF-8: `bodyText` then holds U+FFFD
   * where they were, so only this flag tells a server's own U+FFFD from bytes of another charset.
   */
  readonly notUtf8?: true;
  /**
   * A content coding the request's Accept-Encoding ruled out, which the answer used anyway (the kit
   * decoded it): RFC 9110 §12.5.3 asks for the content uncoded then, with a SHOULD.
   */
  readonly codingNotAsked?: { readonly coding: string; readonly acceptEncoding: string };
  /** JSON.parse of the body (numbers as doubles), or undefined when the body is not JSON. */
  readonly json?: unknown;
  /** lossless-json parse of the body (integers as LosslessNumber), for exact comparisons. */
  readonly exactJson?: unknown;
  readonly durationMs: number;
  /** When the request was sent (performance.now() of the kit's process), to order exchanges. */
  readonly sentAt: number;
}

/** A case, the exact request sent for it, and what came back. Checks are pure functions of this. */
export type Exchange =
  | {
      readonly case: Case;
      readonly request: RequestRecord;
      readonly response: ReceivedResponse;
      readonly failure?: undefined;
    }
  | {
      readonly case: Case;
      readonly request: RequestRecord;
      readonly response?: undefined;
      readonly failure: { readonly kind: TransportFailure; readonly message: string; readonly durationMs: number };
    };
