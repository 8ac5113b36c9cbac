import { createRequire } from 'node:module';
import fc from 'fast-check';
import type { Case, Exchange } from '../cases/index.js';
import { findingOf, GENERIC_CHECKS, type RegisteredCheck } from '../checks/index.js';
import { checkKept, isCheckName, type CheckName } from '../checks/registry.js';
import { DateWatch } from '../checks/date-header.js';
import type { DomainRules, Execution } from '../domain/rules.js';
import { selectRules } from '../domain/select-rules.js';
import type { Finding, RunReport, Verdict } from '../findings/index.js';
import { alternativeFor, requiresAuth, schemesIn } from '../../spec/security/index.js';
import { createHttpClient, createKitCredentials, CredentialError, type KitCredentials } from '../send/index.js';
import { DEFAULT_SPEC_PATH, loadSpec, type OperationModel, type SpecModel } from '../../spec/index.js';
import {
  authSweeps,
  caseProperties,
  probeSweeps,
  sequenceProperties,
  streams,
  type PropertyContext,
} from './build-properties.js';
import { Collector, signatureOf } from './collector.js';
import { shapeSweeps } from './shape-sweeps.js';
import { httpSweeps } from './http-sweeps.js';
import { rawInputSweeps } from './raw-input-sweeps.js';
import { clientHeaderSweeps } from './client-header-sweeps.js';
import type { KitProperty, KitSweep } from './kit-property.js';
import { resolveOptions, type ConformanceOptions, type ResolvedOptions } from './options.js';
import { propertySeed, runPool } from './pool.js';

const TOOL = (() => {
  const pkg = createRequire(import.meta.url)('../../package.json') as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
})();

/** Rounds per property: after a failure, the property runs again looking for a different defect. */
const MAX_ROUNDS = 3;
/** Executions allowed to shrink one counterexample; beyond it the smallest failure so far is reported. */
const SHRINK_BUDGET = 500;
/** Wall time allowed to shrink one counterexample, for the same reason. */
const SHRINK_TIME_MS = 15_000;
/** Consecutive requests without any answer, on two routes or more, after which the target is declared down. */
const BREAKER_THRESHOLD = 6;
/**
 * Consecutive requests to one route (method and path) without any answer after which that route's
 * further requests are not sent: one route that never answers (a HEAD the server never ends, say) is
 * a finding of its own, not a target that stopped answering.
 */
const ROUTE_BREAKER_THRESHOLD = 3;

/** The run could not be carried out (unreachable target, bad spec, bad options): exit 2. */
export class RunError extends Error {
  override readonly name = 'RunError';
}

/**
 * Certifies an implementation against the spec: generates valid, invalid and auth cases for every
 * operation, runs the domain's stateful properties, shrinks every failure to a minimal reproducer,
 * and returns the whole result as data.
 *
 * @throws {@link RunError} only for runs that cannot start (the spec cannot be loaded). An
 * unreachable target gives a report with verdict `error`.
 */
