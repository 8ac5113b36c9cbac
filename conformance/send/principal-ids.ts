/** Claims of a token that name the principal it stands for: its subject, an id, an e-mail, a name. */
const IDENTITY_CLAIM = /^(?:sub|id|_id|uid|user_?id|userid|account_?id|email|username|user_?name)$/i;
/** Claims that hold the principal as an object of its own (`{"user": {"id": 1}}`). */
const HOLDER_CLAIM = /^(?:user|account|data|profile|principal)$/i;

/**
 * The values by which the credentials the kit presents name their principal, read from those that
 * are JSON Web Tokens (RFC 7519: three base64url parts, a JSON payload): `sub`, `id`, `userId`,
 * `email` and their like, at the top of the payload or one object down. The signature is not
 * checked, and nothing else is read: only which user the token stands for, so that the run leaves
 * that user's own record alone. Opaque credentials name none.
 */
export function principalIds(secrets: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const secret of secrets) {
    const parts = secret.split('.');
    if (parts.length !== 3 || !parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) continue;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    } catch {
      continue;
    }
    const read = (claims: unknown, depth: number): void => {
      if (claims === null || typeof claims !== 'object' || Array.isArray(claims)) return;
      for (const [key, value] of Object.entries(claims)) {
        if (IDENTITY_CLAIM.test(key) && (typeof value === 'string' || typeof value === 'number'))
          if (String(value) !== '') out.add(String(value));
        if (depth === 0 && HOLDER_CLAIM.test(key)) read(value, 1);
      }
    };
    read(payload, 0);
  }
  return out;
}
