// Self-certification of one spec: the mock started on the spec, and the kit run against it. The corpus
// certification suite (_corpus-certify.ts) and the APIs.guru sample runner
// (fixtures/specs/apis-guru-sample/certify.ts) share it, so both hold the mock to the same run.
import { runConformance } from '../conformance/index.js';
import { describeFinding } from '../conformance/report/describe-finding.js';
import { startMock } from './index.js';

const KEY = 'corpus-certify-key';
const USER = 'corpus:corpus-certify-password';
/** Cases per property, and the seed: small and fixed, so a corpus run is quick and repeatable. */
export const CORPUS_RUNS = 2;
export const CORPUS_SEED = 1;

/** What one self-certification gave: the verdict, the run's error if any, and each failure. */
export interface SpecCertification {
  readonly verdict: string;
  readonly error: string | undefined;
  readonly failures: readonly {
    readonly code: string;
    readonly operationId: string;
    readonly check: string;
    /** The finding as the report renders it. */
    readonly text: string;
    /** The request it rests on (method, path and query, body cut to 500 characters), when it has one. */
    readonly request?: string;
    /** The answer it rests on (status, body cut to 500 characters), when it has one. */
    readonly response?: string;
  }[];
  readonly requests: number;
}

/**
 * Starts the mock on `spec` (with an API key and a Basic user it accepts), runs the kit against it
 * with the corpus's runs and seed, one request at a time, and closes the mock.
 */
export async function certifySpec(spec: string): Promise<SpecCertification> {
  const mock = await startMock({ port: 0, quiet: true, spec, apiKeys: [KEY], users: [USER], watch: false });
  try {
    const report = await runConformance({
      target: mock.url,
      spec,
      apiKey: KEY,
      basic: USER,
      seed: CORPUS_SEED,
      runs: CORPUS_RUNS,
      concurrency: 1,
    });
    return {
      verdict: report.verdict,
      error: report.error,
      failures: report.findings
        .filter((f) => f.severity === 'failure')
        .map((f) => ({
          code: f.code,
          operationId: f.operationId,
          check: f.check,
          text: describeFinding(f),
          ...(f.request
            ? { request: `${f.request.method} ${f.request.path} ${(f.request.body ?? '').slice(0, 500)}`.trim() }
            : {}),
          ...(f.response ? { response: `${f.response.status} ${f.response.body.slice(0, 500)}`.trim() } : {}),
        })),
      requests: report.requests,
    };
  } finally {
    await mock.close();
  }
}
