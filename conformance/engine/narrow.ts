import type { Case, Exchange, WireJson } from '../cases/index.js';
import { findingOf } from '../checks/index.js';
import type { Execution } from '../domain/rules.js';
import type { Finding } from '../findings/index.js';
import { declaredProperties, edgeOf, ordinaryParts, toPlainJson } from '../generate/index.js';
import type { OperationModel } from '../../spec/index.js';
import type { PropertyContext } from './kit-property.js';
import { isObject } from '../../spec/json/index.js';

type Obj = Record<string, WireJson>;

/** Statuses that refuse the content of a request (limits, rate, auth and framing have their own rules). */
const isContentRefusal = (status: number | undefined) =>
  status !== undefined &&
  status >= 400 &&
  status < 500 &&
  ![401, 403, 404, 408, 411, 413, 414, 429, 431].includes(status);

/** What narrowing found: the members whose values alone cause the refusal, or that the body is not the cause. */
export type Narrowed =
  | { readonly kind: 'members'; readonly members: readonly string[] }
  | { readonly kind: 'not-body' };

/**
 * Narrows a refused request to the body members that cause the refusal, by replacing members with
 * the ordinary request's values (or leaving out members it does not have): first all of them (if
 * that is refused too, the body is not the cause), then restoring them one at a time and keeping
 * each restoration that is still accepted. What stays replaced is a minimal set of members each of
 * whose sent values is refused with every other member ordinary. 1 + members requests at most.
 */
export async function narrowRefusal(
  send: (c: Case) => Promise<Exchange>,
  testCase: Case,
  ordinary: Obj,
): Promise<Narrowed | undefined> {
  if (testCase.body?.kind !== 'json' || !isObject(testCase.body.value)) return undefined;
  const body = testCase.body.value;
  const members = Object.keys(body).filter((k) => body[k] !== ordinary[k]);
  if (members.length === 0) return undefined;
  const build = (replaced: ReadonlySet<string>): Case => {
    const value: Obj = {};
    for (const [k, v] of Object.entries(body)) {
      if (!replaced.has(k)) value[k] = v;
      else if (k in ordinary) value[k] = ordinary[k]!;
    }
    const { edge: _, ...rest } = testCase;
    return { ...rest, family: 'narrowing', body: { kind: 'json', value } };
  };
  const accepted = async (replaced: ReadonlySet<string>) => {
    const status = (await send(build(replaced))).response?.status;
    if (status === undefined) return undefined;
    return status >= 200 && status < 300 ? true : isContentRefusal(status) ? false : undefined;
  };
  const replaced = new Set(members);
  const whole = await accepted(replaced);
  if (whole === undefined) return undefined;
  if (!whole) return { kind: 'not-body' };
  for (const k of members) {
    replaced.delete(k);
    const still = await accepted(replaced);
    if (still === undefined) return undefined;
    if (!still) replaced.add(k);
  }
  return { kind: 'members', members: [...replaced] };
}

/**
 * Executes a valid case; when the target refuses it and the refusal would be excused as a contract
 * gap (the case touches a limit the contract does not show), narrows the refusal to its cause first
 * ({@link narrowRefusal}). The excuse stands only when every member that causes the refusal is itself
 * an edge (a long string, an unknown member, ...): a refusal caused by a value the schema allows and
 * no limit explains is a failure, named by its member and value.
 */
export async function executeNarrowed(
  context: PropertyContext,
  operation: OperationModel,
  testCase: Case,
): Promise<Execution> {
  const exchange = await context.send(testCase);
  const findings = context.judge(exchange);
  const excused = findings.find((f) => f.code === 'contract_gap' && f.check === 'positive');
  if (!excused || !isContentRefusal(exchange.response?.status) || !operation.requestBody)
    return { findings, exchanges: [exchange] };
  const ordinary = ordinaryParts(operation, context.known(operation.operationId), context.seed).body;
  if (!isObject(ordinary)) return { findings, exchanges: [exchange] };
  const narrowing: Exchange[] = [];
  const narrowed = await narrowRefusal(
    async (c) => {
      const sent = await context.send(c);
      narrowing.push(sent);
      return sent;
    },
    testCase,
    ordinary,
  );
  // What the narrowing requests showed of the target's answers is judged like any answer: a success
  // whose body breaks its schema, or a crash. On some targets the first accepted body is one of
  // them (a later one repeats a value the target holds, an e-mail address taken), and it would
  // otherwise go unjudged. Whether the input was refused is narrowing's own question, not judged here.
  const seen = narrowing.flatMap((e) => answerFindings(context, operation, e));
  if (!narrowed || narrowed.kind === 'not-body')
    return { findings: [...findings, ...seen], exchanges: [exchange, ...narrowing] };
  const body = (testCase.body as { value: Obj }).value;
  const declared = declaredProperties(operation);
  const causes = narrowed.members.map((k) => ({ k, edge: edgeOf({ [k]: body[k]! }, declared, '/body') }));
  const unexplained = causes.filter((c) => c.edge === undefined);
  const others = findings.filter((f) => f !== excused);
  if (unexplained.length === 0) {
    // The gap is the one the refused members touch, in their words: not the first edge the case
    // happened to carry (a long title when an unknown member was refused).
    const first = causes[0]?.edge;
    const attributed: Finding =
      excused.code === 'contract_gap' && excused.evidence.scenario === 'edge-refused' && first
        ? {
            ...excused,
            gap: first.gap,
            evidence: { ...excused.evidence, edge: causes.map((c) => c.edge!.description).join('; ') },
          }
        : excused;
    const narrowedFinding: Finding = {
      ...attributed,
      context: {
        ...excused.context,
        narrowed: { members: causes.map((c) => c.k), reasons: causes.map((c) => c.edge!.description) },
      },
    };
    return {
      findings: [...others, narrowedFinding, ...seen],
      exchanges: [exchange, ...narrowing],
    };
  }
  return {
    findings: [
      ...others,
      ...seen,
      findingOf(exchange, {
        code: 'positive_rejected',
        severity: 'failure',
        check: 'positive',
        evidence: {
          scenario: 'narrowed',
          status: exchange.response!.status,
          ...(testCase.edge ? { edge: testCase.edge.description } : {}),
          causes: unexplained.map((c) => ({ member: c.k, value: JSON.stringify(body[c.k]) ?? String(body[c.k]) })),
        },
      }),
    ],
    exchanges: [exchange, ...narrowing],
  };
}

/**
 * The findings of a narrowing exchange about the answer itself: for a success or a 5xx to a body
 * the spec's own validator takes, every check but the input's (`positive`, `negative`).
 */
function answerFindings(context: PropertyContext, operation: OperationModel, exchange: Exchange): Finding[] {
  const status = exchange.response?.status;
  if (status === undefined || (status >= 300 && status < 500)) return [];
  const body = exchange.case.body;
  const schema = operation.requestBody?.schema;
  if (body?.kind !== 'json' || !schema || !schema.validate(toPlainJson(body.value)).ok) return [];
  return context.judge(exchange).filter((f) => f.check !== 'positive' && f.check !== 'negative');
}
