import { isObject } from '../../../spec/json/index.js';
import { LosslessNumber } from 'lossless-json';
import { integerFaults } from '../../generate/exact-integers.js';
import { mergeAllOf } from '../../generate/index.js';
import type { JsonSchema } from '../../../spec/index.js';
import type { Case, WireJson } from '../../cases/index.js';
import type { Adaptation, SequenceContext } from '../rules.js';
import { integerText } from '../generic/items.js';

/** A category id no server is likely to hold, yet a valid int64 every server reads exactly. */
const UNLIKELY_CATEGORY = 987_654_321;

type Obj = Record<string, unknown>;

const listCase = (): Case => ({
  operationId: 'listPets',
  family: 'prepare',
  kind: 'valid',
  pathParams: {},
  query: [['limit', '100']],
  auth: 'valid',
});
const createCase = (categoryId: WireJson): Case => ({
  operationId: 'createPet',
  family: 'prepare',
  kind: 'valid',
  pathParams: {},
  query: [],
  body: { kind: 'json', value: { name: 'Conformance category check', categoryId } },
  auth: 'valid',
});

/**
 * The contract shows nothing of the category resource beyond its id (§2), and a 400 covers
 * "invalid values" (§4.2): a server may refuse a `categoryId` that names no category. This finds
 * out, in at most three requests, before the properties run: a pet with an unlikely category id is
 * refused, while one with a category id some listed pet already has is accepted. Then valid bodies
 * are sent with known category ids, and the choice is reported as the `category-values` gap.
 *
 * A server that refuses the unlikely id and the known one alike stays as it is: its refusals are
 * judged as refusals of valid input. So is one that takes the unlikely id but refuses others
 * (negative ids, ids above 2^31): range bugs, not referential integrity.
 *
 * Not inferred: `categoryId` is a plain int64 in the spec, with no link to any path or collection,
 * so nothing in the resource model says it names another resource that must exist; only the prose
 * (§2: "the category resource's other fields" are not shown) tells that categories are a resource.
 */
export async function calibrateCategories(context: SequenceContext): Promise<Adaptation | undefined> {
  if (context.readOnly || !context.spec.operation('createPet') || !context.spec.operation('listPets')) return undefined;
  const listed = context.spec.operation('listPets') ? await context.send(listCase()) : undefined;
  const items =
    listed?.response?.status === 200 && Array.isArray(listed.response.exactJson)
      ? (listed.response.exactJson as Obj[])
      : [];
  // Only ids the schema allows, judged exactly: a listed categoryId beyond int64 is the target's
  // fault, and a valid request must never carry it.
  const schema =
    (
      mergeAllOf(context.spec.operation('createPet')!.requestBody?.schema.schema ?? {}).properties as
        | Record<string, JsonSchema>
        | undefined
    )?.categoryId ?? {};
  const known = [
    ...new Set(
      items
        .map((item) => integerText(item.categoryId))
        .filter((id): id is string => id !== undefined && integerFaults(new LosslessNumber(id), schema).length === 0),
    ),
  ];
  const unlikely = await context.send(createCase(UNLIKELY_CATEGORY));
  if (unlikely.response?.status !== 400 || known.length === 0 || known.includes(String(UNLIKELY_CATEGORY)))
    return undefined;
  const existing = await context.send(createCase(new LosslessNumber(known[0]!)));
  if (existing.response?.status !== 201) return undefined;
  return {
    rewrite: (testCase) => withKnownCategory(testCase, known),
    gap: {
      operationId: 'createPet',
      check: 'positive',
      gap: 'category-values',
      evidence: {
        scenario: 'category-values',
        member: 'categoryId',
        refused: String(UNLIKELY_CATEGORY),
        accepted: known[0]!,
        knownCategories: known.length,
      },
      exchange: unlikely,
    },
  };
}

/** A valid createPet body with an unknown `categoryId` gets a known one, picked by the old value. */
function withKnownCategory(testCase: Case, known: readonly string[]): Case {
  if (testCase.operationId !== 'createPet' || testCase.kind === 'invalid' || testCase.body?.kind !== 'json')
    return testCase;
  const body = testCase.body.value;
  if (!isObject(body)) return testCase;
  const current = integerText((body as Obj).categoryId);
  if (current === undefined || known.includes(current)) return testCase;
  const pick = known[Number(BigInt.asUintN(32, BigInt(current)) % BigInt(known.length))]!;
  return { ...testCase, body: { kind: 'json', value: { ...body, categoryId: new LosslessNumber(pick) } } };
}
