import type { OperationModel, SpecModel } from '../../spec/index.js';
import { type MockError, mockError } from '../errors.js';
import type { Fault } from './fault.js';
import type { FaultConfig, FaultRule } from './load-fault-config.js';
import { parseFault } from './parse-fault.js';
import { seededRandom } from '../seeded-random.js';

/** The fault one request gets, with its delay drawn. */
export interface FaultPlan {
  readonly fault: Fault;
  readonly delayMs: number;
}

/** Decides each request's fault from the `X-Mock-Fault` header and the faults file. */
export interface Faults {
  /** True when the faults file names a route: only then do requests without the header need a look. */
  readonly configured: boolean;
  /**
   * The header's fault when it is sent (it replaces the file's for that request), else the file's
   * rule for the operation (operationId, then `METHOD /path`, then `/path`, then `*`) when its
   * probability draws it; undefined for none; a 400 `invalid_header` for a bad header.
   */
  forRequest(
    header: string | string[] | undefined,
    operation: OperationModel,
  ): FaultPlan | { readonly error: MockError } | undefined;
}

/**
 * Builds the fault policy. Delay ranges and probabilities draw from one random source seeded with
 * the file's `seed`, else `seed` (the mock's `--seed`), else a random one.
 *
 * @throws Error naming the faults file and every key that names no operation, path or `METHOD /path` of the spec.
 */
export function createFaults(config: FaultConfig | undefined, spec: SpecModel, seed: string | undefined): Faults {
  const rules = new Map<string, FaultRule>((config?.rules ?? []).map((r) => [r.key, r]));
  if (config) {
    const known = new Set([
      '*',
      ...spec.operations.flatMap((op) => [op.operationId, `${op.method.toUpperCase()} ${op.path}`, op.path]),
    ]);
    const unknown = [...rules.keys()].filter((k) => !known.has(k));
    if (unknown.length > 0)
      throw new Error(
        `faults file ${config.file}: faults.${unknown.join(', faults.')}: names no operationId, path or "METHOD /path" of the spec`,
      );
  }
  const random = seededRandom(config?.seed ?? seed);
  const plan = (fault: Fault): FaultPlan => {
    const d = fault.delay;
    return { fault, delayMs: d === undefined ? 0 : d.minMs + Math.floor(random() * (d.maxMs - d.minMs + 1)) };
  };
  return {
    configured: rules.size > 0,
    forRequest(header, operation) {
      if (header !== undefined) {
        const parsed = parseFault(Array.isArray(header) ? header.join(',') : header, 'header');
        if (!parsed.ok) return { error: mockError(400, 'invalid_header', `X-Mock-Fault: ${parsed.message}.`) };
        return plan(parsed.fault);
      }
      if (rules.size === 0) return undefined;
      const rule =
        rules.get(operation.operationId) ??
        rules.get(`${operation.method.toUpperCase()} ${operation.path}`) ??
        rules.get(operation.path) ??
        rules.get('*');
      if (!rule || (rule.probability < 1 && random() >= rule.probability)) return undefined;
      return plan(rule.fault);
    },
  };
}
