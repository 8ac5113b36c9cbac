import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { authExpectation, bodyNamesAnother, type Case, type Exchange } from '../cases/index.js';
import { findingOf, GENERIC_CHECKS, type RegisteredCheck } from '../checks/index.js';
import { checkKept, type CheckName } from '../checks/registry.js';
import { credentialVariantOf, settleAnotherCredential, variantSchemeOf } from '../checks/credential-variant.js';
import { settleGrantedElsewhere } from '../checks/granted-elsewhere.js';
import { referenceMembers } from '../generate/known-references.js';
import { decodePercent } from '../../spec/parameters/index.js';
import { DateWatch } from '../checks/date-header.js';
import type { DomainRules } from '../domain/rules.js';
import { selectRules } from '../domain/select-rules.js';
import type { Finding, RequestRecord, RunReport, Verdict } from '../findings/index.js';
import { alternativeFor, requiresAuth, schemesIn } from '../../spec/security/index.js';
import { createHttpClient, createKitCredentials, CredentialError, type KitCredentials } from '../send/index.js';
import { DEFAULT_SPEC_PATH, loadSpec, type OperationModel, type SpecModel } from '../../spec/index.js';
import { streams } from './build-properties.js';
import type { PropertyContext } from './kit-property.js';
import { Collector, signatureOf } from './collector.js';
import { settleFinding } from '../findings/basis.js';
import { watchTarget } from './target-watch.js';
import { gateValid } from './valid-gate.js';
import { ordinaryParts, toValidCase } from '../generate/index.js';
import { operationSelected, planFirstLook, planRun } from './plan-run.js';
import { RunError } from './run-error.js';
import { collectReport, verdictOf, withReproducer, type ReplayCommand } from './collect-report.js';
import type { KitProperty, KitSweep } from './kit-property.js';
import { resolveOptions, type ConformanceOptions, type ResolvedOptions } from './options.js';
import { runPool } from './pool.js';
import { TOOL } from './tool.js';
import { createCoverageTracker, observationOf } from '../contract-coverage/index.js';
import { executeProperty, inShrinkStep, type PropertyOutcome, type ReplayPoint } from './execute-property.js';

export { RunError } from './run-error.js';

