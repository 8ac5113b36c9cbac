import type { JsonSchema, OperationModel, SpecModel } from '../../spec/index.js';
import { sampleValue } from '../resources/sample-value.js';
import type { CollectionModel, ResourceModel } from '../../spec/resources/index.js';
import type { RequestInput } from '../request-input.js';
import { collectionOf } from './collection-of.js';
import { TOTAL_MEMBERS } from '../total-members.js';
import { plausibleValue } from './plausible-value.js';
import { isObject } from '../../spec/json/index.js';

type Obj = Record<string, unknown>;
const ID_LIKE = /^id$|[a-z]Id$|_id$|ID$/;

/**
 * A generated 2xx body made to look like data and to mean what the request asked, as the stateful
 * mode would answer it: list items carry the filter values asked for (`status=sold`) and ascending
 * positive ids from the page's offset, a read carries the asked id, a create/replace/update echoes
 * the members sent; string members named like `name`, `email`, `title`, `city` get plausible values,
 * id-like integers are positive. Each change is kept only where the item schema still holds, and the
 * whole body only when the response schema holds; undefined when nothing could be kept (the caller
 * sends Prism's body).
 */
export function realisticBody(
  spec: SpecModel,
  model: ResourceModel,
  operation: OperationModel,
  input: RequestInput,
  status: number,
  body: unknown,
  random: () => number,
): unknown {
  const found = collectionOf(model, operation);
  const collection = found?.collection;
  const item = collection?.itemSchema ? spec.compile(collection.itemSchema) : undefined;
  const fits = (value: unknown) => item?.validate(value).ok ?? true;
  let out: unknown = body;
  if (found?.role === 'list' && collection) {
    const member = collection.envelope?.member;
    const items = member === undefined ? body : isObject(body) ? body[member] : undefined;
    if (!Array.isArray(items)) return undefined;
    const start = firstIndex(collection, input);
    const page = items.map((generated, i) => {
      const pinned = pin(collection, generated, input, start + i);
      const tries = [realistic(pinned, random, collection.itemSchema), pinned, generated];
      return tries.find(fits) ?? tries.map((t) => repaired(spec, t, collection.itemSchema)).find(fits);
    });
    if (member === undefined) out = page;
    else {
      const envelope: Obj = {
        ...declaredOnly(body as Obj, operation.responseFor(status)?.schema?.schema),
        [member]: page,
      };
      for (const name of TOTAL_MEMBERS)
        if (typeof envelope[name] === 'number') envelope[name] = totalOf(start, page.length);
      out = envelope;
    }
  } else if (
    collection &&
    isObject(body) &&
    (found?.role === 'read' || found?.role === 'create' || found?.role === 'replace' || found?.role === 'update')
  ) {
    const id = collection.id;
    const sent = found.role !== 'read' && isObject(input.body) ? clientMembers(collection, input.body) : {};
    const asked = id && found.role !== 'create' ? input.path[id.parameter] : undefined;
    const echoed: Obj = {
      ...(realistic(body, random, collection.itemSchema) as Obj),
      ...sent,
      ...(id?.member !== undefined && asked !== undefined ? { [id.member]: asked } : {}),
    };
    const tries = [echoed, { ...body, ...sent }, body];
    out = tries.find(fits) ?? tries.map((t) => repaired(spec, t, collection.itemSchema)).find(fits);
  } else out = realistic(body, random, operation.responseFor(status)?.schema?.schema);
  const schema = operation.responseFor(status)?.schema;
  return schema === undefined || schema.validate(out).ok ? out : undefined;
}

/** The count a generated page claims: at least the items up to its end. */
function totalOf(start: number, length: number): number {
  return Math.max(length, start + length);
}

/**
 * The count a generated list answer (`body`, a bare page or an envelope) claims, as its envelope's
 * `total` says it, for the count header the list documents (`X-Total-Count`); undefined for other
 * operations.
 */
export function generatedTotal(
  model: ResourceModel,
  operation: OperationModel,
  input: RequestInput,
  body: unknown,
): number | undefined {
  const found = collectionOf(model, operation);
  if (found?.role !== 'list') return undefined;
  const member = found.collection.envelope?.member;
  const items = member === undefined ? body : isObject(body) ? body[member] : undefined;
  return Array.isArray(items) ? totalOf(firstIndex(found.collection, input), items.length) : undefined;
}

/** The 1-based position of the page's first item: `offset=40` → 41, page 3 of 20 → 41. */
function firstIndex(collection: CollectionModel, input: RequestInput): number {
  const page = collection.page;
  const at = page ? input.query[page.parameter] : undefined;
  if (!page || typeof at !== 'number') return 1;
  if (page.kind === 'offset') return at + 1;
  const size = collection.pageSize ? input.query[collection.pageSize.parameter] : undefined;
  const per = typeof size === 'number' ? size : (collection.pageSize?.default ?? 0);
  return (at - page.first) * per + 1;
}

/** The item with the asked filter values and, for integer ids, the id of its position. */
function pin(collection: CollectionModel, generated: unknown, input: RequestInput, position: number): unknown {
  if (!isObject(generated)) return generated;
  const out: Obj = { ...generated };
  for (const filter of collection.filters) {
    const wanted = input.query[filter.parameter];
    if (wanted !== undefined && !Array.isArray(wanted)) out[filter.member] = wanted;
  }
  const id = collection.id;
  if (id?.kind === 'integer' && id.member !== undefined && typeof out[id.member] === 'number')
    out[id.member] = position;
  return out;
}

