import { encodeSegment, resolve } from '../spec/json/index.js';
import type { OperationModel, ParameterModel, SpecModel } from '../spec/index.js';

type Obj = Record<string, unknown>;

/** The path item's pointer of an operation (`/paths/~1pets` for `/paths/~1pets/get`). */
function pathItemPointer(operation: OperationModel): string {
  return operation.pointer.slice(0, operation.pointer.lastIndexOf('/'));
}

/**
 * Where a parameter is written in the spec: in the operation's `parameters`, or in its path item's
 * (OpenAPI lets both hold it; the operation's wins).
 */
export function parameterPointer(spec: SpecModel, operation: OperationModel, parameter: ParameterModel): string {
  for (const owner of [operation.pointer, pathItemPointer(operation)]) {
    const list = resolve(spec.document, `${owner}/parameters`);
    if (!Array.isArray(list)) continue;
    const index = list.findIndex(
      (p) =>
        p !== null && typeof p === 'object' && (p as Obj).name === parameter.name && (p as Obj).in === parameter.in,
    );
    if (index !== -1) return `${owner}/parameters/${index}`;
  }
  return `${operation.pointer}/parameters`;
}

/** Where the operation's security requirement is written: its own `security`, else the document's. */
export function securityPointer(spec: SpecModel, operation: OperationModel): string {
  return resolve(spec.document, `${operation.pointer}/security`) !== undefined
    ? `${operation.pointer}/security`
    : '/security';
}

/** The operation's request body. */
export function requestBodyPointer(operation: OperationModel): string {
  return `${operation.pointer}/requestBody`;
}

/** The documented response a status falls under, and the pointer to it (`/responses/200`, `/responses/4XX`). */
export function responsePointer(operation: OperationModel, status: number): string {
  const documented = operation.responseFor(status);
  return documented
    ? `${operation.pointer}/responses/${encodeSegment(documented.status)}`
    : `${operation.pointer}/responses`;
}
