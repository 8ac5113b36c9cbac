/** The request header that asks for a fault on one request. */
export const FAULT_HEADER = 'x-mock-fault';
/** Longest delay a fault may add (30 s), as for `X-Mock-Delay`, so a typo cannot hang a test run. */
export const MAX_FAULT_DELAY_MS = 30_000;
/** Longest pause between two chunks of a drip (1 s): at most {@link DRIP_CHUNKS} pauses per answer. */
export const MAX_DRIP_INTERVAL_MS = 1_000;
/** How many pieces a dripped body is cut into, at most. */
export const DRIP_CHUNKS = 20;

/** What happens to the answer instead of (or on top of) sending it whole. */
export type FaultAction =
  /** Answer this status with an Error body, without running the operation (nothing is stored). */
  | { readonly kind: 'status'; readonly status: number }
  /** Close the connection with a TCP reset, nothing sent. */
  | { readonly kind: 'reset' }
  /** Close the connection without sending a byte. */
  | { readonly kind: 'empty' }
  /** Send the answer's status and headers with a body no JSON parser accepts. */
  | { readonly kind: 'malformed' }
  /** Send the headers at once, then the body in pieces, one every `intervalMs`. */
  | { readonly kind: 'drip'; readonly intervalMs: number };

/** A fault as data: an added delay (fixed when min = max), an action, or both. */
export interface Fault {
  readonly delay?: { readonly minMs: number; readonly maxMs: number };
  readonly action?: FaultAction;
  /** Where it came from, for the log and the request list: `header` or the config key. */
  readonly origin: string;
}
