import { describe, expect, it } from 'vitest';
import type { Credential } from './model.js';
import { attachRequirement } from './attach-requirement.js';
import { authMatrix } from './auth-matrix.js';
import { operationSecurity } from './operation-security.js';

const document = {
  security: [{ bearerAuth: [] }],
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer' },
      headerKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      basicAuth: { type: 'http', scheme: 'basic' },
      digestAuth: { type: 'http', scheme: 'digest' },
      implicit: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://a.example/auth', scopes: {} } } },
      code: {
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: 'https://a.example/auth',
            tokenUrl: 'https://a.example/t',
            scopes: {},
          },
        },
      },
    },
  },
};
const KEY: Credential = { kind: 'secret', value: 'k', variable: 'API_KEY' };
const OTHER: Credential = { kind: 'secret', value: 'o', variable: 'API_KEY' };
const USER: Credential = { kind: 'user-password', user: 'u', password: 'p', variable: 'BASIC_AUTH' };
const oneKey = () => KEY;
const ids = (entries: ReturnType<typeof authMatrix>) =>
  entries.map((e) => `${e.defaultScheme ? '' : `${e.scheme}.`}${e.id}:${e.expect}`);

describe('authMatrix', () => {
  it('bearer alone: the variants the kit has always sent, then valid', () => {
    expect(ids(authMatrix(operationSecurity(document, {}), oneKey))).toEqual([
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
      ...['valid-lowercase-scheme', 'valid-uppercase-scheme', 'valid-mixed-case-scheme', 'valid'].map(
        (id) => `${id}:accept`,
      ),
    ]);
  });

  it('an AND of two schemes in one place (two OAuth 2.0 bearer tokens): the variant is sent alone, not replaced', () => {
    const security = operationSecurity(document, { security: [{ implicit: [], code: [] }] });
    const requirement = security.alternatives[0]!;
    const sent = (scheme: string, id: string) =>
      attachRequirement(requirement, oneKey, { scheme, id }).headers.map((h) => `${h.name.toLowerCase()}: ${h.value}`);
    expect(sent('implicit', 'empty-token')).toEqual(['authorization: Bearer ']);
    expect(sent('code', 'empty-token')).toEqual(['authorization: Bearer ']);
    expect(sent('implicit', 'none')).toEqual([]);
    // The valid request still carries both schemes' token (the same header, once per scheme).
    expect(attachRequirement(requirement, oneKey).headers.map((h) => h.value)).toEqual(['Bearer k', 'Bearer k']);
    const matrix = ids(authMatrix(security, oneKey));
    expect(matrix).toContain('none:refuse');
    expect(matrix).toContain('empty-token:refuse');
    expect(matrix).not.toContain('none:accept');
  });

  it('public operations have no matrix; no usable credential, none either', () => {
    expect(authMatrix(operationSecurity(document, { security: [] }), oneKey)).toEqual([]);
    expect(authMatrix(operationSecurity(document, {}), () => undefined)).toEqual([]);
    expect(authMatrix(operationSecurity(document, { security: [{ digestAuth: [] }] }), oneKey)).toEqual([]);
  });

  it('optional auth: no credential and the valid spellings are accepted; wrong credentials are not judged', () => {
    expect(ids(authMatrix(operationSecurity(document, { security: [{}, { headerKey: [] }] }), oneKey))).toEqual([
      'none:accept',
      'valid-name-case:accept',
      'valid:accept',
    ]);
  });

  it('alternatives: a variant that satisfies another alternative with the same credential is accepted', () => {
    const security = operationSecurity(document, { security: [{ bearerAuth: [] }, { headerKey: [] }] });
    const shared = ids(authMatrix(security, oneKey));
    expect(shared).toContain('key-in-header:accept');
    expect(shared).toContain('headerKey.key-as-bearer:accept');
    expect(shared).toContain('headerKey.valid:accept');
    // The second alternative's "none" sends what the first's did: left out.
    expect(shared.filter((e) => e.endsWith('none:refuse'))).toEqual(['none:refuse']);
    const distinct = ids(authMatrix(security, (s) => (s.name === 'headerKey' ? OTHER : KEY)));
    expect(distinct).toContain('key-in-header:refuse');
    expect(distinct).toContain('headerKey.key-as-bearer:refuse');
  });

  it('requirements (AND): each scheme varies while the others stay valid', () => {
    const security = operationSecurity(document, { security: [{ headerKey: [], basicAuth: [] }] });
    const entries = ids(authMatrix(security, (s) => (s.name === 'basicAuth' ? USER : KEY)));
    expect(entries).toContain('empty-key:refuse');
    expect(entries).toContain('basicAuth.wrong-password:refuse');
    expect(entries).toContain('basicAuth.valid-lowercase-scheme:accept');
    expect(entries.at(-1)).toBe('valid:accept');
  });
});
