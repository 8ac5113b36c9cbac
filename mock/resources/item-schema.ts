import type { JsonSchema, OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import { sampleValue } from '../../spec/generate/index.js';

// How the stateful store reads an item's schema: the members it declares (through `allOf`, the first
// `oneOf`/`anyOf` branch), the ones it requires, the shapes a `oneOf` item can take, and the values of
// the members the server owns.

type Obj = Record<string, unknown>;

/** The members a schema declares, by name, through `allOf` and the first `oneOf`/`anyOf` branch. */
export function declaredSchemas(
  schema: JsonSchema,
  out = new Map<string, JsonSchema>(),
  depth = 0,
): Map<string, JsonSchema> {
  if (depth > 8) return out;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts))
      for (const part of key === 'allOf' ? parts : parts.slice(0, 1))
        if (isObject(part)) declaredSchemas(part, out, depth + 1);
  }
  if (isObject(schema.properties))
    for (const [name, member] of Object.entries(schema.properties)) if (isObject(member)) out.set(name, member);
  return out;
}

/** The members a schema requires, through `allOf`. */
export function requiredNames(schema: JsonSchema | undefined, depth = 0): string[] {
  if (!schema || depth > 8) return [];
  const own = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const parts = Array.isArray(schema.allOf)
    ? (schema.allOf as JsonSchema[]).flatMap((p) => requiredNames(p, depth + 1))
    : [];
  return [...new Set([...own, ...parts])];
}

/** The shapes an item can take: each oneOf/anyOf branch with the rest of the schema, or the schema itself. */
export function shapesOf(schema: JsonSchema | undefined): (JsonSchema | undefined)[] {
  const branches = schema?.oneOf ?? schema?.anyOf;
  if (!schema || !Array.isArray(branches) || branches.length === 0) return [schema];
  const { oneOf: _one, anyOf: _any, discriminator: _d, ...base } = schema;
  return branches.filter(isObject).map((branch) => ({ allOf: [base, branch] }));
}

/** The `examples` and `example` of a schema, looking through `allOf`. */
export function examplesOf(schema: JsonSchema | undefined, depth = 0): unknown[] {
  if (!schema || depth > 8) return [];
  const own = [
    ...(Array.isArray(schema.examples) ? schema.examples : []),
    ...('example' in schema ? [schema.example] : []),
  ];
  const parts = Array.isArray(schema.allOf)
    ? (schema.allOf as JsonSchema[]).flatMap((p) => examplesOf(p, depth + 1))
    : [];
  return [...own, ...parts];
}

/** A path parameter's text as the member's type: `"5"` → 5 for an integer member. */
export function typedLike(schema: JsonSchema | undefined, text: string): unknown {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

export function exampleItem(operation: OperationModel): Obj | undefined {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2/.test(status)) continue;
    const found = Object.values(response.examples).find(isObject);
    if (found) return found;
  }
  return undefined;
}

/** Names of a member holding when an item last changed: `updatedAt`, `updated_at`, `lastModified`, `modifiedOn`, `updateTime`, `dateModified`. */
export const UPDATE_STAMP =
  /^(?:last_?)?(?:updated|modified|changed)(?:_?(?:at|on|date|time))?$|^(?:date|time)_?(?:updated|modified|changed)$|^update_?time$/i;

/** The instant `now` as the member's schema writes it (a `date-time` string), else undefined. */
export function nowIn(schema: JsonSchema | undefined, now: Date): unknown {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  if (type === 'string' && schema?.format === 'date-time') return now.toISOString();
  return undefined;
}

/** Keywords that give a member a value of its own, which {@link ownedValue} takes first. */
export const OWN_VALUE_KEYS = ['const', 'default', 'examples', 'example', 'enum'];

/** A value for a member the server owns: the schema's own value (const, default, examples), else the spec's example, else one built from the schema. */
export function ownedValue(schema: JsonSchema | undefined, example: unknown): unknown {
  if (schema && OWN_VALUE_KEYS.some((k) => k in schema)) return sampleValue(schema);
  if (example !== undefined) return example;
  return sampleValue(schema);
}

/**
 * A create's body with the `default` of each member the request schema declares and the body leaves
 * out: the value the server assumes for it (OpenAPI's `default`), so a task created without `priority`
 * holds the documented `medium`, not a sample of the item's enum. Other bodies are returned as they are.
 */
export function withRequestDefaults(operation: OperationModel, body: unknown): unknown {
  const schema = operation.requestBody?.schema?.schema;
  if (!schema || !isObject(body)) return body;
  let out: Obj | undefined;
  for (const [name, member] of declaredSchemas(schema)) {
    if (body[name] !== undefined || !('default' in member) || member.readOnly === true) continue;
    out ??= { ...body };
    out[name] = structuredClone(member.default);
  }
  return out ?? body;
}

/**
 * Whether a create may take the id the client sends: when its request schema declares the id member,
 * or declares no member at all. An id only the item declares (`Pet` has it, `NewPet` not) is the
 * server's to assign.
 */
export function requestDeclares(operation: OperationModel, member: string): boolean {
  const schema = operation.requestBody?.schema?.schema;
  if (!schema) return true;
  const declared = declaredSchemas(schema);
  return declared.size === 0 || declared.has(member);
}
