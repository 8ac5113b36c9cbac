import fc from 'fast-check';
import { isLosslessNumber } from 'lossless-json';
import type { JsonSchema, OperationModel, ParameterModel, SpecModel } from '../../../spec/index.js';
import { parseParameter, serializeParameter } from '../../../spec/parameters/index.js';
import { type CollectionModel, type FilterModel, singular } from '../../../spec/resources/index.js';
import type { Case, Exchange, WireJson } from '../../cases/index.js';
import type { RegisteredCheck } from '../../checks/index.js';
import { findingOf } from '../../checks/index.js';
import type { Basis, Finding, ItemRef } from '../../findings/index.js';
import {
  mergeAllOf,
  ordinaryParts,
  schemaArbitrary,
  toPlainJson,
  toValidCase,
  wellFormedText,
} from '../../generate/index.js';
import type { SequenceContext } from '../rules.js';
import { createdItem, holdsEverything, is2xx, largestPage, operationsOf, scopeOf } from './collection-requests.js';
import { idOfItem, itemsOf } from './items.js';
import { Confirmations } from './confirmations.js';
import { filterFinding, memberOf } from './list-checks.js';
import { statedFilter } from './stated-filter.js';

const FAMILY = 'semantics.filter';

/**
 * How a filter whose value is not one scalar narrows a list, as far as the spec's schemas make it
 * unambiguous:
 * - `contains-any`: an array parameter named like an array member (`tags=a,b`, items with `tags`):
 *   whether the server keeps items carrying any, every or exactly these values, each item it keeps
 *   carries at least one of them;
 * - `one-of`: an array parameter named as the plural of a scalar member (`tags=dog` for items with
 *   one `tag`, `ids=1,2` for `id`, OpenAPI's own petstore-expanded): each item kept holds one of the
 *   values, in any letter case or as part of one (a search by tag may match loosely);
 * - `equality`: a member of a deepObject parameter named like a scalar item member (`filter[author]=Ana`);
 * - `at-least` / `at-most`: a deepObject member named `min`/`max` + a numeric item member
 *   (`filter[minRating]=4`): a kept item that has the member has it at least (at most) that value,
 *   whether the bound is inclusive or not.
 */
export type StructuredFilterKind = 'contains-any' | 'one-of' | 'equality' | 'at-least' | 'at-most';

/** One structured filter of a list operation: the query parameter, the deepObject member if any, and the item member. */
export interface StructuredFilter {
  readonly parameter: ParameterModel;
  /** For a deepObject parameter: the member of its value that filters (`author` of `filter[author]`). */
  readonly property?: string;
  readonly member: string;
  readonly kind: StructuredFilterKind;
  readonly reason: string;
}

const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);
const typeOf = (schema: JsonSchema | undefined): string | undefined => {
  const type = schema ? mergeAllOf(schema).type : undefined;
  return typeof type === 'string' ? type : undefined;
};
const itemsSchema = (schema: JsonSchema): JsonSchema | undefined =>
  (mergeAllOf(schema).items as JsonSchema | undefined) ?? undefined;
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
// Parameters that shape the answer rather than narrow it (`fields=name,tag`, `include=owner`).
const SHAPING = /^(?:fields|expand|includes?|embed|sort|sorts|order|select|exclude|omit)$/i;

/** The member a bound's name names (`minRating`, `min_rating`, `ratingMin` → `rating`), and which bound. */
function boundOf(name: string): { member: string; kind: 'at-least' | 'at-most' } | undefined {
  const before = /^(min|max)(?:imum)?[_-]?([A-Za-z].*)$/i.exec(name);
  if (before) return { member: lowerFirst(before[2]!), kind: /^min/i.test(before[1]!) ? 'at-least' : 'at-most' };
  const after = /^(.*[a-z0-9])[_-]?(Min|Max|min|max)$/.exec(name);
  if (after) return { member: after[1]!.replace(/[_-]$/, ''), kind: /min/i.test(after[2]!) ? 'at-least' : 'at-most' };
  return undefined;
}

