/**
 * schema.d.ts, the types the example app's client is checked against, is what openapi-typescript
 * generates from the spec today: a change to the spec without `npm run openapi-types` fails here,
 * and the type check then shows every call the change breaks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTPUT, DEFAULT_SPEC, generateTypes } from '../../tools/openapi-types/generate.mjs';

describe('examples/frontend/schema.d.ts', () => {
  it(`is what openapi-typescript generates from ${DEFAULT_SPEC} (run npm run openapi-types if not)`, async () => {
    const committed = readFileSync(new URL(`../../${DEFAULT_OUTPUT}`, import.meta.url), 'utf8');
    expect(
      committed === (await generateTypes(DEFAULT_SPEC)),
      'schema.d.ts differs from the spec: run npm run openapi-types',
    ).toBe(true);
  });
});
