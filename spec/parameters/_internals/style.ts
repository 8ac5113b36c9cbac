import type { ParameterSpec, ParameterStyle } from '../parameter-spec.js';

const ALLOWED: Record<ParameterSpec['in'], readonly ParameterStyle[]> = {
  path: ['simple', 'label', 'matrix'],
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  header: ['simple'],
  cookie: ['form'],
};

/** The style and explode flag in force, with the OpenAPI defaults applied. */
export function resolveStyle(p: ParameterSpec): { style: ParameterStyle; explode: boolean } {
  const allowed = ALLOWED[p.in];
  // A style the location does not allow (e.g. matrix in a query) has no defined meaning: use the default.
  const style = allowed.includes(p.style as ParameterStyle) ? (p.style as ParameterStyle) : allowed[0]!;
  return { style, explode: p.explode ?? style === 'form' };
}

/** True for JSON media types: `application/json`, any `+json` suffix, and `*\/json`. */
export function isJsonType(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]!.trim().toLowerCase();
  return /^[^/]+\/(json|[^/]*\+json)$/.test(essence);
}
