import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { SpecLoadError } from '../spec-load-error.js';
import { type SourceFormat, classifyDocument } from './classify-document.js';
import { parseDocumentText } from './parse-document-text.js';

export type { SourceFormat } from './classify-document.js';

/** A parsed OpenAPI 3.x document object, as read (Swagger 2.0 already converted). */
export interface ReadDocument {
  readonly document: Record<string, unknown>;
  readonly format: SourceFormat;
  /** The version string the file declared (`3.0.3`, `3.1.0`, `2.0`). */
  readonly declaredVersion: string;
}

const require = createRequire(import.meta.url);

/** Reads and parses a spec file (YAML or JSON), and brings Swagger 2.0 up to OpenAPI 3.0. */
export async function readDocument(path: string): Promise<ReadDocument> {
  let text: string;
  try {
    if (!(await stat(path)).isFile()) throw new Error('not a file');
    text = await readFile(path, 'utf8');
  } catch {
    throw new SpecLoadError('spec_not_found', path, 'no such file');
  }
  const document = parseDocumentText(text, path);
  const kind = classifyDocument(document, path);
  if (kind.format === 'swagger-2.0')
    return { document: await convertSwagger2(path, document), format: 'swagger-2.0', declaredVersion: '2.0' };
  return { document, ...kind };
}

/** Swagger 2.0 → OpenAPI 3.0 with swagger2openapi, the converter the OpenAPI tooling community keeps. */
async function convertSwagger2(path: string, document: Record<string, unknown>): Promise<Record<string, unknown>> {
  const converter = require('swagger2openapi') as {
    convertObj(doc: unknown, options: Record<string, unknown>): Promise<{ openapi: Record<string, unknown> }>;
  };
  try {
    const { openapi } = await converter.convertObj(document, {
      patch: true,
      warnOnly: true,
      resolve: false,
      source: path,
    });
    return openapi;
  } catch (error) {
    throw new SpecLoadError(
      'spec_invalid',
      path,
      `Swagger 2.0 document could not be converted to OpenAPI 3.0: ${(error as Error).message.split('\n')[0]}`,
    );
  }
}
