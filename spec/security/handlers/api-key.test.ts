import { describe, expect, it } from 'vitest';
import { acceptCredentials } from '../accept-credentials.js';
import { KEY, request, sent, shellPrints } from '../_internals/test-support.js';
import { apiKeyHandler } from './api-key.js';

const accepted = acceptCredentials({ secrets: ['Key123abc'] });
const header = apiKeyHandler({ kind: 'apiKey', name: 'k', in: 'header', parameter: 'X-API-Key' });
const query = apiKeyHandler({ kind: 'apiKey', name: 'k', in: 'query', parameter: 'api_key' });
const cookie = apiKeyHandler({ kind: 'apiKey', name: 'k', in: 'cookie', parameter: 'session' });

describe('apiKey handler', () => {
  it('attaches the key where the scheme says, shown from $API_KEY', () => {
    expect(header.attach(KEY).headers).toEqual([{ name: 'x-api-key', value: 'Key123abc', shown: '$API_KEY' }]);
    expect(query.attach(KEY).query).toEqual([{ name: 'api_key', value: 'Key123abc', shown: '$API_KEY' }]);
    expect(cookie.attach(KEY).cookies).toEqual([{ name: 'session', value: 'Key123abc', shown: '$API_KEY' }]);
  });

  it('verifies a header key, whatever the case of its name', () => {
    expect(header.verify(request({ 'X-API-KEY': 'Key123abc' }), accepted)).toEqual({ outcome: 'ok' });
    expect(header.verify(request({}), accepted).outcome).toBe('missing');
    expect(header.verify(request({ 'x-api-key': '' }), accepted).outcome).toBe('invalid');
    expect(header.verify(request({ 'x-api-key': 'key123abc' }), accepted)).toEqual({
      outcome: 'invalid',
      reason: 'The API key is not valid.',
    });
    expect(header.verify(request({ authorization: 'Bearer Key123abc' }), accepted).outcome).toBe('missing');
  });

  it('verifies a query key under its exact name, once', () => {
    expect(query.verify(request({}, [['api_key', 'Key123abc']]), accepted)).toEqual({ outcome: 'ok' });
    expect(query.verify(request({}, [['API_KEY', 'Key123abc']]), accepted).outcome).toBe('missing');
    expect(
      query.verify(
        request({}, [
          ['api_key', 'Key123abc'],
          ['api_key', 'Key123abc'],
        ]),
        accepted,
      ).outcome,
    ).toBe('invalid');
    expect(query.verify(request({ 'x-api-key': 'Key123abc' }), accepted).outcome).toBe('missing');
  });

  it('verifies a cookie key under its exact name, quotes removed', () => {
    expect(cookie.verify(request({ cookie: 'a=1; session=Key123abc' }), accepted)).toEqual({ outcome: 'ok' });
    expect(cookie.verify(request({ cookie: 'session="Key123abc"' }), accepted)).toEqual({ outcome: 'ok' });
    expect(cookie.verify(request({ cookie: 'Session=Key123abc' }), accepted).outcome).toBe('missing');
    expect(cookie.verify(request({ cookie: 'session=Key123abcx' }), accepted).outcome).toBe('invalid');
  });

  it('accepts any non-empty key with any: true', () => {
    expect(header.verify(request({ 'x-api-key': 'anything at all' }), acceptCredentials({ any: true })).outcome).toBe(
      'ok',
    );
    expect(header.verify(request({ 'x-api-key': '' }), acceptCredentials({ any: true })).outcome).toBe('invalid');
  });

  it('challenges with a private APIKey scheme naming the place', () => {
    expect(header.challenge()).toBe('APIKey in="header", name="X-API-Key"');
  });

  it('derives the variants of each place', () => {
    const ids = (h: typeof header) => h.wrongVariants().map((v) => `${v.id}:${v.expect}`);
    const common = ['none', 'empty-key', 'unknown-key', 'key-prefix', 'key-suffix', 'key-case'].map(
      (id) => `${id}:refuse`,
    );
    // The lookalikes of every token scheme (a list, punctuation, Proxy-Authorization, method overrides).
    const lookalikes = [
      'key-comma-list',
      'key-punctuation-changed',
      'key-in-proxy-authorization',
      'method-override-options',
      'method-override-head',
    ].map((id) => `${id}:refuse`);
    expect(ids(header)).toEqual([
      ...common,
      'key-in-query:refuse',
      'key-in-cookie:refuse',
      'key-in-conventional-query:refuse',
      'key-as-bearer:refuse',
      ...lookalikes,
      'valid-name-case:accept',
    ]);
    expect(ids(query)).toEqual([
      ...common,
      'key-in-header:refuse',
      'key-in-cookie:refuse',
      'key-in-conventional-query:refuse',
      'key-as-bearer:refuse',
      ...lookalikes,
      'name-case:refuse',
    ]);
    expect(ids(cookie)).toEqual([
      ...common,
      'key-in-header:refuse',
      'key-in-query:refuse',
      'key-in-conventional-query:refuse',
      'key-as-bearer:refuse',
      ...lookalikes,
      'name-case:refuse',
    ]);
    // The conventional names, less the scheme's own.
    expect(
      query
        .wrongVariants()
        .find((v) => v.id === 'key-in-conventional-query')!
        .attach(KEY)
        .query.map((p) => p.name),
    ).toEqual(['apiKey', 'apikey', 'key', 'access_token', 'token']);
    const nameCase = header.wrongVariants().find((v) => v.id === 'valid-name-case')!;
    expect(nameCase.attach(KEY).headers[0]!.name).toBe('X-API-KEY');
    expect(
      query
        .wrongVariants()
        .find((v) => v.id === 'name-case')!
        .attach(KEY).query[0]!.name,
    ).toBe('API_KEY');
  });

  it('every variant gets the verdict it expects, and shows as shell that rebuilds it', () => {
    const parts: { id: string; shown: string; value: string }[] = [];
    for (const handler of [header, query, cookie]) {
      for (const variant of handler.wrongVariants()) {
        const attachment = variant.attach(KEY);
        expect([variant.id, handler.verify(sent(attachment), accepted).outcome === 'ok']).toEqual([
          variant.id,
          variant.expect === 'accept',
        ]);
        for (const part of [...attachment.headers, ...attachment.query, ...attachment.cookies])
          parts.push({ id: variant.id, shown: part.shown, value: part.value });
      }
    }
    const out = shellPrints(
      parts.map((p) => p.shown),
      { API_KEY: 'Key123abc' },
    );
    expect(parts.map((p, i) => [p.id, out[i]])).toEqual(parts.map((p) => [p.id, p.value]));
  });

  it('reads "Bearer <key>" as a lenient form of a key that travels in the Authorization header itself', () => {
    // NestJS guard of held-out set 39: `Authorization: <key>`, and "Bearer <key>" taken as the same key.
    const inAuthorization = apiKeyHandler({ kind: 'apiKey', name: 'k', in: 'header', parameter: 'Authorization' });
    const asBearer = inAuthorization.wrongVariants().find((v) => v.id === 'key-as-bearer')!;
    expect(asBearer.lenientForm).toBe(true);
    expect(asBearer.description).toBe('the key after a "Bearer" scheme word in the Authorization header');
    // Elsewhere it is the key in a place the scheme does not name: no credential at all.
    const elsewhere = header.wrongVariants().find((v) => v.id === 'key-as-bearer')!;
    expect(elsewhere.lenientForm).toBeUndefined();
  });

  it('skips name-case variants for names with no letters', () => {
    const digits = apiKeyHandler({ kind: 'apiKey', name: 'k', in: 'query', parameter: '_1' });
    expect(digits.wrongVariants().map((v) => v.id)).not.toContain('name-case');
  });
});
