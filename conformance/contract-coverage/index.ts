/**
 * Contract coverage: what a run's or a proxy session's traffic exercised of the contract
 * (operations × documented statuses × media types, parameters and body members sent), and what
 * it never reached.
 * @packageDocumentation
 */
export { createCoverageTracker, membersOf, mergeCoverage, observationOf, summarizeCoverage } from './track-coverage.js';
export type { CoverageObservation, CoverageTracker } from './track-coverage.js';
export { coverageShortfall, uncovered } from './uncovered.js';
