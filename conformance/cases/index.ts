export type { AuthVariant, Case, CaseBody, EdgeReason, InvalidReason, WireJson } from './case.js';
export type { Exchange, ReceivedResponse, TransportFailure } from './exchange.js';
