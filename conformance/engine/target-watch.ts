import type { Case, Exchange } from '../cases/index.js';
import type { Finding } from '../findings/index.js';

/** Consecutive requests without any answer, on two routes or more, after which the target is declared down. */
const BREAKER_THRESHOLD = 6;
/**
 * Consecutive requests to one route (method and path) without any answer after which that route's
 * further requests are not sent: one route that never answers (a HEAD the server never ends, say) is
 * a finding of its own, not a target that stopped answering.
 */
const ROUTE_BREAKER_THRESHOLD = 3;

/**
 * Times a target that stopped answering within the kit's deadline is asked, alone and with a long
 * one, whether it still answers, before it is declared down.
 */
const MOST_LIVENESS_PROBES = 3;

/** What the watch needs to know of a case: its method and the route it goes to. */
export type RouteOf = (testCase: Case) => { readonly method: string; readonly route: string };

/**
 * Sends a request the target answered before once more, alone and with a long deadline: its answer
 * (status and time taken) when one came, undefined when none did.
 */
export type StillAnswers = (
  answered: Exchange,
) => Promise<{ readonly status: number; readonly ms: number } | undefined>;

/**
 * Watches whether the target still answers, for the whole run: it stops sending to a route, or to
 * the target, that no longer answers, and tells a request that took the target down from the
 * requests refused after it.
 */
export interface TargetWatch {
  /** Sends a case through the breakers: a request to a route or target declared down is not sent. */
  send(testCase: Case, sendNow: (testCase: Case) => Promise<Exchange>): Promise<Exchange>;
  /**
   * Exchanges that say nothing of the request they carry: not sent at all, or refused because the
   * target had died before (the request that killed it is the finding). Checks do not judge them.
   */
  isConsequence(exchange: Exchange): boolean;
  /** Why the whole target is declared down, once it is. */
  readonly down: string | undefined;
  /**
   * Set when the target was declared down although it still answered, alone, every time it was
   * asked: slow beyond the kit's deadline, not dead. The contract sets no latency, so the early stop
   * is the kit's limit, not a failure of the target.
   */
  readonly slow: string | undefined;
  /**
   * Routes that never answered: each gave no response to the requests in a row that stopped the
   * kit sending there, with the last of them. Not a deadline the kit sets: no answer at all.
   */
  silentRoutes(): readonly {
    readonly route: string;
    readonly exchange: Exchange;
    /** The first request of the silence: the one that may have hung the route for the others. */
    readonly first: Exchange;
    readonly requests: number;
  }[];
  /**
   * Whether a request's missing answer cannot be told apart from the target's death: it was one of
   * several requests in flight, all unanswered, when the target stopped accepting connections. One
   * of them took the target down and the others lost their connections with it; from the outside
   * no one can say which (held-out set 56: a crash on `GET /books/%20` was blamed on the POST sent
   * beside it). The run-stopped finding names them all; their own transport findings say nothing
   * of their own request.
   */
  diedWith(request: Exchange['request']): boolean;
  /**
   * A transport failure of a request that {@link TargetWatch.diedWith} the target: an advisory, since
   * the run-stopped failure names every suspect and its reproducer sends each. Other findings as they are.
   */
  settle(finding: Finding): Finding;
  /**
   * The one finding saying the run stopped early, naming the requests that may have taken the target
   * down when it died: `suspects` (the last one it answered, then those in flight that it did not
   * answer, the first sent last: the finding's request is the last of them).
   */
  stopped(
    defaultOperationId: string,
  ): { readonly finding: Finding; readonly suspects: readonly Exchange[] } | undefined;
}

