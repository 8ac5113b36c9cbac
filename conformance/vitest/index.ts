/**
 * The kit inside a user's own vitest suite: `await describeConformance({ target, apiKey })` in a test
 * file registers one test per operation × check.
 * @packageDocumentation
 */
export { describeConformance } from './describe-conformance.js';
export type { SuiteOptions } from './describe-conformance.js';
