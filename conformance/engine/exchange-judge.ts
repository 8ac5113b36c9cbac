import { authExpectation, type Exchange } from '../cases/index.js';
import { GENERIC_CHECKS, type RegisteredCheck } from '../checks/index.js';
import type { CheckName } from '../checks/registry.js';
import { credentialVariantOf, settleAnotherCredential, variantSchemeOf } from '../checks/credential-variant.js';
import { settleGrantedElsewhere } from '../checks/granted-elsewhere.js';
import type { DomainRules } from '../domain/rules.js';
import { settleFinding } from '../findings/basis.js';
import type { Finding } from '../findings/index.js';
import type { OperationModel, SpecModel } from '../../spec/index.js';
import type { Collector } from './collector.js';
import { inShrinkStep } from './execute-property.js';
import type { RunMemory } from './run-memory.js';

/** What the judge stands on: the spec, the domain's rules, what the run learnt, and which checks are selected. */
export interface JudgeInput {
  readonly spec: SpecModel;
  readonly rules: Pick<DomainRules, 'checks' | 'observer'>;
  readonly memory: RunMemory;
  readonly collector: Collector;
  /** Whether `--only`/`--skip` keep a check. */
  readonly selected: (check: CheckName) => boolean;
  /** Exchanges no check judges: a consequence of an earlier failure, or nothing was sent. */
  readonly unjudged: (exchange: Exchange) => boolean;
}

/**
 * The stage that judges one exchange by every check that applies (the generic ones, the domain's
 * for its operation, the domain's observer across the run), tallies each outcome, and notes each
 * finding with the collector. It also keeps what the target confirmed along the way, which settles
 * findings at the end of the run ({@link ExchangeJudge.settle}): per scheme, a well-formed credential
 * other than the valid one refused with 401 (so the valid one is told apart), and per operation, a
 * 2xx to the valid credential (so a 403 elsewhere refuses a resource, not the key).
 */
export class ExchangeJudge {
  private readonly toldApart = new Map<string, string>();
  private readonly granted = new Map<string, string>();
  private readonly observerCheck: readonly RegisteredCheck[];

  constructor(private readonly input: JudgeInput) {
    const observe = input.rules.observer?.();
    this.observerCheck = observe
      ? [{ name: () => 'semantics.unique_ids', run: ({ exchange, operation }) => observe(exchange, operation) }]
      : [];
  }

  /** The findings of one exchange (each also noted with the collector); none for one not to judge. */
  judge(sent: Exchange): Finding[] {
    const { spec, memory, collector, selected } = this.input;
    if (this.input.unjudged(sent)) return [];
    // What a DELETE of the run may have removed is no longer claimed to exist.
    const gone = sent.case.existing?.filter((p) => memory.isRemoved(sent.case.pathParams[p] ?? '')) ?? [];
    const exchange: Exchange =
      gone.length > 0
        ? { ...sent, case: { ...sent.case, existing: sent.case.existing!.filter((p) => !gone.includes(p)) } }
        : sent;
    const operation = spec.operation(exchange.case.operationId)!;
    this.noteToldApart(exchange, operation);
    this.noteGranted(exchange, operation);
    const checks: readonly RegisteredCheck[] = [
      ...GENERIC_CHECKS,
      ...(this.input.rules.checks[operation.operationId] ?? []),
      ...this.observerCheck,
    ];
    const findings: Finding[] = [];
    // Tallies count the executions a search judges; its shrink steps only look for a smaller failure.
    const tallied = !inShrinkStep();
    for (const check of checks) {
      const name = check.name(exchange.case);
      if (!selected(name) || (check.applies && !check.applies(operation))) continue;
      const produced = check
        .run({ exchange, operation })
        .filter((f) => selected(f.check))
        .map((f) => settleFinding(f, spec.operation(f.operationId)));
      if (produced.length === 0) {
        if (tallied) collector.tally(operation.operationId, name, 'passed', waited(exchange));
        continue;
      }
      for (const f of produced) {
        if (tallied)
          collector.tally(
            f.operationId,
            f.check,
            f.severity === 'failure' ? 'failed' : f.severity === 'warning' ? 'warnings' : 'passed',
            waited(exchange),
          );
        collector.note(f);
      }
      findings.push(...produced);
    }
    return findings;
  }

  /** A finding judged once more by what the target confirmed over the whole run. */
  settle(finding: Finding): Finding {
    const { spec } = this.input;
    return settleGrantedElsewhere(
      settleAnotherCredential(finding, spec.operation(finding.operationId), this.toldApart, spec.document),
      this.granted,
      spec.operation(finding.operationId),
    );
  }

  /** Per security scheme, the first refusal with 401 of a well-formed credential other than the valid one. */
  private noteToldApart(exchange: Exchange, operation: OperationModel): void {
    const c = exchange.case;
    if (c.kind !== 'auth' || c.edge || exchange.response?.status !== 401) return;
    const variant = credentialVariantOf(c.auth, operation, c.authScheme);
    const scheme = variantSchemeOf(operation, c.authScheme);
    if (
      !variant?.anotherCredential ||
      variant.expect !== 'refuse' ||
      scheme === undefined ||
      this.toldApart.has(scheme)
    )
      return;
    this.toldApart.set(scheme, `${operation.operationId} refused ${variant.description} with 401`);
  }

  /** Per operation, the first 2xx it gave a request with the valid credential (words for it). */
  private noteGranted(exchange: Exchange, operation: OperationModel): void {
    const r = exchange.response;
    if (!r || r.status < 200 || r.status >= 300 || operation.security.access === 'public') return;
    if (authExpectation(exchange.case) !== 'accept' || this.granted.has(operation.operationId)) return;
    this.granted.set(
      operation.operationId,
      `${exchange.request.method} ${exchange.request.path.split('?')[0]} answered ${r.status}`,
    );
  }
}

/** How long the target took over an exchange (its answer, or the failure's wait). */
function waited(exchange: Exchange): number {
  return exchange.response?.durationMs ?? exchange.failure?.durationMs ?? 0;
}