/** Starts watching a target. */
export function watchTarget(routeOf: RouteOf, stillAnswers?: StillAnswers): TargetWatch {
  let consecutiveDead = 0;
  // Requests sent alone, with a long deadline, to tell a slow target from a dead one (held-out set
  // 110: a list of 244 MB took 5 to 8 s, and six requests in a row missed the 5 s deadline).
  let probes = 0;
  let probing: Promise<{ readonly status: number; readonly ms: number } | undefined> | undefined;
  let slow: string | undefined;
  let lastAlive: string | undefined;
  // The routes of the current run of requests without an answer, and each route's own run.
  const deadRoutes = new Set<string>();
  const deadPerRoute = new Map<string, number>();
  // Per route, the first unanswered request of its current run of them.
  const streakStart = new Map<string, Exchange>();
  let down: string | undefined;
  // A target that answered and then refuses connections has died. What killed it is the first request
  // of the current run without an answer, or the last one answered before it (a process that dies
  // just after answering leaves the next request on the same connection unanswered too: from the
  // outside the two cannot be told apart, so both are named, in order, and a reproducer sends both).
  // The refused requests after them are consequences, not findings of their own (they would
  // otherwise shrink to whatever value came last).
  //
  // Requests run concurrently, so "the first unanswered" is every request that was in flight when
  // the first answer went missing and went unanswered too: the window below. Its members are the
  // requests in flight when it opened; an answer to one of them does not close it (the target may
  // have answered it just before dying), an answer to a request sent after it does.
  const inFlight = new Set<InFlight>();
  let sentCount = 0;
  let window: { members: Set<InFlight>; unanswered: Exchange[]; answeredBefore?: Exchange } | undefined;
  let lastAnswered: Exchange | undefined;
  let killer: { unanswered: readonly Exchange[]; answered?: Exchange; hung?: true } | undefined;
  const order = new WeakMap<Exchange, number>();
  const consequences = new WeakSet<Exchange>();
  const silent = new Map<string, { readonly exchange: Exchange; readonly first: Exchange }>();

  function diedWith(request: Exchange['request']): boolean {
    return killer !== undefined && killer.unanswered.length > 1 && killer.unanswered.some((e) => e.request === request);
  }

  return {
    get down() {
      return down;
    },
    get slow() {
      return slow;
    },
    isConsequence: (exchange) => consequences.has(exchange),
    diedWith,
    settle(finding) {
      if (finding.code !== 'transport_error' || finding.severity !== 'failure') return finding;
      if (finding.evidence.scenario !== 'exchange' || !finding.request || !diedWith(finding.request)) return finding;
      return {
        ...finding,
        severity: 'advisory',
        basis: {
          kind: 'unconfirmed',
          inference: `this request was one of ${killer!.unanswered.length} in flight, all unanswered, when the target stopped accepting connections: it may have lost its connection to another's crash; the run-stopped failure names them all`,
        },
      };
    },
    silentRoutes: () =>
      [...silent.entries()].map(([route, { exchange, first }]) => ({
        route,
        exchange,
        first,
        requests: ROUTE_BREAKER_THRESHOLD,
      })),
    async send(testCase, sendNow) {
      const { method, route } = routeOf(testCase);
      const routeDown =
        (deadPerRoute.get(route) ?? 0) >= ROUTE_BREAKER_THRESHOLD
          ? `${route} stopped answering (${ROUTE_BREAKER_THRESHOLD} requests in a row without a response)`
          : undefined;
      if (down || routeDown) {
        const notSent: Exchange = {
          case: testCase,
          request: { method, path: '', headers: {} },
          failure: { kind: 'timeout', message: `not sent: ${down ?? routeDown}`, durationMs: 0 },
        };
        // What was never sent says nothing of the target: the breaker's own finding tells why.
        consequences.add(notSent);
        return notSent;
      }
      const flight: InFlight = { seq: sentCount++ };
      inFlight.add(flight);
      let exchange: Exchange;
      try {
        exchange = await sendNow(testCase);
      } finally {
        inFlight.delete(flight);
      }
      order.set(exchange, flight.seq);
      if (exchange.response) {
        if (window && !window.members.has(flight)) window = undefined;
        lastAnswered = exchange;
      } else if (exchange.failure?.kind === 'unreachable' && lastAnswered) {
        consequences.add(exchange);
        killer ??= window
          ? {
              unanswered: window.unanswered,
              ...(window.answeredBefore ? { answered: window.answeredBefore } : {}),
            }
          : { unanswered: [], answered: lastAnswered };
      } else if (exchange.failure && !answeredAfterAll(exchange)) {
        if (!window)
          window = {
            members: new Set([...inFlight, flight]),
            unanswered: [exchange],
            ...(lastAnswered ? { answeredBefore: lastAnswered } : {}),
          };
        else if (window.members.has(flight)) window.unanswered.push(exchange);
      }
      if (exchange.failure && !answeredAfterAll(exchange)) {
        consecutiveDead += 1;
        deadRoutes.add(route);
        if (!deadPerRoute.get(route)) streakStart.set(route, exchange);
        deadPerRoute.set(route, (deadPerRoute.get(route) ?? 0) + 1);
        if (deadPerRoute.get(route) === ROUTE_BREAKER_THRESHOLD && !silent.has(route))
          silent.set(route, { exchange, first: streakStart.get(route) ?? exchange });
      } else {
        consecutiveDead = 0;
        deadRoutes.clear();
        deadPerRoute.delete(route);
        streakStart.delete(route);
      }
      // A target that refused no connection and answered before may only be slow: it is asked alone,
      // with a long deadline, and one that answers goes on being tested (its slow requests are notes).
      const hungOnly = !killer && lastAnswered !== undefined && stillAnswers !== undefined;
      if (consecutiveDead >= BREAKER_THRESHOLD && deadRoutes.size >= 2 && !down && hungOnly) {
        if (!probing && probes < MOST_LIVENESS_PROBES) {
          probes++;
          const answered = lastAnswered!;
          probing = stillAnswers!(answered).then((alive) => {
            lastAlive = alive
              ? `${answered.request.method} ${answered.request.path} answered ${alive.status} in ${Math.round(alive.ms)} ms when sent alone`
              : undefined;
            return alive;
          });
        }
        const alive = await probing;
        probing = undefined;
        if (alive && consecutiveDead >= BREAKER_THRESHOLD) {
          consecutiveDead = 0;
          deadRoutes.clear();
          window = undefined;
          return exchange;
        }
      }
      if (consecutiveDead >= BREAKER_THRESHOLD && deadRoutes.size >= 2 && !down) {
        down = `the target stopped answering (${BREAKER_THRESHOLD} requests in a row without a response)`;
        if (hungOnly && lastAlive !== undefined && probes >= MOST_LIVENESS_PROBES)
          slow = `the target kept missing the kit's deadline (${BREAKER_THRESHOLD} requests in a row without a response, ${probes} times), yet it still answered alone (${lastAlive}): slow, which the contract does not judge, so the run stopped early`;
        // A target that hung, then dropped its connections, before any connection was refused (held-out
        // set 81: bcryptjs grew an array until V8 killed the process): the requests in flight when the
        // answers stopped are the suspects, as when it refuses connections, and none alone is the cause.
        // Only a target that answered before: one that never answered was never up to be taken down.
        if (!slow && !killer && window && lastAnswered)
          killer = {
            unanswered: window.unanswered,
            ...(window.answeredBefore ? { answered: window.answeredBefore } : {}),
            hung: true,
          };
      }
      return exchange;
    },
    stopped(defaultOperationId) {
      if (!down && !killer) return undefined;
      // A slow target is no failure: the run reports its early stop as the kit's limit.
      if (slow) return undefined;
      const unanswered = [...(killer?.unanswered ?? [])].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      // The finding's request is the last suspect: of several unanswered, the first sent, which the
      // target had longest (held-out set 56's crash was the first of two).
      const suspects = [killer?.answered, ...unanswered.slice(1), unanswered[0]].filter(
        (e): e is Exchange => e !== undefined,
      );
      const last = suspects.at(-1);
      const route = (e: Exchange) => `${e.request.method} ${e.request.path}`;
      const several = unanswered.length > 1;
      const routes = unanswered.map(route).join(several && unanswered.length === 2 ? ' and ' : ', ');
      const detail = !killer
        ? down!
        : killer.hung
          ? `${down}: ${routes} ${several ? 'were' : 'was'} in flight${several ? ' together' : ''}${killer.answered ? `, after it answered ${route(killer.answered)}` : ''}, when the answers stopped, and none of them was answered: one of them hung the target or took it down (the reproducer sends each of them, the first sent last)`
          : several
            ? `the target stopped accepting connections while ${routes} were in flight together${killer.answered ? `, after answering ${route(killer.answered)}` : ''}, and none of them was answered: one of ${killer.answered ? 'these' : 'them'} took it down, and the others lost their connections with it (the reproducer sends each of them, the first sent last); the requests after them were refused`
            : unanswered.length === 1 && killer.answered
              ? `the target stopped accepting connections after answering ${route(killer.answered)} and leaving ${routes} unanswered: one of the two took it down (the reproducer sends both, in order); the requests after them were refused`
              : unanswered.length === 1
                ? `the target stopped accepting connections after ${routes}, the first request it gave no answer; the requests after it were refused`
                : `the target stopped accepting connections after answering ${route(killer.answered!)}, the last request it answered; the requests after it were refused`;
      const finding: Finding = {
        code: 'transport_error',
        severity: 'failure',
        operationId: last?.case.operationId ?? defaultOperationId,
        check: 'transport',
        ...(last ? { request: last.request } : {}),
        evidence: { scenario: 'run-stopped', detail },
      };
      return { finding, suspects };
    },
  };
}

/** One request under way; `seq` orders requests by when they were sent. */
interface InFlight {
  readonly seq: number;
}

/**
 * A failure that still had an answer: a body or a header block over the kit's size cap, or a head
 * whose body never ended (a stream).
 */
function answeredAfterAll(exchange: Exchange): boolean {
  const kind = exchange.failure?.kind;
  return kind === 'body_too_large' || kind === 'headers_too_large' || kind === 'body_stalled';
}
