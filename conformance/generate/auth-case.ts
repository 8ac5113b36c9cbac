import fc from 'fast-check';
import type { AuthVariant, Case } from '../cases/index.js';
import type { OperationModel } from '../../spec/index.js';
import { requestPartsArbitrary, toValidCase, type KnownValues } from './valid-case.js';

/** Credentials that must be refused with 401. */
export const BAD_AUTH: readonly AuthVariant[] = ['none', 'empty-token', 'scheme-only', 'basic', 'token-scheme', 'unknown-key', 'key-prefix', 'key-suffix'];

/** Spellings of the valid credential that must be accepted (auth schemes are case-insensitive, RFC 9110 §11.1). */
export const GOOD_AUTH: readonly AuthVariant[] = ['valid-lowercase-scheme', 'valid-uppercase-scheme'];

/** Arbitrary of valid requests sent with each auth variant, for operations that require auth. */
export function authCaseArbitrary(operation: OperationModel, known: KnownValues = {}): fc.Arbitrary<Case> {
  return fc.tuple(requestPartsArbitrary(operation, known), fc.constantFrom(...BAD_AUTH, ...GOOD_AUTH)).map(([parts, auth]) => {
    const valid = toValidCase(operation, parts);
    return { ...valid, family: 'auth', kind: 'auth', auth };
  });
}
