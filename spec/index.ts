/**
 * The one module that reads the OpenAPI spec. The mock and the conformance kit import from here.
 * @packageDocumentation
 */
export { NOT_FOUND_WORDS, sentencesOf, specWords, type SpecWords } from './spec-words.js';
export {
  invalidInputRefusal,
  refusesMissingOnly,
  refusesStateOnly,
  stateRefusal,
  undeclaredCredentialRefusal,
} from './invalid-input-refusal.js';
export { maskWriteOnly, MASKED } from './mask-write-only.js';
export { loadSpec, DEFAULT_SPEC_PATH } from './load-spec.js';
export type { LoadSpecOptions } from './load-spec.js';
export { specFromDocument } from './spec-from-document.js';
export { isSafeMethod } from './safe-method.js';
export type { SpecFromDocumentOptions } from './spec-from-document.js';
export { checkParameterText } from './parameters/check-parameter-text.js';
export { cookiePairs } from './parameters/index.js';
export { INTEGER_FORMATS, integerFormatRange } from './integer-formats.js';
export type { ParsedParameter } from './parameters/check-parameter-text.js';
export { SpecLoadError } from './spec-load-error.js';
export { schemaNameOf } from './schema-name.js';
export { isKnownFormat } from './known-format.js';
export { fitsFingerprint } from './fingerprint.js';
export type { OperationFingerprint } from './fingerprint.js';
export { inferResources, loadResourceConfig, findResourceConfig, ResourceConfigError } from './resources/index.js';
export type {
  CollectionModel,
  OperationAssignment,
  OperationRole,
  ResourceConfig,
  ResourceModel,
} from './resources/index.js';
export {
  acceptCredentials,
  challengeOf,
  evaluate,
  handlerFor,
  operationSecurity,
  requiresAuth,
  schemesIn,
  schemesOf,
} from './security/index.js';
export type { Credential, CredentialVariant, OperationSecurity, SecurityScheme } from './security/index.js';
export type { SpecLoadErrorCode } from './spec-load-error.js';
export type {
  CompiledSchema,
  DeprecationModel,
  EncodingModel,
  HeaderModel,
  LinkModel,
  MediaTypeModel,
  SchemaDirection,
  HttpMethod,
  JsonSchema,
  OperationModel,
  ParameterModel,
  RequestBodyModel,
  ResponseModel,
  SchemaIssue,
  SecuritySchemeModel,
  SpecModel,
  ValidationResult,
} from './model.js';
export {
  GRID_POINTS,
  integerArbitrary,
  integerBounds,
  integerSpread,
  landmarksOf,
  lengthLadder,
  magnitudeArbitrary,
  mergeAllOf,
  patternArbitrary,
  patternValue,
  fitsParsedSyntax,
  nameWords,
  parsedTextFor,
  plausibleFor,
  sampleValue,
  schemaArbitrary,
  schemaSample,
  seededGenerator,
  seededRandom,
  seededRandomSource,
  stringArbitrary,
  wireInteger,
  withoutLookarounds,
} from './generate/index.js';
export type { SeededGenerator, ValueOptions, WireJson } from './generate/index.js';
