import { encodeSegment, isObject } from '../json/index.js';
type Obj = Record<string, unknown>;

/** Keywords whose value is one subschema. */
const ONE = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];
/** Keywords whose value is a list of subschemas. */
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
/** Document members that hold data, not OpenAPI objects: never walked. */
const DATA = new Set(['example', 'examples']);

/**
 * Calls `visit` on every schema object of a bundled (tree-shaped, `$ref`s as strings) OpenAPI
 * document, parents before children, with its JSON pointer: every `schema` member, every entry of
 * `components.schemas`, and every subschema inside them. Example data is never walked.
 */
export function walkSchemas(document: Obj, visit: (schema: Obj, pointer: string) => void): void {
  const schema = (node: unknown, pointer: string): void => {
    if (!isObject(node)) return;
    visit(node, pointer);
    for (const key of ONE) if (isObject(node[key])) schema(node[key], `${pointer}/${key}`);
    if (Array.isArray(node.items)) node.items.forEach((s, i) => schema(s, `${pointer}/items/${i}`));
    for (const key of LIST)
      if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((s, i) => schema(s, `${pointer}/${key}/${i}`));
    for (const key of MAP) {
      if (!isObject(node[key])) continue;
      for (const [name, sub] of Object.entries(node[key])) schema(sub, `${pointer}/${key}/${encodeSegment(name)}`);
    }
  };
  const walk = (node: unknown, pointer: string, key: string | undefined, parentKey: string | undefined): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`, String(i), key));
      return;
    }
    if (!isObject(node)) return;
    if (key === 'schema' || parentKey === 'schemas') {
      schema(node, pointer);
      return;
    }
    for (const [k, v] of Object.entries(node)) {
      if (DATA.has(k) || k.startsWith('x-')) continue;
      walk(v, `${pointer}/${encodeSegment(k)}`, k, key);
    }
  };
  walk(document, '', undefined, undefined);
}
