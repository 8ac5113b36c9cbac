import { acceptCredentials } from './accept-credentials.js';
import { type CredentialOf, attachRequirement, usableAlternatives } from './attach-requirement.js';
import { evaluate } from './evaluate.js';
import { handlerFor } from './handler-for.js';
import type { Credential, Expectation, OperationSecurity, SecurityScheme } from './model.js';
import { toAuthRequest } from './to-auth-request.js';

/** One request of an operation's auth matrix. */
export interface MatrixEntry {
  /** `valid`, or a handler's variant id. */
  readonly id: string;
  /** The scheme the variant belongs to (its name in `components.securitySchemes`). */
  readonly scheme: string;
  /** True for the scheme a case without `authScheme` uses: the first of the first usable alternative. */
  readonly defaultScheme: boolean;
  readonly description: string;
  /** What a conforming server does, all alternatives considered. */
  readonly expect: Expectation;
}

/** A stand-in secret per credential: two schemes sharing a credential share it, as they would for real. */
function syntheticOf(credentialOf: CredentialOf): CredentialOf {
  const made = new Map<Credential, Credential>();
  return (scheme) => {
    const real = credentialOf(scheme);
    if (!real) return undefined;
    let fake = made.get(real);
    if (!fake) {
      const n = made.size;
      fake =
        real.kind === 'secret'
          ? { kind: 'secret', value: `kitSynthetic${n}Key`, variable: real.variable }
          : { kind: 'user-password', user: `kit-user-${n}`, password: `kit-pass-${n}`, variable: real.variable };
      made.set(real, fake);
    }
    return fake;
  };
}

/**
 * The auth matrix of an operation: for each alternative the client holds credentials for, each
 * scheme's variants (the other schemes of the alternative attached validly), then `valid` for every
 * such alternative. A variant its handler expects refused is expected accepted when the request it
 * makes satisfies another alternative (evaluated with stand-in credentials, so the answer does not
 * depend on the secrets). An optional operation accepts the request without credentials and its
 * valid spellings; its wrong credentials are left out (refusing or ignoring them are both correct).
 * A public operation has no matrix. Requests identical to an earlier entry's are left out.
 */
export function authMatrix(security: OperationSecurity, credentialOf: CredentialOf): MatrixEntry[] {
  if (security.access === 'public') return [];
  const usable = usableAlternatives(security, credentialOf);
  const first = usable[0]?.[0]?.scheme;
  if (!first) return [];
  const synthetic = syntheticOf(credentialOf);
  const accepted = (scheme: SecurityScheme) => {
    const c = synthetic(scheme);
    if (!c) return acceptCredentials({});
    return c.kind === 'secret'
      ? acceptCredentials({ secrets: [c.value] })
      : acceptCredentials({ users: [`${c.user}:${c.password}`] });
  };
  const seen = new Set<string>();
  const refused: MatrixEntry[] = [];
  const acceptedEntries: MatrixEntry[] = [];
  const valid: MatrixEntry[] = [];
  for (const requirement of usable) {
    for (const use of requirement) {
      for (const variant of handlerFor(use.scheme).wrongVariants()) {
        const attachment = attachRequirement(requirement, synthetic, { scheme: use.scheme.name, id: variant.id });
        const request = toAuthRequest(attachment);
        const key = JSON.stringify(request);
        if (seen.has(key)) continue;
        seen.add(key);
        let expect: Expectation = variant.expect;
        if (security.access === 'optional') {
          // Anonymous is one of the alternatives: no credential is accepted, a wrong one is not judged.
          if (variant.id === 'none') expect = 'accept';
          else if (expect === 'refuse') continue;
        } else if (expect === 'refuse' && evaluate(security, request, accepted).outcome === 'ok') expect = 'accept';
        const entry: MatrixEntry = {
          id: variant.id,
          scheme: use.scheme.name,
          defaultScheme: use.scheme === first,
          description: variant.description,
          expect,
        };
        (expect === 'refuse' ? refused : acceptedEntries).push(entry);
      }
    }
    valid.push({
      id: 'valid',
      scheme: requirement[0]!.scheme.name,
      defaultScheme: requirement[0]!.scheme === first,
      description: 'the valid credential',
      expect: 'accept',
    });
  }
  return [...refused, ...acceptedEntries, ...valid];
}
