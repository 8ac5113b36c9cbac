import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';

/**
 * Every local file the spec reaches through `$ref`s, the spec itself included, as absolute paths.
 * Remote references (`https://…`) are left out: there is nothing to watch. A spec that does not
 * resolve gives just the spec file (its reload reports the fault).
 */
export async function referencedFiles(specFile: string): Promise<string[]> {
  const root = resolve(specFile);
  try {
    const refs = await SwaggerParser.resolve(root);
    const files = refs.paths().flatMap((p) => {
      if (p.startsWith('file://')) return [fileURLToPath(p)];
      return /^[a-z][a-z0-9+.-]*:\/\//i.test(p) ? [] : [isAbsolute(p) ? p : resolve(p)];
    });
    return [...new Set([root, ...files])];
  } catch {
    return [root];
  }
}
