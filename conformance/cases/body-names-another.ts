import { isLosslessNumber } from 'lossless-json';
import type { OperationModel } from '../../spec/index.js';
import type { Case } from './case.js';

/** A body member that names another resource than the path: which member, which path parameter, both values. */
export interface RenamedResource {
  readonly member: string;
  readonly parameter: string;
  readonly sent: string;
  readonly pathValue: string;
}

/**
 * A JSON body member that names another resource than the path does: a member with a path
 * parameter's name (or `id`, for the path's last parameter) and another value (`PATCH /shops/1
 * {"id": 0}`). Such a request addresses two resources at once: no spec can promise it succeeds, and
 * once a write like it is sent, the resource the path named may have moved.
 */
export function bodyNamesAnother(c: Case, operation: OperationModel): RenamedResource | undefined {
  const body = c.body?.kind === 'json' ? c.body.value : undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body) || isLosslessNumber(body)) return undefined;
  const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const last = /\{([^}]+)\}[^{}]*$/.exec(operation.path)?.[1];
  for (const [member, value] of Object.entries(body as Record<string, unknown>)) {
    const named = pathNames.includes(member) ? member : member === 'id' && last !== undefined ? last : undefined;
    const pathValue = named === undefined ? undefined : c.pathParams[named];
    if (pathValue === undefined || value === null || (typeof value === 'object' && !isLosslessNumber(value))) continue;
    const text = isLosslessNumber(value) ? String(value) : String(value as string | number | boolean);
    if (text !== String(pathValue)) return { member, parameter: named!, sent: text, pathValue: String(pathValue) };
  }
  return undefined;
}
