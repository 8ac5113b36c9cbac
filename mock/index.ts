/**
 * The Animal Store mock server: a faithful local fake of the contract, on Prism.
 *
 * - {@link startMock} starts a listening mock (`port: 0` for a free port) and returns its `url`.
 * - {@link createMockServer} builds one without listening, for supertest or embedding.
 * @packageDocumentation
 */
export { startMock } from './start.js';
export type { RunningMock } from './start.js';
export { createMockServer } from './server.js';
export type { MockServer } from './server.js';
export { MOCK_MODES, parseCli, resolveOptions } from './options.js';
export type { CliResult, MockMode, MockOptions, ReloadEvent, ResolvedOptions } from './options.js';
export { DEFAULT_DEV_KEY } from './auth.js';
export { DEFAULT_BODY_LIMIT } from './request-input.js';
export { DEFAULT_STORE_CAPACITY } from './core-options.js';
export { DELAY_HEADER, MAX_HEADER_DELAY_MS } from './delay.js';
export { FAULT_HEADER, MAX_FAULT_DELAY_MS, loadFaultConfig, parseFault } from './faults/index.js';
export type { Fault, FaultAction, FaultConfig, FaultRule } from './faults/index.js';
export { REQUEST_LOG_CAPACITY } from './admin/index.js';
export type { ListedRequest } from './admin/index.js';
export type { MockError, MockErrorCode } from './errors.js';
export type { LogSink } from './log.js';
