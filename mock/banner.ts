import type { SecurityScheme } from '../spec/security/index.js';
import { DEFAULT_DEV_KEY, DEFAULT_DEV_USER, type KeyPolicy } from './auth.js';

/** What the banner needs to know about the accepted credentials (a slice of the resolved options). */
export interface BannerAuth {
  readonly keys: KeyPolicy;
  /** True when no key was configured and the development key is in use. */
  readonly devKey: boolean;
}

/**
 * One line per security scheme of the spec: where its credential goes and which one the mock
 * accepts, so a user can call the mock without reading the spec. The development key and user are
 * printed (they are public); configured keys and passwords never are, only how many there are.
 *
 *   bearerAuth   Authorization: Bearer dev-key
 *   apiKeyAuth   X-API-Key header: dev-key
 *   basicAuth    Authorization: Basic, user dev, password dev-key
 */
export function describeAuth(schemes: Iterable<SecurityScheme>, auth: BannerAuth): string[] {
  const list = [...schemes];
  if (list.length === 0) return ['no security scheme in the spec: every operation is open'];
  const width = Math.max(...list.map((s) => s.name.length));
  return list.map((scheme) => `${scheme.name.padEnd(width)}  ${where(scheme)}${accepted(scheme, auth)}`);
}

/** Where the scheme's credential travels, as a client writes it. */
function where(scheme: SecurityScheme): string {
  switch (scheme.kind) {
    case 'bearer':
      return 'Authorization: Bearer';
    case 'oauth2':
      return 'Authorization: Bearer (OAuth 2.0 access token)';
    case 'openIdConnect':
      return 'Authorization: Bearer (OpenID Connect token)';
    case 'basic':
      return 'Authorization: Basic';
    case 'apiKey':
      return scheme.in === 'header'
        ? `${scheme.parameter} header`
        : scheme.in === 'query'
          ? `?${scheme.parameter}= query parameter`
          : `${scheme.parameter} cookie`;
    case 'http':
      return `Authorization: ${scheme.scheme}`;
    case 'mutualTLS':
      return 'a client certificate (mutual TLS)';
    case 'unknown':
      return `type ${JSON.stringify(scheme.type)}`;
  }
}

/** Which credential of that scheme the mock takes: the development one spelt out, configured ones counted. */
function accepted(scheme: SecurityScheme, auth: BannerAuth): string {
  if (scheme.kind === 'http') return ', any value (recognised, not checked)';
  if (scheme.kind === 'mutualTLS' || scheme.kind === 'unknown') return ': not supported, not checked';
  const { keys } = auth;
  if (scheme.kind === 'basic') {
    if (keys.kind === 'any') return ', any user:password';
    const users = keys.users ?? [];
    if (users.length === 1 && users[0] === DEFAULT_DEV_USER) {
      const [user, password] = DEFAULT_DEV_USER.split(/:(.*)/s) as [string, string];
      return `, user ${user}, password ${password}`;
    }
    return users.length === 0 ? ': no user configured (--user name:password)' : `: ${users.length} configured user(s)`;
  }
  if (keys.kind === 'any') return scheme.kind === 'apiKey' ? ': any non-empty key' : ' <any non-empty token>';
  const value = auth.devKey ? DEFAULT_DEV_KEY : `${keys.keys.length} configured key(s)`;
  return scheme.kind === 'apiKey' ? `: ${value}` : auth.devKey ? ` ${value}` : `: ${value}`;
}
