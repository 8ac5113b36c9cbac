import fc from 'fast-check';
import { stringify as stringifyLossless } from 'lossless-json';
import { authExpectation, type Case, type WireJson } from '../cases/index.js';
import { isObject } from '../../spec/json/index.js';
import type { DomainRules, Execution } from '../domain/rules.js';
import {
  ASSUMED_CREDENTIALS,
  authCaseArbitrary,
  authEntries,
  coverageInvalidCases,
  coverageValidCases,
  invalidCaseArbitrary,
  mutationsOf,
  isFreeText,
  isStillInvalid,
  landmarksOf,
  parameterArbitrary,
  satisfiable,
  parameterText,
  toPlainJson,
  mergeAllOf,
  ordinaryParts,
  sendsJson,
  toValidCase,
  validCaseArbitrary,
} from '../generate/index.js';
import { checkParameterText, type OperationModel, type ParameterModel, type SpecModel } from '../../spec/index.js';
import { requiresAuth } from '../../spec/security/index.js';
import type { KitProperty, KitSweep, PropertyContext } from './kit-property.js';
import { explainBoundary } from './boundary.js';
import { executeNarrowed } from './narrow.js';
import { ExchangeLog } from '../sweep/index.js';
import { withKnownReferences } from '../generate/known-references.js';

function writes(operation: OperationModel): boolean {
  return !['get', 'head', 'options'].includes(operation.method);
}

async function single(context: PropertyContext, testCase: Case): Promise<Execution> {
  const exchange = await context.send(testCase);
  return { findings: context.judge(exchange), exchanges: [exchange] };
}

/** Fresh bases an invalid body refused with 409 is tried on, at most. */
const FRESH_BASES = 3;

/**
 * An invalid body refused with 409 says nothing of its fault: the conflict is with what the store
 * holds (the ordinary body's unique values, a slot already booked by an earlier create). The case
 * goes again on up to {@link FRESH_BASES} fresh bases while it keeps getting 409: the faulty member
 * kept as sent, the others drawn anew (late draws of the valid arbitrary, with a seed of the fault's
 * own; members naming other resources name known ones), each base valid by the spec's validators
 * (clinic zoo: an undeclared member dropped in silence, unseen behind 409s).
 */
async function withFreshBase(context: PropertyContext, operation: OperationModel, testCase: Case): Promise<Execution> {
  const first = await single(context, testCase);
  const reason = testCase.invalid;
  const sent = testCase.body?.kind === 'json' ? testCase.body.value : undefined;
  if (first.exchanges[0]?.response?.status !== 409 || reason?.location !== 'body' || !isObject(sent)) return first;
  const member = reason.pointer.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
  if (!member) return first;
  const known = context.known(operation.operationId);
  const seed = [...reason.description].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, context.seed);
  const bases = fc
    .sample(validCaseArbitrary(operation, known), { seed, numRuns: 10 * FRESH_BASES })
    .slice(-FRESH_BASES)
    .map((c) => (c.body?.kind === 'json' ? c.body.value : undefined));
  const out = { findings: [...first.findings], exchanges: [...first.exchanges] };
  for (const drawn of bases) {
    // References first, while the base is still valid: the faulty member would fail the validator.
    const base =
      drawn === undefined
        ? undefined
        : withKnownReferences(operation, { pathParams: {}, query: [], body: drawn }, known).body;
    if (!isObject(base)) continue;
    const { [member]: _, ...others } = base;
    const value = (member in sent ? { ...others, [member]: sent[member] } : others) as WireJson;
    const again: Case = { ...testCase, body: { kind: 'json', value } };
    if (!isStillInvalid(again, operation)) continue;
    const next = await single(context, again);
    out.findings.push(...next.findings);
    out.exchanges.push(...next.exchanges);
    if (next.exchanges[0]?.response?.status !== 409) break;
  }
  return out;
}

