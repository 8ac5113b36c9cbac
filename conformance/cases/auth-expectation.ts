import type { Case } from './case.js';

/**
 * Whether a case's credential must be accepted or refused (401): as the case says, or by the naming
 * rule every handler follows (`valid`, `valid-*` accepted; every other variant refused).
 */
export function authExpectation(c: Pick<Case, 'auth' | 'authExpect'>): 'accept' | 'refuse' {
  return c.authExpect ?? (c.auth.startsWith('valid') ? 'accept' : 'refuse');
}
