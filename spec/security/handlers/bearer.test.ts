import { describe, expect, it } from 'vitest';
import { acceptCredentials } from '../accept-credentials.js';
import { KEY, request, sent, shellPrints } from '../_internals/test-support.js';
import { bearerHandler } from './bearer.js';

const handler = bearerHandler({ kind: 'bearer', name: 'bearerAuth' });
const accepted = acceptCredentials({ secrets: ['Key123abc', 'other'] });

describe('bearer handler', () => {
  it('attaches Authorization: Bearer, shown from $API_KEY', () => {
    expect(handler.attach(KEY)).toEqual({
      headers: [{ name: 'authorization', value: 'Bearer Key123abc', shown: 'Bearer $API_KEY' }],
      query: [],
      cookies: [],
    });
  });

  it.each([
    [{}, 'missing', 'The Authorization header is missing; send "Authorization: Bearer <API_KEY>".'],
    [
      { authorization: '   ' },
      'missing',
      'The Authorization header is missing; send "Authorization: Bearer <API_KEY>".',
    ],
    [{ authorization: 'Basic Key123abc' }, 'invalid', 'The Authorization scheme must be Bearer.'],
    [{ authorization: 'Key123abc' }, 'invalid', 'The Authorization scheme must be Bearer.'],
    [{ authorization: 'Bearer' }, 'invalid', 'The bearer token is empty.'],
    [{ authorization: 'Bearer    ' }, 'invalid', 'The bearer token is empty.'],
    [{ authorization: 'Bearer Key123abc x' }, 'invalid', 'The bearer token must not contain whitespace.'],
    [{ authorization: 'Bearer key123abc' }, 'invalid', 'The bearer token is not valid.'],
    [{ authorization: 'Bearer Key123ab' }, 'invalid', 'The bearer token is not valid.'],
  ])('refuses %j: %s', (headers, outcome, reason) => {
    expect(handler.verify(request(headers), accepted)).toEqual({ outcome, reason });
  });

  it.each(['Bearer Key123abc', 'bearer Key123abc', 'BEARER other', '  Bearer   Key123abc  ', 'BeArEr Key123abc'])(
    'accepts %j (scheme in any case)',
    (value) => {
      expect(handler.verify(request({ authorization: value }), accepted)).toEqual({ outcome: 'ok' });
    },
  );

  it('accepts any well-formed token with any: true, never an empty one', () => {
    const any = acceptCredentials({ any: true });
    expect(handler.verify(request({ authorization: 'Bearer whatever' }), any).outcome).toBe('ok');
    expect(handler.verify(request({ authorization: 'Bearer ' }), any).outcome).toBe('invalid');
    expect(handler.verify(request({ authorization: 'Bearer a b' }), any).outcome).toBe('invalid');
  });

  it('challenges with Bearer, scopes when the requirement names them', () => {
    expect(handler.challenge()).toBe('Bearer');
    expect(handler.challenge({ scopes: ['pets:read', 'pets:write'] })).toBe('Bearer scope="pets:read pets:write"');
  });

  it('keeps the variants the kit has always sent, in order', () => {
    expect(handler.wrongVariants().map((v) => `${v.id}:${v.expect}`)).toEqual([
      ...[
        'none',
        'empty-token',
        'scheme-only',
        'basic',
        'token-scheme',
        'unknown-key',
        'key-prefix',
        'key-suffix',
        'key-case',
        'trailing-junk',
        'key-with-prefix',
        'key-padded',
        'percent-encoded-key',
        'raw-key',
        'key-in-query',
        'key-in-header',
        'key-in-cookie',
        'basic-password',
        'forwarded-local',
        'key-comma-list',
        'key-punctuation-changed',
        'key-in-proxy-authorization',
        'method-override-options',
        'method-override-head',
      ].map((id) => `${id}:refuse`),
      ...['valid-lowercase-scheme', 'valid-uppercase-scheme', 'valid-mixed-case-scheme'].map((id) => `${id}:accept`),
    ]);
  });

  it('every variant gets the verdict it expects from the verifier', () => {
    const mine = acceptCredentials({ secrets: [KEY.kind === 'secret' ? KEY.value : ''] });
    for (const variant of handler.wrongVariants()) {
      expect([variant.id, handler.verify(sent(variant.attach(KEY)), mine).outcome === 'ok']).toEqual([
        variant.id,
        variant.expect === 'accept',
      ]);
    }
  });

  it('shows every variant as shell that rebuilds the bytes from $API_KEY', () => {
    const parts = handler.wrongVariants().flatMap((v) => v.attach(KEY).headers.map((part) => ({ id: v.id, ...part })));
    const out = shellPrints(
      parts.map((p) => p.shown),
      { API_KEY: 'Key123abc' },
    );
    expect(parts.map((p, i) => [p.id, out[i]])).toEqual(parts.map((p) => [p.id, p.value]));
    for (const part of parts) expect(part.shown).not.toContain('Key123abc');
  });

  it('masks the token whole', () => {
    expect(handler.secretsIn(KEY)).toEqual(['Key123abc']);
  });
});
