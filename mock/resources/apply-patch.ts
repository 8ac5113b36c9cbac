import { isObject, segmentsOf } from '../../spec/json/index.js';
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

/** JSON Patch (RFC 6902): add, remove, replace, move, copy, test, applied in order to a copy; the first failing operation stops it. */
export function jsonPatch(document: unknown, operations: unknown): PatchResult {
  if (!Array.isArray(operations)) return { ok: false, message: 'a JSON Patch is an array of operations' };
  let doc: unknown = structuredClone(document);
  for (const [index, op] of operations.entries()) {
    if (!isObject(op) || typeof op.op !== 'string' || typeof op.path !== 'string')
      return { ok: false, message: `operation ${index} needs "op" and "path"` };
    const path = segmentsOf(op.path);
    if (!path) return { ok: false, message: `operation ${index}: "${op.path}" is not a JSON pointer` };
    let result: PatchResult;
    switch (op.op) {
      case 'add':
        result = 'value' in op ? add(doc, path, structuredClone(op.value)) : missing(index, 'value');
        break;
      case 'remove':
        result = remove(doc, path);
        break;
      case 'replace': {
        const removed = 'value' in op ? remove(doc, path) : missing(index, 'value');
        result = removed.ok ? add(removed.value, path, structuredClone(op.value)) : removed;
        break;
      }
      case 'move':
      case 'copy': {
        const from = typeof op.from === 'string' ? segmentsOf(op.from) : undefined;
        if (!from) return { ok: false, message: `operation ${index}: "from" is not a JSON pointer` };
        const value = get(doc, from);
        if (value === undefined) return { ok: false, message: `operation ${index}: nothing at "${String(op.from)}"` };
        const base = op.op === 'move' ? remove(doc, from) : ({ ok: true, value: doc } as PatchResult);
        result = base.ok ? add(base.value, path, structuredClone(value)) : base;
        break;
      }
      case 'test':
        result =
          JSON.stringify(get(doc, path)) === JSON.stringify(op.value)
            ? { ok: true, value: doc }
            : { ok: false, message: `operation ${index}: test failed at "${op.path}"` };
        break;
      default:
        return { ok: false, message: `operation ${index}: unknown op "${op.op}"` };
    }
    if (!result.ok)
      return { ok: false, message: `operation ${index}: ${result.message.replace(/^operation \d+: /, '')}` };
    doc = result.value;
  }
  return { ok: true, value: doc };
}

function missing(index: number, member: string): PatchResult {
  return { ok: false, message: `operation ${index} needs "${member}"` };
}

function get(doc: unknown, path: readonly string[]): unknown {
  let at: unknown = doc;
  for (const key of path) {
    if (Array.isArray(at)) at = /^(0|[1-9]\d*)$/.test(key) ? at[Number(key)] : undefined;
    else if (isObject(at)) at = Object.hasOwn(at, key) ? at[key] : undefined;
    else return undefined;
  }
  return at;
}

function add(doc: unknown, path: readonly string[], value: unknown): PatchResult {
  if (path.length === 0) return { ok: true, value };
  const parent = get(doc, path.slice(0, -1));
  const key = path.at(-1)!;
  if (Array.isArray(parent)) {
    const index = key === '-' ? parent.length : /^(0|[1-9]\d*)$/.test(key) ? Number(key) : -1;
    if (index < 0 || index > parent.length) return { ok: false, message: `index "${key}" is out of range` };
    parent.splice(index, 0, value);
  } else if (isObject(parent)) parent[key] = value;
  else return { ok: false, message: `no object or array at "/${path.slice(0, -1).join('/')}"` };
  return { ok: true, value: doc };
}

function remove(doc: unknown, path: readonly string[]): PatchResult {
  if (path.length === 0) return { ok: false, message: 'cannot remove the whole document' };
  const parent = get(doc, path.slice(0, -1));
  const key = path.at(-1)!;
  if (Array.isArray(parent) && /^(0|[1-9]\d*)$/.test(key) && Number(key) < parent.length) parent.splice(Number(key), 1);
  else if (isObject(parent) && Object.hasOwn(parent, key)) delete parent[key];
  else return { ok: false, message: `nothing at "/${path.join('/')}"` };
  return { ok: true, value: doc };
}
