import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createCompiler } from './_internals/ajv.js';
import { buildOperations } from './_internals/build-operations.js';
import { schemesOf } from './security/index.js';
import { checkDocument } from './_internals/check-document.js';
import { dereference } from './_internals/dereference.js';
import { normaliseSchemas } from './_internals/normalise-schemas.js';
import { readDocument } from './_internals/read-document.js';
import { basePathOf, resolveServers } from './_internals/servers.js';
import type { CompiledSchema, JsonSchema, SpecModel } from './model.js';
import { recordSchemaNames } from './schema-name.js';
import { SpecLoadError } from './spec-load-error.js';

/** Absolute path of the spec shipped with the project. */
export const DEFAULT_SPEC_PATH = fileURLToPath(new URL('../spec/openapi.yaml', import.meta.url));

/** How {@link loadSpec} reads the document. */
export interface LoadSpecOptions {
  /**
   * Check the document against the official OpenAPI JSON Schema (about 400 ms for the shipped spec).
   * On by default. Turned off only for the unchanged shipped spec at start-up, whose validity a test
   * pins; reloads of an edited file always check.
   */
  readonly schemaCheck?: boolean;
  /** Base path to serve and test under instead of the one `servers[0]` gives (e.g. `/v1`, or `''`). */
  readonly basePath?: string;
}

/**
 * Reads an OpenAPI 3.0 or 3.1 document (YAML or JSON, split across files with relative `$ref`s;
 * Swagger 2.0 is converted on the way in), checks it, normalises every schema to JSON Schema
 * 2020-12, and returns the model of its operations. The mock and the conformance kit both load the
 * spec through this function and nothing else.
 *
 * @throws {@link SpecLoadError} with a code saying whether the file is missing, unparseable,
 * unsupported or invalid, and a message naming the file, the JSON pointer and the fault.
 */
export async function loadSpec(file: string = DEFAULT_SPEC_PATH, options: LoadSpecOptions = {}): Promise<SpecModel> {
  const path = resolve(file);
  const { document: raw, format, declaredVersion } = await readDocument(path);
  let bundled: Record<string, unknown> = raw;
  // Pulls every file a relative $ref names into one document whose $refs are all local. A document
  // whose $refs are all local already is that document (bundling GitHub's would take seconds).
  if (hasExternalRef(raw)) {
    try {
      bundled = (await SwaggerParser.bundle(path, raw as never, {})) as unknown as Record<string, unknown>;
    } catch (error) {
      throw new SpecLoadError(
        'spec_invalid',
        path,
        `a $ref cannot be resolved: ${(error as Error).message.split('\n')[0]}`,
      );
    }
  }
  if (options.schemaCheck ?? true) checkDocument(path, bundled);
  if (typeof bundled.paths !== 'object' || bundled.paths === null) {
    if (bundled.webhooks === undefined)
      throw new SpecLoadError('spec_invalid', path, 'at #/paths: the document has no paths');
  }
  // What Prism reads: the document as written. The model reads a normalised copy.
  const source = structuredClone(bundled);
  const report = normaliseSchemas(bundled, format);
  let view: ReturnType<typeof dereference>;
  try {
    view = dereference(bundled);
  } catch (error) {
    throw new SpecLoadError('spec_invalid', path, (error as Error).message);
  }
  const warnings = [...report.warnings];
  const compile = createCompiler({
    bundled,
    pointerOf: view.pointerOf,
    formats: report.formats,
    hasReadOnly: report.hasReadOnly,
    hasWriteOnly: report.hasWriteOnly,
    warnings,
  });
  const document = view.document;
  const info = (document.info ?? {}) as Record<string, unknown>;
  const servers = resolveServers(document);
  const basePath =
    options.basePath !== undefined
      ? basePathOf(options.basePath)
      : servers.length > 0
        ? basePathOf(servers[0]!.resolvedUrl)
        : '';
  const components = (document.components ?? {}) as Record<string, Record<string, JsonSchema>>;
  const schemas: Record<string, CompiledSchema> = {};
  for (const [name, schema] of Object.entries(components.schemas ?? {}))
    if (typeof schema === 'object' && schema !== null) schemas[name] = compile(schema);
  recordSchemaNames(components.schemas ?? {});
  const operations = buildOperations(document, compile);
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  return {
    title: String(info.title ?? ''),
    version: String(info.version ?? ''),
    file: path,
    format,
    declaredVersion,
    warnings,
    basePath,
    servers,
    operations,
    securitySchemes: schemesOf(document),
    schemas,
    document,
    source,
    operation: (id) => byId.get(id),
    compile,
  };
}

/** Whether any `$ref` of the document points outside it (another file, a URL). */
function hasExternalRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasExternalRef);
  if (typeof node !== 'object' || node === null) return false;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) return true;
    if (typeof value === 'object' && hasExternalRef(value)) return true;
  }
  return false;
}
