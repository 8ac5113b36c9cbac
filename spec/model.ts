import type { ValidateFunction } from 'ajv';

/** A JSON Schema object as found in the dereferenced spec (2020-12 dialect). */
export type JsonSchema = Record<string, unknown>;

/** HTTP methods an OpenAPI path item can hold, lower-case as in the spec. */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** Result of validating a value: ok, or the ajv errors rendered as data. */
export type ValidationResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly errors: readonly SchemaIssue[] };

/** One schema violation: where (JSON pointer into the value), which keyword, and a readable message. */
export interface SchemaIssue {
  readonly pointer: string;
  readonly keyword: string;
  readonly message: string;
}

/** A compiled schema, ready to validate parsed JSON values. */
export interface CompiledSchema {
  readonly schema: JsonSchema;
  /** Validates a value; never throws. */
  validate(value: unknown): ValidationResult;
  /** The raw ajv function, for callers that need ajv's own error objects. */
  readonly ajv: ValidateFunction;
}

/** A query, path or header parameter of an operation. */
export interface ParameterModel {
  readonly name: string;
  readonly in: 'query' | 'path' | 'header' | 'cookie';
  readonly required: boolean;
  readonly description?: string;
  readonly schema: CompiledSchema;
  readonly examples: readonly unknown[];
}

/** The request body of an operation (only JSON bodies are modelled). */
export interface RequestBodyModel {
  readonly required: boolean;
  readonly mediaTypes: readonly string[];
  readonly schema: CompiledSchema;
  /** Named examples of the body, by name. */
  readonly examples: Readonly<Record<string, unknown>>;
}

/** One documented response of an operation. */
export interface ResponseModel {
  /** Status code as written in the spec: `"200"`, `"4XX"` or `"default"`. */
  readonly status: string;
  readonly description: string;
  readonly mediaTypes: readonly string[];
  /** The JSON body's schema, when the response has one. */
  readonly schema?: CompiledSchema;
  readonly examples: Readonly<Record<string, unknown>>;
}

/** A resolved security requirement: every alternative lists the schemes it needs. */
export interface SecuritySchemeModel {
  readonly name: string;
  readonly type: string;
  /** For `type: http`: the scheme name, lower-case (`bearer`, `basic`). */
  readonly scheme?: string;
}

/** Deprecation facts of an operation, from `deprecated` and the `x-sunset` / `x-replaced-by` extensions. */
export interface DeprecationModel {
  /** Removal date, ISO `YYYY-MM-DD`, when the spec records one. */
  readonly sunset?: string;
  /** The successor operation, when the spec records one. */
  readonly replacedBy?: { readonly operationId: string; readonly method: string; readonly path: string };
}

/** One operation of the spec, with everything the mock and the kit need, validators compiled once. */
export interface OperationModel {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Path template relative to the base path, e.g. `/pets/{petId}`. */
  readonly path: string;
  readonly summary?: string;
  readonly parameters: readonly ParameterModel[];
  readonly requestBody?: RequestBodyModel;
  /** Documented responses keyed by status as written (`"200"`). */
  readonly responses: Readonly<Record<string, ResponseModel>>;
  /** Alternatives of security requirements; empty means no auth. */
  readonly security: readonly (readonly SecuritySchemeModel[])[];
  /** `deprecated` is set, with whatever the spec records about sunset and successor. */
  readonly deprecation?: DeprecationModel;
  /** Matches a concrete path (without the base path) and extracts raw path parameter strings. */
  matchPath(path: string): Record<string, string> | undefined;
  /** Finds the documented response for a status: exact code, then `NXX`, then `default`. */
  responseFor(status: number): ResponseModel | undefined;
}

/** The loaded spec: the one model mock and kit share. */
export interface SpecModel {
  readonly title: string;
  readonly version: string;
  /** Absolute path of the spec file that was loaded. */
  readonly file: string;
  /** Base path from the first server URL, e.g. `/v1` (empty string for none). */
  readonly basePath: string;
  readonly servers: readonly { readonly url: string; readonly description?: string }[];
  readonly operations: readonly OperationModel[];
  /** Schemas under `components.schemas`, compiled. */
  readonly schemas: Readonly<Record<string, CompiledSchema>>;
  /** The dereferenced OpenAPI document (read-only by convention). */
  readonly document: Readonly<Record<string, unknown>>;
  /** Looks an operation up by its operationId. */
  operation(operationId: string): OperationModel | undefined;
  /** Compiles (and caches) a validator for any schema object found in the document. */
  compile(schema: JsonSchema): CompiledSchema;
}