/** The case properties of every operation: valid input, invalid input, and auth. */
export function caseProperties(spec: SpecModel, outer: PropertyContext, readOnly: boolean): KitProperty<Case>[] {
  const properties: KitProperty<Case>[] = [];
  for (const operation of spec.operations) {
    if (readOnly && writes(operation)) continue;
    const id = operation.operationId;
    // A DELETE's own properties name resources nobody listed: deleting what the run reads elsewhere
    // would only test the order of the run (the resource model's lifecycle deletes what it created).
    const context: PropertyContext =
      operation.method === 'delete'
        ? {
            ...outer,
            known: () =>
              Object.fromEntries(
                operation.parameters
                  .filter((p) => p.in === 'path')
                  .map((p) => [p.name, [unusedValidValue(p, outer.known(id)[p.name] ?? [])]]),
              ),
          }
        : outer;
    // Nor do its landmarks and drawn values (`1`, `2`, small integers) name what the run has listed:
    // valid cases whose item is a value the run learned for any operation are left out.
    const unlisted = operation.method === 'delete' ? notListed(spec, operation, outer) : () => true;
    // The unused value handed to a DELETE's properties (above) names nothing the target made: its
    // case claims no existing resource, so a 404 to it is the answer to an unknown id.
    const unclaimed = (c: Case): Case => (operation.method === 'delete' ? { ...c, existing: [] } : c);
    properties.push({
      id: `${id}/valid`,
      family: 'valid',
      operationId: id,
      arbitrary: () => validCaseArbitrary(operation, context.known(id)).filter(unlisted).map(unclaimed),
      examples: () => coverageValidCases(operation, context.known(id), context.seed).filter(unlisted).map(unclaimed),
      // A refusal the contract might excuse is narrowed to its cause first (engine/narrow.ts).
      execute: (c) => executeNarrowed(context, operation, c),
      // A shrunk failure that depends on one length or value says where it starts and ends.
      explain: (execution, findings) =>
        explainBoundary(context.send, context.judge, execution, findings, (c) => isValidRequest(c, operation)),
    });
    // Whether the operation has invalid cases at all: decided from its mutations alone, since
    // building the arbitrary for each of a large spec's operations at planning took seconds.
    if (mutationsOf(operation).length > 0) {
      properties.push({
        id: `${id}/invalid`,
        family: 'invalid',
        operationId: id,
        arbitrary: () => invalidCaseArbitrary(operation, context.known(id))!,
        examples: () => coverageInvalidCases(operation, context.known(id), context.seed),
        execute: (c) => withFreshBase(context, operation, c),
        // Shrinking must not turn an invalid request into a valid one and still call it a rejection failure.
        stillQualifies: (c) => isStillInvalid(c, operation),
      });
    }
    if (requiresAuth(operation.security)) {
      properties.push({
        id: `${id}/auth`,
        family: 'auth',
        operationId: id,
        arbitrary: () => authCaseArbitrary(operation, context.known(id), context.credentialOf ?? ASSUMED_CREDENTIALS),
        execute: (c) => withKeyControl(context, c),
      });
    }
  }
  return properties;
}

/**
 * A credential variant's case; where it was refused with a 4xx other than 401 or 403 (or a spelling
 * of the valid credential with 403), the same request with the valid credential (kept, not judged)
 * first, so that the check can tell whether the credential was what the server refused (`validKeyStatus`).
 */
async function withKeyControl(context: PropertyContext, testCase: Case): Promise<Execution> {
  const log = new ExchangeLog(context);
  const exchange = await log.send(testCase, false);
  const status = exchange.response?.status;
  // A 403 to a spelling of the valid credential (`bearer` for `Bearer`) gets the control too: the
  // check tells a refused spelling from a refused resource by it.
  const spelling = status === 403 && authExpectation(testCase) === 'accept';
  if (
    testCase.kind !== 'auth' ||
    status === undefined ||
    status < 400 ||
    status >= 500 ||
    status === 401 ||
    (status === 403 && !spelling)
  ) {
    log.judge(exchange);
    return log.execution();
  }
  const { authScheme: _scheme, ...rest } = testCase;
  // The control keeps the case's input: where that input is invalid too (auth-precedence), the
  // control is an invalid request with the valid credential, not a valid one (the gate would hold a
  // "valid" one back, and note a value it could not make).
  const control = await log.send(
    { ...rest, kind: testCase.edge?.gap === 'auth-precedence' ? 'invalid' : 'valid', auth: 'valid' },
    false,
  );
  const validKeyStatus = control.response?.status;
  log.judge(validKeyStatus === undefined ? exchange : { ...exchange, case: { ...testCase, validKeyStatus } });
  return log.execution();
}

/**
 * Whether a case leaves alone every value the run has learned (from any operation's answers) for the
 * last path parameter of the operation, the one naming what a DELETE removes.
 */
function notListed(spec: SpecModel, operation: OperationModel, context: PropertyContext): (c: Case) => boolean {
  const last = [...operation.path.matchAll(/\{([^}]+)\}/g)].at(-1)?.[1];
  if (last === undefined) return () => true;
  let taken: Set<string> | undefined;
  return (c) => {
    taken ??= new Set(spec.operations.flatMap((o) => context.known(o.operationId)[last] ?? []));
    const value = c.pathParams[last];
    return value === undefined || !taken.has(value);
  };
}