/**
 * The structured filters of a collection's list, inferred from its query parameters and the item
 * schema: only names that match a member exactly, and only types that leave one reading.
 */
export function inferStructuredFilters(list: OperationModel, collection: CollectionModel): StructuredFilter[] {
  const itemSchema = collection.itemSchema;
  if (!itemSchema) return [];
  const members = (mergeAllOf(itemSchema).properties ?? {}) as Record<string, JsonSchema>;
  const code = (s: string) => `\`${s}\``;
  const out: StructuredFilter[] = [];
  for (const p of list.parameters.filter((q) => q.in === 'query' && !q.contentType)) {
    const schema = p.schema.schema;
    if (typeOf(schema) === 'array' && p.style !== 'deepObject') {
      const member = members[p.name];
      const valueType = typeOf(itemsSchema(schema));
      if (!SCALARS.has(valueType ?? '')) continue;
      // The plural of a scalar member (`tags` for `tag`): one of the values asked.
      const one = singular(p.name);
      const scalar = !member && one !== p.name && !SHAPING.test(p.name) ? members[one] : undefined;
      if (scalar && typeOf(scalar) === valueType) {
        out.push({
          parameter: p,
          member: one,
          kind: 'one-of',
          reason: `${code(p.name)}: an array query parameter named as the plural of the item member ${code(one)}`,
        });
        continue;
      }
      if (!member || typeOf(member) !== 'array') continue;
      if (typeOf(itemsSchema(member)) !== valueType) continue;
      out.push({
        parameter: p,
        member: p.name,
        kind: 'contains-any',
        reason: `${code(p.name)}: an array query parameter named like the array member ${code(p.name)} of the item`,
      });
    } else if (typeOf(schema) === 'object' && p.style === 'deepObject') {
      const properties = (mergeAllOf(schema).properties ?? {}) as Record<string, JsonSchema>;
      for (const [property, propertySchema] of Object.entries(properties)) {
        const type = typeOf(propertySchema);
        if (!SCALARS.has(type ?? '')) continue;
        const wire = `${p.name}[${property}]`;
        if (members[property] && typeOf(members[property]) === type) {
          out.push({
            parameter: p,
            property,
            member: property,
            kind: 'equality',
            reason: `${code(wire)}: a member of the deepObject parameter ${code(p.name)} named like the item member ${code(property)}`,
          });
          continue;
        }
        const bound = boundOf(property);
        const numeric = (t: string | undefined) => t === 'integer' || t === 'number';
        if (bound && !members[property] && numeric(type) && numeric(typeOf(members[bound.member]))) {
          out.push({
            parameter: p,
            property,
            member: bound.member,
            kind: bound.kind,
            reason: `${code(wire)}: a member of the deepObject parameter ${code(p.name)} named as the ${bound.kind === 'at-least' ? 'least' : 'greatest'} ${code(bound.member)} of the item`,
          });
        }
      }
    }
  }
  return out;
}

/** The query a case sent, as text after `?` (its pairs encoded, then its pre-encoded fragments). */
export function queryTextOf(c: Case): string {
  if (c.queryText !== undefined) return c.queryText;
  // A lone surrogate goes on the wire as U+FFFD (encodeURIComponent would throw on it).
  const encode = (text: string) => encodeURIComponent(wellFormedText(text));
  return [...c.query.map(([k, v]) => `${encode(k)}=${encode(v)}`), ...(c.rawQuery ?? [])].join('&');
}

/** The value a case sent for a structured filter, read back by the parameter's own style; undefined when absent or unreadable. */
export function sentValue(c: Case, filter: StructuredFilter): unknown {
  const p = filter.parameter;
  const parsed = parseParameter({ ...p, schema: p.schema.schema }, queryTextOf(c));
  if (!parsed.ok || parsed.value === undefined) return undefined;
  if (filter.property === undefined) return parsed.value;
  const value = parsed.value as Record<string, unknown> | null;
  return value !== null && typeof value === 'object' ? value[filter.property] : undefined;
}

