/**
 * The kit inside a user's own vitest suite: `await describeConformance({ target, apiKey })` in a test
 * file registers one test per operation × check.
 * @packageDocumentation
 */
export { conformanceCases, describeConformance } from './describe-conformance.js';
export type { ConformanceCase, SuiteOptions } from './describe-conformance.js';
