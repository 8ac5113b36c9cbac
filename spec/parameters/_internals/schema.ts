/**
 * Just enough reading of a (dereferenced, possibly cyclic) JSON Schema to steer parameter parsing:
 * which JSON types it admits, and the subschema of an array item or object property. Every walk is
 * bounded by MAX_DEPTH because recursive schemas are real object cycles.
 */

/** A JSON Schema object as received: plain data, possibly cyclic. */
export type Schema = Record<string, unknown>;

const MAX_DEPTH = 16;
const EMPTY: Schema = {};

function asSchema(value: unknown): Schema {
  // Boolean schemas (`true`/`false`) say nothing about type; treat them as the empty schema.
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : EMPTY;
}

function branches(schema: Schema): Schema[] {
  const out: Schema[] = [];
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const b of list) out.push(asSchema(b));
  }
  return out;
}

function collectTypes(schema: Schema, into: Set<string>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const type = schema['type'];
  if (typeof type === 'string') into.add(type);
  else if (Array.isArray(type)) for (const t of type) if (typeof t === 'string') into.add(t);
  if (schema['nullable'] === true) into.add('null'); // OpenAPI 3.0 spelling
  if (type === undefined) {
    if ('properties' in schema || 'additionalProperties' in schema || 'patternProperties' in schema) into.add('object');
    if ('items' in schema || 'prefixItems' in schema) into.add('array');
  }
  for (const b of branches(schema)) collectTypes(b, into, depth + 1);
}

/** The JSON types a schema admits, including those named by its oneOf/anyOf/allOf branches. */
export function typesOf(schemaLike: unknown): Set<string> {
  const types = new Set<string>();
  collectTypes(asSchema(schemaLike), types, 0);
  return types;
}

/** Whether a parameter with this schema is read as an array, an object or a single primitive. */
export function shapeOf(schemaLike: unknown): 'array' | 'object' | 'primitive' {
  const types = typesOf(schemaLike);
  if (types.has('array')) return 'array';
  if (types.has('object')) return 'object';
  return 'primitive';
}

function find(schema: Schema, pick: (s: Schema) => unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return undefined;
  const here = pick(schema);
  if (here !== undefined) return here;
  for (const b of branches(schema)) {
    const found = find(b, pick, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The schema of the `index`th array item (`prefixItems`, then `items`), or `{}`. */
export function itemSchema(schemaLike: unknown, index = 0): Schema {
  return asSchema(
    find(
      asSchema(schemaLike),
      (s) => {
        const prefix = s['prefixItems'];
        if (Array.isArray(prefix) && index < prefix.length) return prefix[index];
        const items = s['items'];
        return items !== undefined && typeof items === 'object' && !Array.isArray(items) ? items : undefined;
      },
      0,
    ),
  );
}

/** The schema of object member `name`: `properties`, then a matching `patternProperties`, then `additionalProperties`. */
export function propertySchema(schemaLike: unknown, name: string): Schema {
  return asSchema(
    find(
      asSchema(schemaLike),
      (s) => {
        const props = s['properties'];
        if (props !== null && typeof props === 'object' && Object.hasOwn(props, name)) return (props as Schema)[name];
        const patterns = s['patternProperties'];
        if (patterns !== null && typeof patterns === 'object') {
          for (const [pattern, sub] of Object.entries(patterns as Schema)) {
            try {
              if (new RegExp(pattern, 'u').test(name)) return sub;
            } catch {
              // An invalid pattern cannot match; the schema validator reports it elsewhere.
            }
          }
        }
        const extra = s['additionalProperties'];
        return extra !== null && typeof extra === 'object' ? extra : undefined;
      },
      0,
    ),
  );
}

/** Names the schema declares under `properties` (own branches included). */
export function declaredProperties(schemaLike: unknown): string[] {
  const names = new Set<string>();
  const visit = (s: Schema, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    const props = s['properties'];
    if (props !== null && typeof props === 'object') for (const k of Object.keys(props)) names.add(k);
    for (const b of branches(s)) visit(b, depth + 1);
  };
  visit(asSchema(schemaLike), 0);
  return [...names];
}

/**
 * True when the object schema admits members beyond `properties`: explicit `additionalProperties` other
 * than `false`, `patternProperties`, or no `properties` at all. A schema with `properties` and no
 * `additionalProperties` keyword is read as closed, because that is how such parameters are meant.
 */
export function admitsOtherProperties(schemaLike: unknown): boolean {
  const s = asSchema(schemaLike);
  if (declaredProperties(s).length === 0) return true;
  const extra = find(s, (x) => x['additionalProperties'], 0);
  if (extra !== undefined && extra !== false) return true;
  return find(s, (x) => x['patternProperties'], 0) !== undefined;
}

/** The `enum`/`const` members of a schema, if it lists any. */
export function enumerated(schemaLike: unknown): unknown[] | undefined {
  const s = asSchema(schemaLike);
  if (Array.isArray(s['enum'])) return s['enum'] as unknown[];
  if ('const' in s) return [s['const']];
  return undefined;
}

/** True when a string schema carries binary content (`format: binary`, or `contentMediaType` without a text type). */
export function isBinary(schemaLike: unknown): boolean {
  const s = asSchema(schemaLike);
  if (s['format'] === 'binary') return true;
  const media = s['contentMediaType'];
  return typeof media === 'string' && !/^text\/|json|xml/i.test(media) && s['contentEncoding'] === undefined;
}
