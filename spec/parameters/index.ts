/**
 * OpenAPI parameter serialization, both directions: every `style` × `explode` × location of OAS 3.0/3.1,
 * `allowReserved`, and content-typed parameters. Pure data-in/data-out.
 * @packageDocumentation
 */
export { serializeParameter } from './serialize-parameter.js';
export { parseParameter } from './parse-parameter.js';
export { toParameterSpec } from './to-parameter-spec.js';
export type {
  ParameterLocation,
  ParameterParseResult,
  ParameterSpec,
  ParameterStyle,
  ParseParameterOptions,
  SerializedParameter,
} from './parameter-spec.js';
