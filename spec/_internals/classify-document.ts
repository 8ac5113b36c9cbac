import { SpecLoadError } from '../spec-load-error.js';

/** Which kind of document was read; Swagger 2.0 is converted to OpenAPI 3.0 on the way in. */
export type SourceFormat = 'openapi-3.0' | 'openapi-3.1' | 'swagger-2.0';

/**
 * Which kind of document an object is, from its `openapi` (or `swagger`) member.
 *
 * @throws {@link SpecLoadError} `spec_unsupported` for any other version.
 */
export function classifyDocument(
  document: Record<string, unknown>,
  path: string,
): { readonly format: SourceFormat; readonly declaredVersion: string } {
  if (document.swagger !== undefined) {
    if (String(document.swagger) !== '2.0') {
      throw new SpecLoadError(
        'spec_unsupported',
        path,
        `expected "swagger: 2.0" or "openapi: 3.0.x/3.1.x", found swagger ${JSON.stringify(document.swagger)}`,
      );
    }
    return { format: 'swagger-2.0', declaredVersion: '2.0' };
  }
  const openapi = document.openapi;
  if (typeof openapi === 'string' && /^3\.0\.\d+/.test(openapi))
    return { format: 'openapi-3.0', declaredVersion: openapi };
  if (typeof openapi === 'string' && /^3\.1\.\d+/.test(openapi))
    return { format: 'openapi-3.1', declaredVersion: openapi };
  throw new SpecLoadError(
    'spec_unsupported',
    path,
    `expected "openapi: 3.0.x" or "openapi: 3.1.x" (or "swagger: 2.0"), found ${JSON.stringify(openapi ?? null)}`,
  );
}
