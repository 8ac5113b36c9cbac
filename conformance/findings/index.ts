export type {
  AuthEvidence,
  Basis,
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
  CutPayload,
  ProtocolEvidence,
  Reproducer,
  RequestViolationEvidence,
  RequestRecord,
  ResponseRecord,
  SchemaIssueEvidence,
  SchemaSource,
  SemanticEvidence,
  Severity,
} from './finding.js';
export type { CheckTally, RunReport, Verdict } from './report.js';
export type { ContractCoverage, CoverageRatio, OperationCoverage, ResponseCell } from './coverage.js';
export { settleTallies } from './tallies.js';
export { basisOf, settleFinding, specBasis } from './basis.js';
export { cutBody, cutFindingBodies, EVIDENCE_BODY_CHARS } from './cut-bodies.js';
