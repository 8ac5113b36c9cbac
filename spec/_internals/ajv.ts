import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { CompiledSchema, JsonSchema, SchemaDirection, SchemaIssue, ValidationResult } from '../model.js';
import { decodeSegment, encodeSegment, isObject } from '../json/index.js';
import { walkSchemas } from './walk-schemas.js';
import { INTEGER_FORMATS } from '../integer-formats.js';
import { isDecimalMultiple } from './decimal-multiple.js';

// ajv and ajv-formats ship CommonJS whose module object also carries itself as `default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
type Ajv = Ajv2020Module.default;
type Obj = Record<string, unknown>;

/** Creates the ajv instance every validator of a spec is compiled with. */
export function createAjv(): Ajv {
  // strict: false because OpenAPI schemas carry annotation keywords (example, xml, discriminator, ...) ajv does not know.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true, logger: false });
  addFormats(ajv);
  // multipleOf by the decimal value of the JSON number (JSON Schema 2020-12 §6.2.1), not by a
  // floating-point division: 40.59 is a multiple of 0.01, though 40.59 / 0.01 is 4059.0000000000005
  // (the expenses zoo's report total, failed by plain ajv).
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    errors: true,
    validate: function decimalMultipleOf(schema: number, data: number): boolean {
      if (isDecimalMultiple(data, schema)) return true;
      (decimalMultipleOf as { errors?: unknown[] }).errors = [
        { keyword: 'multipleOf', message: `must be multiple of ${schema}`, params: { multipleOf: schema } },
      ];
      return false;
    },
  });
  // ajv-formats only checks Number.isInteger for int64/int32, and knows no int8 … uint64: every
  // integer format of the registry is checked for its range. A double cannot hold 2^63 - 1 or
  // 2^64 - 1 exactly; they round up to 2^63 and 2^64, which are therefore the inclusive bounds.
  for (const [format, { lo, hi }] of Object.entries(INTEGER_FORMATS)) {
    const min = Number(lo);
    const max = Number(hi);
    ajv.addFormat(format, { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= min && n <= max });
  }
  return ajv;
}

/** What the compiler needs to compile schemas of a document by reference. */
export interface CompilerSource {
  /** The bundled, normalised document (local `$ref`s as strings). */
  readonly bundled: Obj;
  /** Pointer of every object of the dereferenced view, in `bundled`. */
  readonly pointerOf: WeakMap<object, string>;
  readonly formats: ReadonlySet<string>;
  readonly hasReadOnly: boolean;
  readonly hasWriteOnly: boolean;
  /**
   * Members only a repair of the document made required, by their schema's pointer in `bundled`
   * (`#/components/schemas/Failure`): answers are judged by the document as written, without them.
   */
  readonly requiredByRepair?: ReadonlyMap<string, readonly string[]>;
  /** Collects what could not be compiled. */
  readonly warnings: string[];
}

/** Compiles (lazily, once) the validator of any schema object of the document, for a direction. */
export type Compile = (schema: JsonSchema, direction?: SchemaDirection) => CompiledSchema;

/**
 * Compiles schemas once and caches them by identity and direction. With a source document, schemas
 * of the document are compiled by `$ref` into it (recursive schemas are cycles in the dereferenced
 * view, which ajv cannot take as objects), against one of two views: requests, where `readOnly`
 * members are never required, and responses, where `writeOnly` members are never required.
 * Compilation waits for the first validation: a 1,000-operation description loads in the time it
 * takes to read it. A schema ajv cannot compile validates everything and is reported once.
 */
