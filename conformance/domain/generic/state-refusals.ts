import fc from 'fast-check';
import type { JsonSchema, OperationModel, SpecModel } from '../../../spec/index.js';
import { isObject } from '../../../spec/json/index.js';
import type { CollectionModel, OperationAssignment } from '../../../spec/resources/index.js';
import { type SpecWords, sentencesOf, specWords } from '../../../spec/spec-words.js';
import type { Case, Exchange } from '../../cases/index.js';
import { findingOf } from '../../checks/index.js';
import { specBasis } from '../../findings/index.js';
import type { ItemRef } from '../../findings/index.js';
import { type KnownValues, mergeAllOf, ordinaryParts, toValidCase } from '../../generate/index.js';
import { withKnownReferences } from '../../generate/known-references.js';
import { ExchangeLog } from '../../sweep/index.js';
import type { SequenceProperty } from '../rules.js';
import { is2xx, itemActions, knownValues, scopeOf, withoutMember } from './collection-requests.js';
import { createdId, itemBody } from './items.js';
import { clientChoosesId, idLeftToServer } from './lifecycle.js';

const FAMILY = 'state-refusals';
/** Names of the member that holds an item's state in its lifecycle. */
const STATE_NAME = /^(?:status|state|phase|stage)$/i;
/**
 * Words that turn a sentence around ("409 unless it is `open`") or make its refusal hang on more
 * than the state ("a draft whose show has no title"): such a sentence is not read.
 */
const TURNED =
  /\b(?:not|unless|only|except|other than|otherwise|no longer|never|whose|with|without|if|when|where|while|because|until)\b/i;
/** Actions a new item is led through, at most, to reach a state. */
const LONGEST_PATH = 2;
/**
 * The seed of the first new item's values. Values of their own, not those of the ordinary bodies
 * other properties send (seed 0 and up): a creation repeating a value the target keeps unique, or a
 * window it already booked, is refused with 409 and no state is reached (the parking zoo).
 */
const ITEM_SEED = 0x57a7e;
/** New items made, at most, in one execution. */
const MOST_ITEMS = 24;

/** An action and the states of the item in which its words say it is answered 409. */
interface StateRule {
  readonly action: OperationModel;
  readonly states: ReadonlySet<string>;
  readonly words: SpecWords;
}

/**
 * Actions on an item (`POST /work-orders/{id}/complete`) whose words name states of the item in
 * which they are answered 409 ("An `open`, `done` or `cancelled` work order is answered 409 and left
 * unchanged", the workshop zoo). New items are led by the collection's other actions into each
 * state a rule names, their state read back, and the action sent there: a 2xx breaks the words it
 * rests on (semantics.state, `state-refused`). Only states the item's state member (`status`,
 * `state`) lists in its enum, only actions that document a 409, and only sentences that say 409
 * plainly (not "409 unless …"). Needs a create and a read, and ids the server hands out.
 */
