import { describe, expect, it } from 'vitest';
import type { SecurityScheme } from '../spec/security/index.js';
import { DEFAULT_DEV_KEY, DEFAULT_DEV_USER } from './auth.js';
import { describeAuth } from './banner.js';

const SCHEMES: SecurityScheme[] = [
  { kind: 'bearer', name: 'bearerAuth' },
  { kind: 'apiKey', name: 'headerKey', in: 'header', parameter: 'X-API-Key' },
  { kind: 'apiKey', name: 'queryKey', in: 'query', parameter: 'api_key' },
  { kind: 'apiKey', name: 'cookieKey', in: 'cookie', parameter: 'session' },
  { kind: 'basic', name: 'basicAuth' },
  { kind: 'oauth2', name: 'oauth', scopes: ['read'] },
];

describe('describeAuth: the banner says where each credential goes and which one is accepted', () => {
  it('with the development credentials: each scheme, where it goes, and the key or user spelt out', () => {
    const lines = describeAuth(SCHEMES, {
      keys: { kind: 'keys', keys: [DEFAULT_DEV_KEY], users: [DEFAULT_DEV_USER] },
      devKey: true,
    });
    expect(lines).toEqual([
      'bearerAuth  Authorization: Bearer dev-key',
      'headerKey   X-API-Key header: dev-key',
      'queryKey    ?api_key= query parameter: dev-key',
      'cookieKey   session cookie: dev-key',
      'basicAuth   Authorization: Basic, user dev, password dev-key',
      'oauth       Authorization: Bearer (OAuth 2.0 access token) dev-key',
    ]);
  });

  it('with configured keys and users: counted, never printed', () => {
    const lines = describeAuth(SCHEMES, {
      keys: { kind: 'keys', keys: ['s3cret-1', 's3cret-2'], users: ['ann:pw-9'] },
      devKey: false,
    });
    expect(lines.join('\n')).not.toMatch(/s3cret|pw-9/);
    expect(lines[1]).toBe('headerKey   X-API-Key header: 2 configured key(s)');
    expect(lines[4]).toBe('basicAuth   Authorization: Basic: 1 configured user(s)');
  });

  it('with keys but no Basic user: says how to add one', () => {
    const [line] = describeAuth([{ kind: 'basic', name: 'b' }], { keys: { kind: 'keys', keys: ['k'] }, devKey: false });
    expect(line).toBe('b  Authorization: Basic: no user configured (--user name:password)');
  });

  it('with --any-key, and for a spec without schemes or with unsupported ones', () => {
    expect(describeAuth(SCHEMES.slice(0, 2), { keys: { kind: 'any' }, devKey: false })).toEqual([
      'bearerAuth  Authorization: Bearer <any non-empty token>',
      'headerKey   X-API-Key header: any non-empty key',
    ]);
    expect(describeAuth([], { keys: { kind: 'any' }, devKey: false })).toEqual([
      'no security scheme in the spec: every operation is open',
    ]);
    expect(
      describeAuth([{ kind: 'http', name: 'digest', scheme: 'Digest' }], { keys: { kind: 'any' }, devKey: false }),
    ).toEqual(['digest  Authorization: Digest, any value (recognised, not checked)']);
  });
});
