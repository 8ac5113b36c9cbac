/**
 * Security from the spec's schemes, shared by the mock and the conformance kit: the model of schemes
 * and requirements, one handler per scheme kind (attach, verify, challenge, variants, secrets), and the
 * OR-of-ANDs evaluation of a request.
 * @packageDocumentation
 */
export { acceptCredentials } from './accept-credentials.js';
export type { AcceptInput } from './accept-credentials.js';
export { challengeOf, evaluate } from './evaluate.js';
export type { AcceptedFor, Evaluation } from './evaluate.js';
export { handlerFor } from './handler-for.js';
export { UNKNOWN_KEY, secretOf } from './handlers/index.js';
export type { ChallengeOptions, SchemeHandler } from './handlers/index.js';
export { accessOf, operationSecurity, requiresAuth, schemesIn } from './operation-security.js';
export { schemeOf, schemesOf } from './schemes-of.js';
export { toAuthRequest } from './to-auth-request.js';
export type {
  AcceptedCredentials,
  Access,
  ApiKeyLocation,
  Attachment,
  AuthRequest,
  Credential,
  CredentialVariant,
  Expectation,
  OperationSecurity,
  Part,
  Requirement,
  SchemeKind,
  SchemeUse,
  SecurityScheme,
  Verdict,
} from './model.js';
export { alternativeFor, attachRequirement, mergeAttachments, usableAlternatives } from './attach-requirement.js';
export type { CredentialOf } from './attach-requirement.js';
export { authMatrix } from './auth-matrix.js';
export type { MatrixEntry } from './auth-matrix.js';
