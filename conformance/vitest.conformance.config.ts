import { defineConfig } from 'vitest/config';

// `npm run conformance:test`: the conformance kit as a vitest suite, one test per operation × check.
export default defineConfig({
  test: {
    include: ['conformance/conformance.suite.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