/**
 * Plausible strings by member name and positive id-like integers, three levels deep. A member whose
 * schema says how to generate it (`x-faker`), or constrains its text (`format`, `pattern`, `enum`,
 * `const`), keeps the generated value: the spec's author chose it.
 */
function realistic(value: unknown, random: () => number, schema?: JsonSchema, depth = 0): unknown {
  if (depth > 3) return value;
  if (Array.isArray(value))
    return value.map((v) =>
      realistic(v, random, isObject(schema?.items) ? (schema.items as JsonSchema) : undefined, depth + 1),
    );
  if (!isObject(value)) return value;
  const declared = schema ? propertiesOf(schema) : undefined;
  const out: Obj = {};
  for (const [key, member] of Object.entries(declaredOnly(value, schema))) {
    const own = declared?.get(key);
    if (own?.['x-faker'] !== undefined) out[key] = member;
    else if (typeof member === 'string')
      out[key] =
        (own && CONSTRAINED.some((k) => k in own) ? undefined : plausibleValue(key, random)) ??
        recentDate(member, random) ??
        member;
    else if (
      Array.isArray(member) &&
      /^(tags|labels|keywords|categories)$/i.test(key) &&
      member.every((m) => typeof m === 'string')
    ) {
      // Distinct while they last: a schema may ask for uniqueItems.
      const from = Math.floor(random() * TAGS.length);
      out[key] = member.map((_, i) => TAGS[(from + i) % TAGS.length]!);
    } else if (typeof member === 'number' && Number.isInteger(member) && member <= 0 && ID_LIKE.test(key))
      out[key] = 1 + Math.floor(random() * 9_999);
    else out[key] = typeof member === 'object' ? realistic(member, random, own, depth + 1) : member;
  }
  return out;
}

const CONSTRAINED = ['format', 'pattern', 'enum', 'const'];

/**
 * The object with each declared member that breaks its own schema replaced by a sample of that
 * schema, when the sample fits: json-schema-faker does not honour every keyword (a 3.0
 * `minimum: 0, exclusiveMinimum: true` price comes out negative), and one such member made the whole
 * generated item, and so a whole page, unusable.
 */
function repaired(spec: SpecModel, value: unknown, schema: JsonSchema | undefined): unknown {
  if (!isObject(value) || !schema) return value;
  const out: Obj = { ...value };
  for (const [name, member] of propertiesOf(schema)) {
    if (out[name] === undefined) continue;
    // The spec model compiles each schema once (and never throws: one ajv cannot compile takes anything).
    const check = spec.compile(member);
    if (check.validate(out[name]).ok) continue;
    const sample = sampleValue(member);
    if (check.validate(sample).ok) out[name] = sample;
  }
  return out;
}

/**
 * The object without the members json-schema-faker invents beside the declared ones (`"eu4": "pariatur
 * laboris"` in a `{items, total}` envelope): an object schema that declares its members and no schema
 * for others (`additionalProperties` or `patternProperties` as a schema) keeps only those. The caller
 * still checks the whole body against the schema.
 */
function declaredOnly(value: Obj, schema: JsonSchema | undefined): Obj {
  if (!schema) return value;
  const declared = propertiesOf(schema);
  if (declared.size === 0 || opensMembers(schema)) return value;
  const out: Obj = {};
  for (const [key, member] of Object.entries(value)) if (declared.has(key)) out[key] = member;
  return out;
}

/**
 * True when the schema (or an allOf part) gives a schema to members it does not declare (a map, not
 * junk), or has oneOf/anyOf branches, whose members {@link propertiesOf} reads from the first alone.
 */
function opensMembers(schema: JsonSchema, depth = 0): boolean {
  if (depth > 6) return true;
  if (isObject(schema.additionalProperties) || isObject(schema.patternProperties)) return true;
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return true;
  const parts = [...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  return parts.some((part) => isObject(part) && opensMembers(part as JsonSchema, depth + 1));
}

/** Declared member schemas, through allOf (and the first branch of oneOf/anyOf). */
function propertiesOf(schema: JsonSchema, out = new Map<string, JsonSchema>(), depth = 0): Map<string, JsonSchema> {
  if (depth > 6) return out;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts))
      for (const part of key === 'allOf' ? parts : parts.slice(0, 1))
        if (isObject(part)) propertiesOf(part as JsonSchema, out, depth + 1);
  }
  if (isObject(schema.properties))
    for (const [name, member] of Object.entries(schema.properties))
      if (isObject(member)) out.set(name, member as JsonSchema);
  return out;
}

const TAGS = ['home', 'work', 'urgent', 'later', 'errand', 'family', 'health', 'travel'];
// A fixed anchor, not the clock: the same seed gives the same dates on any day.
const ANCHOR = Date.UTC(2025, 0, 1);
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** A date or date-time json-schema-faker wrote (years 1900 to 2100) moved into the year before 2025, same form. */
function recentDate(value: string, random: () => number): string | undefined {
  const time = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/.exec(value);
  if (!time) return undefined;
  const iso = new Date(ANCHOR - Math.floor(random() * YEAR_MS)).toISOString();
  return time[1] === undefined ? iso.slice(0, 10) : `${iso.slice(0, 19)}Z`;
}

/** The sent members a client may set (readOnly ones are the server's). */
function clientMembers(collection: CollectionModel, body: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(body)) if (!collection.readOnlyMembers.includes(key)) out[key] = value;
  return out;
}