export function createCompiler(source?: CompilerSource): Compile {
  const ajv = createAjv();
  const known = new Set(Object.keys((ajv as unknown as { formats: Obj }).formats));
  for (const format of source?.formats ?? []) if (!known.has(format)) ajv.addFormat(format, true);
  const views = new Map<SchemaDirection, string>();
  const viewId = (direction: SchemaDirection): string => {
    const hit = views.get(direction);
    if (hit) return hit;
    const strip =
      direction === 'request'
        ? source!.hasReadOnly
          ? 'readOnly'
          : undefined
        : source!.hasWriteOnly
          ? 'writeOnly'
          : undefined;
    const repaired = direction === 'response' ? (source!.requiredByRepair ?? new Map()) : new Map();
    const id = strip || repaired.size > 0 ? `urn:openapi:${direction}` : 'urn:openapi:document';
    if (![...views.values()].includes(id))
      ajv.addSchema(
        strip || repaired.size > 0 ? withoutRequired(source!.bundled, strip, repaired) : source!.bundled,
        id,
        undefined,
        false,
      );
    views.set(direction, id);
    return id;
  };
  const caches = { request: new WeakMap<object, CompiledSchema>(), response: new WeakMap<object, CompiledSchema>() };
  return (schema, direction = 'response') => {
    const cache = caches[direction];
    const hit = cache.get(schema);
    if (hit) return hit;
    let fn: Ajv2020Module.ValidateFunction | undefined;
    const build = (): Ajv2020Module.ValidateFunction => {
      if (fn) return fn;
      try {
        fn = ajv.compile(source ? referenced(schema, source.pointerOf, viewId(direction)) : schema);
      } catch (error) {
        const where = source?.pointerOf.get(schema);
        source?.warnings.push(
          `${where !== undefined ? `#${where}` : 'a schema'}: not checked, ajv cannot compile it (${(error as Error).message.split('\n')[0]})`,
        );
        fn = Object.assign(() => true, { errors: null }) as unknown as Ajv2020Module.ValidateFunction;
      }
      return fn;
    };
    const compiled: CompiledSchema = {
      schema,
      get ajv() {
        return build();
      },
      validate(value: unknown): ValidationResult {
        const check = build();
        if (check(value)) return { ok: true };
        const errors: SchemaIssue[] = (check.errors ?? []).map((e) => ({
          // A member the schema forbids is where the fault is, not the object that holds it.
          pointer:
            e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string'
              ? `${e.instancePath}/${encodeSegment(e.params.additionalProperty)}`
              : e.instancePath,
          keyword: e.keyword,
          ...(e.keyword === 'oneOf' && Array.isArray(e.params.passingSchemas)
            ? {
                ambiguous: true as const,
                message: `${e.instancePath || '/'} matches branches ${(e.params.passingSchemas as number[]).join(' and ')} of oneOf, which must match exactly one: the branches overlap`,
              }
            : { message: `${e.instancePath || '/'} ${e.message ?? 'is invalid'}` }),
        }));
        return { ok: false, errors };
      },
    };
    cache.set(schema, compiled);
    return compiled;
  };
}

/**
 * The schema as ajv should see it: a `$ref` into the view when the object has a pointer, otherwise
 * a copy whose every object with a pointer is such a `$ref` (schemas a caller built, such as a
 * merged `allOf`). Cycles always pass through objects with pointers, so the copy ends.
 */
function referenced(schema: unknown, pointerOf: WeakMap<object, string>, id: string): JsonSchema {
  const ref = (pointer: string) => ({ $ref: `${id}#${pointer.split('/').map(encodeURIComponent).join('/')}` });
  const copy = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const pointer = pointerOf.get(node);
    if (pointer !== undefined) return ref(pointer);
    if (Array.isArray(node)) return node.map((item) => copy(item));
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        k === 'enum' || k === 'const' || k === 'examples' || k === 'default' ? v : copy(v),
      ]),
    );
  };
  return copy(schema) as JsonSchema;
}

/**
 * A copy of the document in which members marked `readOnly` (or `writeOnly`) are not required:
 * OpenAPI says a read-only member is not sent in requests and a write-only one not returned. Nor
 * are the members only a repair made required (`repaired`, names by their schema's pointer).
 */
function withoutRequired(
  bundled: Obj,
  marker: 'readOnly' | 'writeOnly' | undefined,
  repaired: ReadonlyMap<string, readonly string[]> = new Map(),
): Obj {
  const copy = structuredClone(bundled);
  for (const [pointer, names] of repaired) {
    let at: unknown = copy;
    for (const token of pointer.replace(/^#/, '').split('/').slice(1))
      at = isObject(at) ? at[decodeSegment(token)] : undefined;
    if (isObject(at) && Array.isArray(at.required))
      at.required = at.required.filter((name) => !names.includes(name as string));
  }
  if (marker === undefined) return copy;
  const resolve = (node: unknown, depth = 0): unknown => {
    if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#') || depth > 16) return node;
    let at: unknown = copy;
    for (const token of node.$ref.slice(1).split('/').slice(1))
      at = isObject(at) ? at[decodeSegment(decodeURIComponent(token))] : undefined;
    return resolve(at, depth + 1);
  };
  const marked = (node: unknown): boolean => {
    const schema = resolve(node);
    if (!isObject(schema)) return false;
    if (schema[marker] === true) return true;
    return (
      Array.isArray(schema.allOf) &&
      schema.allOf.some((branch) => isObject(resolve(branch)) && (resolve(branch) as Obj)[marker] === true)
    );
  };
  walkSchemas(copy, (schema) => {
    if (!Array.isArray(schema.required)) return;
    const properties = isObject(schema.properties) ? schema.properties : {};
    schema.required = schema.required.filter(
      (name) => !(typeof name === 'string' && name in properties && marked(properties[name])),
    );
  });
  return copy;
}
