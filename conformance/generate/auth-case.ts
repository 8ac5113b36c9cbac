import fc from 'fast-check';
import type { AuthVariant, Case, InvalidReason } from '../cases/index.js';
import type { OperationModel } from '../../spec/index.js';
import { authMatrix, handlerFor, type Credential, type CredentialOf } from '../../spec/security/index.js';
import { invalidCaseArbitrary } from './invalid-case.js';
import { requestPartsArbitrary, toValidCase, type KnownValues } from './valid-case.js';

/** The bearer scheme's variants, from its handler: the one place their ids are written. */
const BEARER_VARIANTS = handlerFor({ kind: 'bearer', name: 'bearer' }).wrongVariants();

/** Bearer credentials that must be refused with 401 (the handler's `refuse` variants). */
export const BAD_AUTH: readonly AuthVariant[] = BEARER_VARIANTS.filter((v) => v.expect === 'refuse').map((v) => v.id);

/** Spellings of the valid bearer credential that must be accepted (auth schemes are case-insensitive, RFC 9110 §11.1). */
export const GOOD_AUTH: readonly AuthVariant[] = BEARER_VARIANTS.filter((v) => v.expect === 'accept').map((v) => v.id);

/** The fields of a case that say how it authenticates. */
export type AuthFields = Pick<Case, 'auth' | 'authScheme' | 'authExpect'>;

const ANY_KEY: Credential = { kind: 'secret', value: '', variable: 'API_KEY' };
const ANY_USER: Credential = { kind: 'user-password', user: '', password: '', variable: 'BASIC_AUTH' };

/** Credentials assumed when a caller does not say which it holds: one key for every token and API-key scheme, one Basic user. */
export const ASSUMED_CREDENTIALS: CredentialOf = (scheme) => {
  const takes = handlerFor(scheme).takes;
  return takes === 'secret' ? ANY_KEY : takes === 'user-password' ? ANY_USER : undefined;
};

/**
 * The auth matrix of an operation as case fields, from its requirements through the scheme handlers
 * (spec/security authMatrix): credentials to refuse, spellings to accept, then `valid` once per
 * usable alternative. `authScheme` is set only off the default scheme and `authExpect` only where the
 * expectation departs from the `valid*` naming, so a bearer-only spec yields the plain variants.
 */
export function authEntries(
  operation: OperationModel,
  credentialOf: CredentialOf = ASSUMED_CREDENTIALS,
): { refused: AuthFields[]; accepted: AuthFields[]; valid: AuthFields[] } {
  const out = { refused: [] as AuthFields[], accepted: [] as AuthFields[], valid: [] as AuthFields[] };
  for (const e of authMatrix(operation.security, credentialOf)) {
    const named = e.id.startsWith('valid') ? 'accept' : 'refuse';
    const fields: AuthFields = {
      auth: e.id,
      ...(e.defaultScheme ? {} : { authScheme: e.scheme }),
      ...(e.expect !== named ? { authExpect: e.expect } : {}),
    };
    (e.id === 'valid' ? out.valid : e.expect === 'refuse' ? out.refused : out.accepted).push(fields);
  }
  // Without a credential for any alternative, the one thing left to check is that nothing gets in.
  if (out.refused.length + out.accepted.length + out.valid.length === 0 && operation.security.access === 'required')
    out.refused.push({ auth: 'none' });
  return out;
}

/**
 * Whether a body parser refuses the input before any route runs: malformed JSON, another media type,
 * or a JSON text that is not an object or array (strict parsers such as express.json() and
 * koa-bodyparser refuse `null`, numbers and strings outright).
 */
function parserLayer(reason: InvalidReason): boolean {
  return (
    reason.layer === 'syntax' || (reason.location === 'body' && reason.pointer === '' && reason.keyword === 'type')
  );
}

/**
 * Arbitrary of requests sent with each auth variant, for operations that require auth. Valid
 * requests go with every variant; invalid ones with the bad variants too, because a missing or
 * wrong key gets 401 whatever else is wrong (the key is checked before the input is judged).
 */
export function authCaseArbitrary(
  operation: OperationModel,
  known: KnownValues = {},
  credentialOf: CredentialOf = ASSUMED_CREDENTIALS,
): fc.Arbitrary<Case> {
  const { refused, accepted, valid: validEntries } = authEntries(operation, credentialOf);
  // An operation without usable credentials still gets its valid case: the target's 401 is then reported.
  const all =
    refused.length + accepted.length > 0
      ? [...refused, ...accepted]
      : validEntries.length > 0
        ? validEntries
        : [{ auth: 'valid' }];
  const withValidInput = fc
    .tuple(requestPartsArbitrary(operation, known), fc.constantFrom(...all))
    .map(([parts, auth]): Case => {
      const valid = toValidCase(operation, parts);
      return { ...valid, family: 'auth', kind: 'auth', ...auth };
    });
  const invalid = invalidCaseArbitrary(operation, known);
  if (!invalid || refused.length === 0) return withValidInput;
  const withInvalidInput = fc.tuple(invalid, fc.constantFrom(...refused)).map(([c, auth]): Case => {
    const { invalid: reason, ...rest } = c;
    return {
      ...rest,
      family: 'auth',
      kind: 'auth',
      ...auth,
      ...(reason
        ? {
            edge: {
              gap: 'auth-precedence',
              description: `also invalid: ${reason.description}`,
              layer: parserLayer(reason) ? 'syntax' : 'schema',
            },
          }
        : {}),
    };
  });
  return fc.oneof({ arbitrary: withValidInput, weight: 3 }, { arbitrary: withInvalidInput, weight: 1 });
}
