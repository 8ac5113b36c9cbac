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

/** What the watch needs to know of a case: its method and the route it goes to. */
export type RouteOf = (testCase: Case) => { readonly method: string; readonly route: string };

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
   * The one finding saying the run stopped early, naming the request that took the target down
   * when it is known (`suspect`, the exchange it was sent in).
   */
  stopped(defaultOperationId: string): { readonly finding: Finding; readonly suspect?: Exchange } | undefined;
}

/** Starts watching a target. */
export function watchTarget(routeOf: RouteOf): TargetWatch {
  let consecutiveDead = 0;
  // The routes of the current run of requests without an answer, and each route's own run.
  const deadRoutes = new Set<string>();
  const deadPerRoute = new Map<string, number>();
  let down: string | undefined;
  // A target that answered and then refuses connections has died. The request that killed it is the
  // first of the current run of requests without an answer (or, when the target answered it and died
  // after, the last answered one); the refused requests after it are consequences, not findings of
  // their own (they would otherwise shrink to whatever value came last).
  let everAnswered = false;
  let firstUnanswered: Exchange | undefined;
  let lastAnswered: Exchange | undefined;
  let killer: { exchange: Exchange; answered: boolean } | undefined;
  const consequences = new WeakSet<Exchange>();

  return {
    get down() {
      return down;
    },
    isConsequence: (exchange) => consequences.has(exchange),
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
      const exchange = await sendNow(testCase);
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
      return exchange;
    },
    stopped(defaultOperationId) {
      if (!down && !killer) return undefined;
      const suspect = killer?.exchange;
      const route = suspect && `${suspect.request.method} ${suspect.request.path}`;
      const finding: Finding = {
        code: 'transport_error',
        severity: 'failure',
        operationId: suspect?.case.operationId ?? defaultOperationId,
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
      return suspect ? { finding, suspect } : { finding };
    },
  };
}
