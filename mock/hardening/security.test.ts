/**
 * Security: constant-time key comparison, CORS never pairing a wildcard origin with credentials, no
 * key ever in the log, and the admin reset endpoint's switch. Loopback only (127.0.0.1, 127.0.0.2).
 */
import { timingSafeEqual as nodeTimingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isLoopback, parseCli, resolveOptions } from '../options.js';
import { startMock } from '../start.js';
import { AUTH, KEY, OTHER_KEY, startTestMock } from '../_test-support.js';
import { rawExchange, rawRequest } from './_raw.js';

// Every call of timingSafeEqual is recorded; the real function still answers.
const compared = vi.hoisted(() => [] as Array<[number, number]>);
vi.mock('../../spec/security/_internals/timing-safe-equal.js', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('../../spec/security/_internals/timing-safe-equal.js')>();
  return {
    ...crypto,
    timingSafeEqual: (a: Uint8Array, b: Uint8Array) => {
      compared.push([a.byteLength, b.byteLength]);
      return crypto.timingSafeEqual(a, b);
    },
  };
});
// Test files share a worker's modules (isolate: false): evaluate auth.ts afresh, against the mock.
vi.resetModules();
const { createAuthenticator } = await import('../auth.js');
const { operationSecurity } = await import('../../spec/security/index.js');

describe('keys are compared in constant time', () => {
  it('auth.ts compares SHA-256 digests with crypto.timingSafeEqual and never compares tokens with ===', async () => {
    // The comparison lives in spec/security, shared with the kit; auth.ts only configures it.
    const source = readFileSync(new URL('../../spec/security/_internals/digest.ts', import.meta.url), 'utf8');
    expect(source).toMatch(/import \{[^}]*\btimingSafeEqual\b[^}]*\} from '.\/timing-safe-equal.js'/);
    expect(source).toMatch(/createHash\('sha256'\)/);
    // In Node, the comparison is node:crypto's own (found at run time, so browser bundles import no built-in).
    const equal = readFileSync(new URL('../../spec/security/_internals/timing-safe-equal.ts', import.meta.url), 'utf8');
    expect(equal).toMatch(/getBuiltinModule\?\.\('node:crypto'\)/);
    expect(equal).toMatch(/nodeCrypto\?\.timingSafeEqual \?\?/);
    const actual = await vi.importActual<typeof import('../../spec/security/_internals/timing-safe-equal.js')>(
      '../../spec/security/_internals/timing-safe-equal.js',
    );
    expect(actual.timingSafeEqual).toBe(nodeTimingSafeEqual);
    // No early exit: every configured key is compared (`||` after the call, not before it).
    expect(source).toMatch(/matched = timingSafeEqual\(candidate, entry\) \|\| matched/);
    for (const file of [
      '../auth.ts',
      '../../spec/security/handlers/bearer.ts',
      '../../spec/security/handlers/api-key.ts',
      '../../spec/security/handlers/basic.ts',
    ]) {
      const handler = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(handler).not.toMatch(
        /token\s*===(?! '')|===\s*token|keys\.includes\(|\.has\(token\)|\.indexOf\(token\)|(?<!typeof )value\s*===(?! ''| undefined)/,
      );
      if (file !== '../auth.ts') expect(handler).toMatch(/matchesAny\(/);
    }
  });

  it('every configured key is compared as a 32-byte digest, whatever the length of the presented token', () => {
    const keys = ['k', 'a-much-longer-key-0123456789-abcdefghijklmnopqrstuvwxyz', 'clé-ünïcode'];
    const authenticator = createAuthenticator({ kind: 'keys', keys });
    const security = operationSecurity(
      { security: [{ b: [] }], components: { securitySchemes: { b: { type: 'http', scheme: 'bearer' } } } },
      {},
    );
    const authenticate = (authorization: string) => authenticator({ headers: { authorization }, query: [] }, security);
    for (const token of ['k', 'x', 'a-much-longer-key-0123456789', 'y'.repeat(10_000), 'clé-ünïcode', 'wrong']) {
      compared.length = 0;
      const denied = authenticate(`Bearer ${token}`);
      expect(denied === undefined).toBe(keys.includes(token));
      expect(compared).toEqual(keys.map(() => [32, 32]));
    }
  });

  it('a refused token pays the full comparison every time; only an accepted one is remembered', () => {
    const keys = ['key-one', 'key-two'];
    const authenticator = createAuthenticator({ kind: 'keys', keys });
    const security = operationSecurity(
      { security: [{ b: [] }], components: { securitySchemes: { b: { type: 'http', scheme: 'bearer' } } } },
      {},
    );
    const authenticate = (authorization: string) => authenticator({ headers: { authorization }, query: [] }, security);
    for (let round = 0; round < 3; round++) {
      compared.length = 0;
      expect(authenticate('Bearer key-on')).toBeDefined();
      expect(compared).toEqual(keys.map(() => [32, 32]));
    }
    compared.length = 0;
    expect(authenticate('Bearer key-two')).toBeUndefined();
    expect(compared).toEqual(keys.map(() => [32, 32]));
    compared.length = 0;
    expect(authenticate('Bearer key-two')).toBeUndefined();
    expect(compared).toEqual([]);
  });
});

