/**
 * The conformance kit: certify any implementation of the spec, or show where it breaks it.
 * @packageDocumentation
 */
export { runConformance, RunError } from './engine/run-conformance.js';
export type { ConformanceOptions, RunProgress } from './engine/options.js';
export { createKitCredentials, CredentialError } from './send/index.js';
export type { CredentialInput, KitCredentials } from './send/index.js';
export type {
  CheckTally,
  Finding,
  FindingCode,
  Reproducer,
  RequestRecord,
  ResponseRecord,
  RunReport,
  Severity,
  Verdict,
} from './findings/index.js';
export type { Case, Exchange } from './cases/index.js';
export { extendRules, type RulesExtension } from './domain/extend-rules.js';
export { genericRules } from './domain/generic/index.js';
export type { DomainRules, SequenceProperty } from './domain/rules.js';
