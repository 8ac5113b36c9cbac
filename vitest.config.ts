import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{spec,mock,conformance,proxy,fixtures,examples,bench}/**/*.test.ts'],
    // Servers start on free loopback ports; property tests use fixed seeds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share a worker's module cache: loading the spec, Prism and fast-check once per worker
    // instead of once per file. Tests keep their own state (servers on free ports, fresh stores).
    isolate: false,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
