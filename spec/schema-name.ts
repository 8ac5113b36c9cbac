import type { JsonSchema } from './model.js';

/** Names of the schemas of `components.schemas`, by object, across every loaded spec. */
const names = new WeakMap<object, string>();

/** Records the component names of a loaded document's schemas (the loader calls it). */
export function recordSchemaNames(components: Readonly<Record<string, unknown>>): void {
  for (const [name, schema] of Object.entries(components))
    if (typeof schema === 'object' && schema !== null && !names.has(schema)) names.set(schema, name);
}

/**
 * The name a schema object has under `components.schemas` (`Cat` for the object `#/components/schemas/Cat`
 * dereferences to), or undefined. Discriminators map values to these names.
 */
export function schemaNameOf(schema: JsonSchema): string | undefined {
  return names.get(schema);
}
