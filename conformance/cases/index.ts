export type { AuthVariant, Case, CaseBody, EdgeReason, InvalidReason, WireJson } from './case.js';
export { authExpectation } from './auth-expectation.js';
export { keyMembers } from './key-in-body.js';
export type { Exchange, ReceivedResponse, TransportFailure } from './exchange.js';
export { bodyNamesAnother, type RenamedResource } from './body-names-another.js';
export { sentJson } from './sent-json.js';
