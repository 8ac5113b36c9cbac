/**
 * The mock's admin routes beyond reset: the request log (`GET`/`DELETE /__mock/requests`) and the
 * served spec (`GET /__mock/openapi.json`).
 * @packageDocumentation
 */
export { MAX_LOGGED_BODY, REQUEST_LOG_CAPACITY, createRequestLog, redactHeaders } from './request-log.js';
export type { ListedRequest, ReceivedRequest, RequestLog } from './request-log.js';
export { specDocument } from './spec-document.js';
