import { describe, expect, it } from 'vitest';
import { operationSecurity } from '../spec/security/index.js';
import { bearerToken, createAuthenticator, presentedSecrets } from './auth.js';
import { createCors } from './cors.js';
import { requestDelay } from './delay.js';
import { redactTarget, requestLine } from './log.js';
import { parsePrefer } from './prefer.js';
import type { IncomingMessage } from 'node:http';

describe('createAuthenticator', () => {
  const bearerOnly = operationSecurity(
    { security: [{ b: [] }], components: { securitySchemes: { b: { type: 'http', scheme: 'bearer' } } } },
    {},
  );
  const authenticate = createAuthenticator({ kind: 'keys', keys: ['alpha', 'beta-longer-key'] });
  const check = (authorization: string | undefined) =>
    authenticate({ headers: authorization === undefined ? {} : { authorization }, query: [] }, bearerOnly);
  it('accepts configured keys only, whatever their length', () => {
    expect(check('Bearer alpha')).toBeUndefined();
    expect(check('bEaReR beta-longer-key')).toBeUndefined();
    for (const header of ['Bearer alph', 'Bearer alphaa', 'Bearer beta', 'Bearer ALPHA'])
      expect(check(header)?.status).toBe(401);
  });
  it('names what is wrong in the message', () => {
    expect(check(undefined)?.message).toMatch(/missing/);
    expect(check('Basic alpha')?.message).toMatch(/scheme/);
    expect(check('Bearer')?.message).toMatch(/empty/);
    expect(check('Bearer nope')?.message).toMatch(/not valid/);
    expect(check('Bearer nope')?.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
  });
  it('extracts the token for redaction', () => {
    expect(bearerToken('Bearer  abc ')).toBe('abc');
    expect(bearerToken('Bearer')).toBeUndefined();
  });
  const document = {
    components: {
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic' },
        header: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        query: { type: 'apiKey', in: 'query', name: 'key' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
      },
    },
  };
  const users = createAuthenticator({ kind: 'keys', keys: ['k1'], users: ['ann:pw'] }, { realm: 'Zoo' });
  it("reads the credential where the operation's scheme puts it, and challenges for that scheme", () => {
    const basic = operationSecurity(document, { security: [{ basic: [] }] });
    expect(
      users({ headers: { authorization: `Basic ${Buffer.from('ann:pw').toString('base64')}` }, query: [] }, basic),
    ).toBeUndefined();
    expect(users({ headers: { authorization: 'Bearer k1' }, query: [] }, basic)?.headers).toEqual({
      'WWW-Authenticate': 'Basic realm="Zoo", charset="UTF-8"',
    });
    const keys = operationSecurity(document, { security: [{ header: [] }, { query: [] }, { cookie: [] }] });
    expect(users({ headers: { 'x-api-key': 'k1' }, query: [] }, keys)).toBeUndefined();
    expect(users({ headers: {}, query: [['key', 'k1']] }, keys)).toBeUndefined();
    expect(users({ headers: { cookie: 'sid=k1' }, query: [] }, keys)).toBeUndefined();
    expect(users({ headers: { authorization: 'Bearer k1' }, query: [['KEY', 'k1']] }, keys)?.status).toBe(401);
    expect(users({ headers: {}, query: [] }, operationSecurity(document, { security: [] }))).toBeUndefined();
    expect(
      users({ headers: {}, query: [] }, operationSecurity(document, { security: [{}, { header: [] }] })),
    ).toBeUndefined();
  });
  it('finds every presented credential for the log to hide', () => {
    const schemes = Object.entries(document.components.securitySchemes).map(
      ([name]) => operationSecurity(document, { security: [{ [name]: [] }] }).alternatives[0]![0]!.scheme,
    );
    const request = {
      headers: {
        authorization: `Basic ${Buffer.from('ann:pw1').toString('base64')}`,
        'x-api-key': 'hk',
        cookie: 'a=b; sid=ck',
      },
      query: [['key', 'qk']] as [string, string][],
    };
    expect(presentedSecrets(request, schemes).sort()).toEqual(
      [Buffer.from('ann:pw1').toString('base64'), 'ck', 'hk', 'pw1', 'qk'].sort(),
    );
  });
});

describe('parsePrefer', () => {
  it('reads Prism preferences and ignores the rest', () => {
    expect(parsePrefer('code=404, example="rex", dynamic=false, seed=7; x=y')).toEqual({
      ok: true,
      preferences: { code: 404, exampleKey: 'rex', dynamic: false, seed: '7' },
    });
    expect(parsePrefer('return=minimal, respond-async')).toEqual({ ok: true, preferences: undefined });
    expect(parsePrefer('constructor=1, __proto__=2')).toEqual({ ok: true, preferences: undefined });
    expect(parsePrefer(undefined)).toEqual({ ok: true, preferences: undefined });
  });
  it('refuses bad values with a 400', () => {
    for (const header of ['code=4040', 'code=', 'dynamic=yes', 'example=']) {
      const result = parsePrefer(header);
      expect(result.ok === false && result.error).toMatchObject({ status: 400, code: 'invalid_prefer' });
    }
  });
});

describe('redactTarget', () => {
  it('removes keys and secret-looking query values, escapes control characters, caps length', () => {
    expect(redactTarget('/v1/pets?api_key=abc&limit=2', [])).toBe('/v1/pets?api_key=[redacted]&limit=2');
    expect(redactTarget('/v1/pets/s3cret?x=s3cret', ['s3cret'])).toBe('/v1/pets/[redacted]?x=[redacted]');
    expect(redactTarget('/v1/a%2Fb?x=a%2Fb', ['a/b'])).toBe('/v1/[redacted]?x=[redacted]');
    expect(redactTarget('/v1/\u0001', [])).toBe('/v1/\\x01');
    expect(redactTarget(`/${'a'.repeat(300)}`, []).length).toBeLessThanOrEqual(201);
  });
  it('formats one line', () => {
    expect(requestLine('GET', '/v1/pets', 200, 1.234)).toBe('GET /v1/pets 200 1.2ms');
  });
});

describe('cors and delay', () => {
  const req = (origin?: string) => ({ headers: origin ? { origin } : {} }) as IncomingMessage;
  it('never pairs a wildcard origin with credentials', () => {
    const headers = createCors(['*']).preflightHeadersFor(req('http://x.example'), ['GET']);
    expect(headers['Access-Control-Allow-Origin']).toBe('*');
    expect(headers['Access-Control-Allow-Credentials']).toBeUndefined();
  });
  it('reads the delay header within bounds', () => {
    expect(requestDelay(undefined, 40)).toEqual({ ms: 40 });
    expect(requestDelay('300', 40)).toEqual({ ms: 300 });
    expect(requestDelay('30001', 40).error?.code).toBe('invalid_header');
  });
});
