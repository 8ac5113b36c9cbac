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
 * Where another scheme of the AND uses the variant scheme's own place (two OAuth 2.0 schemes, both
 * a bearer token in `Authorization`), the variant stands there alone: a request carries one such
 * header, so the other's valid token would otherwise replace the variant and it would never be sent.
 */
export function attachRequirement(
  requirement: Requirement,
  credentialOf: CredentialOf,
  variant?: { readonly scheme: string; readonly id: string },
): Attachment {
  const attach = (use: Requirement[number]): Attachment => {
    const credential = credentialOf(use.scheme);
    return handlerFor(use.scheme).attach(credential ?? { kind: 'secret', value: '', variable: 'API_KEY' });
  };
  const varied = variant === undefined ? undefined : requirement.find((use) => use.scheme.name === variant.scheme);
  const taken = varied === undefined ? undefined : placesOf(attach(varied));
  return mergeAttachments(
    requirement.map((use) => {
      const credential = credentialOf(use.scheme);
      const handler = handlerFor(use.scheme);
      if (!credential) return attach(use);
      if (variant === undefined || variant.scheme !== use.scheme.name) {
        const valid = handler.attach(credential);
        return taken === undefined ? valid : without(valid, taken);
      }
      const chosen = handler.wrongVariants().find((v) => v.id === variant.id);
      return chosen ? chosen.attach(credential) : { headers: [], query: [], cookies: [] };
    }),
  );
}

/** The places an attachment fills: header names (lower case), query parameter names and cookie names. */
function placesOf(attachment: Attachment): { headers: Set<string>; query: Set<string>; cookies: Set<string> } {
  return {
    headers: new Set(attachment.headers.map((h) => h.name.toLowerCase())),
    query: new Set(attachment.query.map((q) => q.name)),
    cookies: new Set(attachment.cookies.map((c) => c.name)),
  };
}

/** An attachment without the parts that fill `taken`'s places. */
function without(attachment: Attachment, taken: ReturnType<typeof placesOf>): Attachment {
  return {
    headers: attachment.headers.filter((h) => !taken.headers.has(h.name.toLowerCase())),
    query: attachment.query.filter((q) => !taken.query.has(q.name)),
    cookies: attachment.cookies.filter((c) => !taken.cookies.has(c.name)),
  };
}