/** One fixed, ordinary valid request of an operation: nothing in it but the credential can be refused. */
function sampleValid(operation: OperationModel, context: PropertyContext): Case {
  return toValidCase(operation, ordinaryParts(operation, context.known(operation.operationId), context.seed));
}

/** The auth matrix: every operation × every credential variant, once each, deterministically. */
export function authSweeps(spec: SpecModel, context: PropertyContext, readOnly: boolean): KitSweep[] {
  return (
    spec.operations
      // Optional auth has a matrix too (no credential, and each valid spelling, accepted); public has none.
      .filter((op) => op.security.access !== 'public' && !(readOnly && writes(op)))
      .map((operation) => ({
        id: `${operation.operationId}/auth-matrix`,
        family: 'auth',
        operationId: operation.operationId,
        async execute() {
          const base = sampleValid(operation, context);
          const { refused, accepted, valid } = authEntries(operation, context.credentialOf ?? ASSUMED_CREDENTIALS);
          const cases: Case[] = [...refused, ...accepted, ...valid].map((auth) => ({
            ...base,
            family: 'auth',
            kind: auth.auth === 'valid' ? 'valid' : 'auth',
            ...auth,
          }));
          // No key at all, with each landmark of each query parameter: a public view (status=available,
          // say) that skips the key check is a common shortcut.
          for (const parameter of operation.parameters.filter(
            (p) => p.in === 'query' && requiresAuth(operation.security),
          )) {
            for (const value of landmarksOf(parameter.schema.schema))
              cases.push({
                ...base,
                query: [[parameter.name, parameterText(value)]],
                family: 'auth',
                kind: 'auth',
                auth: 'none',
              });
          }
          const log = new ExchangeLog(context);
          // The default valid credential first: its status goes with every other case of the same
          // request (the landmark queries are other requests), so the check can tell a refused
          // credential or spelling (a 4xx other than 401, or `bearer` refused with 403) from a refused
          // request or resource. The other valid spellings next, then the credentials to refuse.
          const isDefault = (c: Case) => c.auth === 'valid' && c.authScheme === undefined;
          const sentDefault = await log.sendAll(cases.filter(isDefault));
          const validKeyStatus = sentDefault[0]?.response?.status;
          await log.sendAll(
            cases
              .filter((c) => !isDefault(c))
              .sort((a, b) => Number(b.kind === 'valid') - Number(a.kind === 'valid'))
              .map((c) => (validKeyStatus !== undefined && c.query === base.query ? { ...c, validKeyStatus } : c)),
          );
          return log.execution();
        },
      }))
  );
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Depth of the nested-JSON probe. */
const NESTING = 500;

/**
 * Robustness probes: methods the path does not document, repeated and oversized parameters, path
 * tricks, and very large or deeply nested bodies. Only a 5xx or no answer fails; the rest is noted.
 *
 * Undocumented methods may exist on the target (the contract does not show them), so their probes
 * are built not to destroy data the run relies on: on a path with parameters they name a resource
 * nobody listed or created, and no DELETE goes to a path without one (it could empty a collection).
 * They form their own sweep, `<operationId>/methods`, which the run sends last.
 */
export function probeSweeps(spec: SpecModel, context: PropertyContext, readOnly: boolean): KitSweep[] {
  const sweeps: KitSweep[] = [];
  const byPath = new Map<string, OperationModel[]>();
  for (const op of spec.operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  for (const [, operations] of byPath) {
    const operation = operations[0]!;
    const documented = new Set(operations.map((o) => o.method.toUpperCase()));
    // Requests are built when the sweep runs, not when it is planned (a large spec plans thousands).
    const baseOf = once(() => sampleValid(operation, context));
    const pathParameters = operation.parameters.filter((p) => p.in === 'path');
    const methodCases = (): Case[] => {
      const base = baseOf();
      const known = context.known(operation.operationId);
      const unused = Object.fromEntries(
        pathParameters.map((p) => [p.name, unusedPathValue(p.schema.schema, known[p.name] ?? [])]),
      );
      // A method another path template of the spec serves here (`PATCH /user/list` is `PATCH /user/{id}`) is documented too.
      const servedElsewhere = (m: string) =>
        pathParameters.length === 0 &&
        spec.operations.some(
          (o) => o.method.toUpperCase() === m && o.path !== operation.path && o.matchPath(operation.path) !== undefined,
        );
      return OTHER_METHODS.filter(
        (m) =>
          !documented.has(m) &&
          !servedElsewhere(m) &&
          !(readOnly && m !== 'GET') &&
          !(m === 'DELETE' && pathParameters.length === 0),
      ).map(
        (method): Case => ({
          ...base,
          pathParams: { ...base.pathParams, ...unused },
          existing: [],
          family: 'robustness',
          kind: 'probe',
          method,
        }),
      );
    };
    const robustnessCases = (): Case[] => {
      const base = baseOf();
      const cases: Case[] = [];
      for (const parameter of operation.parameters) {
        if (parameter.in === 'query') {
          cases.push({
            ...base,
            family: 'robustness',
            kind: 'probe',
            query: [
              [parameter.name, sampleText(parameter.schema.schema)],
              [parameter.name, sampleText(parameter.schema.schema)],
            ],
          });
          cases.push({ ...base, family: 'robustness', kind: 'probe', query: [[parameter.name, 'x'.repeat(8_000)]] });
        } else if (parameter.in === 'path') {
          for (const trick of ['..', '%00', ' ', '1;drop', '１', '0x1F'])
            cases.push({
              ...base,
              family: 'robustness',
              kind: 'probe',
              pathParams: { ...base.pathParams, [parameter.name]: trick },
            });
        }
      }
      return cases;
    };
    const sweep = (id: string, build: () => Case[]): KitSweep => ({
      id: `${operation.operationId}/${id}`,
      family: 'robustness',
      operationId: operation.operationId,
      async execute() {
        const log = new ExchangeLog(context);
        await log.sendAll(build());
        return log.execution();
      },
    });
    if (operation.parameters.some((p) => p.in === 'query' || p.in === 'path'))
      sweeps.push(sweep('robustness', robustnessCases));
    sweeps.push(sweep('methods', methodCases));
  }
  for (const operation of spec.operations) {
    if (!operation.requestBody || !sendsJson(operation) || (readOnly && writes(operation))) continue;
    const requestBody = operation.requestBody;
    const bigCasesOf = once((): Case[] => {
      const base = sampleValid(operation, context);
      // A body schema may allow anything (`schema: {}`): only an object's members can grow.
      const sampled = base.body?.kind === 'json' ? base.body.value : undefined;
      const value =
        sampled !== null && typeof sampled === 'object' && !Array.isArray(sampled)
          ? (sampled as Record<string, unknown>)
          : {};
      const properties = (mergeAllOf(requestBody.schema.schema).properties ?? {}) as Record<
        string,
        Record<string, unknown>
      >;
      // Only free-text fields grow: an enum or formatted string made huge would be invalid, not large.
      // Only members any text fits grow: an enum, formatted, patterned or bounded string made huge would be invalid, not large.
      const freeText = (k: string) => isFreeText(properties[k], { unbounded: true });
      // One member grows, the first free-text one (a required one first): a defect of size shows on one,
      // and items with every member at 100,000 characters would make a list without paging outgrow
      // what any client reads (authentiq's GET /client passed the kit's 2 MiB cap after five of them).
      const required = new Set((mergeAllOf(requestBody.schema.schema).required as string[] | undefined) ?? []);
      const texts = Object.keys(value).filter((k) => typeof value[k] === 'string' && freeText(k));
      const growing = texts.find((k) => required.has(k)) ?? texts[0];
      const grown = (filler: string) =>
        Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === growing ? filler : v]));
      const huge = grown('x'.repeat(100_000));
      // Three UTF-8 bytes per character: a body read as text chunk by chunk splits characters.
      const hugeMultibyte = grown('小'.repeat(40_000));
      // Built as text, since serialisers recurse. 500 levels: deep enough to break naive recursive
      // validators, shallow enough for every mainstream JSON parser's own nesting limit.
      const nestedText = `${(stringifyLossless(value) ?? '{}').slice(0, -1)}${Object.keys(value).length > 0 ? ',' : ''}"extra":${'['.repeat(NESTING)}"deep"${']'.repeat(NESTING)}}`;
      return [
        {
          ...base,
          family: 'robustness',
          edge: { gap: 'field-size-limits', description: 'a string field of 100,000 characters' },
          body: { kind: 'json', value: huge as never },
        },
        {
          ...base,
          family: 'robustness',
          edge: { gap: 'field-size-limits', description: 'a string field of 40,000 three-byte characters' },
          body: { kind: 'json', value: hugeMultibyte as never },
        },
        {
          ...base,
          family: 'robustness',
          edge: { gap: 'unknown-fields', description: `an unknown field nested ${NESTING} arrays deep` },
          body: { kind: 'raw', text: nestedText, contentType: 'application/json' },
        },
      ];
    });
    // What was stored must still be served: every collection read with its largest page afterwards.
    const readers = spec.operations.filter(
      (op) => op.method === 'get' && !op.parameters.some((p) => p.in === 'path' || p.required) && !streams(op),
    );
    sweeps.push({
      id: `${operation.operationId}/large-bodies`,
      family: 'robustness',
      operationId: operation.operationId,
      async execute() {
        const log = new ExchangeLog(context);
        const big = await log.sendAll(bigCasesOf());
        if (big.some((e) => e.response && e.response.status >= 200 && e.response.status < 300))
          await log.sendAll(readers.map((reader) => largestPage(reader, context)));
        return log.execution();
      },
    });
  }
  return sweeps;
}

