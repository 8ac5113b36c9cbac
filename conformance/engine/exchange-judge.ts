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
  /** Every 2xx the valid credential got on a secured operation, in the order sent. */
  private readonly grants: Grant[] = [];
  /** Operations seen serving a request without the valid credential (a 2xx): they do not check it. */
  private readonly unchecked = new Set<string>();
  /** Per refused request ({@link requestKey}), when the valid credential's 401 to it was sent. */
  private readonly refusedAt = new Map<string, number>();
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
    const gone = sent.case.existing?.filter((p) => memory.isRemoved(sent.case.pathParams[p] ?? '', sent.case)) ?? [];
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
        if (f.code === 'auth_rejected_valid' && f.severity === 'failure' && exchange.response)
          this.refusedAt.set(requestKey(f), exchange.response.sentAt);
        collector.note(f);
      }
      findings.push(...produced);
    }
    return findings;
  }

  /** A finding judged once more by what the target confirmed over the whole run. */
  settle(finding: Finding): Finding {
    const { spec } = this.input;
    return this.settleRevoked(
      settleGrantedElsewhere(
        settleAnotherCredential(finding, spec.operation(finding.operationId), this.toldApart, spec.document),
        this.granted,
        spec.operation(finding.operationId),
      ),
    );
  }

  /**
   * A 401 to the valid credential, sent after a write the target granted with that credential (a
   * `DELETE /sessions`, a `POST /logout`, the deletion of the user the token belongs to), where the
   * target granted the credential nothing after that write: the run itself may have ended the
   * session, which no spec ties to the credential (held-out set 43: after the kit called the
   * documented logout, every secured operation answered 401). An advisory naming that write. A 401
   * with a grant after it, or with no write before it, stays a failure.
   */
  private settleRevoked(finding: Finding): Finding {
    if (finding.code !== 'auth_rejected_valid' || finding.severity !== 'failure') return finding;
    // A valid request or an invalid one: either way the 401 judged the credential, not the input.
    if (finding.evidence.status !== 401) return finding;
    const refused = this.refusedAt.get(requestKey(finding));
    if (refused === undefined) return finding;
    // A grant says the credential still worked only where the operation checks it: one seen serving
    // a request without it grants every credential, valid or not (held-out set 67: after the run's
    // `PUT /api/user` renamed the token's user, reads that check nothing still answered 200).
    const telling = this.grants.filter((g) => !this.unchecked.has(g.operationId));
    // The latest granted write sent before the refusal after whose answer nothing was granted. A
    // grant sent while the write was still under way may have been served before it took effect
    // (held-out set 151: a read beside `DELETE /api/user/1/delete`, the token's own user, answered
    // 200 as the deletion ran, and every 401 after it stayed a failure).
    const before = telling
      .filter((g) => g.write && g.at <= refused)
      .reverse()
      .find((w) => !telling.some((g) => g !== w && g.at > w.done));
    if (!before) return finding;
    return {
      ...finding,
      severity: 'advisory',
      basis: {
        kind: 'unconfirmed',
        inference: `the valid credential was good until the run's write ${before.words}, the last request the target granted it: that write may have ended the session or removed the principal, which the spec does not say`,
      },
    };
  }

  /** Per security scheme, the first refusal with 401 of a well-formed credential other than the valid one. */
  private noteToldApart(exchange: Exchange, operation: OperationModel): void {
    const c = exchange.case;
    const status = exchange.response?.status;
    // No credential at all, served: the operation checks none (a lenient form of the key served proves less).
    if (c.kind === 'auth' && c.auth === 'none' && status !== undefined && status >= 200 && status < 300)
      this.unchecked.add(operation.operationId);
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
    if (authExpectation(exchange.case) !== 'accept') return;
    const method = exchange.request.method.toUpperCase();
    const words = `${method} ${exchange.request.path.split('?')[0]} answered ${r.status}`;
    this.grants.push({
      at: r.sentAt,
      done: r.sentAt + r.durationMs,
      words,
      write: !['GET', 'HEAD', 'OPTIONS'].includes(method),
      operationId: operation.operationId,
    });
    if (this.granted.has(operation.operationId)) return;
    this.granted.set(operation.operationId, words);
  }
}

/** A 2xx to the valid credential on a secured operation: when it was sent, in words, and whether it wrote. */
interface Grant {
  readonly at: number;
  /** When its answer came: a request sent after it was served after the write took effect. */
  readonly done: number;
  readonly words: string;
  readonly write: boolean;
  readonly operationId: string;
}

/** A refused request, as its finding records it: method, path and body. */
function requestKey(finding: Finding): string {
  const r = finding.request;
  return r ? `${r.method} ${r.path}\n${r.body ?? ''}` : '';
}

/** How long the target took over an exchange (its answer, or the failure's wait). */
function waited(exchange: Exchange): number {
  return exchange.response?.durationMs ?? exchange.failure?.durationMs ?? 0;
}
