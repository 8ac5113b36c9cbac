import { buildSpecModel, hasExternalRef } from './build-spec-model.js';
import { classifyDocument } from './_internals/classify-document.js';
import { parseDocumentText } from './_internals/parse-document-text.js';
import type { SpecModel } from './model.js';
import { SpecLoadError } from './spec-load-error.js';

/** Options of {@link specFromDocument}. */
export interface SpecFromDocumentOptions {
  /** What the model's `file` and every error call the document (a URL, a name). Default `openapi document`. */
  readonly name?: string;
  /** Base path to serve under instead of the one `servers[0]` gives (e.g. `/v1`, or `''`). */
  readonly basePath?: string;
}

/**
 * The spec model of an OpenAPI 3.0 or 3.1 document given as an object, or as its YAML or JSON text:
 * the same model {@link loadSpec} builds from a file, through the same builder, with no file system
 * (the browser mock's loader). The object is copied, never changed. Unlike {@link loadSpec}, it
 * neither follows `$ref`s to other files or URLs (bundle the document first), nor converts Swagger
 * 2.0, nor checks the document against the OpenAPI JSON Schema.
 *
 * @throws {@link SpecLoadError}: `spec_unparseable` (not YAML, JSON or an object), `spec_unsupported`
 * (not OpenAPI 3.x), `spec_invalid` (an external `$ref`, no paths, a `$ref` that cannot be followed).
 */
export function specFromDocument(document: unknown, options: SpecFromDocumentOptions = {}): SpecModel {
  const name = options.name ?? 'openapi document';
  const parsed = typeof document === 'string' ? parseDocumentText(document, name) : document;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new SpecLoadError('spec_unparseable', name, 'the document is not an object');
  const copy = structuredClone(parsed) as Record<string, unknown>;
  const kind = classifyDocument(copy, name);
  if (kind.format === 'swagger-2.0')
    throw new SpecLoadError(
      'spec_unsupported',
      name,
      'Swagger 2.0 is converted only when read from a file (loadSpec); convert it to OpenAPI 3 first',
    );
  if (hasExternalRef(copy))
    throw new SpecLoadError(
      'spec_invalid',
      name,
      'a $ref cannot be resolved: it points outside the document; bundle the document into one first',
    );
  return buildSpecModel(copy, {
    file: name,
    ...kind,
    ...(options.basePath !== undefined ? { basePath: options.basePath } : {}),
  });
}
