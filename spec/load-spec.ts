import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { buildSpecModel, hasExternalRef } from './build-spec-model.js';
import { checkDocument } from './_internals/check-document.js';
import { encodeSegment } from './json/index.js';
import { repairDocument } from './_internals/repair-document.js';
import { readDocument } from './_internals/read-document.js';
import type { SpecModel } from './model.js';
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
  /**
   * Security schemes the document's requirements name but `components.securitySchemes` does not
   * define, as the caller knows them (the kit, from the credential header a run is given): each is
   * added and said among the repairs. A scheme the document defines is never replaced.
   */
  readonly defineSchemes?: Readonly<Record<string, { readonly scheme: Record<string, unknown>; readonly why: string }>>;
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
  // Faults whose meaning is plain are repaired first, and said in the model's warnings.
  const repairs = repairDocument(bundled);
  for (const [name, { scheme, why }] of Object.entries(options.defineSchemes ?? {})) {
    const components = (bundled.components ??= {}) as Record<string, unknown>;
    const schemes = (components.securitySchemes ??= {}) as Record<string, unknown>;
    if (name in schemes) continue;
    schemes[name] = scheme;
    repairs.push(`#/components/securitySchemes/${encodeSegment(name)}: ${why}`);
  }
  if (options.schemaCheck ?? true) repairs.push(...checkDocument(path, bundled));
  return buildSpecModel(bundled, {
    file: path,
    repairs,
    format,
    declaredVersion,
    ...(options.basePath !== undefined ? { basePath: options.basePath } : {}),
  });
}
