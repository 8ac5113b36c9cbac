import type { Access, OperationSecurity, Requirement, SecurityScheme } from './model.js';
import { schemesOf } from './schemes-of.js';

type Obj = Record<string, unknown>;

function requirementsOf(raw: unknown, schemes: ReadonlyMap<string, SecurityScheme>): Requirement[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((requirement): Requirement => {
    if (typeof requirement !== 'object' || requirement === null) return [];
    return Object.entries(requirement as Obj).map(([name, scopes]) => ({
      scheme: schemes.get(name) ?? { kind: 'unknown', name, type: 'undefined' },
      scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [],
    }));
  });
}

/** Whether the alternatives make auth public, optional or required. */
export function accessOf(alternatives: readonly Requirement[]): Access {
  if (alternatives.every((r) => r.length === 0)) return 'public';
  return alternatives.some((r) => r.length === 0) ? 'optional' : 'required';
}

/**
 * The security of one operation: its own `security` when present (`[]` makes it public), else the
 * document's. Pass `schemes` (from {@link schemesOf}) to avoid reading them again per operation.
 */
export function operationSecurity(
  document: Readonly<Record<string, unknown>>,
  operation: Readonly<Record<string, unknown>>,
  schemes: ReadonlyMap<string, SecurityScheme> = schemesOf(document),
): OperationSecurity {
  const own = operation.security !== undefined;
  const source = own ? 'operation' : document.security !== undefined ? 'document' : 'none';
  const alternatives = requirementsOf(own ? operation.security : document.security, schemes);
  return {
    access: accessOf(alternatives),
    alternatives,
    source,
    ...(source === 'none' && schemes.size > 0 ? { declaredOnly: [...schemes.values()] } : {}),
  };
}

/** True when a caller must present a credential (no empty alternative). */
export function requiresAuth(security: OperationSecurity): boolean {
  return security.access === 'required';
}

/** The distinct schemes an operation's alternatives name, in order of first mention. */
export function schemesIn(security: OperationSecurity): SecurityScheme[] {
  const seen = new Map<string, SecurityScheme>();
  for (const requirement of security.alternatives)
    for (const use of requirement) if (!seen.has(use.scheme.name)) seen.set(use.scheme.name, use.scheme);
  return [...seen.values()];
}