export function stateRefusals(spec: SpecModel, collection: CollectionModel): SequenceProperty<number> | undefined {
  const op = (a: OperationAssignment | undefined): OperationModel | undefined =>
    a ? spec.operation(a.operationId) : undefined;
  const create = op(collection.operations.create);
  const read = op(collection.operations.read);
  const id = collection.id;
  if (!create || !read || !id || collection.itemPath === undefined) return undefined;
  if (!idLeftToServer(create, id.member)) return undefined;
  const chosen = clientChoosesId(create, id.member) ? id.member : undefined;
  const state = stateMember(collection.itemSchema);
  if (!state) return undefined;
  const actions = itemActions(spec, collection);
  const remove = op(collection.operations.delete);
  // The deletion too may be refused in states ("A published episode cannot be deleted (409)"); it
  // is judged there, never taken as a way into a state.
  const rules = [...actions, ...(remove ? [remove] : [])]
    .map((action) => stateRule(action, state.values))
    .filter((r): r is StateRule => r !== undefined);
  if (rules.length === 0) return undefined;
  return {
    id: `${create.operationId}/state-refusals`,
    operationId: create.operationId,
    operations: [
      ...new Set([create.operationId, read.operationId, ...actions.map((a) => a.operationId)]),
      ...(remove ? [remove.operationId] : []),
    ],
    writes: true,
    // One walk over the states the actions reach: nothing to search or shrink.
    runs: 1,
    arbitrary: () => fc.constant(0),
    async execute(_, context) {
      const log = new ExchangeLog(context);
      const scope = scopeOf(context, collection, create);
      if (!scope) return log.execution();
      const knownOf = (o: OperationModel): KnownValues => knownValues(context, o.operationId);
      const on = (o: OperationModel, itemId: string): Case => {
        const base = toValidCase(o, withKnownReferences(o, ordinaryParts(o, {}, 0), knownOf(o)));
        return {
          ...base,
          family: FAMILY,
          pathParams: { ...base.pathParams, ...scope, [id.parameter]: itemId },
          existing: [id.parameter],
        };
      };
      const stateOf = (e: Exchange): string | undefined => {
        const body = is2xx(e) ? itemBody(collection, e.response) : undefined;
        const value = isObject(body) ? (body as Record<string, unknown>)[state.name] : undefined;
        return typeof value === 'string' && state.values.includes(value) ? value : undefined;
      };
      const made: string[] = [];
      /** A new item led through `path`; its state as a read then shows it, or undefined if a step failed. */
      const itemAt = async (path: readonly OperationModel[]) => {
        if (made.length >= MOST_ITEMS) return undefined;
        const base = toValidCase(
          create,
          withKnownReferences(create, ordinaryParts(create, {}, ITEM_SEED + made.length), knownOf(create)),
        );
        const creation = await log.send({
          ...withoutMember(base, chosen),
          family: FAMILY,
          pathParams: { ...base.pathParams, ...scope },
        });
        const itemId =
          is2xx(creation) && creation.response ? createdId(collection, creation.response, create) : undefined;
        if (itemId === undefined) return undefined;
        made.push(itemId);
        for (const step of path) if (!is2xx(await log.send(on(step, itemId)))) return undefined;
        const now = stateOf(await log.send(on(read, itemId)));
        return now === undefined ? undefined : { itemId, now };
      };
      // Breadth first from a new item: each state reached, by the shortest path of actions found.
      const first = await itemAt([]);
      if (!first) return log.execution();
      const reached = new Map<string, readonly OperationModel[]>([[first.now, []]]);
      let frontier: (readonly OperationModel[])[] = [[]];
      for (let depth = 0; depth <= LONGEST_PATH && frontier.length > 0; depth++) {
        const next: (readonly OperationModel[])[] = [];
        for (const path of frontier) {
          const at = path.length === 0 ? first.now : [...reached.entries()].find(([, p]) => p === path)?.[0];
          if (at === undefined) continue;
          for (const rule of rules)
            if (!actions.includes(rule.action) && rule.states.has(at)) await judgeRefusal(rule, at, path);
          for (const action of actions) {
            const rule = rules.find((r) => r.action === action);
            if (rule?.states.has(at)) {
              await judgeRefusal(rule, at, path);
              continue;
            }
            if (depth === LONGEST_PATH) continue;
            const led = await itemAt([...path, action]);
            if (led && !reached.has(led.now)) {
              const longer = [...path, action];
              reached.set(led.now, longer);
              next.push(longer);
            }
          }
        }
        frontier = next;
      }
      async function judgeRefusal(rule: StateRule, at: string, path: readonly OperationModel[]) {
        const item = await itemAt(path);
        if (!item || item.now !== at) return;
        const sent = await log.send(on(rule.action, item.itemId));
        if (!is2xx(sent)) return;
        const ref: ItemRef = {
          parameter: id!.parameter,
          id: item.itemId,
          createdBy: create!.operationId,
          ...(id!.member ? { idMember: id!.member } : {}),
          inference: id!.reason,
        };
        log.add(
          findingOf(sent, {
            code: 'semantic_violation',
            severity: 'failure',
            check: 'semantics.state',
            basis: specBasis(rule.words),
            evidence: {
              rule: 'state-refused',
              action: rule.action.operationId,
              member: state!.name,
              state: at,
              path: path.map((p) => p.operationId),
              status: sent.response!.status,
              item: ref,
            },
          }),
        );
      }
      if (remove) for (const itemId of made) await log.send(on(remove, itemId));
      return log.execution();
    },
  };
}

/** The item's state member: a string enum named as a state (`status`), with its values. */
function stateMember(schema: JsonSchema | undefined): { name: string; values: string[] } | undefined {
  const properties = schema ? (mergeAllOf(schema).properties as Record<string, JsonSchema> | undefined) : undefined;
  for (const [name, member] of Object.entries(properties ?? {})) {
    if (!STATE_NAME.test(name) || !isObject(member)) continue;
    const values = mergeAllOf(member).enum;
    if (Array.isArray(values) && values.length >= 2 && values.every((v) => typeof v === 'string'))
      return { name, values: values as string[] };
  }
  return undefined;
}

/**
 * The states an action's words answer 409: the state values quoted in a sentence of its description
 * or summary that says 409, or in its 409 response's description. Sentences that turn the rule
 * around ("409 unless it is `open`") are not read.
 */