/** An ordinary valid request of a read operation, with every bounded integer query parameter at its maximum. */
function largestPage(operation: OperationModel, context: PropertyContext): Case {
  const base = sampleValid(operation, context);
  const maxima = operation.parameters
    .filter(
      (p) => p.in === 'query' && p.schema.schema.type === 'integer' && typeof p.schema.schema.maximum === 'number',
    )
    .map((p): [string, string] => [p.name, String(p.schema.schema.maximum)]);
  const names = new Set(maxima.map(([name]) => name));
  return { ...base, query: [...base.query.filter(([name]) => !names.has(name)), ...maxima] };
}

/** A path value of the parameter's type that no answer of the run has mentioned. */
function unusedPathValue(schema: Record<string, unknown>, known: readonly string[]): string {
  const taken = new Set(known);
  if (schema.type === 'integer' || schema.type === 'number') {
    // Far above any counter, below 2^53 so every server reads it exactly.
    for (let candidate = 2 ** 53 - 7; ; candidate -= 1_000_003)
      if (!taken.has(String(candidate))) return String(candidate);
  }
  for (let i = 0; ; i++) if (!taken.has(`kit-unused-${i}`)) return `kit-unused-${i}`;
}

function sampleText(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (typeof schema.default !== 'undefined') return String(schema.default);
  return typeof schema.minimum === 'number' ? String(schema.minimum) : '1';
}

