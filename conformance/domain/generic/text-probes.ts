import type { SpecModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import { type Finding, specBasis } from '../../findings/index.js';
import type { SequenceContext } from '../rules.js';
import { createCase, is2xx, largestPage, operationsOf, scopeOf } from './collection-requests.js';
import { toPlainJson } from '../../generate/index.js';
import { idOfItem, itemsOf } from './items.js';
import { memberOf } from './list-checks.js';
import { missingFrom } from './structured-filters.js';

const FAMILY = 'semantics.filter';
/** Text for a member where no listed item has plain text to write in the other case. */
const PLAIN_TEXT = 'Kit Case Probe';

/**
 * Each text filter the spec's words say ignores case ("Only items whose `title` contains this text,
 * compared case-insensitively"), tried on an item the target listed: the item's own text in that
 * member, every letter in the other case, must find the item in a complete answer (filter-misses).
 * Rests on the parameter's words. Only text whose case can change and that the parameter's schema
 * takes as it is.
 */
export async function probeTextFilters(
  context: SequenceContext,
  spec: SpecModel,
  collection: CollectionModel,
): Promise<Finding[]> {
  const { list } = operationsOf(spec, collection);
  const texts = collection.texts ?? [];
  const scope = list && texts.length > 0 && collection.id ? scopeOf(context, collection, list) : undefined;
  if (!list || !scope) return [];
  const page = largestPage(list, collection, scope, FAMILY);
  const listed = async () => {
    const unfiltered = await context.send(page.testCase);
    const r = unfiltered.response;
    return r && is2xx(unfiltered) ? itemsOf(collection, r.exactJson ?? r.json) : undefined;
  };
  let items = await listed();
  if (!items) return [];
  const findings: Finding[] = [];
  for (const text of texts) {
    const parameter = list.parameters.find((p) => p.in === 'query' && p.name === text.parameter);
    if (!parameter) continue;
    const candidate = (among: readonly unknown[]) =>
      among
        .flatMap((item) =>
          text.members.map((member) => {
            const value = memberOf(item, member);
            const swapped = typeof value === 'string' ? otherCase(value) : undefined;
            return { item, member, swapped };
          }),
        )
        .find(
          (c) =>
            c.swapped !== undefined &&
            idOfItem(collection, c.item) !== undefined &&
            parameter.schema.validate(c.swapped).ok,
        );
    let chosen = candidate(items);
    // No listed item has plain text there (generated titles mix scripts): one is made that has.
    const create = operationsOf(spec, collection).create;
    if (!chosen && create && !context.readOnly) {
      // Other ordinary values on each try: a value an earlier creation registered (an e-mail) is refused again.
      make: for (const member of text.members)
        for (const seed of [1, 2, 3]) {
          const made = createCase(context, create, scope, FAMILY, { [member]: PLAIN_TEXT }, seed);
          const body = made.body?.kind === 'json' ? made.body.value : undefined;
          if (body === undefined || !create.requestBody?.schema.validate(toPlainJson(body)).ok) continue make;
          if (!is2xx(await context.send(made))) continue;
          items = (await listed()) ?? items;
          chosen = candidate(items);
          break make;
        }
    }
    if (!chosen) continue;
    const filtered = await context.send({
      ...page.testCase,
      query: [...page.testCase.query.filter(([k]) => k !== text.parameter), [text.parameter, chosen.swapped!]],
    });
    const miss = missingFrom(
      filtered,
      page.cap,
      collection,
      list,
      {
        parameter: text.parameter,
        member: chosen.member,
        reason: `${text.parameter} matches ${chosen.member} whatever its case`,
      },
      chosen.swapped,
      idOfItem(collection, chosen.item)!,
      { basis: specBasis(text), anyCase: true },
    );
    if (miss) findings.push(miss);
  }
  return findings;
}

/**
 * Plain ASCII text with every letter in the other case. Other scripts fold case in more than one
 * way (the German sharp s, the Turkish dotted i, final sigma), and regular-expression characters
 * would test how the server reads a pattern, not whether it ignores case: such text is not tried.
 */
function otherCase(value: string): string | undefined {
  if (!/^[A-Za-z0-9 _,:'"!@#%&=;<>~`/-]*[A-Za-z][A-Za-z0-9 _,:'"!@#%&=;<>~`/-]*$/.test(value)) return undefined;
  return [...value].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}
