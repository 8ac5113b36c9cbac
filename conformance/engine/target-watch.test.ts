import { describe, expect, it } from 'vitest';
import type { Case, Exchange } from '../cases/index.js';
import type { Finding } from '../findings/index.js';
import { describeFinding } from '../report/describe-finding.js';
import { watchTarget } from './target-watch.js';

/** A case naming only what the watch reads: its operation, method and path. */
function caseOf(operationId: string, method: string, path: string): Case {
  return { operationId, method, kind: 'valid', literalPath: { path } } as unknown as Case;
}

function answered(c: Case): Exchange {
  const { method, literalPath } = c as unknown as { method: string; literalPath: { path: string } };
  return {
    case: c,
    request: { method, path: literalPath.path, headers: {} },
    response: { status: 200, headers: {}, bodyText: '', durationMs: 1, sentAt: 0 },
  };
}

function failed(c: Case, kind: 'connection_reset' | 'unreachable'): Exchange {
  const { method, literalPath } = c as unknown as { method: string; literalPath: { path: string } };
  return {
    case: c,
    request: { method, path: literalPath.path, headers: {} },
    failure: { kind, message: kind === 'unreachable' ? 'ECONNREFUSED' : 'ECONNRESET', durationMs: 1 },
  };
}

/** A send the test settles by hand, to choose the order in which concurrent requests come back. */
function deferred(): { promise: Promise<Exchange>; settle: (e: Exchange) => void } {
  let settle!: (e: Exchange) => void;
  const promise = new Promise<Exchange>((resolve) => (settle = resolve));
  return { promise, settle };
}

const routeOf = (c: Case) => {
  const { method, literalPath } = c as unknown as { method: string; literalPath: { path: string } };
  return { method, route: `${method} ${literalPath.path}` };
};

function transportFinding(e: Exchange): Finding {
  return {
    code: 'transport_error',
    severity: 'failure',
    operationId: e.case.operationId,
    check: 'transport',
    request: e.request,
    evidence: { scenario: 'exchange', kind: 'connection_reset', detail: 'ECONNRESET' },
  } as Finding;
}

