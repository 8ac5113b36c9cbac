import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The certification suites: each runs the whole kit many times against real servers (the defect
 * catalogue, the red-team rounds, the independent APIs, the corpus and generated specs) or drives a
 * browser or a bundle. They prove the product's claims and take most of the wall time, so they run
 * in `npm run test:certify` (and in CI), not in `npm test`.
 */
export const CERTIFY_SUITES = [
  'fixtures/impls/certify-*.test.ts',
  'fixtures/impls/defects.test.ts',
  'fixtures/impls/variants.test.ts',
  'fixtures/impls/redteam/*.test.ts',
  'fixtures/apis/*.test.ts',
  'fixtures/heldout/**/*.test.ts',
  'fixtures/specs/certify/corpus-certify-*.test.ts',
  'mock/bundle.test.ts',
  'mock/msw/browser.e2e.test.ts',
  'fixtures/hardening/mock/load.test.ts',
  'examples/frontend/frontend.e2e.test.ts',
  'proxy/browser.e2e.test.ts',
  'conformance/certify-mock.test.ts',
  'fixtures/hardening/kit/random-specs.test.ts',
  'fixtures/hardening/kit/hostile-targets.test.ts',
  'conformance/engine/real-server-alarms.test.ts',
  'cli/init/workflow.test.ts',
  'cli/readme.test.ts',
  // Whole-kit integration runs that take 15–45 s each: the CLI's exit codes over spawned processes,
  // the README walkthrough, the lifecycle seeds, every report format on defective servers, the CI
  // example's workflow.
  'fixtures/hardening/kit/cli-exit.test.ts',
  'examples/certify/walkthrough.test.ts',
  'conformance/domain/generic/lifecycle-seeds.test.ts',
  'conformance/report/one-set-of-books.test.ts',
  'examples/ci/workflow.test.ts',
];

const ALL_TESTS = ['{spec,mock,conformance,proxy,cli,fixtures,examples,bench}/**/*.test.ts'];

export default defineConfig({
  test: {
    // Servers start on free loopback ports; property tests use fixed seeds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core. Vitest's default keeps a core free for its own process, which on a
    // 2-core CI machine means one test file at a time; the files here spend their time in servers
    // and kit runs, not in the vitest process, so every core runs a file.
    maxWorkers: availableParallelism(),
    // Test files share a worker's module cache: loading the spec, Prism and fast-check once per worker
    // instead of once per file. Tests keep their own state (servers on free ports, fresh stores).
    isolate: false,
    projects: [
      // `npm test`: unit and fast integration tests.
      { extends: true, test: { name: 'unit', include: ALL_TESTS, exclude: ['**/node_modules/**', ...CERTIFY_SUITES] } },
      // `npm run test:certify`: the certification suites.
      { extends: true, test: { name: 'certify', include: CERTIFY_SUITES } },
    ],
  },
});
