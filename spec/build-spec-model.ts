import { createCompiler } from './_internals/ajv.js';
import { requiredByRepairOf } from './_internals/repair-document.js';
import { buildOperations, undeclaredPathParameters } from './_internals/build-operations.js';
import { dereference } from './_internals/dereference.js';
import { normaliseSchemas } from './_internals/normalise-schemas.js';
import type { SourceFormat } from './_internals/classify-document.js';
import { basePathOf, resolveServers } from './_internals/servers.js';
import type { CompiledSchema, JsonSchema, SpecModel } from './model.js';
import { recordSchemaNames } from './schema-name.js';
import { schemesOf } from './security/index.js';
import { SpecLoadError } from './spec-load-error.js';

/** Where a document came from, as {@link buildSpecModel} records it. */
export interface DocumentSource {
  /** The file (or URL, or name) the model names in `file` and in every error. */
  readonly file: string;
  readonly format: SourceFormat;
  readonly declaredVersion: string;
  /** Base path to serve and test under instead of the one `servers[0]` gives. */
  readonly basePath?: string;
  /** What the loader repaired in the document before checking it (repairDocument), as warnings. */
  readonly repairs?: readonly string[];
}

/**
 * The spec model of an OpenAPI 3.x document already read, bundled (every `$ref` local) and checked:
 * normalises every schema to JSON Schema 2020-12, compiles the validators and builds the operations.
 * Reads no file: {@link loadSpec} calls it after reading one, the browser mock with a document object
 * (see {@link specFromDocument}).
 *
 * @throws {@link SpecLoadError} `spec_invalid` for a document with no paths or a `$ref` that cannot be followed.
 */
export function buildSpecModel(bundled: Record<string, unknown>, from: DocumentSource): SpecModel {
  const path = from.file;
  const { format, declaredVersion } = from;
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
  const warnings = [...(from.repairs ?? []), ...report.warnings];
  const compile = createCompiler({
    bundled,
    pointerOf: view.pointerOf,
    formats: report.formats,
    hasReadOnly: report.hasReadOnly,
    hasWriteOnly: report.hasWriteOnly,
    requiredByRepair: requiredByRepairOf(bundled),
    warnings,
  });
  const document = view.document;
  const info = (document.info ?? {}) as Record<string, unknown>;
  const servers = resolveServers(document);
  const basePath =
    from.basePath !== undefined
      ? basePathOf(from.basePath)
      : servers.length > 0
        ? basePathOf(servers[0]!.resolvedUrl)
        : '';
  const components = (document.components ?? {}) as Record<string, Record<string, JsonSchema>>;
  const schemas: Record<string, CompiledSchema> = {};
  for (const [name, schema] of Object.entries(components.schemas ?? {}))
    if (typeof schema === 'object' && schema !== null) schemas[name] = compile(schema);
  recordSchemaNames(components.schemas ?? {});
  const operations = buildOperations(document, compile);
  warnings.push(...undeclaredPathParameters(document));
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  return {
    title: String(info.title ?? ''),
    version: String(info.version ?? ''),
    file: path,
    format,
    declaredVersion,
    warnings,
    ...(from.repairs && from.repairs.length > 0 ? { repairs: from.repairs } : {}),
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
export function hasExternalRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasExternalRef);
  if (typeof node !== 'object' || node === null) return false;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) return true;
    if (typeof value === 'object' && hasExternalRef(value)) return true;
  }
  return false;
}
