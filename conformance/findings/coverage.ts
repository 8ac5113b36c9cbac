import type { Count } from './finding.js';

/** How much of one dimension of the contract was exercised. */
export interface CoverageRatio {
  readonly reached: Count;
  readonly total: Count;
  /** `reached / total` in percent, one decimal; 100 when there is nothing to reach. */
  readonly percent: number;
}

/** One documented response × media type of an operation, and whether an answer hit it. */
export interface ResponseCell {
  /** As written in the spec: `200`, `4XX`, `default`. */
  readonly status: string;
  /** The media type as written, or `''` for a response without content. */
  readonly mediaType: string;
  readonly reached: boolean;
}

/** What one operation's traffic exercised. */
export interface OperationCoverage {
  readonly operationId: string;
  /** Requests sent to (or seen for) the operation. */
  readonly requests: Count;
  readonly responses: readonly ResponseCell[];
  /** Every documented parameter, `in:name`, and whether a request carried it. */
  readonly parameters: readonly { readonly name: string; readonly in: string; readonly reached: boolean }[];
  /** Every top-level member of the request body schema, and whether a request body carried it. */
  readonly members: readonly { readonly name: string; readonly reached: boolean }[];
}

/**
 * Contract coverage of a run or a proxy session: operations × documented statuses × media types,
 * and parameters and body members sent; what was never reached is every cell with `reached: false`.
 */
export interface ContractCoverage {
  readonly operations: CoverageRatio;
  readonly responses: CoverageRatio;
  readonly parameters: CoverageRatio;
  readonly members: CoverageRatio;
  /** Every cell of the three dimensions together (responses, parameters, members), in percent. */
  readonly percent: number;
  readonly byOperation: readonly OperationCoverage[];
}
