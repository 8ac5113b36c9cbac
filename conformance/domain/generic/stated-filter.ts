import { type JsonSchema, mergeAllOf, type OperationModel } from '../../../spec/index.js';
import { isObject } from '../../../spec/json/index.js';
import { type SpecWords, specWords } from '../../../spec/spec-words.js';
import type { CollectionModel, FilterModel } from '../../../spec/resources/index.js';

/** Words of a parameter's description that say it narrows the list: "Only vehicles of this make". */
const NARROWING = /\b(?:only|filters?|filtered|filtering|matching|restricts?|limits? the (?:list|results?) to)\b/i;

/**
 * Where the spec itself states that a list parameter filters on an item member, rather than the
 * kit inferring it from the name: the parameter's description says it narrows the list, or the
 * parameter takes exactly the enum of the member it is named after (`fuelType` with the items'
 * own `FuelType` values, the fleet zoo). Then an item of another value in the filtered list breaks
 * the spec, confirmed or not. Undefined where only the name speaks.
 */
export function statedFilter(
  list: OperationModel,
  collection: CollectionModel,
  filter: FilterModel,
): SpecWords | undefined {
  const parameter = list.parameters.find((p) => p.in === 'query' && p.name === filter.parameter);
  if (!parameter) return undefined;
  if (typeof parameter.description === 'string' && NARROWING.test(parameter.description))
    return specWords(`${parameter.pointer}/description`, parameter.description);
  const members = collection.itemSchema ? mergeAllOf(collection.itemSchema).properties : undefined;
  const member = isObject(members) ? (members as Record<string, JsonSchema>)[filter.member] : undefined;
  const own = enumOf(parameter.schema.schema);
  const theirs = member === undefined ? undefined : enumOf(member);
  if (!own || !theirs || own.length < 2 || own.length !== theirs.length) return undefined;
  const same = own.every((v) => theirs.some((w) => JSON.stringify(w) === JSON.stringify(v)));
  return same
    ? specWords(
        `${parameter.pointer}/schema`,
        `the query parameter ${filter.parameter} of ${list.operationId} takes exactly the values of the items' ${filter.member}: ${own.map((v) => JSON.stringify(v)).join(', ')}`,
      )
    : undefined;
}

/** A schema's enum (a nullable one's non-null values), if it has one. */
function enumOf(schema: JsonSchema): unknown[] | undefined {
  const s = mergeAllOf(schema);
  return Array.isArray(s.enum) ? s.enum.filter((v) => v !== null) : undefined;
}