export async function runConformance(input: ConformanceOptions, chosenRules?: DomainRules): Promise<RunReport> {
  const options = resolveOptions(input);
  const started = Date.now();
  let spec: SpecModel;
  try {
    spec = await loadSpec(options.spec, {
      schemaCheck: options.spec !== undefined && options.spec !== DEFAULT_SPEC_PATH,
    });
  } catch (error) {
    throw new RunError((error as Error).message);
  }
  // The domain plug-in that knows this API, if any (the Animal Store's for the shipped spec).
  let rules: DomainRules;
  try {
    rules = chosenRules ?? (await selectRules(spec));
  } catch (error) {
    // A resource config file with a bad key is the user's to fix: a usage error naming file and key.
    throw new RunError((error as Error).message);
  }
  const target = safeTarget(options.target);
  const credentials = await runCredentials(options);
  const secured = spec.operations.filter((op) => requiresAuth(op.security));
  if (secured.length > 0 && secured.every((op) => !alternativeFor(op.security, (s) => credentials.credentialFor(s)))) {
    const kinds = [
      ...new Set(
        secured.flatMap((op) =>
          schemesIn(op.security).map((s) => (s.kind === 'apiKey' ? `API key in ${s.in} ${s.parameter}` : s.kind)),
        ),
      ),
    ];
    throw new RunError(
      `no credential for this spec's schemes (${kinds.join(', ')}): pass --api-key (or set API_KEY), --basic, -H or --auth-command`,
    );
  }
  const extraHeaders = credentials.extraHeaders(spec.securitySchemes.values());
  const client = createHttpClient({
    baseUrl: target,
    credentials,
    extraHeaders,
    timeoutMs: options.timeoutMs,
    ...(options.rate ? { rate: options.rate } : {}),
  });
  const collector = new Collector();
  const known = new Map<string, Map<string, Set<string>>>();
  // What properties generate from: frozen after preparation, so a seed means the same requests
  // whatever order concurrent properties finish in.
  let knownSnapshot: Map<string, Record<string, string[]>> | undefined;
  let consecutiveDead = 0;
  // The routes of the current run of requests without an answer, and each route's own run.
  const deadRoutes = new Set<string>();
  const deadPerRoute = new Map<string, number>();
  let down: string | undefined;
  // Crash attribution: a target that answered and then refuses connections has died. The request that
  // killed it is the first of the current run of requests without an answer (or, when the target
  // answered it and died after, the last answered one); the refused requests after it are consequences,
  // not findings of their own (they would otherwise shrink to whatever value came last).
  let everAnswered = false;
  let firstUnanswered: Exchange | undefined;
  let lastAnswered: Exchange | undefined;
  let killer: { exchange: Exchange; answered: boolean } | undefined;
  const consequences = new WeakSet<Exchange>();
  // Every answer's Date, judged once for the whole run (RFC 9110 §6.6.1, §5.6.7).
  const dates = new DateWatch();

  const operationOf = (c: Case): OperationModel => spec.operation(c.operationId)!;
  const selected = (names: readonly string[]) =>
    (options.only.length === 0 || names.some((n) => options.only.includes(n))) &&
    !names.some((n) => options.skip.includes(n));
  // --shard i/n: operations sorted by id are dealt to the shards in turn.
  const shardOf = new Map(
    [...spec.operations.map((o) => o.operationId)].sort().map((id, i) => [id, (i % (options.shard?.count ?? 1)) + 1]),
  );
  // Server-sent events never complete: such operations are not tested (the README says so).
  const inShard = (operationId: string) =>
    (!options.shard || shardOf.get(operationId) === options.shard.index) && !streams(spec.operation(operationId)!);
  const checkSelected = (name: CheckName) => checkKept(name, options.only, options.skip);

  // Set by the domain's preparation when the target narrows what a valid request is (see Adaptation).
  let adapt: ((c: Case) => Case) | undefined;
  const send = async (original: Case): Promise<Exchange> => {
    const c = adapt ? adapt(original) : original;
    const method = (c.method ?? operationOf(c).method).toUpperCase();
    const route = `${method} ${c.literalPath?.path ?? operationOf(c).path}`;
    const routeDown =
      (deadPerRoute.get(route) ?? 0) >= ROUTE_BREAKER_THRESHOLD
        ? `${route} stopped answering (${ROUTE_BREAKER_THRESHOLD} requests in a row without a response)`
        : undefined;
    if (down || routeDown) {
      const notSent: Exchange = {
        case: c,
        request: { method, path: '', headers: {} },
        failure: { kind: 'timeout', message: `not sent: ${down ?? routeDown}`, durationMs: 0 },
      };
      // What was never sent says nothing of the target: the breaker's own finding tells why.
      consequences.add(notSent);
      return notSent;
    }
    // A DELETE may remove what it names, whatever it answers and however long it takes: from the
    // moment it is sent, no value it names is claimed to exist any more.
    if ((c.method ?? operationOf(c).method).toLowerCase() === 'delete')
      for (const value of Object.values(c.pathParams)) deleted.add(value);
    const exchange = await client.send(c, operationOf(c));
    if (exchange.response) {
      everAnswered = true;
      firstUnanswered = undefined;
      lastAnswered = exchange;
    } else if (exchange.failure?.kind === 'unreachable' && everAnswered) {
      consequences.add(exchange);
      killer ??= firstUnanswered
        ? { exchange: firstUnanswered, answered: false }
        : lastAnswered
          ? { exchange: lastAnswered, answered: true }
          : undefined;
    } else if (exchange.failure && exchange.failure.kind !== 'body_too_large') firstUnanswered ??= exchange;
    if (exchange.failure && exchange.failure.kind !== 'body_too_large') {
      consecutiveDead += 1;
      deadRoutes.add(route);
      deadPerRoute.set(route, (deadPerRoute.get(route) ?? 0) + 1);
    } else {
      consecutiveDead = 0;
      deadRoutes.clear();
      deadPerRoute.delete(route);
    }
    if (consecutiveDead >= BREAKER_THRESHOLD && deadRoutes.size >= 2)
      down = `the target stopped answering (${BREAKER_THRESHOLD} requests in a row without a response)`;
    if (exchange.response) learn(exchange);
    dates.observe(exchange);
    progress();
    return exchange;
  };

  const learn = (exchange: Exchange) => {
    const harvested = rules.harvest(exchange, operationOf(exchange.case));
    for (const [operationId, params] of Object.entries(harvested)) {
      const perOp = known.get(operationId) ?? new Map<string, Set<string>>();
      for (const [name, values] of Object.entries(params)) {
        const set = perOp.get(name) ?? new Set<string>();
        for (const v of values) if (set.size < 200) set.add(v);
        perOp.set(name, set);
      }
      known.set(operationId, perOp);
    }
  };

  const observe = rules.observer?.();
  const observerCheck: RegisteredCheck[] = observe
    ? [{ name: () => 'semantics.unique_ids', run: ({ exchange, operation }) => observe(exchange, operation) }]
    : [];
  const deleted = new Set<string>();
  const judge = (sent: Exchange): Finding[] => {
    if (consequences.has(sent)) return [];
    const gone = sent.case.existing?.filter((p) => deleted.has(sent.case.pathParams[p] ?? '')) ?? [];
    const exchange: Exchange =
      gone.length > 0
        ? { ...sent, case: { ...sent.case, existing: sent.case.existing!.filter((p) => !gone.includes(p)) } }
        : sent;
    const operation = operationOf(exchange.case);
    const checks: readonly RegisteredCheck[] = [
      ...GENERIC_CHECKS,
      ...(rules.checks[operation.operationId] ?? []),
      ...observerCheck,
    ];
    const findings: Finding[] = [];
    for (const check of checks) {
      const name = check.name(exchange.case);
      if (!checkSelected(name) || (check.applies && !check.applies(operation))) continue;
      const produced = check.run({ exchange, operation }).filter((f) => checkSelected(f.check));
      if (produced.length === 0) {
        collector.tally(operation.operationId, name, 'passed', waited(exchange));
        continue;
      }
      for (const f of produced) {
        collector.tally(
          f.operationId,
          f.check,
          f.severity === 'failure' ? 'failed' : f.severity === 'warning' ? 'warnings' : 'passed',
          waited(exchange),
        );
        collector.note(f);
      }
      findings.push(...produced);
    }
    return findings;
  };

  const context: PropertyContext = {
    spec,
    credentialOf: (scheme) => credentials.credentialFor(scheme),
    readOnly: options.readOnly,
    seed: options.seed,
    send,
    judge,
    known: (operationId) => knownSnapshot?.get(operationId) ?? snapshotOf(operationId),
  };

  function snapshotOf(operationId: string): Record<string, string[]> {
    return Object.fromEntries(
      [...(known.get(operationId) ?? new Map<string, Set<string>>()).entries()].map(([k, v]) => [k, [...v].sort()]),
    );
  }

  // Bugs of the kit itself: each stops its own property only; the run keeps what it found and ends
  // with verdict `error` (exit 2), naming the first.
  const internalErrors: string[] = [];
  const guarded =
    <T>(id: string, work: (item: T) => Promise<void>) =>
    async (item: T): Promise<void> => {
      try {
        await work(item);
      } catch (error) {
        if (error instanceof RunError) throw error;
        internalErrors.push(
          `internal error in ${id}: ${String((error as Error).stack ?? error)
            .split('\n')
            .slice(0, 2)
            .join(' ')
            .replace(/\s+/g, ' ')}`,
        );
      }
    };

  let propertiesDone = 0;
  let propertiesTotal = 0;
  let current: string | undefined;
  const progress = () =>
    options.onProgress?.({
      propertiesDone,
      propertiesTotal,
      requests: client.sent,
      failures: collector.failureCount,
      ...(current ? { current } : {}),
    });

  try {
    const reachable = await preflight(spec, context, target);
    if (reachable !== true) return report('error', reachable);

    const replay = options.replay ? parseReplay(options.replay) : undefined;
    if (replay?.seed !== undefined && replay.seed !== options.seed) {
      throw new RunError(
        `--replay comes from a run with seed ${replay.seed}, this run has seed ${options.seed}: pass --seed ${replay.seed}`,
      );
    }
    const firstLook =
      rules.firstLook?.(spec).filter((c) => selected([c.operationId, 'first-look']) && inShard(c.operationId)) ?? [];
    const lookedFirst = !replay && firstLook.length > 0;
    if (lookedFirst) {
      await runSweep({
        id: `${firstLook[0]!.operationId}/first-look`,
        family: 'first-look',
        operationId: firstLook[0]!.operationId,
        async execute() {
          const exchanges: Exchange[] = [];
          for (const c of firstLook) exchanges.push(await context.send(c));
          return { exchanges, findings: exchanges.flatMap((e) => context.judge(e)) };
        },
      });
    }
    // Replays prepare too: the adaptation (known category ids) is part of what the case meant.
    const adaptation = rules.prepare && !options.readOnly ? await rules.prepare(context) : undefined;
    if (adaptation?.rewrite) adapt = adaptation.rewrite;
    if (adaptation?.gap) {
      const { exchange, operationId, ...fields } = adaptation.gap;
      collector.note({ ...findingOf(exchange, { code: 'contract_gap', severity: 'warning', ...fields }), operationId });
    }
    for (const failure of adaptation?.failures ?? []) collector.addFailure(failure);

    knownSnapshot = new Map(spec.operations.map((op) => [op.operationId, snapshotOf(op.operationId)]));
    const isSelected = (p: { id: string; family: string; operationId: string }) =>
      selected([p.id, p.family, p.operationId]) && inShard(p.operationId);
    const allProperties = caseProperties(spec, context, options.readOnly);
    const allSweeps = [
      ...authSweeps(spec, context, options.readOnly),
      ...probeSweeps(spec, context, options.readOnly),
      ...shapeSweeps(spec, context, options.readOnly),
      ...clientHeaderSweeps(spec, context, options.readOnly),
      ...httpSweeps(spec, { ...context, target }, options.readOnly),
      ...rawInputSweeps(spec, context, options.readOnly),
    ];
    const allSequences = sequenceProperties(spec, rules, context, options.readOnly);
    // A name in --only/--skip that names nothing is a typo: certifying with it would test something
    // else than was asked (a misspelt --only would even certify by testing nothing).
    const names = new Set<string>([
      'first-look',
      ...spec.operations.map((o) => o.operationId),
      ...[...allProperties, ...allSweeps, ...allSequences].flatMap((p) => [p.id, p.family]),
    ]);
    for (const [flag, list] of [
      ['--only', options.only],
      ['--skip', options.skip],
    ] as const) {
      const unknown = list.filter((name) => !names.has(name) && !isCheckName(name));
      if (unknown.length > 0) {
        throw new RunError(
          `${flag} names nothing in this run: ${unknown.map((n) => JSON.stringify(n)).join(', ')} (give operationIds such as ${spec.operations
            .slice(0, 3)
            .map((o) => o.operationId)
            .join(
              ', ',
            )}, property ids such as ${allProperties[0]?.id ?? 'none'}, or checks such as schema, auth, semantics.*)`,
        );
      }
    }
    const properties = allProperties.filter(isSelected);
    const sweeps = allSweeps.filter(isSelected);
    const sequences = allSequences.filter(isSelected);
    // Sweeps that write and then judge what the store shows (large bodies, ETags across a change): nothing else may write meanwhile.
    const bodies = sweeps.filter((s) => /\/(large-bodies|body-sizes|conditional)$/.test(s.id));
    // Undocumented methods may do something on the target (a DELETE that exists): they go last.
    const methods = sweeps.filter((s) => /\/(methods(-without-auth)?|allow-methods)$/.test(s.id));
    const quickSweeps = sweeps.filter((s) => !bodies.includes(s) && !methods.includes(s));

    if (replay) {
      const property = [...properties, ...sequences].find((p) => p.id === replay.id);
      if (!property) throw new RunError(`--replay names no property of this run: ${replay.id}`);
      propertiesTotal = 1;
      await runProperty(property, replay);
    } else {
      propertiesTotal =
        properties.length +
        quickSweeps.length +
        sequences.length +
        bodies.length +
        methods.length +
        (lookedFirst ? 1 : 0);
      // Properties first: what they find shrinks, so they should claim a defect before a sweep does.
      await runPool(properties, options.concurrency, (p) => guarded<typeof p>(p.id, (q) => runProperty(q))(p));
      await runPool(quickSweeps, options.concurrency, (s) => guarded<typeof s>(s.id, runSweep)(s));
      // Sequences judge sizes and memory of the store: nothing else may write meanwhile.
      for (const s of sequences) await guarded<typeof s>(s.id, (q) => runProperty(q))(s);
      for (const s of bodies) await guarded<typeof s>(s.id, runSweep)(s);
      for (const s of methods) await guarded<typeof s>(s.id, runSweep)(s);
    }
    if (checkSelected('protocol')) for (const finding of dates.findings()) collector.addFailure(finding);
    const { backoff } = client;
    if (backoff.retries > 0) {
      collector.note({
        code: 'contract_gap',
        severity: 'warning',
        gap: 'rate-limits',
        operationId: backoff.firstOperationId ?? spec.operations[0]!.operationId,
        check: 'transport',
        evidence: { scenario: 'rate-limited', retries: backoff.retries, pausedMs: backoff.pausedMs },
      });
    }
    if (down || killer) {
      const suspect = killer?.exchange;
      const route = suspect && `${suspect.request.method} ${suspect.request.path}`;
      const stopped: Finding = {
        code: 'transport_error',
        severity: 'failure',
        operationId: suspect?.case.operationId ?? spec.operations[0]!.operationId,
        check: 'transport',
        ...(suspect ? { request: suspect.request } : {}),
        evidence: {
          scenario: 'run-stopped',
          detail: !killer
            ? down!
            : killer.answered
              ? `the target stopped accepting connections after answering ${route} (the last request it answered; the requests after it were refused)`
              : `the target stopped accepting connections after ${route}, the first request it gave no answer (the requests after it were refused)`,
        },
      };
      collector.addFailure(
        suspect
          ? withReproducer(stopped, { exchanges: [suspect], findings: [] }, `--only ${suspect.case.operationId}`)
          : stopped,
      );
    }
    if (internalErrors.length > 0)
      return report(
        'error',
        `${internalErrors[0]}${internalErrors.length > 1 ? ` (and ${internalErrors.length - 1} more)` : ''}; the findings gathered so far are kept`,
      );
    const failures = collector
      .findings()
      .filter((f) => f.severity === 'failure' || (options.strict && f.severity === 'warning'));
    return report(failures.length > 0 ? 'failed' : 'certified');
  } catch (error) {
    if (error instanceof RunError) throw error;
    // A bug of the kit outside any property: what was found so far is still reported.
    return report(
      'error',
      `internal error: ${String((error as Error).stack ?? error)
        .split('\n')
        .slice(0, 2)
        .join(' ')
        .replace(/\s+/g, ' ')}; the findings gathered so far are kept`,
    );
  } finally {
    await client.close();
  }

  async function runSweep(sweep: KitSweep): Promise<void> {
    current = sweep.id;
    const execution = await sweep.execute();
    for (const finding of execution.findings) {
      // Findings a sweep judges itself (across exchanges) honour --only/--skip like the checks' own.
      if (finding.severity !== 'failure' || !checkSelected(finding.check)) continue;
      // Sweep requests are independent of one another: the failing one alone reproduces it.
      collector.addFailure(
        withReproducer(
          finding,
          { ...execution, exchanges: execution.exchanges.filter((e) => e.request === finding.request) },
          `--only ${sweep.operationId}`,
        ),
      );
    }
    propertiesDone++;
    progress();
  }

  /** One fast-check search of a property: the shrunk failure it found, if any. */
  async function search(
    property: KitProperty<any>,
    arbitrary: fc.Arbitrary<unknown>,
    run: { seedKey: string; numRuns: number; examples: [unknown][]; path?: string; counts: (f: Finding) => boolean },
  ): Promise<{ execution: Execution; fresh: Finding[]; path: string } | undefined> {
    let lastFailing: { execution: Execution; fresh: Finding[] } | undefined;
    let kitError: unknown;
    let shrinkSteps = 0;
    let shrinkStarted = 0;
    const predicate = fc.asyncProperty(arbitrary, async (value: unknown) => {
      if (down || kitError) return true;
      // Once a failure is found every call is a shrink step. Past the budget (steps or time) the
      // search is interrupted: fast-check then ends on the smallest failure found so far. (Merely
      // passing the remaining candidates untried still walks them: for a 2,000-character string
      // that walk alone took 44 s of CPU, long enough for the target's keep-alive sockets to close.)
      if (lastFailing && (++shrinkSteps > SHRINK_BUDGET || performance.now() - shrinkStarted > SHRINK_TIME_MS))
        throw new fc.PreconditionFailure(true);
      let execution: Execution;
      try {
        execution = await property.execute(value);
      } catch (error) {
        // A bug of the kit, not of the target: stop this property and surface it.
        kitError = error;
        return true;
      }
      if (property.stillQualifies && !property.stillQualifies(value)) return true;
      const fresh = execution.findings.filter((f) => f.severity === 'failure' && run.counts(f));
      if (fresh.length === 0) return true;
      if (!lastFailing) shrinkStarted = performance.now();
      lastFailing = { execution, fresh };
      return false;
    });
    const result = await fc.check(predicate, {
      seed: propertySeed(options.seed, property.id, run.seedKey),
      numRuns: run.numRuns + run.examples.length,
      examples: run.examples,
      // A replay runs exactly the recorded counterexample: no further shrinking.
      ...(run.path !== undefined ? { path: run.path, endOnFailure: true } : {}),
    });
    if (kitError) throw kitError;
    if (!result.failed || !lastFailing) return undefined;
    const found: { execution: Execution; fresh: Finding[] } = lastFailing;
    return { ...found, path: result.counterexamplePath ?? '' };
  }

  async function runProperty(
    property: KitProperty<any>,
    replay?: { round: number; refined: boolean; path: string },
  ): Promise<void> {
    current = property.id;
    const arbitrary = property.arbitrary();
    const runs = property.runs ?? options.runs;
    for (let round = replay?.round ?? 0; round < (replay ? replay.round + 1 : MAX_ROUNDS); round++) {
      if (down) break;
      const counts = (f: Finding) => replay !== undefined || !collector.hasFailure(signatureOf(f));
      // The coverage phase (examples) runs in round 0 only, before the random runs.
      const examples =
        round === 0 && property.examples && !replay?.refined ? property.examples().map((e) => [e] as [unknown]) : [];
      const seedKey = `${round}${replay?.refined ? 'r' : ''}`;
      let found = await search(property, arbitrary, {
        seedKey,
        numRuns: replay?.refined ? runs * 4 : runs,
        examples,
        ...(replay ? { path: replay.path } : {}),
        counts,
      });
      if (!found) break;
      let tag = seedKey;
      // Examples are fixed values fast-check cannot shrink: look for the same defect by random search,
      // whose counterexamples shrink, and report that one when it turns up.
      const fromExample = examples.length > 0 && Number(found.path.split(':')[0]) < examples.length;
      if (fromExample && !replay) {
        const signatures = new Set(found.fresh.map(signatureOf));
        const refined = await search(property, arbitrary, {
          seedKey: `${round}r`,
          numRuns: runs * 4,
          examples: [],
          counts: (f) => signatures.has(signatureOf(f)),
        });
        if (refined) {
          found = refined;
          tag = `${round}r`;
        }
      }
      // The seed travels inside the replay token too: a replay under another seed is refused, not misread.
      const replayArg = `--replay '${property.id}@${options.seed}#${tag}:${found.path}'`;
      const explained =
        property.explain && !replay ? await property.explain(found.execution, found.fresh) : found.fresh;
      for (const finding of explained)
        collector.addFailure(withReproducer(finding, found.execution, replayArg, found.path));
    }
    propertiesDone++;
    progress();
  }

  function withReproducer(finding: Finding, execution: Execution, replayArg: string, path?: string): Finding {
    const index = execution.exchanges.findIndex((e) => e.request === finding.request);
    const setup = index > 0 ? execution.exchanges.slice(0, index).map((e) => e.request) : [];
    const request = finding.request ?? execution.exchanges.at(-1)?.request;
    if (!request) return finding;
    return {
      ...finding,
      reproducer: {
        request,
        ...(setup.length > 0 ? { setup } : {}),
        seed: options.seed,
        ...(path ? { path } : {}),
        replay: `npm run conformance -- --target ${target}${options.spec !== undefined && options.spec !== DEFAULT_SPEC_PATH ? ` --spec ${options.spec}` : ''} --seed ${options.seed} ${replayArg}`,
      },
    };
  }

  function report(verdict: Verdict, error?: string): RunReport {
    return {
      schemaVersion: 1,
      tool: TOOL,
      target,
      spec: { title: spec.title, version: spec.version, file: spec.file },
      seed: options.seed,
      options: {
        runs: options.runs,
        strict: options.strict,
        readOnly: options.readOnly,
        only: options.only,
        skip: options.skip,
        ...(options.shard ? { shard: options.shard } : {}),
      },
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      requests: client.sent,
      verdict,
      ...(error ? { error } : {}),
      tallies: collector.tallies(),
      findings: collector.findings(),
    };
  }
}