const same = (a: unknown, b: unknown) =>
  isLosslessNumber(a) || isLosslessNumber(b) || typeof a === 'number' || typeof b === 'number'
    ? Number(a) === Number(b)
    : a === b;

/** Two texts one holds the other of, in any letter case: a loose match a server may make. */
const looselySame = (a: unknown, b: unknown) =>
  typeof a === 'string' &&
  typeof b === 'string' &&
  b.trim() !== '' &&
  (a.toLowerCase().includes(b.toLowerCase()) || b.toLowerCase().includes(a.toLowerCase()));

/** Whether an item's member agrees with the value sent; undefined where the filter leaves it unjudged. */
export function matches(filter: StructuredFilter, wanted: unknown, value: unknown): boolean | undefined {
  switch (filter.kind) {
    case 'contains-any':
      if (!Array.isArray(wanted) || wanted.length === 0) return undefined;
      return Array.isArray(value) && value.some((v) => wanted.some((w) => same(v, w)));
    case 'one-of':
      if (!Array.isArray(wanted) || wanted.length === 0) return undefined;
      return value !== undefined && value !== null && wanted.some((w) => same(value, w) || looselySame(value, w));
    case 'equality':
      return value !== undefined && value !== null && same(value, wanted);
    case 'at-least':
    case 'at-most':
      // An item without the member is not judged: the bound says nothing of it.
      if (value === undefined || value === null) return undefined;
      if (typeof value !== 'number' && !isLosslessNumber(value)) return false;
      return filter.kind === 'at-least' ? Number(value) >= Number(wanted) : Number(value) <= Number(wanted);
  }
}

/** Every item of a list narrowed by a structured filter agrees with it (see {@link StructuredFilterKind}). */
export function structuredFilterChecks(
  list: OperationModel,
  collection: CollectionModel,
  ledger: Confirmations = new Confirmations(),
): RegisteredCheck[] {
  return inferStructuredFilters(list, collection).map((filter) => {
    // Where the spec's words say the whole parameter narrows the list ("tags to filter by"), no inference.
    const stated =
      filter.property === undefined
        ? statedFilter(list, collection, { parameter: filter.parameter.name, member: filter.member } as FilterModel)
        : undefined;
    return {
      name: () => 'semantics.filter',
      run: ({ exchange }) => {
        const r = exchange.response;
        if (!r || r.status < 200 || r.status >= 300 || exchange.case.kind !== 'valid') return [];
        const items = itemsOf(collection, r.exactJson ?? r.json);
        const wanted = items ? sentValue(exchange.case, filter) : undefined;
        if (wanted === undefined || !items) return [];
        const off = items.filter((item) => matches(filter, wanted, memberOf(item, filter.member)) === false);
        const parameter =
          filter.property === undefined ? filter.parameter.name : `${filter.parameter.name}[${filter.property}]`;
        const text = typeof wanted === 'string' ? wanted : JSON.stringify(wanted);
        // A filtered answer whose every item matches shows the target applies this filter.
        if (off.length === 0 && items.length > 0)
          ledger.held(
            `${collection.path} filter:${parameter}`,
            text,
            `${list.operationId} with ${parameter}=${text} answered ${items.length} items, each matching on ${filter.member}`,
          );
        if (off.length === 0) return [];
        const { member, reason, kind } = filter;
        return [
          filterFinding(
            exchange,
            { parameter, member, reason, ...(kind === 'equality' ? {} : { match: kind }) },
            text,
            items,
            off,
            stated,
          ),
        ];
      },
    };
  });
}

/**
 * An item listed unfiltered is found by an array filter asking for exactly the values it carries:
 * whether the server keeps items carrying any, every or exactly the values asked, this item is one
 * of them. Reads the list at its largest page; only a complete answer (shorter than that page, no
 * next page, not from a cache) gives a verdict, for the unfiltered and the filtered read alike.
 * Catches a server that reads `tags=a,b` as the one value `a,b`.
 */
