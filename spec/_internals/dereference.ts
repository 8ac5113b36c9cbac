import { decodeSegment, encodeSegment } from '../json/index.js';

type Obj = Record<string, unknown>;

/** The dereferenced view of a bundled document, and where each of its objects came from. */
export interface Dereferenced {
  /** The document with every local `$ref` replaced by its target: shared and, for recursive schemas, cyclic. */
  readonly document: Obj;
  /** The JSON pointer (in the bundled document) of every object of the view that has one. */
  readonly pointerOf: WeakMap<object, string>;
}

/** Keys beside `$ref` that only annotate (3.1 allows them); anything else is merged through `allOf`. */
const ANNOTATIONS = new Set(['description', 'summary', 'title', '$comment']);

/**
 * Replaces every local `$ref` of a bundled document (one whose references all start with `#`) by
 * the object it points to. Targets are shared, so a recursive schema becomes a cycle: consumers
 * walk it with a depth limit. Each object keeps its pointer, so that a validator can be compiled by
 * reference instead of from a cyclic object. (json-schema-ref-parser dereferences too, but keeps no
 * map back to the pointers.)
 *
 * @throws Error naming the pointer of a `$ref` whose target does not exist.
 */
export function dereference(bundled: Obj): Dereferenced {
  const pointerOf = new WeakMap<object, string>();
  const byPointer = new Map<string, unknown>();

  const target = (ref: string, from: string, chain: readonly string[]): unknown => {
    if (!ref.startsWith('#')) throw new Error(`#${from}: $ref ${JSON.stringify(ref)} points outside the document`);
    let pointer: string;
    try {
      pointer = decodeURIComponent(ref.slice(1));
    } catch {
      pointer = ref.slice(1);
    }
    if (chain.includes(pointer)) throw new Error(`#${from}: $ref ${JSON.stringify(ref)} refers to itself`);
    if (byPointer.has(pointer)) return byPointer.get(pointer);
    let node: unknown = bundled;
    for (const token of pointer.split('/').slice(1)) {
      const key = decodeSegment(token);
      if (typeof node !== 'object' || node === null || !(key in node))
        throw new Error(`#${from}: $ref ${JSON.stringify(ref)} points to nothing`);
      node = (node as Obj)[key];
    }
    return visit(node, pointer, [...chain, pointer]);
  };

  const visit = (node: unknown, pointer: string, chain: readonly string[] = []): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    if (byPointer.has(pointer)) return byPointer.get(pointer);
    if (!Array.isArray(node) && typeof (node as Obj).$ref === 'string') {
      const ref = (node as Obj).$ref as string;
      const resolved = target(ref, pointer, chain);
      const siblings = Object.keys(node).filter((k) => k !== '$ref' && !ANNOTATIONS.has(k));
      if (siblings.length === 0) {
        byPointer.set(pointer, resolved);
        return resolved;
      }
      const merged: Obj = { allOf: [resolved] };
      byPointer.set(pointer, merged);
      pointerOf.set(merged, pointer);
      for (const k of siblings) merged[k] = visit((node as Obj)[k], `${pointer}/${encodeSegment(k)}`);
      return merged;
    }
    const out: unknown[] | Obj = Array.isArray(node) ? [] : {};
    byPointer.set(pointer, out);
    pointerOf.set(out, pointer);
    if (Array.isArray(node)) node.forEach((item, i) => ((out as unknown[])[i] = visit(item, `${pointer}/${i}`)));
    else {
      for (const [k, v] of Object.entries(node)) {
        const at = `${pointer}/${encodeSegment(k)}`;
        // Example values are data, never walked; a map of Example objects may hold `$ref`s to them.
        if (k === 'example' || (k === 'examples' && (Array.isArray(v) || typeof v !== 'object' || v === null)))
          (out as Obj)[k] = v;
        else if (k === 'examples') (out as Obj)[k] = exampleMap(v as Obj, at, chain);
        else (out as Obj)[k] = visit(v, at);
      }
    }
    return out;
  };

  const exampleMap = (map: Obj, pointer: string, chain: readonly string[]): Obj => {
    const out: Obj = {};
    for (const [name, entry] of Object.entries(map)) {
      const isRef = typeof entry === 'object' && entry !== null && typeof (entry as Obj).$ref === 'string';
      out[name] = isRef ? target((entry as Obj).$ref as string, `${pointer}/${encodeSegment(name)}`, chain) : entry;
    }
    return out;
  };

  return { document: visit(bundled, '') as Obj, pointerOf };
}
