import type { SpecModel } from './model.js';

/**
 * The operations an API is recognised by, operationId → `METHOD /path` (`GET /things`): how a
 * domain plug-in of the mock or of the kit says which specs it knows. Written once per plug-in and
 * read by both tools through {@link fitsFingerprint}.
 */
export type OperationFingerprint = Readonly<Record<string, string>>;

/** True when the spec has every operation of the fingerprint, with the same operationId, method and path. */
export function fitsFingerprint(spec: SpecModel, fingerprint: OperationFingerprint): boolean {
  return Object.entries(fingerprint).every(([id, route]) => {
    const op = spec.operation(id);
    return op !== undefined && `${op.method.toUpperCase()} ${op.path}` === route;
  });
}
