import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{spec,mock,conformance,fixtures,examples}/**/*.test.ts'],
    // Servers start on free loopback ports; property tests use fixed seeds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
