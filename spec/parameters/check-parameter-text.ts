import { exactIntegerIssue } from '../exact-integers.js';
import type { ParameterModel, SchemaIssue } from '../model.js';
import { INTEGER_TEXT, NUMBER_TEXT } from './_internals/coerce.js';
import { typesOf } from './_internals/schema.js';

/** A raw parameter string turned into a typed, schema-checked value, or the reason it is not one. */
export type ParsedParameter =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly SchemaIssue[] };

/**
 * Checks the text of one parameter against the operation's model: converts a raw (already
 * percent-decoded) query or path string to the type its schema names, then
 * validates it. Conversion is strict: `" 5"`, `"5.0"` or `""` are not integers. A schema admitting
 * several types (`type: [integer, "null"]`, `anyOf: [{type: integer}, {type: string}]`) takes the
 * first reading of the text that it validates, in the order integer, number, boolean, string. An
 * integer beyond 2^53 is checked against its range by its digits ({@link exactIntegerIssue}).
 */
export function checkParameterText(parameter: ParameterModel, raw: string): ParsedParameter {
  const types = typesOf(parameter.schema.schema);
  const readings: unknown[] = [];
  if (types.has('integer') && INTEGER_TEXT.test(raw)) readings.push(Number(raw));
  else if (types.has('number') && NUMBER_TEXT.test(raw)) readings.push(Number(raw));
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