export function stateRule(action: OperationModel, values: readonly string[]): StateRule | undefined {
  const conflict = action.responses['409'];
  if (!conflict) return undefined;
  const sources: [string | undefined, string, boolean][] = [
    [action.description, `${action.pointer}/description`, false],
    [action.summary, `${action.pointer}/summary`, false],
    [conflict.description, `${action.pointer}/responses/409/description`, true],
  ];
  const states = new Set<string>();
  let words: SpecWords | undefined;
  for (const [text, pointer, saysConflict] of sources) {
    if (typeof text !== 'string') continue;
    // States the words have named so far: "any other state" is any state but these (the expenses
    // zoo: "Moves a `draft` … to `submitted` … A draft without line items, or a report in any other
    // state, is 409" refuses `approved` and `rejected` at least; the states it names are left out,
    // so that no state the action may take is claimed).
    const namedSoFar = new Set<string>();
    for (const sentence of sentencesOf(text)) {
      // A transition's target is a state the action makes, not one it takes ("pending → confirmed.
      // A booking in any other status is answered 409", the rentals zoo: a confirmed booking is
      // refused): only its source counts as named.
      const taken = sentence.replace(TRANSITION_TARGET, ' ').replace(FROM_TO_TARGET, '$1');
      for (const v of values) if (new RegExp(`(?<![\\w-])${escaped(v)}(?![\\w-])`, 'i').test(taken)) namedSoFar.add(v);
      if (!saysConflict && !/\b409\b/.test(sentence)) continue;
      if (ANY_OTHER_STATE.test(sentence)) {
        const others = values.filter((v) => !namedSoFar.has(v));
        if (others.length > 0 && others.length < values.length) {
          for (const v of others) states.add(v);
          words ??= specWords(pointer, sentence);
        }
        continue;
      }
      // "A work order that is not `open` is answered 409" names the states it refuses by the one it
      // takes (the fleet zoo); any other turn of the sentence is not read.
      const excepted = TURNED.test(sentence) ? exceptedStates(sentence, values) : undefined;
      if (TURNED.test(sentence) && excepted === undefined) continue;
      const named = excepted ? values.filter((v) => !excepted.includes(v)) : statesNamedIn(sentence, values);
      if (named.length === 0) continue;
      for (const v of named) states.add(v);
      words ??= specWords(pointer, sentence);
    }
  }
  return words && states.size > 0 ? { action, states, words } : undefined;
}

const escaped = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The state after an arrow (`→`, `->`, `⟶`): what a transition makes. */
const TRANSITION_TARGET = /(?:→|->|⟶)\s*[`'"]?[\w-]+[`'"]?/g;
/** "from `a` to `b`": the `to` part, a transition's target. */
const FROM_TO_TARGET = /(\bfrom\s+[`'"]?[\w-]+[`'"]?\s+)to\s+[`'"]?[\w-]+[`'"]?/gi;

/** "in any other state", "any other status": the states the words did not name. */
const ANY_OTHER_STATE = /\bany other (?:state|status)\b/i;

/**
 * The states a sentence excepts from its refusal, where that is its only turn: "that is not
 * `open`", "other than `open`", "unless it is `open`" (the rest of the sentence turns nothing).
 * Undefined for any other sentence.
 */
function exceptedStates(sentence: string, values: readonly string[]): string[] | undefined {
  const one = `[\`'"]?(?:${values.map(escaped).join('|')})[\`'"]?`;
  const list = `${one}(?:\\s*,\\s*${one})*(?:\\s*,?\\s+(?:or|and)\\s+${one})?`;
  const except = new RegExp(
    `\\b(?:(?:that|which)\\s+(?:is|are)\\s+not(?:\\s+yet)?|other than|unless (?:it|they) (?:is|are))\\s+(${list})(?![\\w-])`,
    'i',
  );
  const match = except.exec(sentence);
  if (!match || TURNED.test(sentence.replace(match[0], ' '))) return undefined;
  const named = values.filter((v) => new RegExp(`(?<![\\w-])${escaped(v)}(?![\\w-])`).test(match[1]!));
  return named.length > 0 && named.length < values.length ? named : undefined;
}

/**
 * The states a sentence names as the item's: in a noun phrase (`An \`open\`, \`done\` or
 * \`cancelled\` work order`, "A published episode"), after "that is" ("an episode that is already
 * published"), or quoted after "is" ("the order is \`done\`"). A bare word elsewhere ("publishing
 * a draft whose show…") is not read as a state.
 */
function statesNamedIn(sentence: string, values: readonly string[]): string[] {
  const one = (quoted: boolean) =>
    `${quoted ? '[`\'"]' : '[`\'"]?'}(?:${values.map(escaped).join('|')})${quoted ? '[`\'"]' : '[`\'"]?'}`;
  const list = (quoted: boolean) =>
    `${one(quoted)}(?:\\s*,\\s*(?:already\\s+)?${one(quoted)})*(?:\\s*,?\\s+(?:or|and)\\s+(?:already\\s+)?${one(quoted)})?`;
  const phrases = [
    new RegExp(`\\b(?:an?|the|any)\\s+(?:already\\s+)?(${list(false)})\\s+[A-Za-z]`, 'gi'),
    new RegExp(`\\b(?:that|which|who)\\s+(?:is|are)\\s+(?:already\\s+)?(${list(false)})(?![\\w-])`, 'gi'),
    new RegExp(`\\b(?:is|are)\\s+(?:already\\s+)?(${list(true)})`, 'gi'),
  ];
  const found = new Set<string>();
  for (const phrase of phrases)
    for (const match of sentence.matchAll(phrase))
      for (const v of values) if (new RegExp(`(?<![\\w-])${escaped(v)}(?![\\w-])`).test(match[1]!)) found.add(v);
  return values.filter((v) => found.has(v));
}
