/**
 * The shape of the report file `renderJson` writes. `run-report.schema.json` is generated from these
 * types (`npm run schema:report`), and `toJsonReport` returns them, so the compiler holds the writer
 * to the schema and the schema to the findings' types.
 */
import type { FindingCode, FindingOf, RunReport } from '../findings/index.js';

/** A finding of one code as the file carries it: the finding, its sentence, and where its root cause is shown. */
export type JsonFindingOf<C extends FindingCode> = FindingOf<C> & {
  /** The sentence the reports render from code and evidence (`describeFinding`), for readers of this file. */
  readonly message: string;
  /**
   * The index in `findings` of the finding this one shares its root cause with (`findings/root-cause.ts`):
   * reports show that one, and say where else the cause was seen.
   * @asType integer
   * @minimum 0
   */
  readonly rootCause?: number;
};

/**
 * A finding of the file: a union keyed on `code`, each code with its own evidence.
 * @discriminator code
 */
export type JsonFinding = { [C in FindingCode]: JsonFindingOf<C> }[FindingCode];

/**
 * What `--json FILE` writes: one conformance run, its counts and findings. Schema version 1; a breaking change bumps `schemaVersion`, new optional fields do not. Credentials never appear: the API key is written `$API_KEY`, other credentials `REDACTED`.
 * @title OpenAPI contract kit: run report
 */
export interface JsonReport extends Omit<RunReport, 'findings'> {
  /** Failures, contract gaps (warnings) and advisories, deduplicated: one per code × operation × check × distinct cause. */
  readonly findings: readonly JsonFinding[];
}
