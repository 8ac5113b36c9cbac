import { exactIntegerIssue } from './exact-integers.js';
import type { ParameterModel, SchemaIssue } from './model.js';

/** A raw parameter string turned into a typed, schema-checked value, or the reason it is not one. */
export type ParsedParameter =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly SchemaIssue[] };

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/**
 * Converts a raw (already percent-decoded) query or path string to the type its schema names, then
 * validates it. Conversion is strict: `" 5"`, `"5.0"` or `""` are not integers. A schema admitting
 * several types (`type: [integer, "null"]`, `anyOf: [{type: integer}, {type: string}]`) takes the
 * first reading of the text that it validates, in the order integer, number, boolean, string. An
 * integer beyond 2^53 is checked against its range by its digits ({@link exactIntegerIssue}).
 */
export function parseParameter(parameter: ParameterModel, raw: string): ParsedParameter {
  const types = admittedTypes(parameter.schema.schema as Record<string, unknown>, 0);
  const readings: unknown[] = [];
  if (types.has('integer') && INTEGER.test(raw)) readings.push(Number(raw));
  else if (types.has('number') && NUMBER.test(raw)) readings.push(Number(raw));
  if (types.has('boolean') && (raw === 'true' || raw === 'false')) readings.push(raw === 'true');
  readings.push(raw);
  let first: ReturnType<ParameterModel['schema']['validate']> | undefined;
  for (const value of readings) {
    const result = parameter.schema.validate(value);
    first ??= result;
    if (!result.ok) continue;
    // Beyond 2^53 a double cannot tell 2^63 from one past int64: the digits are judged instead.
    const exact = typeof value === 'number' ? exactIntegerIssue(parameter.schema.schema, raw) : undefined;
    if (exact !== undefined)
      return {
        ok: false,
        issues: [
          {
            pointer: '',
            keyword: exact.keyword,
            message: `${parameter.in} parameter '${parameter.name}' ${exact.message}`,
          },
        ],
      };
    return { ok: true, value };
  }
  const result = first!;
  return {
    ok: false,
    issues: (result.ok ? [] : result.errors).map((e) => ({
      ...e,
      message: `${parameter.in} parameter '${parameter.name}' ${e.message.replace(/^\/ /, '')}`,
    })),
  };
}

/** The scalar types a schema admits: its `type` (one or a list), and those of its `anyOf`, `oneOf` and `allOf` parts. */
function admittedTypes(schema: Record<string, unknown>, depth: number, out = new Set<string>()): Set<string> {
  if (depth > 6) return out;
  const type = schema.type;
  if (typeof type === 'string') out.add(type);
  else if (Array.isArray(type)) for (const t of type) if (typeof t === 'string') out.add(t);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts))
      for (const part of parts)
        if (typeof part === 'object' && part !== null) admittedTypes(part as Record<string, unknown>, depth + 1, out);
  }
  return out;
}
