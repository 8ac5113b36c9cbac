import type { ParameterLocation, ParameterSpec } from './parameter-spec.js';

const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);

/**
 * Builds a {@link ParameterSpec} from a dereferenced OpenAPI Parameter Object. A `content` map (which
 * OpenAPI requires to have exactly one entry) becomes `contentType` plus that entry's schema; a missing
 * schema becomes `{}` (any value, read as a string).
 *
 * @returns the spec, or undefined when `name` or `in` is missing or `in` is not a known location
 */
export function toParameterSpec(parameter: Record<string, unknown>): ParameterSpec | undefined {
  const name = parameter['name'];
  const location = parameter['in'];
  if (typeof name !== 'string' || typeof location !== 'string' || !LOCATIONS.has(location)) return undefined;
  const base: { -readonly [K in keyof ParameterSpec]: ParameterSpec[K] } = {
    name,
    in: location as ParameterLocation,
    schema: {},
  };
  if (typeof parameter['style'] === 'string') base.style = parameter['style'];
  if (typeof parameter['explode'] === 'boolean') base.explode = parameter['explode'];
  if (typeof parameter['allowReserved'] === 'boolean') base.allowReserved = parameter['allowReserved'];
  const content = parameter['content'];
  if (content !== null && typeof content === 'object') {
    const first = Object.entries(content as Record<string, unknown>)[0];
    if (first) {
      base.contentType = first[0];
      const media = first[1];
      const schema =
        media !== null && typeof media === 'object' ? (media as Record<string, unknown>)['schema'] : undefined;
      if (schema !== null && typeof schema === 'object') base.schema = schema as Record<string, unknown>;
      return base;
    }
  }
  const schema = parameter['schema'];
  if (schema !== null && typeof schema === 'object') base.schema = schema as Record<string, unknown>;
  return base;
}
