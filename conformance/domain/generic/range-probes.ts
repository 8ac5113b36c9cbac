import type { SpecModel } from '../../../spec/index.js';
import { type CollectionModel, type RangeFilterModel, orderKey } from '../../../spec/resources/index.js';
import { type Finding, specBasis } from '../../findings/index.js';
import type { SequenceContext } from '../rules.js';
import { is2xx, largestPage, operationsOf, scopeOf } from './collection-requests.js';
import { idOfItem, itemsOf } from './items.js';
import { memberOf, rangeFindingOf } from './list-checks.js';
import { missingFrom } from './structured-filters.js';

const FAMILY = 'semantics.filter';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Each range filter the spec's words state (`from`: "Only events whose `startsAt` is at or after this
 * instant"), tried on an item the target listed, X:
 * - a bound just past X (one unit: a second, a day, 1), written for a date-time in the UTC offset
 *   farthest from X's (-12:00 for a least bound, +14:00 for a greatest one), so that a server that
 *   compares the text instead of the instant still lists X: X must not be listed (semantics.filter,
 *   range-filter);
 * - where the words call the bound inclusive, the bound at X's own value: X must be in a complete
 *   answer (filter-misses), which catches a bound read as exclusive; where they call it exclusive,
 *   X must not be listed there (range-filter).
 * Both rest on the parameter's words.
 */
export async function probeRangeFilters(
  context: SequenceContext,
  spec: SpecModel,
  collection: CollectionModel,
): Promise<Finding[]> {
  const { list } = operationsOf(spec, collection);
  const ranges = collection.ranges ?? [];
  const scope = list && ranges.length > 0 && collection.id ? scopeOf(context, collection, list) : undefined;
  if (!list || !scope) return [];
  const page = largestPage(list, collection, scope, FAMILY);
  const unfiltered = await context.send(page.testCase);
  const r = unfiltered.response;
  const items = r && is2xx(unfiltered) ? itemsOf(collection, r.json) : undefined;
  if (!items) return [];
  const findings: Finding[] = [];
  for (const range of ranges) {
    const parameter = list.parameters.find((p) => p.in === 'query' && p.name === range.parameter);
    const valued = items
      .filter((item) => orderKey(range, item) !== undefined && idOfItem(collection, item) !== undefined)
      .sort((a, b) => orderKey(range, a)! - orderKey(range, b)!);
    // The middle item: the list has items on both sides of it where it has several.
    const chosen = valued[Math.floor(valued.length / 2)];
    if (!parameter || !chosen) continue;
    const value = memberOf(chosen, range.member);
    const ask = async (bound: string) =>
      context.send({ ...page.testCase, query: [...page.testCase.query, [range.parameter, bound]] });
    const past = pastBound(range, value);
    if (past !== undefined && parameter.schema.validate(range.compare === 'number' ? Number(past) : past).ok) {
      const beyond = rangeFindingOf(await ask(past), collection, range);
      if (beyond) {
        findings.push(beyond);
        continue;
      }
    }
    if (range.inclusive === undefined) continue;
    const at = String(value);
    if (!parameter.schema.validate(range.compare === 'number' ? value : at).ok) continue;
    const filtered = await ask(at);
    if (range.inclusive === false) {
      // The bound at X's own value, where the words call it exclusive: X must not be listed
      // (the podcasts zoo: `publishedAfter`, "strictly after", kept the episode published at it).
      const at = rangeFindingOf(filtered, collection, range);
      if (at) findings.push(at);
      continue;
    }
    const reason = `${range.parameter} bounds ${range.member} inclusively`;
    const basis = specBasis(range);
    const miss = missingFrom(
      filtered,
      page.cap,
      collection,
      list,
      { parameter: range.parameter, member: range.member, reason },
      value,
      idOfItem(collection, chosen)!,
      { basis, inclusiveBound: range.bound },
    );
    if (miss) findings.push(miss);
  }
  return findings;
}

/** A bound one unit past a value, on the side that leaves the value out; for date-times, in a far UTC offset. */
function pastBound(range: RangeFilterModel, value: unknown): string | undefined {
  const step = range.bound === 'lower' ? 1 : -1;
  if (range.compare === 'number') {
    if (typeof value !== 'number') return undefined;
    return String(Number.isInteger(value) ? value + step : value + step * Math.max(Math.abs(value) * 1e-9, 1e-6));
  }
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(time + step * DAY_MS).toISOString().slice(0, 10);
  return inOffset(time + step * 1000, range.bound === 'lower' ? -12 : 14);
}

/** An instant as an RFC 3339 date-time in a given whole-hour UTC offset. */
function inOffset(time: number, hours: number): string {
  const local = new Date(time + hours * HOUR_MS).toISOString().slice(0, 19);
  const sign = hours < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`;
}
