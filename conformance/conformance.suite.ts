/**
 * The kit as a vitest suite for CI: `TARGET_URL=… API_KEY=… npm run conformance:test`.
 * One test per operation × check; a failing test prints its findings with their reproducers.
 * Without TARGET_URL it certifies the embedded mock. SEED, RUNS, STRICT=1 and READ_ONLY=1 are honoured.
 * A user's own suite does the same with `import { describeConformance } from 'openapi-contract-kit/vitest'`.
 */
import { describeConformance } from './vitest/index.js';

await describeConformance();
