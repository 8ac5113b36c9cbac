import type { Case } from '../cases/index.js';
import type { OperationModel } from '../../spec/index.js';
import { checkParameterText } from '../../spec/parameters/index.js';

/**
 * A case with the values the user gave (`-H 'profile_id: 1'`) in the header parameters the
 * operation declares under those names: the user knows which values the target takes, as with a
 * credential, and a made-up one stops the request before its handler (held-out set 130: a required
 * `profile_id` header named the caller; the kit sent its own strings and got 401 on 5 of 7
 * operations). Not in an invalid case, which may be about that header; not where the user's value
 * breaks the parameter's schema (then the case stays as generated).
 */
export function withPinnedHeaders(
  c: Case,
  operation: OperationModel,
  given: readonly (readonly [string, string])[],
): Case {
  if (c.kind === 'invalid' || given.length === 0 || !c.headers) return c;
  let headers: Record<string, string> | undefined;
  for (const p of operation.parameters) {
    if (p.in !== 'header') continue;
    const pinned = given.find(([name]) => name.toLowerCase() === p.name.toLowerCase());
    const key = Object.keys(c.headers).find((k) => k.toLowerCase() === p.name.toLowerCase());
    if (!pinned || key === undefined || c.headers[key] === pinned[1]) continue;
    if (!checkParameterText(p, pinned[1]).ok) continue;
    headers ??= { ...c.headers };
    headers[key] = pinned[1];
  }
  return headers ? { ...c, headers } : c;
}
