import type fc from 'fast-check';
// The generator's own entry, not spec/index.js: the mock's browser build must not reach the loader's Node modules.
import { type WireJson, mergeAllOf, schemaArbitrary, seededRandomSource } from '../../spec/generate/index.js';
import type { JsonSchema, OperationModel, ResponseModel, SpecModel } from '../../spec/model.js';
import { schemaNameOf } from '../../spec/schema-name.js';
import { isObject } from '../../spec/json/index.js';
import type { ListLength } from './list-length.js';

/** A generated success: its status, body (undefined for a response without content) and documented headers. */
export interface GeneratedAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
}

/** Generates dynamic answers from the spec's schemas with the spec module's one value generator. */
export interface AnswerGenerator {
  /**
   * The operation's first documented 2xx, generated from its JSON schema (a list `list.items` long)
   * with realistic values drawn from `seed` (the same seed, the same answer); undefined where the
   * schema cannot say (a JSON success without a schema): the spec engine answers those.
   */
  answer(
    operation: OperationModel,
    list: ListLength | undefined,
    seed: string | undefined,
  ): GeneratedAnswer | undefined;
}

/** What is built once per operation: the success to answer and the arbitraries of its parts. */
interface Plan {
  readonly status: number;
  /** Undefined: the success has no content (a 204), so no body. */
  readonly body?: fc.Arbitrary<WireJson>;
  /** The envelope of a list answer, its list member generated empty, and the arbitrary of one item. */
  readonly list?: {
    readonly member?: string;
    readonly envelope?: fc.Arbitrary<WireJson>;
    readonly item: fc.Arbitrary<WireJson>;
  };
  readonly headers: readonly (readonly [string, fc.Arbitrary<WireJson>])[];
}

const NO_PLAN = Symbol('no plan');

/**
 * The generator for one loaded spec. Arbitraries are built on an operation's first generated
 * answer and kept (schemas are never walked or compiled per request); each answer is one draw from
 * them with a fast-check random source seeded by `seed`.
 */
export function createAnswerGenerator(_spec: SpecModel): AnswerGenerator {
  // Per operation: its plan as a list (the resource model's list member) and as one body.
  const plans = new WeakMap<OperationModel, { list?: Plan | typeof NO_PLAN; one?: Plan | typeof NO_PLAN }>();

  function planFor(operation: OperationModel, list: ListLength | undefined): Plan | undefined {
    let known = plans.get(operation);
    if (!known) plans.set(operation, (known = {}));
    let plan = list ? known.list : known.one;
    if (plan === undefined) {
      plan = buildPlan(operation, list) ?? NO_PLAN;
      if (list) known.list = plan;
      else known.one = plan;
    }
    return plan === NO_PLAN ? undefined : plan;
  }

  return {
    answer(operation, list, seed) {
      const plan = planFor(operation, list);
      if (!plan) return undefined;
      const random = seededRandomSource(seed);
      let body: unknown;
      if (plan.list && list) {
        const items: WireJson[] = [];
        for (let i = 0; i < list.items; i++) items.push(draw(plan.list.item, random));
        const member = plan.list.member;
        body = member === undefined ? items : { ...(draw(plan.list.envelope!, random) as object), [member]: items };
      } else if (plan.body) body = draw(plan.body, random);
      const headers: Record<string, string> = {};
      for (const [name, arbitrary] of plan.headers) {
        const text = headerText(draw(arbitrary, random));
        // Only what a header can carry (printable ASCII): the transport refuses the rest.
        if (/^[\t\x20-\x7e]*$/.test(text)) headers[name] = text;
      }
      return { status: plan.status, body, headers };
    },
  };
}

const OPTIONS = { realistic: true, direction: 'response', nameOf: schemaNameOf } as const;

/** The plan of an operation's first 2xx, or undefined where its JSON body has no schema. */
function buildPlan(operation: OperationModel, list: ListLength | undefined): Plan | undefined {
  const status = Object.keys(operation.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort()[0];
  if (status === undefined) return undefined;
  const response = operation.responses[status]!;
  const headers = headerPlans(response);
  if (Object.keys(response.content).length === 0) return { status: Number(status), headers };
  const schema = response.schema?.schema;
  if (!schema) return undefined;
  const sized = list ? listPlan(schema, list) : undefined;
  return sized
    ? { status: Number(status), list: sized, headers }
    : { status: Number(status), body: schemaArbitrary(schema, OPTIONS), headers };
}

/**
 * A list answer as an envelope (its list member generated empty) and one item, so that a page of any
 * length is drawn from the same two arbitraries. Undefined when the schema is not the list it should be.
 */
function listPlan(schema: JsonSchema, list: ListLength): Plan['list'] {
  const merged = mergeAllOf(schema);
  if (list.member === undefined) {
    if (merged.type !== 'array') return undefined;
    return { item: schemaArbitrary(itemsOf(merged), { ...OPTIONS, depth: 1 }) };
  }
  const properties = isObject(merged.properties) ? (merged.properties as Record<string, JsonSchema>) : undefined;
  const array = properties?.[list.member] && mergeAllOf(properties[list.member]!);
  if (!array || array.type !== 'array') return undefined;
  const envelope: JsonSchema = {
    ...merged,
    properties: { ...properties, [list.member]: { ...array, minItems: 0, maxItems: 0 } },
  };
  return {
    member: list.member,
    envelope: schemaArbitrary(envelope, OPTIONS),
    item: schemaArbitrary(itemsOf(array), { ...OPTIONS, depth: 2 }),
  };
}

function itemsOf(array: JsonSchema): JsonSchema {
  return isObject(array.items) ? (array.items as JsonSchema) : {};
}

/**
 * Documented headers with a scalar schema, as Prism generates them (the mock sets Content-Type,
 * Content-Length and Deprecation itself).
 */
function headerPlans(response: ResponseModel): Plan['headers'] {
  const out: [string, fc.Arbitrary<WireJson>][] = [];
  for (const header of Object.values(response.headers)) {
    const schema = header.schema?.schema;
    if (!schema || /^(content-type|content-length|deprecation)$/i.test(header.name)) continue;
    const type = mergeAllOf(schema).type;
    if (type === 'object' || type === 'array') continue;
    out.push([header.name, schemaArbitrary(schema, { ...OPTIONS, ascii: true, member: header.name })]);
  }
  return out;
}

function draw(arbitrary: fc.Arbitrary<WireJson>, random: fc.Random): WireJson {
  return arbitrary.generate(random, undefined).value;
}

function headerText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