describe('CORS never pairs a wildcard origin with credentials', () => {
  const configurations: Array<readonly string[] | undefined> = [
    undefined,
    ['*'],
    ['http://app.test'],
    ['http://app.test', '*'],
    ['http://a.test', 'http://b.test'],
  ];
  it.each(configurations.map((c) => [JSON.stringify(c ?? 'default'), c] as const))(
    'origins %s',
    async (_label, corsOrigins) => {
      const t = await startTestMock({ quiet: true, ...(corsOrigins ? { corsOrigins } : {}) });
      try {
        const origins = [undefined, 'http://app.test', 'http://a.test', 'http://evil.test', 'null', '*'];
        for (const origin of origins) {
          const withOrigin = origin === undefined ? {} : { Origin: origin };
          const answers = await Promise.all([
            fetch(`${t.base}/v1/pets`, { headers: { Authorization: AUTH, ...withOrigin } }),
            fetch(`${t.base}/v1/pets`, { headers: withOrigin }),
            fetch(`${t.base}/v1/nowhere`, { headers: withOrigin }),
            fetch(`${t.base}/v1/pets`, {
              method: 'OPTIONS',
              headers: {
                ...withOrigin,
                'Access-Control-Request-Method': 'POST',
                'Access-Control-Request-Headers': 'authorization',
              },
            }),
            fetch(`${t.base}/__mock/reset`, {
              method: 'OPTIONS',
              headers: { ...withOrigin, 'Access-Control-Request-Method': 'POST' },
            }),
          ]);
          for (const res of answers) {
            await res.arrayBuffer();
            const allowOrigin = res.headers.get('access-control-allow-origin');
            const credentials = res.headers.get('access-control-allow-credentials');
            if (allowOrigin === '*') expect(credentials).toBeNull();
            if (credentials !== null) {
              expect(allowOrigin).toBe(origin);
              if (corsOrigins) expect(corsOrigins).toContain(origin);
              expect(res.headers.get('vary')).toMatch(/Origin/);
            }
            // An origin that is not configured is never echoed back (the loopback default echoes any but null).
            if (allowOrigin !== null && allowOrigin !== '*') {
              expect(allowOrigin).toBe(origin);
              if (corsOrigins) expect(corsOrigins).toContain(allowOrigin);
              else expect(allowOrigin).not.toBe('null');
            }
          }
        }
      } finally {
        await t.close();
      }
    },
  );
});

describe('no key is ever logged', () => {
  const THIRD = 'Zm9v+YmFy/a2V5==';
  const WRONG = 'wrong-secret-value-4242';
  const keys = [KEY, OTHER_KEY, THIRD];
  const secrets = [...keys, WRONG];

  /** Forms a key may take in a request line: raw, percent-encoded (upper and lower hex), every byte encoded. */
  function encodings(secret: string): string[] {
    const upper = encodeURIComponent(secret);
    const lowerHex = upper.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
    const everyByte = [...Buffer.from(secret)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
    return [...new Set([secret, upper, lowerHex, everyByte])];
  }

  it('a mixed run with several keys, in the right and wrong schemes, headers, paths and query strings', async () => {
    const t = await startTestMock({ apiKeys: keys });
    const port = Number(new URL(t.base).port);
    try {
      for (const secret of secrets) {
        const authorizations = [
          `Bearer ${secret}`,
          `bearer ${secret}`,
          `Basic ${secret}`,
          `Token ${secret}`,
          secret,
          `Bearer ${secret} extra`,
          `Bearer  ${secret}`,
        ];
        for (const authorization of authorizations) {
          await (await fetch(`${t.base}/v1/pets?limit=1`, { headers: { Authorization: authorization } })).arrayBuffer();
        }
        for (const form of encodings(secret)) {
          const targets = [
            `/v1/pets?api_key=${form}`,
            `/v1/pets?token=${form}`,
            `/v1/pets?q=${form}`,
            `/v1/pets?${form}`,
            `/v1/pets?limit=1&x=${form}&limit=2`,
            `/v1/pets/${form}`,
            `/v1/${form}`,
            `/${form}/v1/pets`,
            `/__mock/${form}`,
          ];
          for (const target of targets) {
            // A token the mock does not know is a secret only on the request that presents it.
            if (keys.includes(secret)) await rawExchange(port, rawRequest('GET', target, { Authorization: AUTH }));
            await rawExchange(port, rawRequest('GET', target, { Authorization: `Bearer ${secret}` }));
          }
          await rawExchange(port, rawRequest('CONNECT', `${form}:443`, { Authorization: `Bearer ${secret}` }));
        }
        await rawExchange(
          port,
          rawRequest('GET', '/v1/pets', {
            Authorization: AUTH,
            'X-Api-Key': secret,
            Prefer: `example=${secret}`,
            Cookie: `key=${secret}`,
          }),
        );
        await rawExchange(
          port,
          rawRequest(
            'POST',
            '/v1/pets',
            { Authorization: AUTH, 'Content-Type': 'application/json' },
            JSON.stringify({ name: secret, categoryId: secret }),
          ),
        );
        await rawExchange(
          port,
          rawRequest(
            'POST',
            '/v1/pets',
            { Authorization: AUTH, 'Content-Type': 'application/json', Prefer: `code=${secret}` },
            '{"name":"a","categoryId":1}',
          ),
        );
        // Malformed requests carrying the key are answered without a log line of their own.
        await rawExchange(port, `GET /v1/pets?key=${secret} HTTP/9.9\r\nAuthorization: Bearer ${secret}\r\n\r\n`);
      }
      expect(t.lines.length).toBeGreaterThan(secrets.length * 50);
      const leaks: string[] = [];
      for (const line of t.lines) {
        for (const secret of secrets) {
          if (encodings(secret).some((form) => line.includes(form)) || decoded(line).includes(secret)) leaks.push(line);
        }
      }
      expect(leaks).toEqual([]);
    } finally {
      await t.close();
    }
  });

  function decoded(line: string): string {
    try {
      return decodeURIComponent(line);
    } catch {
      return line.replace(/(%[0-9a-f]{2})+/gi, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      });
    }
  }
});

