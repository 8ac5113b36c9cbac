import type { OperationSecurity, SecurityScheme } from './security/index.js';
import type { ValidateFunction } from 'ajv';

/** A JSON Schema object as found in the dereferenced spec (2020-12 dialect). */
export type JsonSchema = Record<string, unknown>;

/** HTTP methods an OpenAPI path item can hold, lower-case as in the spec. */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** Result of validating a value: ok, or the ajv errors rendered as data. */
export type ValidationResult = { readonly ok: true } | { readonly ok: false; readonly errors: readonly SchemaIssue[] };

/** One schema violation: where (JSON pointer into the value), which keyword, and a readable message. */
export interface SchemaIssue {
  readonly pointer: string;
  readonly keyword: string;
  readonly message: string;
  /**
   * Set on a `oneOf` the value matched more than one branch of: the branches overlap for it, so the
   * fault may lie with the spec (a `oneOf` written where `anyOf` was meant) as much as with the value.
   */
  readonly ambiguous?: true;
}

/**
 * Which side of an exchange a schema is checked for: in requests `readOnly` members are never
 * required, in responses `writeOnly` members are never required.
 */
export type SchemaDirection = 'request' | 'response';

/** A compiled schema, ready to validate parsed JSON values. */
export interface CompiledSchema {
  readonly schema: JsonSchema;
  /** Validates a value; never throws. */
  validate(value: unknown): ValidationResult;
  /** The raw ajv function, for callers that need ajv's own error objects. */
  readonly ajv: ValidateFunction;
}

/** A path, query, header or cookie parameter of an operation, with how it is written on the wire. */
export interface ParameterModel {
  readonly name: string;
  /** Where the parameter is written in the document (path-level or operation-level `parameters`). */
  readonly pointer: string;
  readonly in: 'query' | 'path' | 'header' | 'cookie';
  readonly required: boolean;
  readonly description?: string;
  readonly deprecated?: boolean;
  /** The value's schema (for a `content`-typed parameter, the schema of its one media type). */
  readonly schema: CompiledSchema;
  readonly examples: readonly unknown[];
  /** Serialization style, defaults applied: `form` for query and cookie, `simple` for path and header. */
  readonly style: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'simple' | 'label' | 'matrix';
  /** Defaults applied: true for `form`, false otherwise. */
  readonly explode: boolean;
  readonly allowReserved: boolean;
  /** Set for a parameter described by `content` instead of `schema`: its value is that media type's text. */
  readonly contentType?: string;
}

/** How one member of a form or multipart body is written (the OpenAPI Encoding object). */
export interface EncodingModel {
  readonly contentType?: string;
  readonly style?: string;
  readonly explode?: boolean;
  readonly allowReserved?: boolean;
}

/** One media type of a request or response body. */
export interface MediaTypeModel {
  /** As written in the spec, e.g. `application/json`, `application/*`, `text/plain; charset=utf-8`. */
  readonly mediaType: string;
  readonly schema?: CompiledSchema;
  /** Named examples, by name (`default` for a lone `example`). */
  readonly examples: Readonly<Record<string, unknown>>;
  readonly encoding?: Readonly<Record<string, EncodingModel>>;
}

/** The request body of an operation. */
export interface RequestBodyModel {
  readonly required: boolean;
  readonly mediaTypes: readonly string[];
  /** Every media type the body may be sent in, by media type as written. */
  readonly content: Readonly<Record<string, MediaTypeModel>>;
  /** The schema of the preferred media type (JSON when there is one); `{}` when none is given. */
  readonly schema: CompiledSchema;
  /** The preferred media type (JSON when there is one), as written. */
  readonly preferredMediaType?: string;
  /** Named examples of the preferred media type, by name. */
  readonly examples: Readonly<Record<string, unknown>>;
}

/** A response header the spec documents. */
export interface HeaderModel {
  readonly name: string;
  readonly required: boolean;
  readonly schema?: CompiledSchema;
  readonly description?: string;
}

/** An OpenAPI link from a response to another operation. */
export interface LinkModel {
  readonly name: string;
  readonly operationId?: string;
  readonly operationRef?: string;
  /** Parameter name → runtime expression (`$response.body#/id`) or constant. */
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly requestBody?: unknown;
}

