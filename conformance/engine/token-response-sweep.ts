import type { OperationModel, SpecModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import type { WireJson } from '../cases/index.js';
import { findingOf } from '../checks/index.js';
import { SECRET_MEMBER } from '../checks/secret-member.js';
import { mergeAllOf, ordinaryParts, toValidCase } from '../generate/index.js';
import { ExchangeLog } from '../sweep/index.js';
import type { KitSweep, PropertyContext } from './kit-property.js';

/** Members of a sign-up that name the account a password grant signs in with (RFC 6749 §4.3.2 `username`). */
const ACCOUNT_MEMBERS = ['username', 'email', 'login', 'user_name', 'userName'];
/** A seed of its own: the account must be new, not one the ordinary bodies of other work registered. */
const ACCOUNT_SEED = 0x70ce;

/**
 * RFC 6749 §5.1: "The authorization server MUST include the HTTP Cache-Control response header field
 * with a value of no-store in any response containing tokens". The kit can only make up credentials,
 * so it makes an account first: where the spec has an OAuth 2.0 password flow whose token endpoint
 * it documents, and a creation whose body holds a password and an account name (a sign-up),
 * it signs up a new account, then asks the token endpoint for a token with it (`grant_type=password`).
 * A 2xx that hands out an `access_token` without `no-store` fails (held-out sets 110 and 111: FastAPI
 * logins answered tokens a cache may keep). Nothing is judged where no token comes.
 */
export function tokenResponseSweeps(spec: SpecModel, context: PropertyContext, readOnly: boolean): KitSweep[] {
  if (readOnly) return [];
  const token = spec.operations.find((o) => o.tokenEndpointOf !== undefined && o.method === 'post' && o.requestBody);
  const signUp = token ? spec.operations.find((o) => o !== token && signsUp(o)) : undefined;
  if (!token || !signUp) return [];
  return [
    {
      id: `${token.operationId}/token-response`,
      family: 'token-response',
      operationId: token.operationId,
      async execute() {
        const log = new ExchangeLog(context);
        const made = await log.send({
          ...toValidCase(signUp, ordinaryParts(signUp, {}, ACCOUNT_SEED)),
          family: 'token-response',
        });
        const status = made.response?.status ?? 0;
        const sent = made.case.body?.kind === 'json' ? made.case.body.value : undefined;
        if (status < 200 || status >= 300 || !isObject(sent)) return log.execution();
        const account = ACCOUNT_MEMBERS.map((m) => (sent as Record<string, WireJson>)[m]).find(
          (v) => typeof v === 'string',
        );
        const password = Object.entries(sent as Record<string, WireJson>).find(
          ([m, v]) => SECRET_MEMBER.test(m) && typeof v === 'string',
        )?.[1];
        if (typeof account !== 'string' || typeof password !== 'string') return log.execution();
        const parts = ordinaryParts(token, {}, context.seed);
        const base = isObject(parts.body) ? (parts.body as Record<string, WireJson>) : {};
        const grantMembers = mergeAllOf(token.requestBody!.schema.schema).properties;
        const namesGrant = isObject(grantMembers) && 'grant_type' in grantMembers;
        const body = { ...base, username: account, password, ...(namesGrant ? { grant_type: 'password' } : {}) };
        const asked = await log.send({ ...toValidCase(token, { ...parts, body }), family: 'token-response' });
        const r = asked.response;
        const issued =
          r && r.status >= 200 && r.status < 300 && isObject(r.json) && typeof r.json.access_token === 'string';
        const cacheControl = r?.headers['cache-control'] ?? '';
        if (issued && !/(?:^|,)\s*no-store\s*(?:,|$)/i.test(cacheControl))
          log.add(
            findingOf(asked, {
              code: 'protocol_violation',
              severity: 'failure',
              check: 'protocol',
              evidence: {
                rule: 'token-cacheable',
                cacheControl: r!.headers['cache-control'] ?? null,
                pragma: r!.headers.pragma ?? null,
                signUp: signUp.operationId,
              },
            }),
          );
        return log.execution();
      },
    },
  ];
}

/** A JSON creation whose body names an account and its password: a sign-up (sent with the kit's credential). */
function signsUp(operation: OperationModel): boolean {
  if (operation.method !== 'post') return false;
  const schema = operation.requestBody?.schema.schema;
  if (!schema || !/json/i.test(operation.requestBody?.preferredMediaType ?? '')) return false;
  const properties = mergeAllOf(schema).properties;
  if (!isObject(properties)) return false;
  const names = Object.keys(properties);
  return names.some((n) => SECRET_MEMBER.test(n)) && names.some((n) => ACCOUNT_MEMBERS.includes(n));
}
