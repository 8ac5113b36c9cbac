import jsonPatchLibrary, { type Operation } from 'fast-json-patch';
import { isObject } from '../../spec/json/index.js';

// fast-json-patch is CommonJS: its functions come through the default export under Node's ESM.
const { applyPatch, deepClone, JsonPatchError } = jsonPatchLibrary;
type Obj = Record<string, unknown>;

/** The outcome of a patch: the patched document, or why the patch cannot apply (errors as data). */
export type PatchResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

/** JSON Merge Patch (RFC 7386): objects merge member by member, `null` removes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Obj = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/**
 * JSON Patch (RFC 6902) by fast-json-patch: add, remove, replace, move, copy and test, applied in
 * order to a copy, each operation validated first; the first failing operation stops it, reported as
 * data (`operation 0: test failed at "/a"`). Writes through `__proto__` are refused.
 */
export function jsonPatch(document: unknown, operations: unknown): PatchResult {
  if (!Array.isArray(operations)) return { ok: false, message: 'a JSON Patch is an array of operations' };
  try {
    const patched = applyPatch(deepClone(document), operations as Operation[], true, false);
    return { ok: true, value: patched.newDocument };
  } catch (error) {
    if (!(error instanceof JsonPatchError)) {
      const message = error instanceof Error ? error.message.split('.')[0]! : String(error);
      return { ok: false, message: `the patch cannot apply: ${message}` };
    }
    const op = isObject(error.operation) ? error.operation : {};
    const at = typeof op.path === 'string' ? ` at "${op.path}"` : '';
    return {
      ok: false,
      message: `operation ${error.index ?? 0}: ${WORDS[error.name] ?? error.message.split('\n')[0]}${at}`,
    };
  }
}

// fast-json-patch's error names, in this mock's words.
const WORDS: Readonly<Record<string, string>> = {
  TEST_OPERATION_FAILED: 'test failed',
  OPERATION_PATH_UNRESOLVABLE: 'nothing is there',
  OPERATION_FROM_UNRESOLVABLE: '"from" names nothing',
  OPERATION_VALUE_OUT_OF_BOUNDS: 'the index is out of range',
  OPERATION_OP_INVALID: 'unknown op',
  OPERATION_VALUE_REQUIRED: 'needs "value"',
  OPERATION_PATH_INVALID: '"path" is not a JSON pointer',
  OPERATION_FROM_REQUIRED: 'needs "from"',
  OPERATION_NOT_AN_OBJECT: 'is not an object',
  OPERATION_PATH_CANNOT_ADD: 'cannot add there',
  OPERATION_PATH_ILLEGAL_ARRAY_INDEX: 'the array index is not a number',
  OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED: 'the value holds undefined',
};
