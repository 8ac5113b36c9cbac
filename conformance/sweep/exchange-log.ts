import type { Case, Exchange } from '../cases/index.js';
import type { Finding } from '../findings/index.js';

/** What sends a case and judges its exchange: a property's or a sequence's context. */
export interface SendsAndJudges {
  send(testCase: Case): Promise<Exchange>;
  judge(exchange: Exchange): Finding[];
}

/**
 * The one loop every sweep and sequence runs: send a case, keep its exchange, judge it by every
 * check, keep the findings; what the work concludes across exchanges is added to the same log. Its
 * {@link ExchangeLog.execution} is the value the work hands back to the engine.
 */
export class ExchangeLog {
  readonly exchanges: Exchange[] = [];
  readonly findings: Finding[] = [];

  constructor(private readonly context: SendsAndJudges) {}

  /**
   * Sends a case and keeps its exchange; judges it unless `judged` is false, keeping only the
   * findings `judged` lets through when it is a filter.
   */
  async send(testCase: Case, judged: boolean | ((finding: Finding) => boolean) = true): Promise<Exchange> {
    const exchange = await this.context.send(testCase);
    this.exchanges.push(exchange);
    if (judged !== false) this.judge(exchange, judged === true ? undefined : judged);
    return exchange;
  }

  /**
   * Sends independent cases one after another, then judges them all: what the target did to later
   * requests (it went down) is known when the earlier ones are judged.
   */
  async sendAll(cases: Iterable<Case>, keep?: (finding: Finding) => boolean): Promise<readonly Exchange[]> {
    const sent: Exchange[] = [];
    for (const c of cases) sent.push(await this.send(c, false));
    for (const exchange of sent) this.judge(exchange, keep);
    return sent;
  }

  /**
   * Judges an exchange sent earlier (kept, but left unjudged until the work knew it should be),
   * keeping the findings `keep` lets through.
   */
  judge(exchange: Exchange, keep?: (finding: Finding) => boolean): Finding[] {
    const found = this.context.judge(exchange);
    const kept = keep ? found.filter(keep) : found;
    this.findings.push(...kept);
    return kept;
  }

  /** Adds what the work concludes across exchanges (a boundary, a missing header, a read-back). */
  add(...findings: readonly Finding[]): void {
    this.findings.push(...findings);
  }

  /** The exchanges and findings so far, as the engine takes them. */
  execution(): { readonly exchanges: readonly Exchange[]; readonly findings: readonly Finding[] } {
    return { exchanges: this.exchanges, findings: this.findings };
  }
}
