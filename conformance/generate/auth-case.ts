import fc from 'fast-check';
import type { AuthVariant, Case, InvalidReason } from '../cases/index.js';
import type { OperationModel } from '../../spec/index.js';
import { invalidCaseArbitrary } from './invalid-case.js';
import { requestPartsArbitrary, toValidCase, type KnownValues } from './valid-case.js';

/** Credentials that must be refused with 401. */
export const BAD_AUTH: readonly AuthVariant[] = [
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
  'percent-encoded-key',
  'raw-key',
  // The contract names one place for the key (§5.2): elsewhere it is no credential at all.
  'key-in-query',
  'key-in-header',
  'key-in-cookie',
  'basic-password',
  'forwarded-local',
];

/** Spellings of the valid credential that must be accepted (auth schemes are case-insensitive, RFC 9110 §11.1). */
export const GOOD_AUTH: readonly AuthVariant[] = ['valid-lowercase-scheme', 'valid-uppercase-scheme', 'valid-mixed-case-scheme'];

/**
 * Whether a body parser refuses the input before any route runs: malformed JSON, another media type,
 * or a JSON text that is not an object or array (strict parsers such as express.json() and
 * koa-bodyparser refuse `null`, numbers and strings outright).
 */
function parserLayer(reason: InvalidReason): boolean {
  return reason.layer === 'syntax' || (reason.location === 'body' && reason.pointer === '' && reason.keyword === 'type');
}

/**
 * Arbitrary of requests sent with each auth variant, for operations that require auth. Valid
 * requests go with every variant; invalid ones with the bad variants too, because a missing or
 * wrong key gets 401 whatever else is wrong (the key is checked before the input is judged).
 */
export function authCaseArbitrary(operation: OperationModel, known: KnownValues = {}): fc.Arbitrary<Case> {
  const withValidInput = fc.tuple(requestPartsArbitrary(operation, known), fc.constantFrom(...BAD_AUTH, ...GOOD_AUTH)).map(([parts, auth]): Case => {
    const valid = toValidCase(operation, parts);
    return { ...valid, family: 'auth', kind: 'auth', auth };
  });
  const invalid = invalidCaseArbitrary(operation, known);
  if (!invalid) return withValidInput;
  const withInvalidInput = fc.tuple(invalid, fc.constantFrom(...BAD_AUTH)).map(([c, auth]): Case => {
    const { invalid: reason, ...rest } = c;
    return { ...rest, family: 'auth', kind: 'auth', auth, ...(reason ? { edge: { gap: 'auth-precedence', description: `also invalid: ${reason.description}`, layer: parserLayer(reason) ? 'syntax' : 'schema' } } : {}) };
  });
  return fc.oneof({ arbitrary: withValidInput, weight: 3 }, { arbitrary: withInvalidInput, weight: 1 });
}
