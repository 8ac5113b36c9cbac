import type { SecurityScheme } from '../../spec/security/index.js';
import { COMMAND_NAME } from '../name.js';

/** What the workflow needs to know, all of it inferred from the spec and the project. */
export interface WorkflowInput {
  /** The spec's path, relative to the repository root, with `/` separators. */
  readonly specPath: string;
  /** The spec's title, for the header comment. */
  readonly title: string;
  /** The base path the spec's servers give (`/v1`), which the target URL must include. */
  readonly basePath: string;
  /** The spec's security schemes: which credentials the job reads from secrets. */
  readonly schemes: readonly SecurityScheme[];
  /** Jobs to shard the run over (1: one job, no merge). */
  readonly shards: number;
}

/** A secret the workflow reads, the environment variable the kit reads it from, and what it holds. */
export interface WorkflowSecret {
  readonly name: string;
  readonly meaning: string;
}

/**
 * The secrets a target of this spec needs: its URL, and one credential per kind of scheme the spec
 * uses (a token or API key in `API_KEY`, Basic credentials in `CONFORMANCE_BASIC`); the kit reads
 * each from the environment variable of the same name, so no credential is on a command line.
 */
export function workflowSecrets(input: Pick<WorkflowInput, 'basePath' | 'schemes'>): WorkflowSecret[] {
  const kinds = new Set(input.schemes.map((s) => s.kind));
  const secretKinds = ['bearer', 'oauth2', 'openIdConnect', 'apiKey'] as const;
  const base = input.basePath === '' || input.basePath === '/' ? '' : `, ${input.basePath} included`;
  return [
    {
      name: 'TARGET_URL',
      meaning: `base URL of the deployment to certify${base} (https://staging.example${input.basePath === '/' ? '' : input.basePath})`,
    },
    ...(secretKinds.some((k) => kinds.has(k))
      ? [
          {
            name: 'API_KEY',
            meaning: `a token or API key it accepts (sent where each operation's scheme puts it: ${describeSecretSchemes(input.schemes)})`,
          },
        ]
      : []),
    ...(kinds.has('basic')
      ? [{ name: 'CONFORMANCE_BASIC', meaning: 'HTTP Basic credentials it accepts, user:password' }]
      : []),
  ];
}

function describeSecretSchemes(schemes: readonly SecurityScheme[]): string {
  return [
    ...new Set(
      schemes.flatMap((s) =>
        s.kind === 'apiKey'
          ? [`${s.parameter} ${s.in}`]
          : s.kind === 'bearer' || s.kind === 'oauth2' || s.kind === 'openIdConnect'
            ? ['Authorization: Bearer']
            : [],
      ),
    ),
  ].join(', ');
}

/** Shell single quotes around a path (`'a b.yaml'`), so a space or `$` in it stays itself. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

const SETUP = `      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - id: install
        run: npm ci`;

/**
 * A GitHub Actions workflow that certifies the target on every push (and by hand). With one shard,
 * one job runs the kit and fails on violations. With `n` shards, a matrix of `n` jobs each runs
 * `--shard i/n` with the same seed and uploads its JSON report, and a final job merges them into
 * one verdict and one set of reports: the CI's matrix is the distributed engine, no scheduler of
 * our own. The seed is the run number, so a re-run sends the same requests.
 */
export function renderWorkflow(input: WorkflowInput): string {
  const secrets = workflowSecrets(input);
  const spec = shellQuote(input.specPath);
  const env = [
    ...secrets.map((s) => `          ${s.name}: \${{ secrets.${s.name} }}`),
    '          SEED: ${{ github.run_number }}',
  ];
  const header = [
    `# Certifies a deployment of ${input.title} against ${input.specPath} on every push, with`,
    `# \`${COMMAND_NAME} test\` (written by \`${COMMAND_NAME} init\`). Set these repository secrets:`,
    ...secrets.map((s) => `#   ${s.name.padEnd(17)} ${s.meaning}`),
    '# The kit reads them from the environment: no credential is on a command line, in the log or in',
    '# a report. The seed is the run number: re-running a run sends the same requests. The job fails',
    '# on a violation (exit 1) or when the kit cannot run (exit 2); the reports are uploaded either way.',
    ...(input.shards > 1
      ? [
          `# The run is sharded over ${input.shards} jobs (--shard i/${input.shards}: operations dealt in turn), whose JSON`,
          `# reports the last job merges into one verdict (${COMMAND_NAME} merge).`,
        ]
      : []),
  ].join('\n');
  const common = `${header}
name: API contract

on:
  push:
  workflow_dispatch:

permissions:
  contents: read
`;
  if (input.shards <= 1) {
    return `${common}
jobs:
  certify:
    name: Certify the target
    runs-on: ubuntu-latest
    timeout-minutes: 30
    steps:
${SETUP}
      - name: Certify
        env:
${env.join('\n')}
        run: npx ${COMMAND_NAME} test ${spec} --seed "$SEED" --junit reports/junit.xml --html reports/certificate.html --json reports/report.json
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: contract-reports
          path: reports/
`;
  }
  const n = input.shards;
  const shardFiles = Array.from({ length: n }, (_, i) => `reports/shard-${i + 1}.json`).join(' ');
  return `${common}
jobs:
  shard:
    name: Certify, shard \${{ matrix.shard }} of ${n}
    runs-on: ubuntu-latest
    timeout-minutes: 30
    strategy:
      fail-fast: false
      matrix:
        shard: [${Array.from({ length: n }, (_, i) => i + 1).join(', ')}]
    steps:
${SETUP}
      - name: Certify one shard
        env:
${env.join('\n')}
          SHARD: \${{ matrix.shard }}
        # The merge job gives the verdict: a shard's exit code is only printed here.
        run: |
          npx ${COMMAND_NAME} test ${spec} --seed "$SEED" --shard "$SHARD/${n}" --json "reports/shard-$SHARD.json" --quiet || echo "shard $SHARD: exit $?"
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: contract-shard-\${{ matrix.shard }}
          path: reports/
          if-no-files-found: error

  merge:
    name: Merge the shards into one verdict
    needs: shard
    if: always()
    runs-on: ubuntu-latest
    timeout-minutes: 10
    steps:
${SETUP}
      - uses: actions/download-artifact@v4
        with:
          pattern: contract-shard-*
          path: reports/
          merge-multiple: true
      # Every shard named: a shard that wrote no report fails the merge (exit 2) instead of being left out.
      - name: Merge
        run: npx ${COMMAND_NAME} merge ${shardFiles} --junit reports/junit.xml --html reports/certificate.html --json reports/report.json
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: contract-reports
          path: reports/
`;
}
