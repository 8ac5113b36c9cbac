import type { JsonSchema, OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import type { WireJson } from '../cases/index.js';
import { mergeAllOf } from './schema-arbitrary.js';
import type { KnownValues, RequestParts } from './valid-case.js';
import { toPlainJson } from './wire.js';

/**
 * The top-level body members of an operation that name another resource by a path parameter's name
 * (`warehouseId` in an item's body, `/warehouses/{warehouseId}` elsewhere): a made-up value names
 * nothing, and the server rightly refuses it (422 "unknown warehouse").
 */
export function referenceMembers(operation: OperationModel, operations: readonly OperationModel[]): string[] {
  const schema = operation.requestBody ? mergeAllOf(operation.requestBody.schema.schema) : undefined;
  const properties = isObject(schema?.properties) ? Object.keys(schema.properties) : [];
  // The operation's own resources are not references: `sku` in the body of POST /items names the
  // item it creates (/items/{sku}), and one in PUT /items/{sku} the item its path names.
  const own = `${operation.path.replace(/\/$/, '')}/`;
  const names = new Set<string>();
  const mine = new Set<string>();
  for (const o of operations)
    for (const p of o.parameters)
      if (p.in === 'path') (o.path === operation.path || o.path.startsWith(own) ? mine : names).add(p.name);
  return properties.filter((name) => names.has(name) && !mine.has(name));
}

/**
 * Request parts with each reference member of the body set to a value the target handed out under
 * that name (`known`), the `pick`-th one, where the body stays valid; other members as they were.
 * The same body, where no value is known or none fits the member's schema.
 */
export function withKnownReferences(
  operation: OperationModel,
  parts: RequestParts,
  known: KnownValues,
  pick = 0,
): RequestParts {
  const body = parts.body;
  const schema = operation.requestBody?.schema;
  if (!schema || !isObject(body)) return parts;
  const properties = mergeAllOf(schema.schema).properties;
  if (!isObject(properties)) return parts;
  let next = body as Record<string, WireJson>;
  // The operation's own path values are its own resource's, not references (see referenceMembers).
  const ownPath = new Set(operation.parameters.filter((p) => p.in === 'path').map((p) => p.name));
  for (const name of Object.keys(properties)) {
    if (ownPath.has(name)) continue;
    const pool = known[name];
    if (!pool || pool.length === 0 || !(name in next)) continue;
    const text = pool[pick % pool.length]!;
    const type = mergeAllOf(properties[name] as JsonSchema).type;
    const value: WireJson =
      (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    const candidate = { ...next, [name]: value };
    if (schema.validate(toPlainJson(candidate)).ok) next = candidate;
  }
  return next === body ? parts : { ...parts, body: next };
}