/** One documented response of an operation. */
export interface ResponseModel {
  /** Status code as written in the spec: `"200"`, `"4XX"` or `"default"`. */
  readonly status: string;
  readonly description: string;
  readonly mediaTypes: readonly string[];
  readonly content: Readonly<Record<string, MediaTypeModel>>;
  /** The schema of the preferred media type (JSON when there is one), when it has one. */
  readonly schema?: CompiledSchema;
  readonly examples: Readonly<Record<string, unknown>>;
  /** Documented headers, by lower-case name. */
  readonly headers: Readonly<Record<string, HeaderModel>>;
  readonly links: readonly LinkModel[];
}

/** A security scheme of the document, keyed on `kind` (see spec/security). */
export type SecuritySchemeModel = SecurityScheme;

/** Deprecation facts of an operation, from `deprecated` and the `x-sunset` / `x-replaced-by` extensions. */
export interface DeprecationModel {
  /** Removal date, ISO `YYYY-MM-DD`, when the spec records one. */
  readonly sunset?: string;
  /** The successor operation, when the spec records one. */
  readonly replacedBy?: { readonly operationId: string; readonly method: string; readonly path: string };
}

/** One operation of the spec, with everything the mock and the kit need, validators compiled once. */
export interface OperationModel {
  /** The spec's operationId, or `<method> <path>` when it has none (made unique when repeated). */
  readonly operationId: string;
  /** Where the operation is in the document, e.g. `/paths/~1pets/get`. */
  readonly pointer: string;
  readonly tags: readonly string[];
  readonly method: HttpMethod;
  /** Path template relative to the base path, e.g. `/pets/{petId}`. */
  readonly path: string;
  readonly summary?: string;
  /** The operation's `description`, for rules the spec states in words (a list's order). */
  readonly description?: string;
  readonly parameters: readonly ParameterModel[];
  readonly requestBody?: RequestBodyModel;
  /** Documented responses keyed by status as written (`"200"`). */
  readonly responses: Readonly<Record<string, ResponseModel>>;
  /**
   * Alternatives (OR) of requirements (AND), with `access` public, optional or required
   * (`requiresAuth(operation.security)` from spec/security asks "must a caller authenticate?").
   */
  readonly security: OperationSecurity;
  /** `deprecated` is set, with whatever the spec records about sunset and successor. */
  readonly deprecation?: DeprecationModel;
  /**
   * The OAuth2 scheme whose flow names this operation's path as its `tokenUrl`: the operation is
   * that scheme's token endpoint, and RFC 6749 governs its answers (§5.2: a grant or client it does
   * not accept gets 400 or 401).
   */
  readonly tokenEndpointOf?: string;
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
  /** The document's servers; `resolvedUrl` has every variable replaced by its default. */
  readonly servers: readonly { readonly url: string; readonly description?: string; readonly resolvedUrl: string }[];
  readonly operations: readonly OperationModel[];
  /** The document's security schemes (`components.securitySchemes`), by name, in document order. */
  readonly securitySchemes: ReadonlyMap<string, SecurityScheme>;
  /** Which kind of document the file was (Swagger 2.0 is converted to OpenAPI 3.0 on load). */
  readonly format: 'openapi-3.0' | 'openapi-3.1' | 'swagger-2.0';
  /** The version the file declared: `3.0.3`, `3.1.0`, `2.0`. */
  readonly declaredVersion: string;
  /** What the loader had to change or leave unchecked (a pattern that is not ECMA-262, ...), by JSON pointer. */
  /** What the loader repaired in the document to read it, JSON pointer first (also among `warnings`). */
  readonly repairs?: readonly string[];
  readonly warnings: readonly string[];
  /**
   * The bundled document as written (every `$ref` local, 3.0 schemas not normalised): what Prism
   * transforms, exactly as raw Prism would read the file.
   */
  readonly source: Readonly<Record<string, unknown>>;
  /** Schemas under `components.schemas`, compiled (response view). */
  readonly schemas: Readonly<Record<string, CompiledSchema>>;
  /**
   * The dereferenced OpenAPI document, schemas normalised to JSON Schema 2020-12 (read-only by
   * convention). Recursive schemas are cycles: walk it with a depth limit.
   */
  readonly document: Readonly<Record<string, unknown>>;
  /** Looks an operation up by its operationId. */
  operation(operationId: string): OperationModel | undefined;
  /** Compiles (and caches) a validator for any schema object found in the document, for requests or responses (the default). */
  compile(schema: JsonSchema, direction?: SchemaDirection): CompiledSchema;
}