describe('watchTarget', () => {
  it('names every request in flight when the target died, and settles their own transport failures as advisories', async () => {
    const watch = watchTarget(routeOf);
    const before = caseOf('addBook', 'POST', '/books');
    await watch.send(before, async (c) => answered(c));
    const post = caseOf('addBook', 'POST', '/books');
    const fatal = caseOf('getBookById', 'GET', '/books/%20');
    const postSend = deferred();
    const fatalSend = deferred();
    const postDone = watch.send(post, () => postSend.promise);
    const fatalDone = watch.send(fatal, () => fatalSend.promise);
    // The crash ends both connections; the innocent POST happens to come back first.
    postSend.settle(failed(post, 'connection_reset'));
    const postExchange = await postDone;
    fatalSend.settle(failed(fatal, 'connection_reset'));
    const fatalExchange = await fatalDone;
    const refused = await watch.send(caseOf('listBooks', 'GET', '/books'), async (c) => failed(c, 'unreachable'));
    expect(watch.isConsequence(refused)).toBe(true);

    const stopped = watch.stopped('addBook');
    // The last answered, then the unanswered, the first sent last: it is the finding's request.
    expect(stopped?.suspects.map((e) => e.request.path)).toEqual(['/books', '/books/%20', '/books']);
    expect(stopped?.finding.request?.path).toBe('/books');
    const words = describeFinding(stopped!.finding);
    expect(words).toMatch(/while POST \/books and GET \/books\/%20 were in flight together/);
    expect(words).toMatch(/one of these took it down/);
    // Their own "no answer" findings cannot say whose crash it was.
    for (const e of [postExchange, fatalExchange]) {
      expect(watch.diedWith(e.request)).toBe(true);
      const settled = watch.settle(transportFinding(e));
      expect(settled.severity).toBe('advisory');
      expect(settled.basis).toMatchObject({ kind: 'unconfirmed' });
    }
  });

  it('names the requests in flight when a target that hung stopped answering, before any connection was refused', async () => {
    // Held-out set 81: a password with a lone surrogate made bcryptjs grow an array until V8 killed
    // the server; the POST sent beside it lost its connection, and was blamed on its own.
    const watch = watchTarget(routeOf);
    await watch.send(caseOf('listProducts', 'GET', '/produtos'), async (c) => answered(c));
    const login = caseOf('login', 'POST', '/login');
    const post = caseOf('addProduct', 'POST', '/produtos');
    const loginSend = deferred();
    const postSend = deferred();
    const loginDone = watch.send(login, () => loginSend.promise);
    const postDone = watch.send(post, () => postSend.promise);
    postSend.settle(failed(post, 'connection_reset'));
    const postExchange = await postDone;
    loginSend.settle(failed(login, 'connection_reset'));
    await loginDone;
    // Then timeouts, never a refused connection, until the breaker stops the run.
    for (let i = 0; i < 4; i++)
      await watch.send(caseOf('listProducts', 'GET', `/produtos/${i}`), async (c) => failed(c, 'connection_reset'));
    expect(watch.down).toMatch(/stopped answering/);
    expect(watch.diedWith(postExchange.request)).toBe(true);
    expect(watch.settle(transportFinding(postExchange)).severity).toBe('advisory');
    const stopped = watch.stopped('listProducts')!;
    expect(stopped.suspects.map((e) => e.request.path)).toEqual(['/produtos', '/produtos', '/login']);
    expect(describeFinding(stopped.finding)).toMatch(
      /stopped answering .*: POST \/login and POST \/produtos were in flight together.* one of them hung the target or took it down/,
    );
  });

  it('keeps a lone unanswered request the failure it is', async () => {
    const watch = watchTarget(routeOf);
    await watch.send(caseOf('listBooks', 'GET', '/books'), async (c) => answered(c));
    const fatal = caseOf('getBookById', 'GET', '/books/%20');
    const fatalExchange = await watch.send(fatal, async (c) => failed(c, 'connection_reset'));
    await watch.send(caseOf('listBooks', 'GET', '/books'), async (c) => failed(c, 'unreachable'));
    expect(watch.diedWith(fatalExchange.request)).toBe(false);
    expect(watch.settle(transportFinding(fatalExchange)).severity).toBe('failure');
    expect(describeFinding(watch.stopped('listBooks')!.finding)).toMatch(
      /after answering GET \/books and leaving GET \/books\/%20 unanswered: one of the two took it down/,
    );
  });

  it('closes the window on an answer to a request sent after it: a reset the target survived stays its own', async () => {
    const watch = watchTarget(routeOf);
    const a = caseOf('addBook', 'POST', '/books');
    const b = caseOf('getBookById', 'GET', '/books/1');
    const aSend = deferred();
    const bSend = deferred();
    const aDone = watch.send(a, () => aSend.promise);
    const bDone = watch.send(b, () => bSend.promise);
    aSend.settle(failed(a, 'connection_reset'));
    const aExchange = await aDone;
    bSend.settle(failed(b, 'connection_reset'));
    await bDone;
    // The target is still up: a later request is answered.
    await watch.send(caseOf('listBooks', 'GET', '/books'), async (c) => answered(c));
    await watch.send(caseOf('listBooks', 'GET', '/books'), async (c) => failed(c, 'unreachable'));
    expect(watch.diedWith(aExchange.request)).toBe(false);
    expect(watch.settle(transportFinding(aExchange)).severity).toBe('failure');
  });

  it('asks a target that stopped answering in time whether it still answers alone: slow is not down', async () => {
    // Held-out set 110: a list of 244 MB took 5 to 8 s; six requests in a row missed the 5 s deadline.
    const timedOut = (c: Case): Exchange => ({
      case: c,
      request: failed(c, 'connection_reset').request,
      failure: { kind: 'timeout', message: 'no complete response within 5000 ms', durationMs: 5000 },
    });
    const probed: string[] = [];
    const watch = watchTarget(routeOf, async (e) => {
      probed.push(e.request.path);
      return { status: 200, ms: 7000 };
    });
    await watch.send(caseOf('listBlogs', 'GET', '/blog/'), async (c) => answered(c));
    for (let i = 0; i < 6; i++) await watch.send(caseOf('getBlog', 'GET', `/blog/${i}`), async (c) => timedOut(c));
    expect(watch.down).toBeUndefined();
    expect(probed).toEqual(['/blog/']);
    // Slow again and again: after the third answer alone, the run stops as the kit's limit, no failure.
    for (let i = 0; i < 18; i++) await watch.send(caseOf('getBlog', 'GET', `/blog/${i}`), async (c) => timedOut(c));
    expect(probed).toHaveLength(3);
    expect(watch.down).toMatch(/stopped answering/);
    expect(watch.slow).toMatch(/still answered alone \(GET \/blog\/ answered 200 in 7000 ms/);
    expect(watch.stopped('listBlogs')).toBeUndefined();
    // No answer alone: the target is down, and the requests in flight are named as before.
    const dead = watchTarget(routeOf, async () => undefined);
    await dead.send(caseOf('listBlogs', 'GET', '/blog/'), async (c) => answered(c));
    for (let i = 0; i < 6; i++) await dead.send(caseOf('getBlog', 'GET', `/blog/${i}`), async (c) => timedOut(c));
    expect(dead.down).toMatch(/stopped answering/);
    expect(dead.slow).toBeUndefined();
    expect(dead.stopped('listBlogs')?.finding.severity).toBe('failure');
  });
});
