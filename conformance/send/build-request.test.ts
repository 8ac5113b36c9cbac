import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthVariant, Case } from '../cases/index.js';
import { loadOperations, type Operations } from '../checks/_test-support.js';
import { BAD_AUTH, GOOD_AUTH } from '../generate/auth-case.js';
import { authorizationFor, buildRequest } from './build-request.js';
import { createKitCredentials } from './credentials.js';
import { operationSecurity } from '../../spec/security/index.js';

const VARIANTS: readonly AuthVariant[] = ['valid', ...GOOD_AUTH, ...BAD_AUTH];

let ops: Operations;
beforeAll(async () => {
  ops = await loadOperations();
});

const caseOf = (operationId: string, fields: Partial<Case> = {}): Case => ({
  operationId,
  family: 'valid',
  kind: 'valid',
  pathParams: {},
  query: [],
  auth: 'valid',
  ...fields,
});

describe('buildRequest: bytes on the wire', () => {
  it("percent-encodes the reserved characters encodeURIComponent leaves (!'()*) in query values (RFC 3986 §2.2)", () => {
    const built = buildRequest(caseOf('listPets', { query: [['status', "a'b(c)!*"]] }), ops.listPets, 'k3y');
    expect(built.path).toBe('/pets?status=a%27b%28c%29%21%2A');
  });

  it('writes a JSON body exactly, int64 digits and all', () => {
    const value = {
      name: 'Émile "the cat"',
      categoryId: new LosslessNumber('9223372036854775807'),
      status: 'sold',
      id: new LosslessNumber('-9223372036854775808'),
    };
    const built = buildRequest(caseOf('createPet', { body: { kind: 'json', value } }), ops.createPet, 'k3y');
    expect(built.method).toBe('POST');
    expect(built.path).toBe('/pets');
    expect(built.body).toBe(
      '{"name":"Émile \\"the cat\\"","categoryId":9223372036854775807,"status":"sold","id":-9223372036854775808}',
    );
    expect(built.headers['content-type']).toBe('application/json');
    expect(built.record.body).toBe(built.body);
  });

  it('writes JSON scalars and null bodies as JSON', () => {
    expect(buildRequest(caseOf('createPet', { body: { kind: 'json', value: null } }), ops.createPet, 'k').body).toBe(
      'null',
    );
    expect(buildRequest(caseOf('createPet', { body: { kind: 'json', value: [] } }), ops.createPet, 'k').body).toBe(
      '[]',
    );
    expect(buildRequest(caseOf('createPet', { body: { kind: 'json', value: 'text' } }), ops.createPet, 'k').body).toBe(
      '"text"',
    );
  });

  it('sends a raw body byte for byte, with its own Content-Type or none', () => {
    const raw = buildRequest(
      caseOf('createPet', { body: { kind: 'raw', text: "{'name':'Rex',}", contentType: 'text/plain' } }),
      ops.createPet,
      'k',
    );
    expect(raw.body).toBe("{'name':'Rex',}");
    expect(raw.headers['content-type']).toBe('text/plain');
    expect(raw.record.headers['content-type']).toBe('text/plain');
    const bare = buildRequest(caseOf('createPet', { body: { kind: 'raw', text: '' } }), ops.createPet, 'k');
    expect(bare.body).toBe('');
    expect(bare.headers).not.toHaveProperty('content-type');
  });

  it('sends no body and no Content-Type without a body', () => {
    const built = buildRequest(caseOf('listPets'), ops.listPets, 'k');
    expect(built.body).toBeUndefined();
    expect(built.record).not.toHaveProperty('body');
    expect(built.headers).toEqual({ accept: 'application/json', authorization: 'Bearer k' });
  });

  it('frames a write without content `Content-Length: 0` in the request and the record, unless asked not to', () => {
    // undici frames a bodyless POST, PUT or PATCH so; a reproducer must show it (curl would send none).
    const framed = buildRequest(caseOf('createPet'), ops.createPet, 'k');
    expect(framed.headers['content-length']).toBe('0');
    expect(framed.record.headers['content-length']).toBe('0');
    expect(framed).not.toHaveProperty('unframed');
    const unframed = buildRequest(caseOf('createPet', { unframedBody: true }), ops.createPet, 'k');
    expect(unframed.headers).not.toHaveProperty('content-length');
    expect(unframed.record.headers).not.toHaveProperty('content-length');
    expect(unframed.unframed).toBe(true);
  });

  it('lets case headers override, lower-cased, in the request and the record alike', () => {
    const built = buildRequest(
      caseOf('createPet', {
        body: { kind: 'json', value: {} },
        headers: { 'Content-Type': 'application/json;charset=UTF-8', 'X-Probe': '1' },
      }),
      ops.createPet,
      'k',
    );
    expect(built.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(built.headers['x-probe']).toBe('1');
    expect(built.record.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(Object.keys(built.headers).filter((h) => h === 'content-type')).toHaveLength(1);
  });

  it('uses the case method for probes', () => {
    expect(buildRequest(caseOf('listPets', { kind: 'probe', method: 'delete' }), ops.listPets, 'k').method).toBe(
      'DELETE',
    );
  });
});

describe('buildRequest: path and query encoding', () => {
  it.each(['..', '.', 'a/b', '%00', '%2F', '小白 🐢', '?x=1#y', 'a b+c', '1;drop'])(
    'keeps petId %j one path segment',
    (petId) => {
      const built = buildRequest(caseOf('getPet', { pathParams: { petId } }), ops.getPet, 'k');
      expect(built.path.startsWith('/pets/')).toBe(true);
      const segment = built.path.slice('/pets/'.length);
      expect(segment).toMatch(/^[A-Za-z0-9%\-_.~!$&'()*+,;=:@]*$/);
      expect(segment).not.toMatch(/^\.{1,2}$/); // a literal dot segment is resolved away by clients and servers
      expect(decodeURIComponent(segment)).toBe(petId);
      expect(built.record.path).toBe(built.path);
    },
  );

  it('writes an int64 petId digit for digit', () => {
    expect(
      buildRequest(caseOf('getPet', { pathParams: { petId: '-9223372036854775808' } }), ops.getPet, 'k').path,
    ).toBe('/pets/-9223372036854775808');
  });

  it('encodes query names and values, keeps their order, repeats and empty values', () => {
    const built = buildRequest(
      caseOf('listPets', {
        query: [
          ['status', 'a b&c=d'],
          ['limit', ''],
          ['limit', '5'],
          ['ü', '🐢'],
        ],
      }),
      ops.listPets,
      'k',
    );
    expect(built.path).toBe('/pets?status=a%20b%26c%3Dd&limit=&limit=5&%C3%BC=%F0%9F%90%A2');
    expect([...new URLSearchParams(built.path.split('?')[1])]).toEqual([
      ['status', 'a b&c=d'],
      ['limit', ''],
      ['limit', '5'],
      ['ü', '🐢'],
    ]);
  });
});

/** The record as one text: everything a report could print. */
const recordText = (testCase: Case, key: string) => {
  const { record } = buildRequest(testCase, ops.createPet, key);
  return [record.method, record.path, ...Object.entries(record.headers).flat(), record.body ?? ''].join('\n');
};
const swapCase = (s: string) =>
  [...s].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join('');
const base64 = (s: string) => Buffer.from(s).toString('base64');

const KEY_CHARS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'!#$%&()*+,-./:;<=>?@[]^_{|}~`\'"\\ ',
];
const LETTERLESS = KEY_CHARS.filter((c) => c.toLowerCase() === c.toUpperCase());
/** Keys short and long (base64 wraps past 57 bytes), with and without letters, without surrounding blanks. */
const keyArbitrary = fc
  .oneof(
    fc.string({ unit: fc.constantFrom(...KEY_CHARS), minLength: 4, maxLength: 40 }),
    fc.string({ unit: fc.constantFrom(...KEY_CHARS), minLength: 57, maxLength: 120 }),
    fc.string({ unit: fc.constantFrom(...LETTERLESS), minLength: 4, maxLength: 40 }),
  )
  .filter((k) => k.trim() === k);
const PET_CASE = (auth: AuthVariant): Case =>
  caseOf('createPet', { auth, body: { kind: 'json', value: { name: 'Rex', categoryId: 1 } } });

describe('buildRequest: the record never holds the key', () => {
  it('for any key and any auth variant: not the key, its base64, nor its case-swapped form', () => {
    const baseline = VARIANTS.map((v) => recordText(PET_CASE(v), 'Zq9-fixed-other-KEY')).join('\n');
    fc.assert(
      fc.property(keyArbitrary, (key) => {
        fc.pre(!baseline.includes(key) && !baseline.includes(swapCase(key)));
        for (const variant of VARIANTS) {
          const built = buildRequest(PET_CASE(variant), ops.createPet, key);
          const text = recordText(PET_CASE(variant), key);
          const forms = [key, base64(key), base64(`${key}:`), ...(swapCase(key) !== key ? [swapCase(key)] : [])];
          for (const form of forms)
            if (text.includes(form)) throw new Error(`${variant}: the record holds ${JSON.stringify(form)}`);
          // Not vacuous: the real request does carry the credential.
          if (variant === 'valid') expect(built.headers.authorization).toBe(`Bearer ${key}`);
        }
      }),
      { seed: 31337, numRuns: 60 },
    );
  });

  it('the real header of each bad variant differs from every accepted spelling of the key', () => {
    fc.assert(
      fc.property(keyArbitrary, (key) => {
        const accepted = new Set(
          ['valid', ...GOOD_AUTH].map((v) => authorizationFor(v as AuthVariant, key).header!.replace(/^\S+ /, '')),
        );
        for (const variant of BAD_AUTH) {
          const header = authorizationFor(variant, key).header;
          if (header === undefined) continue;
          const [scheme, token = ''] = header.split(/ (.*)/s) as [string, string?];
          if (scheme.toLowerCase() === 'bearer' && accepted.has(token))
            throw new Error(`${variant} sends the valid key`);
        }
      }),
      { seed: 31337, numRuns: 60 },
    );
  });
});

describe('authorizationFor: the shown value is bash that reproduces the real header', () => {
  /**
   * Expands each shown value inside double quotes, as a reproducer does, with API_KEY set to each
   * key in turn: one bash for all keys (a process per key would take seconds).
   */
  function expandAll(keys: readonly string[]): Map<AuthVariant, string>[] {
    const shownOf = (key: string) => VARIANTS.map((v) => authorizationFor(v, key).shown);
    // The shown values do not depend on the key except for which are present; expand per key.
    const lines = keys.map((key, i) => {
      const shown = shownOf(key).filter((x): x is string => x !== undefined);
      return `API_KEY="$K${i}"; printf '%s\\0' ${shown.map((x) => `"${x}"`).join(' ')}; printf '\\n'`;
    });
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' };
    keys.forEach((key, i) => (env[`K${i}`] = key));
    const out = execFileSync('bash', ['-c', lines.join('\n')], { env, encoding: 'utf8' });
    return out
      .split('\0\n')
      .slice(0, keys.length)
      .map((chunk, i) => {
        const values = chunk.split('\0');
        const present = VARIANTS.filter((v) => authorizationFor(v, keys[i]!).shown !== undefined);
        return new Map(present.map((v, j) => [v, values[j]!]));
      });
  }

  function check(keys: readonly string[]): void {
    const expanded = expandAll(keys);
    keys.forEach((key, i) => {
      for (const variant of VARIANTS) {
        const { header, shown } = authorizationFor(variant, key);
        if (header === undefined) {
          expect(shown).toBeUndefined();
          continue;
        }
        expect({ key, variant, value: expanded[i]!.get(variant) }).toEqual({ key, variant, value: header });
      }
    });
  }

  it('for ordinary, long, letterless and shell-hostile keys, and any key of letters, digits and symbols', () => {
    const examples = [
      'sk_live_4f9a7c2e',
      `k${'0123456789abcdef'.repeat(5)}`, // base64 of it passes 76 columns
      '12345-67890', // no letters, ends in 0
      '1234-5678',
      `a$b\`c"d\\e'f!g*h`,
    ];
    check([...examples, ...fc.sample(keyArbitrary, { seed: 4242, numRuns: 60 })]);
  });
});

describe("buildRequest: credentials where each operation's scheme puts them", () => {
  const document = {
    components: {
      securitySchemes: {
        headerKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
        cookieKey: { type: 'apiKey', in: 'cookie', name: 'sid' },
        basicAuth: { type: 'http', scheme: 'basic' },
      },
    },
  };
  const withSecurity = (security: unknown) => ({
    ...ops.listPets,
    security: operationSecurity(document, { security }),
  });
  const credentials = createKitCredentials({ apiKey: 'k3y-0123456789', basic: 'ann:pw' });

  it('an API key in a header, a query parameter or a cookie, shown from $API_KEY', () => {
    const h = buildRequest(caseOf('listPets'), withSecurity([{ headerKey: [] }]), credentials);
    expect(h.headers['x-api-key']).toBe('k3y-0123456789');
    expect(h.headers.authorization).toBeUndefined();
    expect(h.record.headers['x-api-key']).toBe('$API_KEY');
    const q = buildRequest(
      caseOf('listPets', { query: [['limit', '5']] }),
      withSecurity([{ queryKey: [] }]),
      credentials,
    );
    expect(q.path).toBe('/pets?limit=5&api_key=k3y-0123456789');
    expect(q.record.path).toBe('/pets?limit=5&api_key=$API_KEY');
    const c = buildRequest(caseOf('listPets'), withSecurity([{ cookieKey: [] }]), credentials);
    expect(c.headers.cookie).toBe('sid=k3y-0123456789');
    expect(c.record.headers.cookie).toBe('sid=$API_KEY');
  });

  it('Basic from --basic, shown from $BASIC_AUTH; an AND of schemes attaches both', () => {
    const b = buildRequest(caseOf('listPets'), withSecurity([{ basicAuth: [], headerKey: [] }]), credentials);
    expect(b.headers.authorization).toBe(`Basic ${Buffer.from('ann:pw').toString('base64')}`);
    expect(b.headers['x-api-key']).toBe('k3y-0123456789');
    expect(b.record.headers.authorization).toContain('$BASIC_AUTH');
  });

  it('a variant of one scheme keeps the other schemes valid; authScheme picks the alternative', () => {
    const op = withSecurity([{ basicAuth: [], headerKey: [] }]);
    const wrong = buildRequest(
      caseOf('listPets', { kind: 'auth', auth: 'wrong-password', authScheme: 'basicAuth' }),
      op,
      credentials,
    );
    expect(wrong.headers.authorization).toBe(
      `Basic ${Buffer.from('ann:wrong-password-4f1c9e7a2b').toString('base64')}`,
    );
    expect(wrong.headers['x-api-key']).toBe('k3y-0123456789');
    const alternatives = withSecurity([{ headerKey: [] }, { queryKey: [] }]);
    expect(buildRequest(caseOf('listPets', { authScheme: 'queryKey' }), alternatives, credentials).path).toBe(
      '/pets?api_key=k3y-0123456789',
    );
  });

  it('a public operation carries no credential; unclaimed -H headers go on every request', () => {
    const open = buildRequest(caseOf('listPets'), withSecurity([]), credentials, [['X-Tenant', 't1']]);
    expect(open.headers.authorization).toBeUndefined();
    expect(open.headers['x-tenant']).toBe('t1');
  });
});
