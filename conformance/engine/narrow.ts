import type { Case, Exchange, WireJson } from '../cases/index.js';
import { findingOf } from '../checks/index.js';
import type { Execution } from '../domain/rules.js';
import type { Finding } from '../findings/index.js';
import { declaredProperties, edgeOf, mergeAllOf, ordinaryParts, toPlainJson } from '../generate/index.js';
import { type JsonSchema, type OperationModel, stateRefusal } from '../../spec/index.js';
import type { PropertyContext } from './kit-property.js';
import { omitsOptional, statesOnlyType, typedOnlyWords, typedValues } from '../checks/typed-values.js';
import { decodePercent } from '../../spec/parameters/index.js';
import { isObject } from '../../spec/json/index.js';

type Obj = Record<string, WireJson>;

/**
 * Statuses that refuse the content of a request (limits, rate, auth and framing have their own
 * rules). Not 409: a conflict with the target's current state (RFC 9110 §15.5.10), such as a value
 * an earlier request of the run registered, which says nothing of the values sent being refused.
 */
const isContentRefusal = (status: number | undefined) =>
  status !== undefined &&
  status >= 400 &&
  status < 500 &&
  ![401, 403, 404, 408, 409, 411, 413, 414, 429, 431].includes(status);

/** What narrowing found: the members whose values alone cause the refusal, or that the body is not the cause. */
export type Narrowed =
  | { readonly kind: 'members'; readonly members: readonly string[] }
  | { readonly kind: 'not-body'; readonly status: number; readonly members: readonly string[] };

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
  const statusOf = async (replaced: ReadonlySet<string>) => (await send(build(replaced))).response?.status;
  const accepted = (status: number | undefined) =>
    status === undefined
      ? undefined
      : status >= 200 && status < 300
        ? true
        : isContentRefusal(status)
          ? false
          : undefined;
  const replaced = new Set(members);
  const wholeStatus = await statusOf(replaced);
  const whole = accepted(wholeStatus);
  if (whole === undefined) return undefined;
  if (!whole) return { kind: 'not-body', status: wholeStatus!, members };
  for (const k of members) {
    replaced.delete(k);
    const still = accepted(await statusOf(replaced));
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
  const judged = context.judge(exchange);
  const typedOnly = await refusedForTyped(context, operation, testCase, exchange, judged);
  const findings = typedOnly ? typedOnly.findings : judged;
  if (typedOnly) return { findings, exchanges: [exchange, typedOnly.control] };
  const excused = findings.find((f) => f.code === 'contract_gap' && f.check === 'positive');
  // A 409 to a case with an edge is a conflict with the target's state, not the edge refused: the
  // gap says so rather than naming the edge (held-out set 44: a used id, reported as "an id beyond
  // 2^53").
  if (
    excused?.code === 'contract_gap' &&
    excused.evidence.scenario === 'edge-refused' &&
    exchange.response?.status === 409
  ) {
    const conflict = unattributed(
      excused,
      `a conflict with the target's state (409, RFC 9110 §15.5.10), such as a value an earlier request registered, not the edge the kit varied (${excused.evidence.edge})`,
    );
    return { findings: findings.map((f) => (f === excused ? conflict : f)), exchanges: [exchange] };
  }
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
  if (!narrowed) return { findings: [...findings, ...seen], exchanges: [exchange, ...narrowing] };
  if (narrowed.kind === 'not-body') {
    // The same request with ordinary values in place of the edge's was refused too: the edge is not
    // what the server refused, and the gap must not say it is (held-out set 44: a 409 for an id the
    // run had used, reported as "the limit it hit: an id beyond 2^53").
    const reworded =
      excused.code === 'contract_gap' && excused.evidence.scenario === 'edge-refused'
        ? unattributed(
            excused,
            `a refusal the kit could not attribute: the same request with ordinary values in ${narrowed.members.map((m) => `"${m}"`).join(', ')} was refused too (${narrowed.status}), so the refusal is not the edge the kit varied (${excused.evidence.edge})`,
          )
        : excused;
    return {
      findings: [...findings.filter((f) => f !== excused), reworded, ...seen],
      exchanges: [exchange, ...narrowing],
    };
  }
  const body = (testCase.body as { value: Obj }).value;
  const declared = declaredProperties(operation);
  const schema = operation.requestBody?.schema.schema;
  const causes = narrowed.members.map((k) => ({ k, edge: edgeOf({ [k]: body[k]! }, declared, '/body', schema) }));
  const unexplained = causes.filter((c) => c.edge === undefined);
  const others = findings.filter((f) => f !== excused);
  // Members whose schemas state only a type (`categoriaId: integer`), refused alone with the
  // operation's own 400: the spec does not say which values of that type the server takes, and
  // documents that it refuses some (held-out set 80: `categoriaId: 0` refused as naming no
  // category). The same rule as for a case whose every value is bare (checks/status.ts).
  const status = exchange.response!.status;
  const properties = isObject(schema)
    ? (mergeAllOf(schema).properties as Record<string, JsonSchema> | undefined)
    : undefined;
  if (
    unexplained.length > 0 &&
    status === 400 &&
    operation.responses['400'] !== undefined &&
    unexplained.every((c) => statesOnlyType(properties?.[c.k]))
  ) {
    const gap = unattributed(excused, typedOnlyWords(unexplained.map((c) => c.k)));
    return { findings: [...others, gap, ...seen], exchanges: [exchange, ...narrowing] };
  }
  // A value the schema allows, refused alone with the operation's 400 whose words give a state of
  // the server among its reasons (held-out set 119: "Validation error or not enough questions", a
  // quiz of a category that has no questions): the value may name that state.
  const state = unexplained.length > 0 && status === 400 ? stateRefusal(operation, 400) : undefined;
  if (state !== undefined) {
    const members = unexplained.map((c) => `${c.k} = ${JSON.stringify(body[c.k])}`).join(', ');
    const gap = unattributed(
      excused,
      `${members}, refused with 400, which the operation documents for "${state}", a state of the server the kit cannot see`,
    );
    return { findings: [...others, gap, ...seen], exchanges: [exchange, ...narrowing] };
  }
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
 * A valid case refused with the operation's own 400, carrying values whose schemas state only a
 * type beside values the schema constrains (`limit=0` with `sort=asc`): the same case without the
 * former (left out where optional, ordinary where required) is sent once. Accepted, the refusal
 * rests on them, and the spec does not say which values of a bare type the server takes: the
 * failure becomes the `unjudged-input` gap, as where every value sent was bare (checks/status.ts).
 * Undefined when that does not apply or the control is refused too.
 */
async function refusedForTyped(
  context: PropertyContext,
  operation: OperationModel,
  testCase: Case,
  exchange: Exchange,
  judged: readonly Finding[],
): Promise<{ findings: Finding[]; control: Exchange } | undefined> {
  const refusal = judged.find(
    (f) => f.code === 'positive_rejected' && f.severity === 'failure' && f.evidence.scenario === 'refused',
  );
  if (!refusal || exchange.response?.status !== 400 || !operation.responses['400']) return undefined;
  if (omitsOptional(testCase, operation)) return undefined;
  const { bare, constrained } = typedValues(testCase, operation);
  if (bare.length === 0 || constrained.length === 0) return undefined;
  const ordinary = ordinaryParts(operation, context.known(operation.operationId), context.seed);
  const required = new Set(operation.parameters.filter((p) => p.required).map((p) => p.name));
  const names = new Set(bare.map((v) => v.name));
  const members = bare.filter((v) => v.kind === 'member').map((v) => v.name);
  const bodyValue =
    testCase.body?.kind === 'json' && isObject(testCase.body.value) ? (testCase.body.value as Obj) : undefined;
  const ordinaryBody = isObject(ordinary.body) ? (ordinary.body as Obj) : {};
  const params = bare.filter((v) => v.kind === 'parameter');
  // A required bare parameter would need another value the spec does not say is taken: not tried.
  if (params.some((v) => required.has(v.name) && v.in !== 'query') || params.some((v) => v.in === 'path'))
    return undefined;
  const control: Case = {
    ...testCase,
    family: 'narrowing',
    query: testCase.query
      .filter(([name]) => !names.has(name) || required.has(name))
      .map(([name, value]) => {
        if (!names.has(name)) return [name, value] as const;
        const fallback = ordinary.query.find(([n]) => n === name)?.[1];
        return [name, fallback === undefined ? value : String(fallback)] as const;
      }),
    ...(testCase.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(testCase.headers).filter(
              ([h]) => ![...names].some((n) => n.toLowerCase() === h.toLowerCase()),
            ),
          ),
        }
      : {}),
    ...(bodyValue
      ? {
          body: {
            kind: 'json' as const,
            value: Object.fromEntries(
              Object.entries(bodyValue).flatMap(([k, v]): [string, WireJson][] =>
                !members.includes(k) ? [[k, v]] : k in ordinaryBody ? [[k, ordinaryBody[k]!]] : [],
              ),
            ),
          },
        }
      : {}),
  };
  // A query written in another spelling keeps it: only the pairs of the bare values go.
  const kept = (pair: string) => !names.has(decodePercent((pair.split('=')[0] ?? '').replace(/\+/g, ' ')));
  const spelled: Case = {
    ...control,
    ...(testCase.rawQuery ? { rawQuery: testCase.rawQuery.filter(kept) } : {}),
    ...(testCase.queryText !== undefined
      ? { queryText: testCase.queryText.replace(/^\?/, '').split('&').filter(kept).join('&') }
      : {}),
  };
  const { edge: _, ...plain } = spelled;
  const sent = await context.send(plain);
  const status = sent.response?.status;
  if (status === undefined || status < 200 || status >= 300) return undefined;
  const gap: Finding = findingOf(exchange, {
    code: 'contract_gap',
    severity: 'warning',
    check: 'positive',
    gap: 'unjudged-input',
    evidence: { scenario: 'edge-refused', status: 400, edge: typedOnlyWords([...names]) },
  });
  return { findings: [...judged.filter((f) => f !== refusal), gap], control: sent };
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

/** An edge-refused gap whose refusal is not the edge's: the `unjudged-input` gap, in the words given. */
function unattributed(excused: Finding, words: string): Finding {
  if (excused.code !== 'contract_gap' || excused.evidence.scenario !== 'edge-refused') return excused;
  return { ...excused, gap: 'unjudged-input', evidence: { ...excused.evidence, edge: words } };
}
