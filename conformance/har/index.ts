/**
 * Recorded traffic as tests: a HAR file's requests replayed against a target with the run's
 * credentials and judged by every check.
 * @packageDocumentation
 */
export { replayHar, routeEntry } from './replay-har.js';
export { withRecordedExamples } from './recorded-examples.js';
export type { HarReplay } from './replay-har.js';
export { withHarReplay } from './with-har-replay.js';
