import { createAjv } from './_internals/ajv.js';

let known: ReadonlySet<string> | undefined;

/**
 * Whether the spec's validators check a string `format` (ajv-formats' formats and OpenAPI's int32 and
 * int64). Values of any other format (`JSON`, `phone`, a vendor's own) pass unchecked: the kit cannot
 * tell a valid one from an invalid one.
 */
export function isKnownFormat(format: string): boolean {
  known ??= new Set(Object.keys((createAjv() as unknown as { formats: Record<string, unknown> }).formats));
  return known.has(format);
}
