/**
 * The package's main entry: the mock server and the conformance kit, with the report writers.
 *
 * - `openapi-contract-kit/mock`: the mock only (does not load the kit).
 * - `openapi-contract-kit/conformance`: the kit only (does not load Prism).
 * - `openapi-contract-kit/vitest`: the kit as a vitest suite, one test per operation × check.
 * - `openapi-contract-kit/msw`: the stateful mock as MSW handlers, for tests without a port.
 * @packageDocumentation
 */
export { createMockServer, DEFAULT_DEV_KEY, startMock } from './mock/index.js';
export type { MockMode, MockOptions, MockServer, RunningMock } from './mock/index.js';
export { runConformance, RunError } from './conformance/index.js';
export type { ConformanceOptions, Finding, RunReport, Verdict } from './conformance/index.js';
export { renderConsoleReport, renderHtml, renderJson, renderJUnit, writeReports } from './conformance/report/index.js';
export type { ReportFiles } from './conformance/report/index.js';
