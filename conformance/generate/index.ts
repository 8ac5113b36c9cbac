export {
  schemaArbitrary,
  integerArbitrary,
  stringArbitrary,
  mergeAllOf,
  landmarksOf,
  wireInteger,
} from '../../spec/index.js';
export type { ValueOptions } from '../../spec/index.js';
export {
  validCaseArbitrary,
  requestPartsArbitrary,
  toValidCase,
  declaredProperties,
  sendsJson,
  parameterArbitrary,
  isCredential,
  satisfiable,
} from './valid-case.js';
export type { KnownValues, RequestParts } from './valid-case.js';
export { invalidCaseArbitrary, applyMutation, isStillInvalid } from './invalid-case.js';
export { mutationsOf } from './mutations.js';
export { bodyExtremes, coverageValidCases, coverageInvalidCases, ordinaryParts } from './coverage.js';
export { ACCEPT_HEADERS, ExistingValue, JSON_CONTENT_TYPES } from './valid-case.js';
export { hasLoneSurrogate, sameBesideLoneSurrogates, wellFormedText } from './lone-surrogates.js';
export type { Mutation } from './mutations.js';
export { ASSUMED_CREDENTIALS, authCaseArbitrary, authEntries, BAD_AUTH, GOOD_AUTH } from './auth-case.js';
export type { AuthFields } from './auth-case.js';
export { edgeOf, ORDINARY_STRING_LIMIT } from './edge.js';
export { isFreeText } from './free-text.js';
export { toPlainJson, parameterText } from './wire.js';
