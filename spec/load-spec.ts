import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse as parseYaml } from 'yaml';
import { createCompiler } from './_internals/ajv.js';
import { buildOperations } from './_internals/build-operations.js';
import type { CompiledSchema, JsonSchema, SpecModel } from './model.js';
import { SpecLoadError } from './spec-load-error.js';

/** Absolute path of the spec shipped with the project. */
export const DEFAULT_SPEC_PATH = fileURLToPath(new URL('../spec/openapi.yaml', import.meta.url));

/**
 * Reads, validates and dereferences an OpenAPI 3.1 file once, compiles every schema it needs,
 * and returns the model of its operations. The mock and the conformance kit both load the spec
 * through this function and nothing else.
 *
 * @throws {@link SpecLoadError} with a code saying whether the file is missing, unparseable or invalid.
 */
/** How thoroughly {@link loadSpec} checks the document. */
export interface LoadSpecOptions {
  /**
   * Check the document against the OpenAPI 3.1 JSON Schema (about 400 ms). On by default. Turned
   * off only for the unchanged shipped spec at start-up, whose validity a test pins; reloads of an
   * edited file always check.
   */
  readonly schemaCheck?: boolean;
}

export async function loadSpec(file: string = DEFAULT_SPEC_PATH, options: LoadSpecOptions = {}): Promise<SpecModel> {
  const path = resolve(file);
  let text: string;
  try {
    if (!(await stat(path)).isFile()) throw new Error('not a file');
    text = await readFile(path, 'utf8');
  } catch {
    throw new SpecLoadError('spec_not_found', path, 'no such file');
  }
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    throw new SpecLoadError('spec_unparseable', path, `not valid YAML or JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new SpecLoadError('spec_unparseable', path, 'the document is not an object');
  }
  const openapi = (raw as Record<string, unknown>).openapi;
  if (typeof openapi !== 'string' || !openapi.startsWith('3.1')) {
    throw new SpecLoadError('spec_unsupported', path, `expected "openapi: 3.1.x", found ${JSON.stringify(openapi ?? null)}`);
  }
  let document: Record<string, unknown>;
  try {
    // validate() checks the document against the OpenAPI schema and dereferences it; handing it the
    // document already parsed saves a second read and YAML parse ($refs still resolve from `path`).
    document = (await SwaggerParser.validate(path, raw as never, {
      dereference: { circular: 'ignore' },
      validate: { schema: options.schemaCheck ?? true, spec: true },
    } as never)) as unknown as Record<string, unknown>;
  } catch (error) {
    throw new SpecLoadError('spec_invalid', path, (error as Error).message.split('\n').slice(0, 6).join(' '));
  }
  return buildModel(path, document);
}

function buildModel(file: string, document: Record<string, unknown>): SpecModel {
  const compile = createCompiler();
  const info = (document.info ?? {}) as Record<string, unknown>;
  const servers = ((document.servers ?? []) as { url: string; description?: string }[]).map((s) => ({ ...s }));
  const basePath = servers.length > 0 ? basePathOf(servers[0]!.url) : '';
  const components = (document.components ?? {}) as Record<string, Record<string, JsonSchema>>;
  const schemas: Record<string, CompiledSchema> = {};
  for (const [name, schema] of Object.entries(components.schemas ?? {})) schemas[name] = compile(schema);
  const operations = buildOperations(document, compile);
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  return {
    title: String(info.title ?? ''),
    version: String(info.version ?? ''),
    file,
    basePath,
    servers,
    operations,
    schemas,
    document,
    operation: (id) => byId.get(id),
    compile,
  };
}

function basePathOf(url: string): string {
  // Server URLs may be relative ("/v1") or absolute; only the path matters for routing.
  const pathname = new URL(url, 'http://placeholder.invalid').pathname;
  return pathname.replace(/\/+$/, '');
}
