/**
 * OpenAPI parameter serialization, both directions: every `style` × `explode` × location of OAS 3.0/3.1,
 * `allowReserved`, and content-typed parameters. Pure data-in/data-out. Beside it, {@link checkParameterText}
 * types and validates one already-decoded text against an operation's model.
 * @packageDocumentation
 */
export { serializeParameter } from './serialize-parameter.js';
export { parseParameter } from './parse-parameter.js';
export { checkParameterText } from './check-parameter-text.js';
export type { ParsedParameter } from './check-parameter-text.js';
export { toParameterSpec } from './to-parameter-spec.js';
export { decodePercent } from './decode-percent.js';
export { cookiePairs } from './_internals/pairs.js';
export type {
  ParameterLocation,
  ParameterParseResult,
  ParameterSpec,
  ParameterStyle,
  ParseParameterOptions,
  SerializedParameter,
} from './parameter-spec.js';