export async function probeArrayFilterFinds(
  context: SequenceContext,
  spec: SpecModel,
  collection: CollectionModel,
): Promise<Finding[]> {
  const { list } = operationsOf(spec, collection);
  if (!list || !collection.id) return [];
  const filters = inferStructuredFilters(list, collection).filter((f) => f.kind === 'contains-any');
  const scope = filters.length > 0 ? scopeOf(context, collection, list) : undefined;
  if (!scope) return [];
  const page = largestPage(list, collection, scope, FAMILY);
  const unfiltered = await context.send(page.testCase);
  if (!holdsEverything(unfiltered, collection, page.cap)) return [];
  const items = itemsOf(collection, unfiltered.response!.exactJson ?? unfiltered.response!.json)!;
  const findings: Finding[] = [];
  for (const filter of filters) {
    const p = filter.parameter;
    // The item with the most values the parameter takes as they are (two or more show the separator).
    const candidates = items
      .map((item) => ({ item, values: (item as Record<string, unknown> | null)?.[filter.member] }))
      .filter(
        (c): c is { item: unknown; values: WireJson[] } =>
          Array.isArray(c.values) &&
          c.values.length > 0 &&
          new Set(c.values.map(String)).size === c.values.length &&
          p.schema.validate(toPlainJson(c.values as WireJson)).ok &&
          idOfItem(collection, c.item) !== undefined,
      )
      .sort((a, b) => b.values.length - a.values.length);
    const chosen = candidates[0];
    if (!chosen) continue;
    const fragments = serializeParameter({ ...p, schema: p.schema.schema }, toPlainJson(chosen.values)).query ?? [];
    const filtered = await context.send({
      ...page.testCase,
      rawQuery: [...(page.testCase.rawQuery ?? []), ...fragments],
    });
    const id = idOfItem(collection, chosen.item)!;
    const miss = missingFrom(filtered, page.cap, collection, list, { ...filter, parameter: p.name }, chosen.values, id);
    if (miss) findings.push(miss);
  }
  return findings;
}

/** Two values of a member a creation may set and a filter may ask, neither holding the other, in order. */
function twoValues(
  filter: StructuredFilter,
  create: OperationModel,
  body: Record<string, WireJson>,
  seed: number,
): [WireJson, WireJson] | undefined {
  const memberSchema = (mergeAllOf(create.requestBody!.schema.schema).properties as Record<string, JsonSchema>)?.[
    filter.member
  ];
  if (!memberSchema || mergeAllOf(memberSchema).readOnly === true) return undefined;
  const fits = (v: WireJson) =>
    filter.parameter.schema.validate({ [filter.property!]: toPlainJson(v) }).ok &&
    create.requestBody!.schema.validate(toPlainJson({ ...body, [filter.member]: v })).ok;
  const values = fc.sample(schemaArbitrary(memberSchema), { seed, numRuns: 60 }).filter(fits);
  const text = (v: WireJson) => String(v).toLowerCase();
  for (const a of values)
    for (const b of values) {
      if (typeof a === 'string' && typeof b === 'string') {
        // A server may match case-insensitively or by substring: neither value may find the other.
        if (a.trim() !== '' && b.trim() !== '' && !text(a).includes(text(b)) && !text(b).includes(text(a)))
          return [a, b];
      } else if (typeof a === 'number' && typeof b === 'number' && a < b) return [a, b];
    }
  return undefined;
}

/**
 * Each deepObject filter on a fresh pair of items: two creations that differ only in the member
 * (`author` "a…" and "b…"; `rating` 2 and 4), then the list filtered by one of them. Every item kept
 * must match (an equality filter for the first value keeps the second out; a least bound at the
 * second value keeps the first out, whether the bound is inclusive or not), and an equality filter
 * finds its item in a complete answer (exact, case-insensitive and substring matching all find it).
 * Catches a list that ignores the filter, whatever else the store holds.
 */
