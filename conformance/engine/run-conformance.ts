import { AsyncLocalStorage } from 'node:async_hooks';
import type { Case, Exchange, ReceivedResponse } from '../cases/index.js';
import { findingOf } from '../checks/index.js';
import { checkKept, type CheckName } from '../checks/registry.js';
import { DateWatch } from '../checks/date-header.js';
import type { DomainRules } from '../domain/rules.js';
import { selectRules } from '../domain/select-rules.js';
import type { Finding, RunReport, Verdict } from '../findings/index.js';
import { alternativeFor, requiresAuth, schemesIn } from '../../spec/security/index.js';
import {
  createHttpClient,
  createKitCredentials,
  CredentialError,
  principalIds,
  type KitCredentials,
} from '../send/index.js';
import { DEFAULT_SPEC_PATH, loadSpec, type OperationModel, type SpecModel } from '../../spec/index.js';
import { streams } from './build-properties.js';
import type { PropertyContext } from './kit-property.js';
import { Collector, signatureOf } from './collector.js';
import { resetKey, resetsToSendAlone } from './resets-alone.js';
import { withPinnedHeaders } from './pinned-headers.js';
import { settleFinding } from '../findings/basis.js';
import { watchTarget } from './target-watch.js';
import { gateValid } from './valid-gate.js';
import { ordinaryParts, toValidCase } from '../generate/index.js';
import { planFirstLook, planRun } from './plan-run.js';
import { RunError } from './run-error.js';
import { collectReport, verdictOf, withReproducer, type ReplayCommand } from './collect-report.js';
import type { KitProperty, KitSweep } from './kit-property.js';
import { resolveOptions, type ConformanceOptions, type ResolvedOptions } from './options.js';
import { runPool } from './pool.js';
import { TOOL } from './tool.js';
import { createCoverageTracker, observationOf } from '../contract-coverage/index.js';
import { executeProperty, type PropertyOutcome, type ReplayPoint } from './execute-property.js';
import { RunMemory } from './run-memory.js';
import { ChosenIds } from './repeated-id.js';
import { SelectionGate } from './selection-gate.js';
import { ExchangeJudge } from './exchange-judge.js';
import { ExchangeLog } from '../sweep/index.js';

