import type { Case, WireJson } from '../cases/index.js';
import { type BoundPair, judgeBoundRefused } from '../checks/bound-refused.js';
import { ExchangeLog } from '../sweep/index.js';
import { isFreeText, mergeAllOf, ordinaryParts, sendsJson, toPlainJson, toValidCase } from '../generate/index.js';
import type { JsonSchema, OperationModel, SpecModel, SpecWords } from '../../spec/index.js';
import { encodeSegment, isObject } from '../../spec/json/index.js';
import type { KitSweep, PropertyContext } from './kit-property.js';

/** Longest declared length tried at its bound (longer ones are the size sweeps' business). */
const LONGEST = 2_000;
/** Members tried per operation. */
const MOST_MEMBERS = 12;
/** Characters outside the Basic Multilingual Plane: one code point, two UTF-16 units each. */
const ASTRAL = ['\u{1F600}', '\u{1F680}', '\u{1F30D}', '\u{1F3B5}', '\u{1F4DA}', '\u{1F34E}'];
/** Words by which a spec says how string lengths are counted. */
const UNIT_WORDS = /\b(code ?points?|unicode (scalar values|characters)|not (in )?(bytes|utf-16|code units))\b/i;

/** Where the spec says how lengths are counted. */

/** A pair at one bound: the member's value at the bound (edge) and one step inside it (control), per try `i`. */
interface BoundEdge {
  readonly pair: BoundPair;
  edge(i: number): WireJson;
  control(i: number): WireJson;
}

/** A letter per try, so that no two requests of a pair send the same text (a unique name refused twice). */
const letter = (i: number) => String.fromCharCode(97 + (i % 26));

/**
 * The declared bounds of a body member a request may sit on: a free-text string at its `maxLength`
 * (and with characters outside the BMP), at its `minLength`; an integer or number at its inclusive
 * `maximum` and `minimum`.
 */
function edgesOf(name: string, schema: JsonSchema, unitWords: SpecWords | null): BoundEdge[] {
  const s = mergeAllOf(schema);
  const member = `/${encodeSegment(name)}`;
  const out: BoundEdge[] = [];
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  if (isFreeText(s) && typeof s.maxLength === 'number' && s.maxLength >= 1 && s.maxLength <= LONGEST) {
    const max = s.maxLength;
    if (max - 1 >= Math.max(min, 1))
      out.push({
        pair: {
          member,
          keyword: 'maxLength',
          bound: max,
          sent: `${name} of ${max} characters`,
          control: `${name} of ${max - 1}`,
        },
        edge: (i) => letter(i).repeat(max),
        control: (i) => letter(i).repeat(max - 1),
      });
    out.push({
      pair: {
        member,
        keyword: 'maxLength',
        bound: max,
        sent: `${name} of ${max} characters outside the BMP (${2 * max} UTF-16 units)`,
        control: `${name} of ${max} letters`,
        unitWords,
      },
      edge: (i) => ASTRAL[i % ASTRAL.length]!.repeat(max),
      control: (i) => letter(i).repeat(max),
    });
  }
  if (isFreeText(s) && min >= 1 && (typeof s.maxLength !== 'number' || s.maxLength > min))
    out.push({
      pair: {
        member,
        keyword: 'minLength',
        bound: min,
        sent: `${name} of ${min} characters`,
        control: `${name} of ${min + 1}`,
      },
      edge: (i) => letter(i).repeat(min),
      control: (i) => letter(i).repeat(min + 1),
    });
  const numeric = s.type === 'integer' || s.type === 'number';
  if (numeric && typeof s.maximum === 'number' && s.exclusiveMaximum !== true && Number.isSafeInteger(s.maximum))
    out.push({
      pair: {
        member,
        keyword: 'maximum',
        bound: s.maximum,
        sent: `${name} ${s.maximum}`,
        control: `${name} ${s.maximum - 1}`,
      },
      edge: () => s.maximum as number,
      control: () => (s.maximum as number) - 1,
    });
  if (numeric && typeof s.minimum === 'number' && s.exclusiveMinimum !== true && Number.isSafeInteger(s.minimum))
    out.push({
      pair: {
        member,
        keyword: 'minimum',
        bound: s.minimum,
        sent: `${name} ${s.minimum}`,
        control: `${name} ${s.minimum + 1}`,
      },
      edge: () => s.minimum as number,
      control: () => (s.minimum as number) + 1,
    });
  return out;
}