function parseReplay(text: string): { id: string; seed?: number; round: number; refined: boolean; path: string } {
  const m = /^(.+?)(?:@(\d+))?#(\d+)(r?):([\d:]*)$/.exec(text);
  if (!m)
    throw new RunError(
      `--replay expects <property>@<seed>#<round>:<path>, as printed in a reproducer; got ${JSON.stringify(text)}`,
    );
  return {
    id: m[1]!,
    ...(m[2] !== undefined ? { seed: Number(m[2]) } : {}),
    round: Number(m[3]),
    refined: m[4] === 'r',
    path: m[5]!,
  };
}

/** The target without credentials or trailing slash; refuses URLs that are not http(s). */
function safeTarget(target: string): string {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new RunError(`--target is not a URL: ${JSON.stringify(target)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RunError(`--target must be http or https: ${target}`);
  if (url.username || url.password)
    throw new RunError('--target must not carry credentials; pass the key with --api-key or API_KEY');
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

/** One request with the valid key before anything else: an unreachable target is a usage error, not a finding. */
async function preflight(spec: SpecModel, context: PropertyContext, target: string): Promise<true | string> {
  const readable = spec.operations.filter((o) => o.method === 'get' && !o.path.includes('{') && !streams(o));
  const operation = readable.find((o) => !o.parameters.some((p) => p.required)) ?? readable[0];
  if (!operation) return spec.operations.length === 0 ? 'the spec has no operations' : true;
  const exchange = await context.send({
    operationId: operation.operationId,
    family: 'preflight',
    kind: 'valid',
    pathParams: {},
    query: [],
    auth: 'valid',
  });
  if (exchange.failure?.kind === 'unreachable') return `cannot reach the target: ${exchange.failure.message}`;
  const status = exchange.response?.status;
  const route = `${operation.method.toUpperCase()} ${operation.path}`;
  // Only where the kit holds a credential for the operation: without one, its 401 is no verdict on the credentials.
  if (
    (status === 401 || status === 403) &&
    operation.security.access === 'required' &&
    alternativeFor(operation.security, context.credentialOf ?? (() => undefined)) !== undefined
  ) {
    throw new RunError(
      `the target refused the credentials on the first valid request (${route} answered ${status}): check --api-key / --basic / --header`,
    );
  }
  // Every path answering 404 where the spec's base path would answer: the target URL lacks it.
  const base = spec.basePath;
  if (status === 404 && base !== '' && !new URL(target).pathname.replace(/\/+$/, '').endsWith(base)) {
    const withBase = `${target}${base}${operation.path}`;
    const answer = await fetch(withBase, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(5_000),
    }).catch(() => undefined);
    await answer?.body?.cancel();
    if (answer && answer.status !== 404) {
      throw new RunError(
        `${route} answered 404 at ${target}, and ${answer.status} at ${target}${base}: the spec's servers say the API is under ${base}; add it to --target`,
      );
    }
  }
  return true;
}

/** The run's credentials: as given, or built from the options (the auth command run once first). */
async function runCredentials(options: ResolvedOptions): Promise<KitCredentials> {
  try {
    const credentials =
      options.credentials ??
      createKitCredentials({
        ...(options.apiKey ? { apiKey: options.apiKey } : {}),
        ...(options.basic ? { basic: options.basic } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.authCommand ? { authCommand: options.authCommand } : {}),
      });
    if (credentials.refreshable && options.credentials === undefined) await credentials.refresh();
    return credentials;
  } catch (error) {
    if (error instanceof CredentialError) throw new RunError(error.message);
    throw error;
  }
}

/** How long the target took over an exchange (its answer, or the failure's wait). */
function waited(exchange: Exchange): number {
  return exchange.response?.durationMs ?? exchange.failure?.durationMs ?? 0;
}
