import type { JsonSchema } from './model.js';
import { isObject } from './json/index.js';

/** What a masked member's value becomes. */
export const MASKED = '[redacted]';

/**
 * `value` with every member its schema says only the client sends and nobody should read back
 * (`writeOnly: true`, or `format: password`) replaced by {@link MASKED}, at any depth (properties,
 * `allOf`/`oneOf`/`anyOf` branches, `additionalProperties`, array items). A password sent at signup is a
 * credential: lists of received requests and recordings show that one was sent, not what it was.
 * Values without such members come back as they are (the same object).
 */
export function maskWriteOnly(schema: JsonSchema | undefined, value: unknown, depth = 0): unknown {
  if (schema === undefined || depth > 16) return value;
  if (Array.isArray(value)) {
    const items = isObject(schema.items) ? (schema.items as JsonSchema) : undefined;
    let changed = false;
    const out = value.map((item) => {
      const masked = maskWriteOnly(items, item, depth + 1);
      changed ||= masked !== item;
      return masked;
    });
    return changed ? out : value;
  }
  if (!isObject(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const [name, member] of Object.entries(value)) {
    const schemas = memberSchemas(schema, name);
    const secret = schemas.some((s) => s.writeOnly === true || s.format === 'password');
    const masked = secret ? MASKED : schemas.reduce((v, s) => maskWriteOnly(s, v, depth + 1), member);
    if (masked === member) continue;
    out ??= { ...value };
    out[name] = masked;
  }
  return out ?? value;
}

/** The schemas a member of an object matches, through every branch that may declare it. */
function memberSchemas(schema: JsonSchema, name: string, depth = 0): JsonSchema[] {
  if (depth > 8) return [];
  const found: JsonSchema[] = [];
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  const own = properties?.[name];
  if (isObject(own)) found.push(own as JsonSchema);
  else if (isObject(schema.additionalProperties)) found.push(schema.additionalProperties as JsonSchema);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts))
      for (const part of parts) if (isObject(part)) found.push(...memberSchemas(part as JsonSchema, name, depth + 1));
  }
  return found;
}