/** Where the spec's words say how lengths are counted: the member's description, else the API's. */
function unitWordsOf(spec: SpecModel, operation: OperationModel, name: string, schema: JsonSchema): SpecWords | null {
  const sentence = (text: unknown) =>
    typeof text === 'string' ? text.split(/(?<=[.!?])\s+/).find((t) => UNIT_WORDS.test(t)) : undefined;
  const own = sentence(mergeAllOf(schema).description);
  if (own !== undefined)
    return {
      pointer: `${operation.pointer}/requestBody/content/application~1json/schema/properties/${encodeSegment(name)}`,
      says: own.trim(),
    };
  const info = isObject(spec.document.info) ? sentence(spec.document.info.description) : undefined;
  return info === undefined ? null : { pointer: '/info/description', says: info.trim() };
}

/**
 * Valid values at their declared bounds, sent with the operation's ordinary valid request: each
 * after its control one step inside the bound. A bound refused (400 or 422) where the control was
 * accepted, and where the control sent again after it is accepted too (so the refusal is not of
 * something the first request used up, a unique name), fails (`judgeBoundRefused`).
 */
export function boundPairsSweep(spec: SpecModel, operation: OperationModel, context: PropertyContext): KitSweep {
  return {
    id: `${operation.operationId}/bounds`,
    family: 'bounds',
    operationId: operation.operationId,
    async execute() {
      const log = new ExchangeLog(context);
      const base = toValidCase(operation, ordinaryParts(operation, context.known(operation.operationId), context.seed));
      const value = base.body?.kind === 'json' ? base.body.value : undefined;
      if (!isObject(value) || !operation.requestBody) return log.execution();
      const body = value as Record<string, WireJson>;
      const properties = (mergeAllOf(operation.requestBody.schema.schema).properties ?? {}) as Record<
        string,
        JsonSchema
      >;
      const edges = Object.entries(properties)
        .filter(([, p]) => isObject(p) && mergeAllOf(p).readOnly !== true)
        .slice(0, MOST_MEMBERS)
        .flatMap(([name, p]) => edgesOf(name, p, unitWordsOf(spec, operation, name, p)).map((e) => ({ name, e })));
      let tries = 0;
      const withMember = (name: string, v: WireJson): Case | undefined => {
        const next = { ...body, [name]: v };
        if (!operation.requestBody!.schema.validate(toPlainJson(next)).ok) return undefined;
        return { ...base, family: 'bounds', body: { kind: 'json', value: next } };
      };
      const send = (c: Case) => log.send(c, false);
      for (const { name, e } of edges) {
        const i = tries;
        tries += 3;
        const control = withMember(name, e.control(i));
        const edge = withMember(name, e.edge(i + 1));
        const again = withMember(name, e.control(i + 2));
        if (!control || !edge || !again) continue;
        const accepted = await send(control);
        log.judge(accepted);
        const s = accepted.response?.status;
        if (s === undefined || s < 200 || s >= 300) continue;
        const refused = await send(edge);
        const r = refused.response?.status;
        if (r !== 400 && r !== 422) {
          log.judge(refused);
          continue;
        }
        const confirmed = await send(again);
        log.judge(confirmed);
        log.add(...judgeBoundRefused(refused, confirmed, e.pair));
      }
      return log.execution();
    },
  };
}

/** Whether an operation takes a JSON body whose members the bound pairs can set. */
export function takesBoundedBody(operation: OperationModel): boolean {
  return (
    ['post', 'put', 'patch'].includes(operation.method) && operation.requestBody !== undefined && sendsJson(operation)
  );
}
