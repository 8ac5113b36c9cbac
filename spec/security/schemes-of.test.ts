import { describe, expect, it } from 'vitest';
import { operationSecurity, requiresAuth, schemesIn } from './operation-security.js';
import { schemesOf } from './schemes-of.js';

const document = {
  openapi: '3.0.3',
  security: [{ bearerAuth: [] }],
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
      basicAuth: { type: 'http', scheme: 'basic' },
      digestAuth: { type: 'http', scheme: 'digest' },
      headerKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
      brokenKey: { type: 'apiKey', in: 'body', name: 'k' },
      oauth: {
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: 'https://x/token', scopes: { 'pets:read': '', 'pets:write': '' } } },
      },
      oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://x/.well-known/openid-configuration' },
      mtls: { type: 'mutualTLS' },
    },
  },
};

describe('schemesOf', () => {
  it('models every kind, keyed on kind', () => {
    expect([...schemesOf(document).values()]).toEqual([
      { kind: 'bearer', name: 'bearerAuth', bearerFormat: 'JWT' },
      { kind: 'basic', name: 'basicAuth' },
      { kind: 'http', name: 'digestAuth', scheme: 'digest' },
      { kind: 'apiKey', name: 'headerKey', in: 'header', parameter: 'X-API-Key' },
      { kind: 'apiKey', name: 'queryKey', in: 'query', parameter: 'api_key' },
      { kind: 'apiKey', name: 'cookieKey', in: 'cookie', parameter: 'session' },
      { kind: 'unknown', name: 'brokenKey', type: 'apiKey' },
      { kind: 'oauth2', name: 'oauth', scopes: ['pets:read', 'pets:write'], tokenUrls: ['https://x/token'] },
      { kind: 'openIdConnect', name: 'oidc', url: 'https://x/.well-known/openid-configuration' },
      { kind: 'mutualTLS', name: 'mtls' },
    ]);
  });

  it('reads a document without components', () => {
    expect(schemesOf({ openapi: '3.1.0' }).size).toBe(0);
  });
});

describe('operationSecurity', () => {
  it('inherits the document requirement', () => {
    const s = operationSecurity(document, {});
    expect(s).toMatchObject({ access: 'required', source: 'document' });
    expect(s.alternatives).toEqual([
      [{ scheme: { kind: 'bearer', name: 'bearerAuth', bearerFormat: 'JWT' }, scopes: [] }],
    ]);
    expect(requiresAuth(s)).toBe(true);
  });

  it('security: [] makes an operation public', () => {
    expect(operationSecurity(document, { security: [] })).toEqual({
      access: 'public',
      alternatives: [],
      source: 'operation',
    });
    expect(operationSecurity({}, {})).toEqual({ access: 'public', alternatives: [], source: 'none' });
  });

  it('an empty requirement among the alternatives makes auth optional', () => {
    const s = operationSecurity(document, { security: [{}, { headerKey: [] }] });
    expect(s.access).toBe('optional');
    expect(requiresAuth(s)).toBe(false);
    expect(operationSecurity(document, { security: [{}] }).access).toBe('public');
  });

  it('keeps alternatives (OR) of requirements (AND) with their scopes', () => {
    const s = operationSecurity(document, { security: [{ headerKey: [], queryKey: [] }, { oauth: ['pets:read'] }] });
    expect(s.alternatives.map((r) => r.map((u) => `${u.scheme.name}[${u.scopes.join(' ')}]`))).toEqual([
      ['headerKey[]', 'queryKey[]'],
      ['oauth[pets:read]'],
    ]);
    expect(schemesIn(s).map((x) => x.name)).toEqual(['headerKey', 'queryKey', 'oauth']);
  });

  it('an undefined scheme name becomes an unknown scheme', () => {
    expect(operationSecurity(document, { security: [{ nope: [] }] }).alternatives[0]![0]!.scheme).toEqual({
      kind: 'unknown',
      name: 'nope',
      type: 'undefined',
    });
  });
});
