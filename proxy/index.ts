/**
 * The validating proxy: forwards live traffic to a real server and judges both directions against
 * the spec with the spec model's validators and the kit's checks; violations are the kit's findings.
 * @packageDocumentation
 */
export { runProxyCli } from './cli.js';
export type { ProxyCliIo } from './cli.js';
export { PROXY_HELP, parseProxyCli } from './options.js';
export type { ProxyCliOptions, ProxyCliResult } from './options.js';
export { startProxy } from './server.js';
export type { PassedExchange, ProxyOptions, RunningProxy } from './server.js';
export { FAIL_ON, createSession } from './session.js';
export type { FailOn, ProxySession } from './session.js';
export { requestViolations } from './validate-request.js';
export type { LiveRequest, RequestViolation } from './validate-request.js';
export { judgeResponse, liveExchange } from './judge-response.js';
export { MAX_PAYLOAD, capPayload } from './payload.js';
export type { CappedPayload } from './payload.js';
export { createHarRecorder, harEntry, readHar } from './har.js';
export type { Har, HarEntry, HarOptions, HarPair, HarRecorder, SeenExchange } from './har.js';
export { decodeContent } from './content-coding.js';