export { RunError } from './run-error.js';

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
  const schemaCheck = options.spec !== undefined && options.spec !== DEFAULT_SPEC_PATH;
  try {
    spec = await loadSpec(options.spec, { schemaCheck });
  } catch (error) {
    throw new RunError((error as Error).message);
  }
  const credentials = await runCredentials(options);
  // Requirements naming schemes the document never defines (held-out set 67: `Token`), with a
  // credential header given that no defined scheme claims: that header is what they mean.
  const meant = schemesFromHeaders(spec, credentials);
  if (meant) spec = await loadSpec(options.spec, { schemaCheck, defineSchemes: meant });
  if (input.prepareSpec) spec = input.prepareSpec(spec);
  // The domain plug-in that knows this API, if any (the Animal Store's for the shipped spec).
  let rules: DomainRules;
  try {
    rules = chosenRules ?? (await selectRules(spec));
  } catch (error) {
    // A resource config file with a bad key is the user's to fix: a usage error naming file and key.
    throw new RunError((error as Error).message);
  }
  const target = safeTarget(options.target);
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
  const collector = new Collector((f) => settleFinding(f, spec.operation(f.operationId)));
  const coverage = createCoverageTracker(spec);
  const replayCommand: ReplayCommand = {
    target,
    seed: options.seed,
    // The replay stands on the state the run built, which the selection bounded.
    selection: [
      ...(options.only.length > 0 ? ['--only', options.only.join(',')] : []),
      ...(options.skip.length > 0 ? ['--skip', options.skip.join(',')] : []),
      ...(options.readOnly ? ['--read-only'] : []),
    ],
    ...(options.spec !== undefined && options.spec !== DEFAULT_SPEC_PATH ? { spec: options.spec } : {}),
  };
  const memory = new RunMemory(spec, rules);
  const chosenIds = new ChosenIds(spec.operations, memory);
  // Every answer's Date, judged once for the whole run (RFC 9110 §6.6.1, §5.6.7).
  const dates = new DateWatch();

  const operationOf = (c: Case): OperationModel => spec.operation(c.operationId)!;
  /**
   * Sends requests the run made once more, one after another, on a client of their own with a longer
   * deadline (the run's load gone): what each answered alone, undefined where nothing came.
   */
  const sendAlone = async (
    exchanges: readonly Exchange[],
    timeoutMs: number,
  ): Promise<(ReceivedResponse | undefined)[]> => {
    if (exchanges.length === 0) return [];
    const alone = createHttpClient({
      baseUrl: target,
      credentials,
      extraHeaders,
      timeoutMs,
      ...(options.rate ? { rate: options.rate } : {}),
    });
    try {
      const answers: (ReceivedResponse | undefined)[] = [];
      for (const e of exchanges) answers.push((await alone.send(e.case, operationOf(e.case))).response);
      return answers;
    } finally {
      await alone.close();
    }
  };
  // A target that stops answering within the deadline is asked alone, with a long deadline (six
  // times the run's, at least 30 s), whether it still answers: slow is no contract failure.
  const stillAnswers = async (answered: Exchange) => {
    const [again] = await sendAlone([answered], Math.max(30_000, options.timeoutMs * 6));
    return again ? { status: again.status, ms: again.durationMs } : undefined;
  };
  const routeOf = (c: Case) => {
    const method = (c.method ?? operationOf(c).method).toUpperCase();
    return { method, route: `${method} ${c.literalPath?.path ?? operationOf(c).path}` };
  };
  const watch = watchTarget(routeOf, stillAnswers);
  const checkSelected = (name: CheckName) => checkKept(name, options.only, options.skip);
  // The selection bounds every request, setup writes included (see SelectionGate); it learns each
  // property's operations once the plan names them, before any request.
  // Which user the valid credential stands for, where it is a JWT naming one: its own record is left alone.
  const gate = new SelectionGate(spec, options, () => principalIds(credentials.secrets()));
  const workOf = new AsyncLocalStorage<string>();
  // Answers seen, and how many were 404: most of them 404 means a wrong base path in --target.
  const answers = { all: 0, notFound: 0, rateLimited: 0 };

  // Set by the domain's preparation when the target narrows what a valid request is (see Adaptation).
  let adapt: ((c: Case) => Case) | undefined;
  // Requests whose connection was reset (twice: the client sends a reset request again at once), and
  // what each answered when sent again alone after the run, by request (see resetKey).
  const resets = new Map<string, Exchange>();
  // The first request of each route that got no answer within the deadline, and the routes that
  // answered something: a route that answers others but not one request may hang on that request.
  const timeouts = new Map<string, Exchange>();
  const answeredRoutes = new Set<string>();
  const answeredAlone = new Map<string, { readonly status: number; readonly ms: number }>();
  // Cases the valid-gate held back: nothing was sent, so no check judges them.
  const heldBack = new WeakSet<Exchange>();
  const send = async (original: Case): Promise<Exchange> => {
    const adaptedFirst = adapt ? adapt(original) : original;
    const adapted = withPinnedHeaders(adaptedFirst, operationOf(adaptedFirst), extraHeaders);
    // Once interrupted, nothing more is sent: what is under way ends on its own.
    if (options.signal?.aborted)
      return {
        case: adapted,
        request: {
          method: (adapted.method ?? operationOf(adapted).method).toUpperCase(),
          path: operationOf(adapted).path,
          headers: {},
        },
        failure: { kind: 'not_selected', message: 'not sent: the run was interrupted', durationMs: 0 },
      };
    // Selection first: an operation left out gets no request, and no gap either.
    const withheld = gate.refuse(adapted, workOf.getStore() ?? adapted.family);
    if (withheld) return withheld;
    const gated = gateValid(adapted, operationOf(adapted));
    if ('fault' in gated) {
      const { member, why } = gated.fault;
      collector.note({
        code: 'contract_gap',
        severity: 'warning',
        gap: 'no-valid-value',
        operationId: adapted.operationId,
        check: 'positive',
        evidence: { scenario: 'no-valid-value', member, why },
      });
      const held: Exchange = {
        case: adapted,
        request: { method: (adapted.method ?? operationOf(adapted).method).toUpperCase(), path: '', headers: {} },
        failure: { kind: 'protocol_error', message: `not sent: no valid value for ${member} (${why})`, durationMs: 0 },
      };
      heldBack.add(held);
      return held;
    }
    const c = chosenIds.mark(gated.send, operationOf(gated.send));
    const exchange = await watch.send(c, async (sent) => {
      memory.sending(sent, operationOf(sent));
      return client.send(sent, operationOf(sent));
    });
    if (exchange.failure?.kind === 'connection_reset' && resets.size < MOST_RESETS_KEPT)
      resets.set(resetKey(exchange.request), exchange);
    const { route } = routeOf(exchange.case);
    if (exchange.failure?.kind === 'timeout' && !watch.isConsequence(exchange) && !timeouts.has(route))
      timeouts.set(route, exchange);
    if (exchange.response) {
      answeredRoutes.add(route);
      memory.learn(exchange, operationOf(exchange.case));
      chosenIds.learn(exchange, operationOf(exchange.case));
      answers.all++;
      if (exchange.response.status === 404) answers.notFound++;
      if (exchange.response.status === 429) answers.rateLimited++;
    }
    dates.observe(exchange);
    const seen = observationOf(exchange, operationOf(exchange.case));
    if (seen) coverage.observe(seen);
    progress();
    return exchange;
  };

  const judgeStage = new ExchangeJudge({
    spec,
    rules,
    memory,
    collector,
    selected: checkSelected,
    unjudged: (e) => watch.isConsequence(e) || e.failure?.kind === 'not_selected' || heldBack.has(e),
  });
  const judge = (sent: Exchange): Finding[] => judgeStage.judge(sent);

  const context: PropertyContext = {
    spec,
    credentialOf: (scheme) => credentials.credentialFor(scheme),
    readOnly: options.readOnly,
    seed: options.seed,
    send,
    judge,
    known: (operationId) => memory.values(operationId),
    // Not one a DELETE of the run may have removed since: its Location would rightly answer 404.
    created: (operationId) => memory.created(operationId),
  };

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

  // Ctrl-C: the run ends at once with what it gathered, marked incomplete.
  const interrupted = new Promise<'interrupted'>((resolve) => {
    if (options.signal?.aborted) resolve('interrupted');
    options.signal?.addEventListener('abort', () => resolve('interrupted'), { once: true });
  });
  try {
    const work = runAll();
    const outcome = await Promise.race([work, interrupted]);
    if (outcome !== 'interrupted') return outcome;
    // What is still under way stops sending and ends on its own; its end is no longer reported.
    work.catch(() => undefined);
    return report('incomplete', `interrupted after ${client.sent.toLocaleString('en-US')} requests`);
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

  /** The run from preflight to verdict. */
  async function runAll(): Promise<RunReport> {
    // A typo in --only/--skip is a usage error before any request: the names do not depend on what
    // the target holds (the plan is built again after preparation, from what it learnt).
    if (options.only.length > 0 || options.skip.length > 0) {
      const planned = planRun(spec, rules, { ...context, target }, options);
      const declared = [...planned.properties, ...planned.closing.properties, ...planned.sequences].flatMap((p) =>
        p.operations ? [[p.id, p.operations] as const] : [],
      );
      gate.declare(new Map(declared));
    }
    const reachable = await preflight(spec, context, target, (id) => gate.allows(id));
    if (reachable !== true) return report('error', reachable);

    const replay = options.replay ? parseReplay(options.replay) : undefined;
    if (replay?.seed !== undefined && replay.seed !== options.seed) {
      throw new RunError(
        `--replay comes from a run with seed ${replay.seed}, this run has seed ${options.seed}: pass --seed ${replay.seed}`,
      );
    }
    const firstLook = planFirstLook(spec, rules, options);
    // Replays look first too: what the run learnt there is part of the state its cases came from
    // (a replay reports only its own counterexample, though).
    const lookedFirst = firstLook.length > 0;
    if (lookedFirst) {
      await runSweep(
        {
          id: `${firstLook[0]!.operationId}/first-look`,
          family: 'first-look',
          operationId: firstLook[0]!.operationId,
          async execute() {
            const log = new ExchangeLog(context);
            await log.sendAll(firstLook);
            return log.execution();
          },
        },
        replay === undefined,
      );
    }
    // Replays prepare too: the adaptation (known category ids) is part of what the case meant.
    const adaptation =
      rules.prepare && !options.readOnly ? await workOf.run('preparation', () => rules.prepare!(context)) : undefined;
    if (adaptation?.rewrite) adapt = adaptation.rewrite;
    if (adaptation?.gap) {
      const { exchange, operationId, ...fields } = adaptation.gap;
      collector.note({ ...findingOf(exchange, { code: 'contract_gap', severity: 'warning', ...fields }), operationId });
    }
    if (!replay)
      for (const failure of adaptation?.failures ?? []) if (!gate.unsent(failure)) collector.addFailure(failure);

    memory.freeze();
    const { properties, quickSweeps, sequences, bodies, methods, closing } = planRun(
      spec,
      rules,
      { ...context, target },
      options,
    );

    if (replay) {
      const property = [...properties, ...closing.properties, ...sequences].find((p) => p.id === replay.id);
      if (!property) throw new RunError(`--replay names no property of this run: ${replay.id}`);
      propertiesTotal = 1;
      const outcome = await runProperty(property, replay);
      if (outcome.kind === 'passed')
        // The counterexample's case came from what the run had learnt by then: on other ground the
        // same path is another case, and its passing proves nothing.
        return report(
          'not-reproduced',
          replay.state !== undefined && replay.state !== memory.statePrint()
            ? `${replay.id}'s counterexample did not fail, and this replay could not rebuild the state it needs: before the properties ran, the run had learnt other ids and values from the target (state ${replay.state}, now ${memory.statePrint()}); replay against a target started afresh, as it was for the run`
            : `${replay.id}'s counterexample did not fail this time: it may depend on timing, or on what other work of the run left on the target`,
        );
    } else {
      propertiesTotal =
        properties.length +
        quickSweeps.length +
        sequences.length +
        bodies.length +
        methods.length +
        closing.properties.length +
        closing.sweeps.length +
        (lookedFirst ? 1 : 0);
      // Locations first, while what preparation created still exists (the properties delete items
      // by the ids they learn): a sweep whose own creation is refused follows one of those.
      const locations = quickSweeps.filter((s) => s.family === 'location');
      await runPool(locations, options.concurrency, (s) => guarded<typeof s>(s.id, (q) => runSweep(q))(s));
      // Then properties: what they find shrinks, so they should claim a defect before a sweep does.
      await runPool(properties, options.concurrency, (p) =>
        guarded<typeof p>(p.id, async (q) => {
          await runProperty(q);
        })(p),
      );
      const others = quickSweeps.filter((s) => s.family !== 'location');
      await runPool(others, options.concurrency, (s) => guarded<typeof s>(s.id, (q) => runSweep(q))(s));
      // Sequences judge sizes and memory of the store: nothing else may write meanwhile.
      for (const s of sequences)
        await guarded<typeof s>(s.id, async (q) => {
          await runProperty(q);
        })(s);
      for (const s of bodies) await guarded<typeof s>(s.id, (q) => runSweep(q))(s);
      for (const s of methods) await guarded<typeof s>(s.id, (q) => runSweep(q))(s);
      // Last, one at a time, what may end the run's own session.
      for (const p of closing.properties)
        await guarded<typeof p>(p.id, async (q) => {
          await runProperty(q);
        })(p);
      for (const s of closing.sweeps) await guarded<typeof s>(s.id, (q) => runSweep(q))(s);
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
    // A route that never answered is no deadline of the kit's: it fails, unless the whole target went
    // down. The request that opened its silence is first sent once more, alone, with the run's load
    // gone and twice the deadline: one that answers then was slow under the run's own load (a database
    // lock queued behind concurrent writes, a password hash per request), which no contract states
    // (held-out set 97). The first, not the last: a request that hangs a route leaves the ones after it
    // unanswered too, and those answer alone (the red team's rt-name-redos-hang).
    if (!watch.down) {
      const silent = watch.silentRoutes();
      // At most three routes are tried again: a target that hangs everywhere is judged by the rest.
      const answers = await sendAlone(
        silent.slice(0, 3).map((s) => s.first),
        options.timeoutMs * 2,
      );
      for (const [i, { route, first: exchange, requests }] of silent.entries()) {
        const answered = answers[i];
        const finding = findingOf(exchange, {
          code: 'transport_error',
          severity: answered ? 'advisory' : 'failure',
          check: 'transport',
          evidence: {
            scenario: 'exchange',
            kind: 'no-answer',
            detail: answered
              ? `${route} gave no response to ${requests} requests in a row under the run's load (${exchange.failure?.message ?? 'none'}); sent again alone after the run, it answered ${answered.status} in ${Math.round(answered.durationMs)} ms: slow under load, which the contract does not judge`
              : `${route} never answered: ${requests} requests in a row got no response (${exchange.failure?.message ?? 'none'}), and the kit stopped sending there`,
          },
        });
        if (answered) collector.note(finding);
        else collector.addFailure(finding);
      }
    }
    // A request that got no answer within the deadline, on a route that answered others, is sent once
    // more alone after the run, with the long deadline a target's liveness gets (six times the run's,
    // at least 30 s). No answer then is no deadline of the kit's: the request gets no response at all
    // (held-out set 146: a huge `page` left the server's query rejected and the request open for
    // good, while every other request of the route answered). One that answers was slow, which the
    // contract does not judge: its timeout stays the kit's note.
    if (!watch.down && !watch.slow && checkSelected('transport')) {
      const silent = new Set(watch.silentRoutes().map((s) => s.route));
      const hung = [...timeouts].filter(([route]) => answeredRoutes.has(route) && !silent.has(route));
      const tried = hung.slice(0, MOST_HANGS_SENT_ALONE);
      const longMs = Math.max(30_000, options.timeoutMs * 6);
      const again = await sendAlone(
        tried.map(([, exchange]) => exchange),
        longMs,
      );
      for (const [i, [route, exchange]] of tried.entries()) {
        // Sent in the run, so within --only, --skip and --read-only: sending it again stays so.
        if (again[i]) continue;
        collector.addFailure(
          findingOf(exchange, {
            code: 'transport_error',
            severity: 'failure',
            check: 'transport',
            evidence: {
              scenario: 'exchange',
              kind: 'no-answer',
              detail: `${route} answered other requests but never this one: no response within ${options.timeoutMs} ms under the run's load, nor within ${longMs} ms sent again alone after the run`,
            },
          }),
        );
      }
    }
    // A connection reset twice under the run's load is sent once more, alone, after the run: one that
    // answers then says nothing the target confirmed (held-out set 109: one reset of a PUT on a server
    // that failed under concurrency, never seen again alone). Only a target still up is asked.
    if (!watch.down) {
      // The resets the report would fail go first (held-out set 122: after each 500 uvicorn closed
      // its connection, and the two resets reported were not among the first five seen).
      const distinct = resetsToSendAlone(resets, collector.findings(), MOST_RESETS_SENT_ALONE);
      const answers = await sendAlone(distinct, options.timeoutMs * 2);
      for (const [i, exchange] of distinct.entries()) {
        const again = answers[i];
        if (again) answeredAlone.set(resetKey(exchange.request), { status: again.status, ms: again.durationMs });
      }
    }
    const stopped = watch.stopped(spec.operations[0]!.operationId);
    if (stopped)
      collector.addFailure(
        stopped.suspects.length > 0
          ? withReproducer(stopped.finding, { exchanges: stopped.suspects, findings: [] }, replayCommand, [
              '--only',
              stopped.finding.operationId,
            ])
          : stopped.finding,
      );
    if (watch.slow) {
      collector.note({
        code: 'transport_error',
        severity: 'advisory',
        operationId: spec.operations[0]!.operationId,
        check: 'transport',
        evidence: { scenario: 'run-stopped', detail: watch.slow },
        basis: {
          kind: 'kit',
          limit: `the kit's per-request deadline (${options.timeoutMs} ms); the contract sets no latency`,
        },
      });
      if (internalErrors.length === 0 && verdictOf(settled(), options.strict) === 'certified')
        return report('error', `${watch.slow}; pass a longer --timeout to test the rest`);
    }
    if (internalErrors.length > 0)
      return report(
        'error',
        `${internalErrors[0]}${internalErrors.length > 1 ? ` (and ${internalErrors.length - 1} more)` : ''}; the findings gathered so far are kept`,
      );
    const verdict = verdictOf(settled(), options.strict);
    // A target that answered most requests 429 was not tested: no certificate rests on that run
    // (held-out set 59: 740 of 843 requests rate-limited, and the server came out certified).
    const limited = rateLimitedRun();
    if (verdict === 'certified' && limited) return report('error', limited);
    return report(verdict);
  }

  async function runSweep(sweep: KitSweep, record = true): Promise<void> {
    current = sweep.id;
    const execution = await workOf.run(sweep.id, () => sweep.execute());
    for (const finding of record ? execution.findings : []) {
      // Findings a sweep judges itself (across exchanges) honour --only/--skip like the checks' own.
      if (finding.severity !== 'failure' || !checkSelected(finding.check) || gate.unsent(finding)) continue;
      // Sweep requests are independent of one another: the failing one alone reproduces it.
      collector.addFailure(
        withReproducer(
          finding,
          { ...execution, exchanges: execution.exchanges.filter((e) => e.request === finding.request) },
          replayCommand,
          // The first look's cases are each kept by their own operation's selection (plan-run).
          ['--only', sweep.family === 'first-look' ? finding.operationId : sweep.operationId],
        ),
      );
    }
    propertiesDone++;
    progress();
  }

  async function runProperty(property: KitProperty<unknown>, replay?: ReplayPoint): Promise<PropertyOutcome> {
    current = property.id;
    const outcome = await workOf.run(property.id, () =>
      executeProperty(property, {
        seed: options.seed,
        runs: options.runs,
        ...(replay ? { replay } : {}),
        stopped: () => watch.down !== undefined || options.signal?.aborted === true,
        reported: (f) => collector.hasFailure(signatureOf(f)),
        // A sequence's own conclusion carries the requests that led to it, as a failure's does:
        // settled into a failure at the end, it is reproduced from its setup, not its last request.
        note: (f, execution) => {
          if (!gate.unsent(f))
            collector.note(f, (g) => withReproducer(g, execution, replayCommand, ['--only', property.id]));
        },
        onCounterexample: ({ replay: token, path, execution, findings }) => {
          // The token names the state the property generated from, so that a replay can tell
          // whether it stands on the same (see parseReplay).
          for (const finding of findings)
            if (!gate.unsent(finding))
              collector.addFailure(
                withReproducer(
                  finding,
                  execution,
                  replayCommand,
                  ['--replay', `${token}~${memory.statePrint()}`],
                  path,
                ),
              );
        },
      }),
    );
    propertiesDone++;
    progress();
    return outcome;
  }

  /** Why the run tested too little to certify, when most answers were 429 after the kit's back-off. */
  function rateLimitedRun(): string | undefined {
    if (answers.all < 20 || answers.rateLimited * 2 <= answers.all) return undefined;
    return `${answers.rateLimited.toLocaleString('en-US')} of ${answers.all.toLocaleString('en-US')} requests answered 429 (rate-limited) after the kit's back-off, so the run tested too little to certify the target: raise its limit for the kit's address, or slow the kit with --rate`;
  }

  /** The base-path hint, when most answers were 404 (the preflight's own request may have been found). */
  function mostlyNotFound(): string[] {
    if (answers.all < 20 || answers.notFound * 2 <= answers.all) return [];
    const base = spec.basePath;
    return [
      `${answers.notFound.toLocaleString('en-US')} of ${answers.all.toLocaleString('en-US')} requests answered 404: ${base !== '' ? basePathHint(base, `check that --target (${target}) is the API's base URL`) : `check that --target (${target}) is the API's base URL`}`,
    ];
  }

  /** The findings, judged once more at the end of the run: by what the target confirmed, then by the rules (see DomainRules.settle). */
  function settled(): Finding[] {
    const collected = collector.findings();
    const findings = collected.map((f) => settleReset(watch.settle(judgeStage.settle(f))));
    if (!rules?.settle) return findings.map((f, i) => (f === collected[i] ? f : withSettledReproducer(f)));
    // A failure settled at the end was an advisory when found, with no reproducer: its request alone
    // reproduces it, and rerunning its operation's work finds it again.
    return rules.settle(findings).map((f, i) => (f === collected[i] ? f : withSettledReproducer(f)));
  }

  /** A reset failure whose request answered when sent again alone: an advisory with that evidence. */
  function settleReset(f: Finding): Finding {
    if (f.code !== 'transport_error' || f.severity !== 'failure' || f.evidence.scenario !== 'exchange') return f;
    if (f.evidence.kind !== 'connection_reset' || !f.request) return f;
    const alone = answeredAlone.get(resetKey(f.request));
    if (!alone) return f;
    return {
      ...f,
      severity: 'advisory',
      basis: {
        kind: 'unconfirmed',
        inference: `the connection was reset twice under the run's load; sent again alone after the run, the request answered ${alone.status} in ${Math.round(alone.ms)} ms, so the target did not confirm the reset`,
      },
    };
  }

  function withSettledReproducer(f: Finding): Finding {
    return f.reproducer
      ? f
      : withReproducer(f, { exchanges: [], findings: [] }, replayCommand, ['--only', f.operationId]);
  }

  function report(verdict: Verdict, error?: string): RunReport {
    const collected = collectReport({
      tool: TOOL,
      target,
      spec,
      options,
      startedAt: started,
      finishedAt: Date.now(),
      requests: client.sent,
      verdict,
      ...(error ? { error } : {}),
      notes: [...gate.notes(), ...mostlyNotFound()],
      tallies: collector.tallies(),
      findings: settled(),
    });
    return { ...collected, coverage: coverage.result() };
  }
}

/**
 * A replay id as a reproducer prints it, `<property>@<seed>#<round>:<path>` (the seed may be left out).
 * @throws {@link RunError} when the text is not one.
 */
export function parseReplay(text: string): {
  id: string;
  seed?: number;
  round: number;
  refined: boolean;
  path: string;
  state?: string;
} {
  const m = /^(.+?)(?:@(\d+))?#(\d+)(r?):([\d:]*)(?:~([0-9a-f]{8}))?$/.exec(text);
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
    ...(m[6] !== undefined ? { state: m[6] } : {}),
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
async function preflight(
  spec: SpecModel,
  context: PropertyContext,
  target: string,
  allowed: (operationId: string) => boolean,
): Promise<true | string> {
  const readable = spec.operations.filter(
    (o) => o.method === 'get' && !o.path.includes('{') && !streams(o) && allowed(o.operationId),
  );
  const operation = readable.find((o) => !o.parameters.some((p) => p.required)) ?? readable[0];
  if (!operation) return spec.operations.length === 0 ? 'the spec has no operations' : true;
  // An ordinary valid request (its required parameters too): the valid-gate sends nothing less.
  const ordinary = (o: OperationModel) =>
    context.send({ ...toValidCase(o, ordinaryParts(o, {}, 0)), family: 'preflight' });
  const exchange = await ordinary(operation);
  if (exchange.failure?.kind === 'unreachable') return `cannot reach the target: ${exchange.failure.message}`;
  const status = exchange.response?.status;
  const route = `${operation.method.toUpperCase()} ${operation.path}`;
  // Only where the kit holds a credential for the operation: without one, its 401 is no verdict on the credentials.
  const holdsCredential = (o: OperationModel) =>
    o.security.access === 'required' &&
    alternativeFor(o.security, context.credentialOf ?? (() => undefined)) !== undefined;
  const refused = (s: number | undefined) => s === 401 || s === 403;
  if (refused(status) && holdsCredential(operation)) {
    // A credential of one role (a client's, where the first read is an admin report: held-out set
    // 154) is refused there and served elsewhere: a few other secured reads tell a refused credential
    // from one that is not allowed everywhere.
    const others = readable.filter((o) => o !== operation && holdsCredential(o)).slice(0, 3);
    for (const other of others) if (!refused((await ordinary(other)).response?.status)) return true;
    throw new RunError(
      `the target refused the credentials on the first valid request (${route} answered ${status}${others.length > 0 ? `, and ${others.length} other secured read${others.length > 1 ? 's' : ''} too` : ''}): check --api-key / --basic / --header`,
    );
  }
  // Every path answering 404 where the spec's base path would answer: the target URL lacks it (a
  // bare host), or names another (/api/v1 for /api/v2).
  const base = spec.basePath;
  if (status === 404 && base !== '' && !new URL(target).pathname.replace(/\/+$/, '').endsWith(base)) {
    const origin = new URL(target).origin;
    for (const root of new Set([target, origin])) {
      const answer = await fetch(`${root}${base}${operation.path}`, {
        method: 'GET',
        redirect: 'manual',
        signal: AbortSignal.timeout(5_000),
      }).catch(() => undefined);
      await answer?.body?.cancel();
      if (answer && answer.status !== 404)
        throw new RunError(
          `${route} answered 404 at ${target}, and ${answer.status} at ${root}${base}: ${basePathHint(base, root === target ? 'add it to --target' : `use --target ${root}${base}`)}`,
        );
    }
  }
  return true;
}

/** The hint for a target URL without the spec's base path: the same words wherever the kit gives it. */
function basePathHint(base: string, advice: string): string {
  return `the spec's servers say the API is under ${base}; ${advice}`;
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

/**
 * Undefined scheme names that are the name of an HTTP scheme a defined scheme is (`bearer` named,
 * `access-token` defined as HTTP bearer: held-out set 87, whose run was refused for want of a
 * credential for "unknown"), read as that HTTP scheme. Undefined when none is.
 */
function schemesByKind(
  spec: SpecModel,
  undefinedNames: readonly string[],
): Record<string, { readonly scheme: Record<string, unknown>; readonly why: string }> | undefined {
  const kinds = new Set(
    [...spec.securitySchemes.values()].flatMap((s) =>
      s.kind === 'bearer' || s.kind === 'basic' ? [s.kind] : s.kind === 'http' ? [s.scheme.toLowerCase()] : [],
    ),
  );
  const read = undefinedNames
    .filter((name) => kinds.has(name.toLowerCase()))
    .map((name) => [
      name,
      {
        scheme: { type: 'http', scheme: name.toLowerCase() },
        why: `a scheme the requirements name but the document does not define read as HTTP ${name.toLowerCase()}, the kind of scheme its name is and the document defines`,
      },
    ]);
  return read.length > 0 ? Object.fromEntries(read) : undefined;
}

/**
 * The schemes a spec's requirements name but never define, each read as the one `-H` header no
 * defined scheme claims (`Authorization` first, when several are given): HTTP bearer or basic where
 * that header names the scheme (`Authorization: Bearer …`), else an API key in it, whatever its
 * form (`Authorization: Token …`). Undefined when every named
 * scheme is defined, or no such header was given.
 */
function schemesFromHeaders(
  spec: SpecModel,
  credentials: KitCredentials,
): Record<string, { readonly scheme: Record<string, unknown>; readonly why: string }> | undefined {
  const undefinedNames = [
    ...new Set(
      spec.operations.flatMap((op) =>
        op.security.alternatives.flatMap((a) =>
          a.filter((u) => u.scheme.kind === 'unknown' && u.scheme.type === 'undefined').map((u) => u.scheme.name),
        ),
      ),
    ),
  ];
  if (undefinedNames.length === 0) return undefined;
  const unclaimed = credentials.extraHeaders(spec.securitySchemes.values());
  const given =
    unclaimed.find(([n]) => n.toLowerCase() === 'authorization') ?? (unclaimed.length === 1 ? unclaimed[0] : undefined);
  if (given === undefined) return schemesByKind(spec, undefinedNames);
  const [header, value] = given;
  // `Authorization: Bearer …` or `Basic …` names its HTTP scheme itself (RFC 9110 §11.4): the
  // scheme's rules (its challenge, a case-insensitive scheme name) then hold for it.
  const http = header.toLowerCase() === 'authorization' ? /^(bearer|basic)\s+\S/i.exec(value)?.[1] : undefined;
  return Object.fromEntries(
    undefinedNames.map((name) => [
      name,
      http
        ? {
            scheme: { type: 'http', scheme: http.toLowerCase() },
            why: `a scheme the requirements name but the document does not define read as HTTP ${http.toLowerCase()}, as the Authorization header the run was given (-H) names it`,
          }
        : {
            scheme: { type: 'apiKey', in: 'header', name: header },
            why: `a scheme the requirements name but the document does not define read as the ${header} header the run was given (-H)`,
          },
    ]),
  );
}

/** Requests whose connection was reset that are sent again alone after the run, at most. */
const MOST_RESETS_SENT_ALONE = 5;
/** Requests that timed out on routes that answered others, sent again alone after the run: each may take 30 s. */
const MOST_HANGS_SENT_ALONE = 3;
/** Distinct reset requests kept to choose from (a target that resets after every crash resets often). */
const MOST_RESETS_KEPT = 500;
