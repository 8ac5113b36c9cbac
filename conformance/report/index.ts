/**
 * Reports: pure functions of a `RunReport` that render it for people (console, HTML certificate) and
 * for CI (JUnit XML, JSON), plus the live progress display and the one function that writes files.
 */
export { renderConsoleReport, shouldUseColor } from './console.js';
export type { ConsoleOptions } from './console.js';
export { describeBoundary, describeFinding } from './describe-finding.js';
export { joinUrl, renderCurl } from './curl.js';
export { shellWord } from './_internals/shell.js';
export type { CurlOptions } from './curl.js';
export { renderHtml } from './html.js';
export type { HtmlOptions } from './html.js';
export { renderJson, toJsonReport } from './json.js';
export type { JsonOptions } from './json.js';
export type { JsonFinding, JsonFindingOf, JsonReport } from './json-report.js';
export { renderJUnit } from './junit.js';
export type { JUnitOptions } from './junit.js';
export { createProgress, progressMode } from './progress.js';
export type { Progress, ProgressMode, ProgressOptions, ProgressStats, ProgressStream } from './progress.js';
export { API_KEY_PLACEHOLDER, REDACTED, redact, redactText, secretsFromEnv } from './redact.js';
export { renderReproducer, reproducerView } from './reproducer.js';
export type { ReproducerOptions, ReproducerView } from './reproducer.js';
export { MergeError, mergeReports } from './merge-reports.js';
export { writeReports } from './write-reports.js';
export type { ReportFiles } from './write-reports.js';
