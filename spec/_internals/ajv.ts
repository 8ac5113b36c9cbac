import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { CompiledSchema, JsonSchema, SchemaIssue, ValidationResult } from '../model.js';

// ajv and ajv-formats ship CommonJS whose module object also carries itself as `default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

// 2^63 is not representable exactly as a double; 2^63 - 1 rounds to it, so it is the inclusive bound.
const INT64_BOUND = 2 ** 63;

/** Creates the ajv instance every validator of a spec is compiled with. */
export function createAjv(): Ajv2020Module.default {
  // strict: false because OpenAPI schemas carry annotation keywords (example, xml, ...) ajv does not know.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  // ajv-formats only checks Number.isInteger for int64/int32; enforce the real ranges.
  ajv.addFormat('int64', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -INT64_BOUND && n <= INT64_BOUND,
  });
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n <= 2 ** 31 - 1,
  });
  return ajv;
}

/** Compiles schemas once and caches them by identity. */
export function createCompiler(): (schema: JsonSchema) => CompiledSchema {
  const ajv = createAjv();
  const cache = new WeakMap<JsonSchema, CompiledSchema>();
  return (schema) => {
    const hit = cache.get(schema);
    if (hit) return hit;
    const fn = ajv.compile(schema);
    const compiled: CompiledSchema = {
      schema,
      ajv: fn,
      validate(value: unknown): ValidationResult {
        if (fn(value)) return { ok: true };
        const errors: SchemaIssue[] = (fn.errors ?? []).map((e) => ({
          pointer: e.instancePath,
          keyword: e.keyword,
          message: `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`,
        }));
        return { ok: false, errors };
      },
    };
    cache.set(schema, compiled);
    return compiled;
  };
}
