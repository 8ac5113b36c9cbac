export type {
  AuthEvidence,
  BodyCut,
  CarriedValue,
  Boundary,
  EvidenceByCode,
  Finding,
  FindingCode,
  FindingContext,
  FindingOf,
  GapEvidence,
  HeaderProblem,
  InvalidEvidence,
  ItemRef,
  ProbeTarget,
  ProtocolEvidence,
  Reproducer,
  RequestRecord,
  ResponseRecord,
  SchemaIssueEvidence,
  SchemaSource,
  SemanticEvidence,
  Severity,
} from './finding.js';
export type { CheckTally, RunReport, Verdict } from './report.js';
export { settleTallies } from './tallies.js';
export { cutBody, cutFindingBodies, EVIDENCE_BODY_CHARS } from './cut-bodies.js';
