import type { CompiledSchema, OperationModel } from '../../spec/index.js';

const ERROR_STATUS = /^(?:[45](?:\d\d|XX)|default)$/i;

/**
 * The one body every error of an operation carries, when the spec says so: a `default` or `4XX`
 * response, or at least two documented errors, and every error response it documents (4xx, 5xx,
 * their ranges, `default`) has a body with the same schema (one documented error says nothing of
 * the others, as in the schema check's `errorSchemaOf`).
 * An error the operation does not document (a 404 for an unknown route, a 405, a 413, a 415) then
 * owes the same body (the Animal Store contract §7: "All error responses carry an Error body").
 * Undefined when the spec documents errors without a body, or with several shapes.
 */
export function uniformErrorSchema(operation: OperationModel): CompiledSchema | undefined {
  let found: CompiledSchema | undefined;
  let text: string | undefined;
  const errors = Object.keys(operation.responses).filter((s) => ERROR_STATUS.test(s));
  if (errors.length < 2 && !errors.some((s) => /^(?:default|4XX)$/i.test(s))) return undefined;
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!ERROR_STATUS.test(status)) continue;
    if (!response.schema) return undefined;
    if (found === undefined) {
      found = response.schema;
      text = textOf(response.schema);
    } else if (response.schema !== found && textOf(response.schema) !== text) return undefined;
  }
  return found;
}

function textOf(schema: CompiledSchema): string {
  try {
    return JSON.stringify(schema.schema);
  } catch {
    // A recursive schema: only the same object counts as the same schema.
    return `\u0000${Math.random()}`;
  }
}

/** The error statuses an operation documents (4xx, 5xx, their ranges, `default`): what an undocumented error's body rests on. */
export function errorStatusesOf(operation: OperationModel): string[] {
  return Object.keys(operation.responses).filter((s) => ERROR_STATUS.test(s));
}
