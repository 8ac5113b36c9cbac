import { describe, expect, it } from 'vitest';
import { acceptCredentials } from './accept-credentials.js';
import { challengeOf, evaluate } from './evaluate.js';
import { request } from './_internals/test-support.js';
import { operationSecurity } from './operation-security.js';

const document = {
  security: [{ bearerAuth: [] }],
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer' },
      basicAuth: { type: 'http', scheme: 'basic' },
      appId: { type: 'apiKey', in: 'header', name: 'X-App-Id' },
      appKey: { type: 'apiKey', in: 'query', name: 'app_key' },
      digestAuth: { type: 'http', scheme: 'digest' },
      mtls: { type: 'mutualTLS' },
      oauth: { type: 'oauth2', flows: {} },
    },
  },
};
const accepted = acceptCredentials({ secrets: ['k1', 'k2'], users: ['alice:secret'] });
const basic = `Basic ${Buffer.from('alice:secret').toString('base64')}`;

describe('evaluate', () => {
  it('public and optional operations let everything through', () => {
    expect(evaluate(operationSecurity(document, { security: [] }), request(), accepted).outcome).toBe('ok');
    const optional = operationSecurity(document, { security: [{}, { bearerAuth: [] }] });
    expect(evaluate(optional, request(), accepted).outcome).toBe('ok');
    expect(evaluate(optional, request({ authorization: 'Bearer k1' }), accepted).outcome).toBe('ok');
  });

  it('a single bearer requirement: the mock rules of old, with the challenge Bearer', () => {
    const s = operationSecurity(document, {});
    expect(evaluate(s, request({ authorization: 'Bearer k1' }), accepted)).toEqual({
      outcome: 'ok',
      alternative: 0,
      unverified: [],
    });
    expect(evaluate(s, request(), accepted)).toEqual({
      outcome: 'missing',
      reason: 'The Authorization header is missing; send "Authorization: Bearer <API_KEY>".',
      scheme: 'bearerAuth',
      challenge: 'Bearer',
    });
    expect(evaluate(s, request({ authorization: 'Bearer nope' }), accepted)).toEqual({
      outcome: 'invalid',
      reason: 'The bearer token is not valid.',
      scheme: 'bearerAuth',
      challenge: 'Bearer',
    });
  });

  it('alternatives (OR): a credential for any of them is accepted; the closest refusal is reported', () => {
    const s = operationSecurity(document, { security: [{ basicAuth: [] }, { appId: [] }] });
    expect(evaluate(s, request({ authorization: basic }), accepted)).toMatchObject({ outcome: 'ok', alternative: 0 });
    expect(evaluate(s, request({ 'x-app-id': 'k2' }), accepted)).toMatchObject({ outcome: 'ok', alternative: 1 });
    expect(evaluate(s, request(), accepted)).toMatchObject({
      outcome: 'missing',
      challenge: 'Basic realm="api", charset="UTF-8", APIKey in="header", name="X-App-Id"',
    });
    // A wrong key in X-App-Id is closer than no Authorization at all.
    expect(evaluate(s, request({ 'x-app-id': 'nope' }), accepted)).toMatchObject({
      outcome: 'invalid',
      reason: 'The API key is not valid.',
    });
  });

  it('requirements (AND): every scheme of an alternative is needed', () => {
    const s = operationSecurity(document, { security: [{ appId: [], appKey: [] }] });
    expect(evaluate(s, request({ 'x-app-id': 'k1' }, [['app_key', 'k2']]), accepted).outcome).toBe('ok');
    expect(evaluate(s, request({ 'x-app-id': 'k1' }), accepted).outcome).toBe('missing');
    expect(evaluate(s, request({}, [['app_key', 'k2']]), accepted).outcome).toBe('missing');
  });

  it('per-scheme accepted credentials', () => {
    const s = operationSecurity(document, { security: [{ appId: [], appKey: [] }] });
    const per = (scheme: { name: string }) => acceptCredentials({ secrets: [scheme.name === 'appId' ? 'id' : 'key'] });
    expect(evaluate(s, request({ 'x-app-id': 'id' }, [['app_key', 'key']]), per).outcome).toBe('ok');
    expect(evaluate(s, request({ 'x-app-id': 'key' }, [['app_key', 'id']]), per).outcome).toBe('invalid');
  });

  it('unsupported schemes pass once what can be seen is there, listed as unverified', () => {
    const digest = operationSecurity(document, { security: [{ digestAuth: [] }] });
    expect(evaluate(digest, request({ authorization: 'Digest username="a"' }), accepted)).toEqual({
      outcome: 'ok',
      alternative: 0,
      unverified: ['digestAuth'],
    });
    expect(evaluate(digest, request(), accepted)).toMatchObject({ outcome: 'missing', challenge: undefined });
    expect(evaluate(operationSecurity(document, { security: [{ mtls: [] }] }), request(), accepted)).toMatchObject({
      outcome: 'ok',
      unverified: ['mtls'],
    });
  });

  it('oauth2 tokens are bearer tokens; the challenge names the scopes asked', () => {
    const s = operationSecurity(document, { security: [{ oauth: ['pets:read'] }] });
    expect(evaluate(s, request({ authorization: 'Bearer k1' }), accepted).outcome).toBe('ok');
    expect(challengeOf(s)).toBe('Bearer scope="pets:read"');
  });
});