/** Methods that write nothing (RFC 9110 §9.2.1): all `--read-only` lets the kit send. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

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
    ].join(' '),
    ...(options.spec !== undefined && options.spec !== DEFAULT_SPEC_PATH ? { spec: options.spec } : {}),
  };
  const known = new Map<string, Map<string, Set<string>>>();
  // Per operation, its first 201 with a Location to a valid request: what a Location check can follow
  // where its own creation was refused (an event not on sale, a parent the sweep did not know).
  const createdWithLocation = new Map<string, Exchange>();
  // What properties generate from: frozen after preparation, so a seed means the same requests
  // whatever order concurrent properties finish in.
  let knownSnapshot: Map<string, Record<string, string[]>> | undefined;
  // Every answer's Date, judged once for the whole run (RFC 9110 §6.6.1, §5.6.7).
  const dates = new DateWatch();

  const operationOf = (c: Case): OperationModel => spec.operation(c.operationId)!;
  /**
   * The values harvested so far for the path parameters that lie below `path` (`/pets/{petId}` under
   * `/pets`; `{eventId}` but not `{venueId}` under `/venues/{venueId}`): what a DELETE of `path` may
   * have removed. A parameter `path` itself holds names what the DELETE named, voided on its own.
   */
  const knownBelow = (path: string): string[] => {
    const prefix = `${path.replace(/\/$/, '')}/`;
    return spec.operations
      .filter((o) => o.path.startsWith(prefix))
      .flatMap((o) => {
        const below = [...o.path.slice(prefix.length).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
        const values = known.get(o.operationId);
        return below.flatMap((name) => [...(values?.get(name) ?? [])]);
      });
  };
  const watch = watchTarget((c) => {
    const method = (c.method ?? operationOf(c).method).toUpperCase();
    return { method, route: `${method} ${c.literalPath?.path ?? operationOf(c).path}` };
  });
  const checkSelected = (name: CheckName) => checkKept(name, options.only, options.skip);
  // The selection bounds every request, setup writes included: what would reach an operation it
  // leaves out (or write, under --read-only) is not sent, and the work that needed it says so.
  // Set again once the plan names each property's operations (before any request).
  let operationAllowed = operationSelected(spec, options);
  const workOf = new AsyncLocalStorage<string>();
  // What the selection left unsent: per operation (and flag), the work that needed it.
  const withheld = new Map<string, { readonly what: string; readonly work: Set<string> }>();
  // Answers seen, and how many were 404: most of them 404 means a wrong base path in --target.
  const answers = { all: 0, notFound: 0 };
  const refused = new WeakSet<RequestRecord>();
  const unsent = (f: Finding) => f.request !== undefined && refused.has(f.request);
  const refusal = (c: Case): Exchange | undefined => {
    const declared = operationOf(c);
    const method = (c.method ?? declared.method).toUpperCase();
    // A case sent with another method reaches the operation that method has on the path, if any.
    const reached =
      (c.method && !c.literalPath
        ? spec.operations.find((o) => o.path === declared.path && o.method.toUpperCase() === method)
        : undefined) ?? declared;
    const flag =
      options.readOnly && !SAFE_METHODS.has(method)
        ? '--read-only'
        : !operationAllowed(reached.operationId)
          ? options.only.length > 0
            ? '--only'
            : '--skip'
          : undefined;
    if (flag === undefined) return undefined;
    const what =
      flag === '--read-only'
        ? `${method} ${reached.path} (${reached.operationId}), which --read-only does not send`
        : `${reached.operationId} (${reached.method.toUpperCase()} ${reached.path}), which ${flag} leaves out`;
    const entry = withheld.get(what) ?? { what, work: new Set<string>() };
    entry.work.add(workOf.getStore() ?? c.family);
    withheld.set(what, entry);
    const request: RequestRecord = { method, path: c.literalPath?.path ?? declared.path, headers: {} };
    refused.add(request);
    return {
      case: c,
      request,
      failure: { kind: 'not_selected', message: `not sent: ${flag} leaves ${reached.operationId} out`, durationMs: 0 },
    };
  };

  // Set by the domain's preparation when the target narrows what a valid request is (see Adaptation).
  let adapt: ((c: Case) => Case) | undefined;
  // Cases the valid-gate held back: nothing was sent, so no check judges them.
  const heldBack = new WeakSet<Exchange>();
  const send = async (original: Case): Promise<Exchange> => {
    const adapted = adapt ? adapt(original) : original;
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
    const withheld = refusal(adapted);
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
    const c = gated.send;
    const exchange = await watch.send(c, async (sent) => {
      // A DELETE may remove what it names, whatever it answers and however long it takes: from the
      // moment it is sent, no value it names is claimed to exist any more.
      // A write whose body gives the item another id (`PUT /users/1 {"id": "Rex"}`) may move it: the
      // value the path named is no longer claimed to exist either.
      const method = (sent.method ?? operationOf(sent).method).toLowerCase();
      const renamed = method === 'put' || method === 'patch' ? bodyNamesAnother(sent, operationOf(sent)) : undefined;
      if (renamed) deleted.add(renamed.pathValue);
      if ((sent.method ?? operationOf(sent).method).toLowerCase() === 'delete') {
        for (const value of Object.values(sent.pathParams)) deleted.add(value);
        // A DELETE of a collection (`DELETE /pets?type=bird`) or of a parent may remove any item
        // below it: the values known for the path parameters below its path are no longer claimed.
        for (const value of knownBelow(operationOf(sent).path)) deleted.add(value);
      }
      return client.send(sent, operationOf(sent));
    });
    if (exchange.response) {
      if (
        exchange.response.status === 201 &&
        exchange.response.headers.location !== undefined &&
        exchange.case.kind === 'valid' &&
        !createdWithLocation.has(exchange.case.operationId)
      )
        createdWithLocation.set(exchange.case.operationId, exchange);
      learn(exchange);
      answers.all++;
      if (exchange.response.status === 404) answers.notFound++;
    }
    dates.observe(exchange);
    const seen = observationOf(exchange, operationOf(exchange.case));
    if (seen) coverage.observe(seen);
    progress();
    return exchange;
  };

  const learn = (exchange: Exchange) => {
    // Items made at a declared bound (capacity at its maximum, one less) are not handed to later
    // requests: a rule across resources (a ticket limit at most the venue's capacity) would then
    // refuse a bound for the value the kit itself chose.
    if (exchange.case.family === 'bounds') return;
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
  /** Per security scheme, the first refusal with 401 of a well-formed credential other than the valid one. */
  const toldApart = new Map<string, string>();
  const noteCredentialsToldApart = (exchange: Exchange, operation: OperationModel) => {
    const c = exchange.case;
    if (c.kind !== 'auth' || c.edge || exchange.response?.status !== 401) return;
    const variant = credentialVariantOf(c.auth, operation, c.authScheme);
    const scheme = variantSchemeOf(operation, c.authScheme);
    if (!variant?.anotherCredential || variant.expect !== 'refuse' || scheme === undefined || toldApart.has(scheme))
      return;
    toldApart.set(scheme, `${operation.operationId} refused ${variant.description} with 401`);
  };
  /** Per operation, the first 2xx it gave a request with the valid credential (words for it). */
  const granted = new Map<string, string>();
  const noteGranted = (exchange: Exchange, operation: OperationModel) => {
    const r = exchange.response;
    if (!r || r.status < 200 || r.status >= 300 || operation.security.access === 'public') return;
    if (authExpectation(exchange.case) !== 'accept' || granted.has(operation.operationId)) return;
    granted.set(
      operation.operationId,
      `${exchange.request.method} ${exchange.request.path.split('?')[0]} answered ${r.status}`,
    );
  };
  const judge = (sent: Exchange): Finding[] => {
    if (watch.isConsequence(sent) || sent.failure?.kind === 'not_selected' || heldBack.has(sent)) return [];
    const gone = sent.case.existing?.filter((p) => deleted.has(sent.case.pathParams[p] ?? '')) ?? [];
    const exchange: Exchange =
      gone.length > 0
        ? { ...sent, case: { ...sent.case, existing: sent.case.existing!.filter((p) => !gone.includes(p)) } }
        : sent;
    const operation = operationOf(exchange.case);
    noteCredentialsToldApart(exchange, operation);
    noteGranted(exchange, operation);
    const checks: readonly RegisteredCheck[] = [
      ...GENERIC_CHECKS,
      ...(rules.checks[operation.operationId] ?? []),
      ...observerCheck,
    ];
    const findings: Finding[] = [];
    // Tallies count the executions a search judges; its shrink steps only look for a smaller failure.
    const tallied = !inShrinkStep();
    for (const check of checks) {
      const name = check.name(exchange.case);
      if (!checkSelected(name) || (check.applies && !check.applies(operation))) continue;
      const produced = check
        .run({ exchange, operation })
        .filter((f) => checkSelected(f.check))
        .map((f) => settleFinding(f, spec.operation(f.operationId)));
      if (produced.length === 0) {
        if (tallied) collector.tally(operation.operationId, name, 'passed', waited(exchange));
        continue;
      }
      for (const f of produced) {
        if (tallied)
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
    created: (operationId) => {
      // Not one a DELETE of the run may have removed since: its Location would rightly answer 404.
      const made = createdWithLocation.get(operationId);
      const location = made?.response?.headers.location ?? '';
      const segments = location.split(/[?#]/)[0]!.split('/').map(decodePercent);
      return made && !segments.some((s) => deleted.has(s)) ? made : undefined;
    },
  };

  function snapshotOf(operationId: string): Record<string, string[]> {
    const own = Object.fromEntries(
      [...(known.get(operationId) ?? new Map<string, Set<string>>()).entries()].map(([k, v]) => [k, [...v].sort()]),
    );
    // Body members that name another resource (`warehouseId`): the values the run learnt under
    // that name, for any operation, so that a valid request names something that exists.
    const operation = spec.operation(operationId);
    const references = operation ? referenceMembers(operation, spec.operations) : [];
    // An empty pool still marks the member as a reference: its made-up value may name nothing.
    for (const { member, parameter } of references) {
      if (own[member]) continue;
      const values = new Set<string>();
      for (const perOp of known.values()) for (const v of perOp.get(parameter) ?? []) values.add(v);
      own[member] = [...values].sort();
    }
    return own;
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
      const declared = [...planned.properties, ...planned.sequences].flatMap((p) =>
        p.operations ? [[p.id, p.operations] as const] : [],
      );
      operationAllowed = operationSelected(spec, options, new Map(declared));
    }
    const reachable = await preflight(spec, context, target, operationAllowed);
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
            const exchanges: Exchange[] = [];
            for (const c of firstLook) exchanges.push(await context.send(c));
            return { exchanges, findings: exchanges.flatMap((e) => context.judge(e)) };
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
    if (!replay) for (const failure of adaptation?.failures ?? []) if (!unsent(failure)) collector.addFailure(failure);

    knownSnapshot = new Map(spec.operations.map((op) => [op.operationId, snapshotOf(op.operationId)]));
    const { properties, quickSweeps, sequences, bodies, methods } = planRun(
      spec,
      rules,
      { ...context, target },
      options,
    );

    if (replay) {
      const property = [...properties, ...sequences].find((p) => p.id === replay.id);
      if (!property) throw new RunError(`--replay names no property of this run: ${replay.id}`);
      propertiesTotal = 1;
      const outcome = await runProperty(property, replay);
      if (outcome.kind === 'passed')
        // The counterexample's case came from what the run had learnt by then: on other ground the
        // same path is another case, and its passing proves nothing.
        return report(
          'not-reproduced',
          replay.state !== undefined && replay.state !== statePrint()
            ? `${replay.id}'s counterexample did not fail, and this replay could not rebuild the state it needs: before the properties ran, the run had learnt other ids and values from the target (state ${replay.state}, now ${statePrint()}); replay against a target started afresh, as it was for the run`
            : `${replay.id}'s counterexample did not fail this time: it may depend on timing, or on what other work of the run left on the target`,
        );
    } else {
      propertiesTotal =
        properties.length +
        quickSweeps.length +
        sequences.length +
        bodies.length +
        methods.length +
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
    // A route that never answered is no deadline of the kit's: it fails, unless the whole target went down.
    if (!watch.down)
      for (const { route, exchange, requests } of watch.silentRoutes())
        collector.addFailure(
          findingOf(exchange, {
            code: 'transport_error',
            severity: 'failure',
            check: 'transport',
            evidence: {
              scenario: 'exchange',
              kind: 'no-answer',
              detail: `${route} never answered: ${requests} requests in a row got no response (${exchange.failure?.message ?? 'none'}), and the kit stopped sending there`,
            },
          }),
        );
    const stopped = watch.stopped(spec.operations[0]!.operationId);
    if (stopped)
      collector.addFailure(
        stopped.suspects.length > 0
          ? withReproducer(
              stopped.finding,
              { exchanges: stopped.suspects, findings: [] },
              replayCommand,
              `--only ${stopped.finding.operationId}`,
            )
          : stopped.finding,
      );
    if (internalErrors.length > 0)
      return report(
        'error',
        `${internalErrors[0]}${internalErrors.length > 1 ? ` (and ${internalErrors.length - 1} more)` : ''}; the findings gathered so far are kept`,
      );
    return report(verdictOf(settled(), options.strict));
  }

  async function runSweep(sweep: KitSweep, record = true): Promise<void> {
    current = sweep.id;
    const execution = await workOf.run(sweep.id, () => sweep.execute());
    for (const finding of record ? execution.findings : []) {
      // Findings a sweep judges itself (across exchanges) honour --only/--skip like the checks' own.
      if (finding.severity !== 'failure' || !checkSelected(finding.check) || unsent(finding)) continue;
      // Sweep requests are independent of one another: the failing one alone reproduces it.
      collector.addFailure(
        withReproducer(
          finding,
          { ...execution, exchanges: execution.exchanges.filter((e) => e.request === finding.request) },
          replayCommand,
          `--only ${sweep.operationId}`,
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
        onCounterexample: ({ replay: token, path, execution, findings }) => {
          // The token names the state the property generated from, so that a replay can tell
          // whether it stands on the same (see parseReplay).
          for (const finding of findings)
            if (!unsent(finding))
              collector.addFailure(
                withReproducer(finding, execution, replayCommand, `--replay '${token}~${statePrint()}'`, path),
              );
        },
      }),
    );
    propertiesDone++;
    progress();
    return outcome;
  }

  /** One note per operation the selection kept the kit from sending to, naming the work that needed it. */
  function skippedNotes(): string[] {
    return [...withheld.values()].map(({ what, work }) => {
      const names = [...work];
      const shown = names.slice(0, 3).join(', ');
      return `skipped what needs ${what}: ${names.length === 1 ? shown : `${names.length} properties and sweeps (${shown}${names.length > 3 ? ', …' : ''})`}`;
    });
  }

  /** The base-path hint, when most answers were 404 (the preflight's own request may have been found). */
  function mostlyNotFound(): string[] {
    if (answers.all < 20 || answers.notFound * 2 <= answers.all) return [];
    const base = spec.basePath;
    return [
      `${answers.notFound.toLocaleString('en-US')} of ${answers.all.toLocaleString('en-US')} requests answered 404: ${base !== '' ? basePathHint(base, `check that --target (${target}) is the API's base URL`) : `check that --target (${target}) is the API's base URL`}`,
    ];
  }

  /** A short hash of what the properties generate from (the ids and values learnt before they ran). */
  function statePrint(): string {
    const learnt = [...(knownSnapshot ?? new Map<string, Record<string, string[]>>()).entries()].filter(
      ([, params]) => Object.keys(params).length > 0,
    );
    return createHash('sha256').update(JSON.stringify(learnt)).digest('hex').slice(0, 8);
  }

  /** The findings, judged once more at the end of the run: by what the target confirmed, then by the rules (see DomainRules.settle). */
  function settled(): Finding[] {
    const collected = collector.findings();
    const findings = collected.map((f) =>
      settleGrantedElsewhere(
        settleAnotherCredential(f, spec.operation(f.operationId), toldApart, spec.document),
        granted,
      ),
    );
    if (!rules?.settle) return findings.map((f, i) => (f === collected[i] ? f : withSettledReproducer(f)));
    // A failure settled at the end was an advisory when found, with no reproducer: its request alone
    // reproduces it, and rerunning its operation's work finds it again.
    return rules.settle(findings).map((f, i) => (f === collected[i] ? f : withSettledReproducer(f)));
  }

  function withSettledReproducer(f: Finding): Finding {
    return f.reproducer
      ? f
      : withReproducer(f, { exchanges: [], findings: [] }, replayCommand, `--only ${f.operationId}`);
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
      notes: [...skippedNotes(), ...mostlyNotFound()],
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
  const exchange = await context.send({
    ...toValidCase(operation, ordinaryParts(operation, {}, 0)),
    family: 'preflight',
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

/** How long the target took over an exchange (its answer, or the failure's wait). */
function waited(exchange: Exchange): number {
  return exchange.response?.durationMs ?? exchange.failure?.durationMs ?? 0;
}