describe('the admin reset endpoint', () => {
  it('defaults: on for loopback hosts, off for any other unless asked; --no-admin always wins', () => {
    const log = () => undefined;
    for (const host of ['127.0.0.1', '127.0.0.2', '127.255.255.254', 'localhost', '::1']) {
      expect(isLoopback(host)).toBe(true);
      expect(resolveOptions({ host }, log).admin).toBe(true);
      expect(resolveOptions({ host, admin: false }, log).admin).toBe(false);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '',
      '10.0.0.5',
      '192.168.1.20',
      '::ffff:127.0.0.1',
      '127.0.0.1.example.com',
      'localhost.example.com',
      '128.0.0.1',
    ]) {
      expect(resolveOptions({ host }, log).admin).toBe(false);
      expect(resolveOptions({ host, admin: true }, log).admin).toBe(true);
    }
    const cli = (argv: string[]) => {
      const parsed = parseCli(argv, {});
      return parsed.kind === 'run' ? resolveOptions(parsed.options, log).admin : parsed.kind;
    };
    expect(cli(['--host', '0.0.0.0'])).toBe(false);
    expect(cli(['--host', '0.0.0.0', '--admin'])).toBe(true);
    expect(cli(['--no-admin'])).toBe(false);
    expect(cli(['--admin', '--no-admin'])).toBe('error');
  });

  describe('bound to 127.0.0.2', () => {
    const created = { name: 'Kept', categoryId: 1 };
    let on: Awaited<ReturnType<typeof startMock>>;
    let off: Awaited<ReturnType<typeof startMock>>;
    beforeAll(async () => {
      on = await startMock({ host: '127.0.0.2', port: 0, quiet: true, watch: false, apiKeys: [KEY] });
      off = await startMock({ host: '127.0.0.2', port: 0, quiet: true, watch: false, apiKeys: [KEY], admin: false });
    });
    afterAll(async () => {
      await Promise.all([on?.close(), off?.close()]);
    });

    async function createdSurvivesReset(url: string): Promise<{ resetStatus: number; survived: boolean }> {
      const post = await fetch(`${url}/pets`, {
        method: 'POST',
        headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
        body: JSON.stringify(created),
      });
      const { id } = (await post.json()) as { id: number };
      const reset = await fetch(`${url.replace(/\/v1$/, '')}/__mock/reset`, { method: 'POST' });
      await reset.arrayBuffer();
      const get = await fetch(`${url}/pets/${id}`, { headers: { Authorization: AUTH } });
      await get.arrayBuffer();
      return { resetStatus: reset.status, survived: get.status === 200 };
    }

    it('by default (loopback) the reset is served', async () => {
      expect(on.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/v1$/);
      expect(await createdSurvivesReset(on.url)).toEqual({ resetStatus: 200, survived: false });
    });

    it('with admin: false it is a 404 and the store is untouched', async () => {
      expect(await createdSurvivesReset(off.url)).toEqual({ resetStatus: 404, survived: true });
    });
  });
});