/** The domain's sequence properties that apply to this spec and run. */
export function sequenceProperties(
  spec: SpecModel,
  rules: DomainRules,
  context: PropertyContext,
  readOnly: boolean,
): KitProperty[] {
  return rules.sequences
    .filter((s) => s.operations.every((id) => spec.operation(id)) && !(readOnly && s.writes))
    .map((s) => ({
      id: s.id,
      family: s.id,
      operationId: s.operationId,
      operations: s.operations,
      arbitrary: () => s.arbitrary(spec),
      ...(s.examples ? { examples: () => s.examples!(spec) } : {}),
      execute: (value: unknown) => s.execute(value, context),
      ...(s.runs !== undefined ? { runs: s.runs } : {}),
    }));
}

/**
 * Whether an operation answers a stream that never completes (server-sent events): its successes
 * are all `text/event-stream`. The kit reads whole answers, so it does not send such requests.
 */
export function streams(operation: OperationModel): boolean {
  const types = Object.entries(operation.responses)
    .filter(([status]) => /^2/.test(status))
    .flatMap(([, r]) => r.mediaTypes);
  return types.length > 0 && types.every((t) => /^text\/event-stream\b/i.test(t));
}

/** A path value of the parameter's schema that no answer of the run has mentioned (valid for its format and pattern too). */
function unusedValidValue(parameter: ParameterModel, known: readonly string[]): string {
  const plain = unusedPathValue(parameter.schema.schema, known);
  const typed =
    parameter.schema.schema.type === 'integer' || parameter.schema.schema.type === 'number' ? Number(plain) : plain;
  if (parameter.schema.validate(typed).ok) return plain;
  const taken = new Set(known);
  if (!satisfiable(parameter.schema)) return plain;
  const drawn = fc
    .sample(parameterArbitrary(parameter), { seed: 7, numRuns: 50 })
    .map((v) => parameterText(v))
    .find((t) => !taken.has(t));
  return drawn ?? plain;
}

/** Whether a case's JSON body and its plain query values are inside the operation's schemas. */
function isValidRequest(c: Case, operation: OperationModel): boolean {
  if (
    c.body?.kind === 'json' &&
    operation.requestBody &&
    !operation.requestBody.schema.validate(toPlainJson(c.body.value)).ok
  )
    return false;
  return c.query.every(([name, text]) => {
    const parameter = operation.parameters.find((p) => p.in === 'query' && p.name === name);
    return !parameter || checkParameterText(parameter, text).ok;
  });
}

/** A value computed on first use, then kept. */
function once<T>(compute: () => T): () => T {
  let value: { readonly v: T } | undefined;
  return () => (value ??= { v: compute() }).v;
}
