export type { Finding, FindingCode, Severity, RequestRecord, ResponseRecord, Reproducer } from './finding.js';
export type { CheckTally, RunReport, Verdict } from './report.js';