export async function probeObjectFilters(
  context: SequenceContext & { readonly seed?: number },
  spec: SpecModel,
  collection: CollectionModel,
): Promise<Finding[]> {
  const { list, create } = operationsOf(spec, collection);
  if (context.readOnly || !list || !create?.requestBody || !collection.id) return [];
  const filters = inferStructuredFilters(list, collection).filter((f) => f.property !== undefined);
  const scope = filters.length > 0 ? scopeOf(context, collection, list) : undefined;
  if (!scope) return [];
  const ordinary = ordinaryParts(create, {}, 0);
  const body = ordinary.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const page = largestPage(list, collection, scope, FAMILY);
  const findings: Finding[] = [];
  for (const filter of filters) {
    const pair = twoValues(filter, create, body as Record<string, WireJson>, context.seed ?? 0);
    if (!pair) continue;
    const made: (ItemRef | undefined)[] = [];
    for (const value of pair) {
      const c = toValidCase(create, {
        ...ordinary,
        body: { ...(body as Record<string, WireJson>), [filter.member]: value },
      });
      const exchange = await context.send({ ...c, family: FAMILY, pathParams: { ...c.pathParams, ...scope } });
      made.push(createdItem(collection, create, exchange));
    }
    if (made.some((m) => m === undefined)) continue;
    const [first] = made as ItemRef[];
    const asked = filter.kind === 'at-least' ? pair[1] : pair[0];
    const p = filter.parameter;
    const fragments =
      serializeParameter({ ...p, schema: p.schema.schema }, { [filter.property!]: toPlainJson(asked) }).query ?? [];
    const filtered = await context.send({
      ...page.testCase,
      rawQuery: [...(page.testCase.rawQuery ?? []), ...fragments],
    });
    const r = filtered.response;
    const items = r && is2xx(filtered) ? itemsOf(collection, r.exactJson ?? r.json) : undefined;
    if (!items) continue;
    const parameter = `${p.name}[${filter.property}]`;
    const { member, reason, kind } = filter;
    const off = items.filter((item) => matches(filter, asked, memberOf(item, member)) === false);
    if (off.length > 0) {
      const match = kind === 'equality' || kind === 'contains-any' ? {} : { match: kind };
      findings.push(filterFinding(filtered, { parameter, member, reason, ...match }, String(asked), items, off));
      continue;
    }
    // The item asked for, in a complete answer: only for equality (a bound may be exclusive).
    if (kind !== 'equality') continue;
    const miss = missingFrom(filtered, page.cap, collection, list, { parameter, member, reason }, asked, first!.id);
    if (miss) findings.push(miss);
  }
  return findings;
}

/**
 * The `filter-misses` finding when a filtered answer holds everything that matched (shorter than the
 * page it asked for, no `Link: rel="next"`, no `Age`) and still lacks the item `id`; else undefined.
 */
export function missingFrom(
  filtered: Exchange,
  cap: number | undefined,
  collection: CollectionModel,
  list: OperationModel,
  filter: { readonly parameter: string; readonly member: string; readonly reason: string },
  wanted: unknown,
  id: string,
  range?: { readonly basis: Basis; readonly inclusiveBound?: 'lower' | 'upper'; readonly anyCase?: true },
): Finding | undefined {
  const r = filtered.response;
  const items = r && is2xx(filtered) ? itemsOf(collection, r.exactJson ?? r.json) : undefined;
  const link = r?.headers.link;
  if (!r || !items || cap === undefined || items.length >= cap || r.headers.age !== undefined) return undefined;
  if (link !== undefined && /;\s*rel\s*=\s*"?[^"]*\bnext\b/i.test(link)) return undefined;
  if (items.some((item) => idOfItem(collection, item) === id)) return undefined;
  return findingOf(filtered, {
    code: 'semantic_violation',
    severity: 'failure',
    check: 'semantics.filter',
    ...(range ? { basis: range.basis } : {}),
    evidence: {
      rule: 'filter-misses',
      list: list.operationId,
      parameter: filter.parameter,
      member: filter.member,
      wanted: JSON.stringify(wanted),
      items: items.length,
      id,
      idParameter: collection.id!.parameter,
      inference: filter.reason,
      ...(range?.inclusiveBound ? { inclusiveBound: range.inclusiveBound } : {}),
      ...(range?.anyCase ? { anyCase: true as const } : {}),
    },
  });
}
