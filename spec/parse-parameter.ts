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
 * validates it. Conversion is strict: `" 5"`, `"5.0"` or `""` are not integers. An integer beyond 2^53 is
 * checked against its range by its digits ({@link exactIntegerIssue}).
 */
export function parseParameter(parameter: ParameterModel, raw: string): ParsedParameter {
  const type = parameter.schema.schema.type;
  let value: unknown = raw;
  if (type === 'integer') value = INTEGER.test(raw) ? Number(raw) : raw;
  else if (type === 'number') value = NUMBER.test(raw) ? Number(raw) : raw;
  else if (type === 'boolean') value = raw === 'true' ? true : raw === 'false' ? false : raw;
  const result = parameter.schema.validate(value);
  // Beyond 2^53 a double cannot tell 2^63 from one past int64: the digits are judged instead.
  const exact = result.ok && typeof value === 'number' ? exactIntegerIssue(parameter.schema.schema, raw) : undefined;
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
  if (result.ok) return { ok: true, value };
  return {
    ok: false,
    issues: result.errors.map((e) => ({
      ...e,
      message: `${parameter.in} parameter '${parameter.name}' ${e.message.replace(/^\/ /, '')}`,
    })),
  };
}
