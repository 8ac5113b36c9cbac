import { handlerFor } from './handler-for.js';
import type { Attachment, Credential, OperationSecurity, Requirement, SecurityScheme } from './model.js';

/** The credential a client holds for a scheme, if any. */
export type CredentialOf = (scheme: SecurityScheme) => Credential | undefined;

/** The non-empty alternatives a client can satisfy: supported schemes it holds a credential for. */
export function usableAlternatives(security: OperationSecurity, credentialOf: CredentialOf): Requirement[] {
  return security.alternatives.filter(
    (r) => r.length > 0 && r.every((u) => handlerFor(u.scheme).supported && credentialOf(u.scheme) !== undefined),
  );
}

/** The alternative to authenticate with: the first usable one naming `schemeName`, or the first usable. */
export function alternativeFor(
  security: OperationSecurity,
  credentialOf: CredentialOf,
  schemeName?: string,
): Requirement | undefined {
  const usable = usableAlternatives(security, credentialOf);
  return schemeName === undefined ? usable[0] : usable.find((r) => r.some((u) => u.scheme.name === schemeName));
}

/** Several attachments as one (headers, query pairs and cookies in order). */
export function mergeAttachments(attachments: readonly Attachment[]): Attachment {
  return {
    headers: attachments.flatMap((a) => a.headers),
    query: attachments.flatMap((a) => a.query),
    cookies: attachments.flatMap((a) => a.cookies),
  };
}

/**
 * What a requirement puts on a request: every scheme's credential, attached by its handler, except
 * the one `variant` names, which sends that variant instead (the other schemes of an AND stay valid,
 * so only the variant can explain a refusal). An unknown variant id sends nothing for its scheme.
 */
export function attachRequirement(
  requirement: Requirement,
  credentialOf: CredentialOf,
  variant?: { readonly scheme: string; readonly id: string },
): Attachment {
  return mergeAttachments(
    requirement.map((use) => {
      const credential = credentialOf(use.scheme);
      const handler = handlerFor(use.scheme);
      if (!credential) return handler.attach({ kind: 'secret', value: '', variable: 'API_KEY' });
      if (variant === undefined || variant.scheme !== use.scheme.name) return handler.attach(credential);
      const chosen = handler.wrongVariants().find((v) => v.id === variant.id);
      return chosen ? chosen.attach(credential) : { headers: [], query: [], cookies: [] };
    }),
  );
}
